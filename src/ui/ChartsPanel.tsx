// Mounts the D3 charts and redraws them when the metric history grows, at most a few times a
// wall second (charts move slowly; the highway carries the motion).

import { useEffect, useRef, type ReactNode } from 'react'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'
import { createChartsView } from '../view/createChartsView.ts'
import { projectorTheme, theme } from '../view/theme.ts'
import { followSize } from './followSize.ts'

const MIN_REDRAW_MS = 250

export function ChartsPanel(): ReactNode {
  const store = useAppStoreApi()
  const ref = useRef<HTMLDivElement>(null)
  // Presenter mode redraws the charts in the projector theme (a new view, as the highway's).
  const presenter = useAppStore((s) => s.presenter)
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const view = createChartsView(el, { theme: presenter ? projectorTheme : theme })
    const unfollow = followSize(el, view)
    const draw = (): void => {
      const s = store.getState()
      view.update(s.metrics.items, s.frame?.group ?? null)
    }
    draw()
    let timer: ReturnType<typeof setTimeout> | null = null
    let last = 0
    const unsub = store.subscribe((s, prev) => {
      if (s.metrics === prev.metrics && s.runId === prev.runId) return
      if (timer !== null) return
      timer = setTimeout(
        () => {
          timer = null
          last = performance.now()
          draw()
        },
        Math.max(0, MIN_REDRAW_MS - (performance.now() - last)),
      )
    })
    return () => {
      unsub()
      if (timer !== null) clearTimeout(timer)
      unfollow()
      view.destroy()
    }
  }, [store, presenter])
  return <div ref={ref} className="charts" />
}
