// Slider drags send an edit per input event; each live edit becomes a recorded action of the run
// (and a scenario holds at most 1 000). So a dragged setting is sent at most every SLIDER_COMMIT_MS
// of wall time, the newest value last: the run follows the drag closely and the link stays short.

import type { ScenarioEdit } from '../store/scenarioEdits.ts'

export const SLIDER_COMMIT_MS = 250

/** The edits a slider makes (continuous settings); others are sent at once. */
const DRAGGED: ReadonlySet<ScenarioEdit['kind']> = new Set(['rate', 'hotKeyShare', 'zipf', 'hotKeyCost'])

export interface EditTimer {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
}

export const wallTimer: EditTimer = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
}

/** Wraps `send`: a dragged setting goes out at once, then at most every SLIDER_COMMIT_MS (the newest value). */
export function throttleEdits(send: (e: ScenarioEdit) => void, timer: EditTimer = wallTimer): (e: ScenarioEdit) => void {
  const lastSent = new Map<string, number>()
  const held = new Map<string, ScenarioEdit>()
  const go = (e: ScenarioEdit): void => {
    if (!DRAGGED.has(e.kind)) {
      send(e)
      return
    }
    const now = timer.now()
    const last = lastSent.get(e.kind)
    if (last !== undefined && now - last < SLIDER_COMMIT_MS) {
      if (!held.has(e.kind)) {
        timer.setTimeout(() => {
          const h = held.get(e.kind)
          held.delete(e.kind)
          if (h !== undefined) go(h)
        }, last + SLIDER_COMMIT_MS - now)
      }
      held.set(e.kind, e)
      return
    }
    lastSent.set(e.kind, now)
    send(e)
  }
  return go
}
