// Compare mode shows one moment. The sides' workers answer the shared target at different wall
// times (and one cut short by its time budget answers a moment between), so a side's frame ahead of
// the others waits in its queue until every side in step has a frame of that same moment; then they
// are shown together. Frames are shown in order (each carries its samples), none dropped. A side
// being brought to a moment (stops) or answering a seek is shown as it comes: the page says so.

import type { CompareStore } from '../store/compareStore.ts'
import type { FrameMessage } from '../worker/protocol.ts'
import { compareClock } from './compareDriver.ts'
import { showFrame, type SessionSide } from './compareSideClient.ts'

export interface QueuedFrame {
  msg: FrameMessage
  /** Its counters are the mark's (a stop at the mark was reached with it). */
  pin: boolean
  /** It arrived while its side was on its way (stops): shown as it comes. */
  free: boolean
}

/** A side as the hold sees it: the frame time on screen, the queued ones, and whether it is in step. */
export interface HoldSide {
  shown: number | null
  queued: readonly number[]
  inStep: boolean
}

/**
 * The latest moment every in-step side can show exactly (its frame on screen or a queued one at
 * that sim time), or null when there is none (a side has no frame of a moment the others have).
 */
export function commonMoment(sides: readonly HoldSide[]): number | null {
  let common: readonly number[] | undefined
  for (const s of sides) {
    if (!s.inStep) continue
    const mine = s.shown === null ? s.queued : [s.shown, ...s.queued]
    common = common === undefined ? mine : common.filter((t) => mine.includes(t))
  }
  if (common === undefined || common.length === 0) return null
  return Math.max(...common)
}

/**
 * A queue this long means the sides no longer line up (a side's worker stopped, or a moment one
 * never lands on): its frames are shown as they come rather than freeze (about half a second at 60 fps).
 */
export const MAX_QUEUED = 30

/** How many of a side's queued frames to show now: all up to moment `m`, the free ones, or all when too many wait. */
export function framesToShow(queued: readonly QueuedFrame[], m: number | null, sideFree: boolean): number {
  if (sideFree || queued.length > MAX_QUEUED) return queued.length
  let n = 0
  while (n < queued.length && (queued[n]!.free || (m !== null && queued[n]!.msg.frame.t <= m))) n++
  return n
}

/** Where a side's worker is: its newest frame of the current run, shown or still queued. */
export function workerT(s: SessionSide): number | null {
  const st = s.store.getState()
  const q = s.queued.at(-1)
  return q !== undefined && q.msg.runId === st.runId ? q.msg.frame.t : (st.frame?.t ?? null)
}

/**
 * Shows every side's queued frames up to the latest moment all in-step sides have a frame of, then
 * sets the page's clock to the moment on screen (the slowest in-step side's shown frame). `all`:
 * every queued frame (a command or a seek is about to be placed after the furthest side's moment).
 */
export function settleSides(sides: readonly SessionSide[], store: CompareStore, all: boolean, pinAll: () => void): void {
  const holds = sides.map((s) => {
    const st = s.store.getState()
    // A restarted side's frames of its old run are never shown.
    s.queued = s.queued.filter((q) => q.msg.runId === st.runId)
    return { shown: st.frame?.t ?? null, queued: s.queued.map((q) => q.msg.frame.t), inStep: s.stops.length === 0 && !st.timeline.seeking }
  })
  const m = commonMoment(holds)
  sides.forEach((s, i) => {
    const n = all ? s.queued.length : framesToShow(s.queued, m, !(holds[i]?.inStep ?? true))
    for (const q of s.queued.splice(0, n)) showFrame(store, s.store, i, q, pinAll)
  })
  const shown = compareClock(sides.map((s) => ({ t: s.store.getState().frame?.t ?? null, busy: false, stops: s.stops })))
  if (shown !== null) store.getState().setClock(shown)
}
