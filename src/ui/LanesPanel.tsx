// Mounts the D3 highway once and feeds it frames straight from the store (transient updates):
// animation never re-renders React.

import { useEffect, useRef, type ReactNode } from 'react'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'
import { createLanesView } from '../view/createLanesView.ts'
import { projectorTheme, theme } from '../view/theme.ts'
import { followSize } from './followSize.ts'

/** Wall ms between refreshes of the lanes' lag numbers while frames stream in. */
export const LABEL_MS = 250

export function LanesPanel(): ReactNode {
  const store = useAppStoreApi()
  const ref = useRef<HTMLDivElement>(null)
  // Presenter mode redraws the highway in the projector theme (a new view: colours are set once).
  const presenter = useAppStore((s) => s.presenter)
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const view = createLanesView(el, {
      onLaneClick: (lane) => store.getState().selectLane(lane),
      onConsumerClick: (member, name, x, y) => store.getState().selectConsumer({ member, name, x, y }),
      theme: presenter ? projectorTheme : theme,
    })
    const unfollow = followSize(el, view)
    // Lag numbers on the lanes: at most every LABEL_MS of wall time, and once more LABEL_MS after
    // the last frame, so a paused highway always reads the exact lags of the moment it shows.
    // Each frame is drawn once.
    let labelled = 0
    let shown = 0
    let trailing: ReturnType<typeof setTimeout> | null = null
    const relabel = (): void => {
      trailing = null
      // Frames still coming: the first one past LABEL_MS carries the numbers. Redrawing the frame
      // on screen here as well drew the whole highway twice, four times a second.
      const quiet = performance.now() - shown
      if (quiet < LABEL_MS) {
        trailing = setTimeout(relabel, LABEL_MS - quiet)
        return
      }
      labelled = performance.now()
      const f = store.getState().frame
      if (f !== null) view.update(f, { labels: true })
    }
    // data-t: the sim ms this highway shows, so a test can tell that compare mode's sides move together.
    const show = (f: Parameters<typeof view.update>[0]): void => {
      shown = performance.now()
      const wait = LABEL_MS - (shown - labelled)
      if (wait <= 0) labelled = performance.now()
      else trailing ??= setTimeout(relabel, wait)
      view.update(f, { labels: wait <= 0 })
      el.dataset['t'] = String(f.t)
    }
    const first = store.getState().frame
    if (first !== null) show(first)
    view.setHighlight(store.getState().highlight)
    const unsub = store.subscribe((s, prev) => {
      if (s.frame !== prev.frame && s.frame !== null) show(s.frame)
      // A lesson step's lanes and consumers, outlined until the step changes.
      if (s.highlight !== prev.highlight) view.setHighlight(s.highlight)
    })
    return () => {
      if (trailing !== null) clearTimeout(trailing)
      unsub()
      unfollow()
      view.destroy()
    }
  }, [store, presenter])
  return <div ref={ref} className="lanes" data-testid="highway" />
}
