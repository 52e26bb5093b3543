// The lesson layer: its own React root beside the page's, holding the Lessons dialog and the
// lesson panel, so one lesson UI serves one highway and compare mode alike. The hosts adapt each
// mode's store and actions to the controller's LessonHost.

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { LessonHighlight } from '../scenario/lessons/types.ts'
import type { ResolvedLesson } from '../scenario/lessons/validate.ts'
import { lessons } from '../scenario/lessons/catalog.ts'
import type { AppStore } from '../store/createAppStore.ts'
import type { CompareStore } from '../store/compareStore.ts'
import type { LaneHighlight } from '../store/highlightSlice.ts'
import { createLessonStore, type LessonStore } from '../store/lessonSlice.ts'
import type { AppActions } from '../ui/actions.ts'
import type { CompareActions, CompareSideHandle } from '../ui/compare/compareActions.ts'
import { LessonList } from '../ui/lessons/LessonList.tsx'
import { LessonPanel } from '../ui/lessons/LessonPanel.tsx'
import '../ui/lessons/lessons.css'
import { createLessonController, type LessonController, type LessonHost } from './lessonController.ts'

export function singleLessonHost(store: AppStore, actions: AppActions): LessonHost {
  return {
    time: () => store.getState().simTime,
    subscribe: (cb) => store.subscribe((s, prev) => {
      if (s.simTime !== prev.simTime) cb()
    }),
    setPlaying: (p) => actions.setPlaying(p),
    seek: (t) => actions.seek(t),
    setSpeed: (x) => actions.setSpeed(x),
    setHighlight: (h) => store.getState().setHighlight(highlightOf(h)),
    setLesson: (title) => store.getState().setLessonTitle(title),
    setStep: (at) => store.getState().setLessonAt(at),
  }
}

/** The store's form of a step's highlight (both lists present). */
function highlightOf(h: LessonHighlight | null): LaneHighlight | null {
  return h === null ? null : { partitions: h.partitions ?? [], consumers: h.consumers ?? [] }
}

export function compareLessonHost(store: CompareStore, actions: CompareActions, sides: readonly CompareSideHandle[]): LessonHost {
  return {
    time: () => store.getState().clock,
    subscribe: (cb) => store.subscribe((s, prev) => {
      if (s.clock !== prev.clock) cb()
    }),
    setPlaying: (p) => actions.setPlaying(p),
    seek: (t) => actions.seek(t),
    setSpeed: (x) => actions.setSpeed(x),
    setHighlight: (h) => {
      for (const side of sides) side.store.getState().setHighlight(highlightOf(h))
    },
    setLesson: (title) => {
      for (const side of sides) side.store.getState().setLessonTitle(title)
    },
    setStep: (at) => {
      for (const side of sides) side.store.getState().setLessonAt(at)
    },
  }
}

export interface LessonLayer {
  store: LessonStore
  controller: LessonController
  openList(): void
  start(r: ResolvedLesson, stepIndex: number, host: LessonHost): void
  dispose(): void
}

export function mountLessonLayer(doc: Document, onChoose: (name: string) => void): LessonLayer {
  const win = doc.defaultView ?? window
  const store = createLessonStore(
    lessons.map((l) => ({ name: l.name, title: l.title, summary: l.summary, steps: l.steps.length, compare: l.variants !== undefined })),
  )
  const controller = createLessonController(store, { setInterval: (cb, ms) => win.setInterval(cb, ms), clearInterval: (h) => win.clearInterval(h as number) })
  const el = doc.createElement('div')
  el.className = 'lesson-layer'
  doc.body.appendChild(el)
  const root = createRoot(el)
  root.render(
    <StrictMode>
      <LessonList store={store} onChoose={onChoose} />
      <LessonPanel
        store={store}
        on={{
          next: () => controller.next(),
          prev: () => controller.prev(),
          choose: (i) => controller.choose(i),
          close: () => controller.close(),
          setAutoplay: (on) => store.getState().setAutoplay(on),
        }}
      />
    </StrictMode>,
  )
  return {
    store,
    controller,
    openList: () => store.getState().setListOpen(true),
    start: (r, i, host) => controller.start(r.lesson, r.speed, i, host),
    dispose() {
      controller.dispose()
      root.unmount()
      el.remove()
    },
  }
}
