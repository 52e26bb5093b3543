// What one lane's producers hold, as the page's lane details and `run --json` show it: how many
// records (w.buffered[p]) and when the oldest of them was sent (the head of w.held[p]). Reads the
// world only; one rule for the frame (a sparse list of the lanes that hold any) and the summary.

import { HELD_STRIDE, type LaneHeld } from './frameTypes.ts'
import { oldestHeldAt } from './producerHeld.ts'
import type { WorldState } from './worldState.ts'

/** Lane p holds records (the common case, none, reads one number). */
function holds(w: WorldState, p: number): boolean {
  return w.buffered[p]! > 0 && oldestHeldAt(w, p) !== undefined
}

/** Lane p's held records and its oldest one's send time, or null when its producers hold none. */
export function laneHeld(w: WorldState, p: number): LaneHeld | null {
  return holds(w, p) ? { records: w.buffered[p]!, oldestSentAt: oldestHeldAt(w, p)! } : null
}

/**
 * Every lane that holds records, packed [lane, records, oldestSentAt, …] in lane order; undefined
 * when none does (then nothing is allocated: a frame is built on every animation frame, and a
 * per-lane array of 10 000 zeros would cross to the page for nothing).
 */
export function heldLanes(w: WorldState): Float64Array | undefined {
  let n = 0
  for (let p = 0; p < w.P; p++) if (holds(w, p)) n++
  if (n === 0) return undefined
  const out = new Float64Array(n * HELD_STRIDE)
  let o = 0
  for (let p = 0; p < w.P; p++) {
    const h = laneHeld(w, p)
    if (h === null) continue
    out[o] = p
    out[o + 1] = h.records
    out[o + 2] = h.oldestSentAt
    o += HELD_STRIDE
  }
  return out
}
