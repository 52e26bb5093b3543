// Single mode's mark: the moment on-screen counts are measured from. The teacher's mark, else the
// default, the first moment the group was settled (so the start-up rebalance is not counted in
// front of the room). Data only: the counter history is sampled from frames (sinceMark.ts).

import type { StateCreator } from 'zustand'
import type { Frame } from '../sim/frameTypes.ts'
import type { TimelineMarker } from '../sim/timeline.ts'
import type { AppState } from './createAppStore.ts'
import { appendCounters, countersOf, countersSince, trackFrame, type CounterDeltas, type Counters } from './sinceMark.ts'

/** Why the teacher's mark is where it is (shown next to it). */
export type MarkReason = 'set' | 'strategy'

export interface MarkSlice {
  /** The teacher's mark (sim ms), or null for the default. */
  mark: number | null
  markReason: MarkReason
  /** The first sim ms this run's group was settled, or null until then. */
  firstSettled: number | null
  /** This run's counters over time (about one entry a second, plus pinned marks). */
  counterTrack: readonly Counters[]
  /**
   * Sets the mark (null: back to the default). A mark at the frame shown keeps that frame's
   * counters exactly; an earlier one reads the history (to the second).
   */
  setMark: (t: number | null, reason?: MarkReason) => void
}

/** A new run: no history and no mark. */
export const NO_MARK = { mark: null, markReason: 'set' as MarkReason, firstSettled: null, counterTrack: [] as readonly Counters[] }

/** The mark in effect: the teacher's, else the first settled moment (null while the group forms). */
export function effectiveSingleMark(s: Pick<MarkSlice, 'mark' | 'firstSettled'>): number | null {
  return s.mark ?? s.firstSettled
}

/** A rebalance starting this early is the group forming (a cold start), not an event to count. */
export const FORMATION_WITHIN_MS = 1000

/**
 * When the group first became stable, from the run's rebalance markers (the engine's rebalance
 * log), so a jump (a moment link, a seek) that skips the frames in between still finds it: the end
 * of the forming rebalance on a cold start (null while it is under way), 0 when the run began with
 * the group formed (no rebalance at the start), undefined when it cannot tell yet.
 */
export function settledFromMarkers(markers: readonly TimelineMarker[], frameT: number): number | null | undefined {
  const start = markers.find((m) => m.kind === 'rebalance-start')
  if (start !== undefined && start.t < FORMATION_WITHIN_MS) return markers.find((m) => m.kind === 'rebalance-end' && m.t >= start.t)?.t ?? null
  return start !== undefined || frameT >= FORMATION_WITHIN_MS ? 0 : undefined
}

/**
 * The change a received frame makes to the mark slice (empty when none); frameSlice applies it.
 * `markers`: the run's timeline markers, when the worker sends them. Pure.
 */
export function markOnFrame(s: Pick<MarkSlice, 'counterTrack' | 'firstSettled'>, frame: Frame, markers: readonly TimelineMarker[] = []): Partial<MarkSlice> {
  const r = trackFrame(s.counterTrack, s.firstSettled, frame)
  const fromMarkers = markers.length > 0 ? settledFromMarkers(markers, frame.t) : undefined
  // The first settled frame seen just after the log's moment has its counters pinned: use it, so
  // the counts start exactly there (not at the history's last second, mid-formation).
  const framesSawIt = r.firstSettled !== null && typeof fromMarkers === 'number' && r.firstSettled >= fromMarkers && r.firstSettled - fromMarkers < FORMATION_WITHIN_MS
  const firstSettled = fromMarkers === undefined || framesSawIt ? r.firstSettled : fromMarkers
  if (r.track === s.counterTrack && firstSettled === s.firstSettled) return {}
  return { counterTrack: r.track, firstSettled }
}

export const createMarkSlice: StateCreator<AppState, [], [], MarkSlice> = (set) => ({
  ...NO_MARK,
  setMark: (t, reason = 'set') =>
    set((s) => {
      if (t === null) return { mark: null, markReason: 'set' }
      const mark = Math.max(0, Math.round(t))
      const f = s.frame
      const counterTrack = f !== null && f.t === mark ? appendCounters(s.counterTrack, countersOf(f), 1000, true) : s.counterTrack
      return { mark, markReason: reason, counterTrack }
    }),
})

export interface SinceMarkView {
  /** The mark in effect (ms), or null while the group first forms (counts are then the run's). */
  markMs: number | null
  /** Whether the mark is the teacher's (or a strategy change's), not the default. */
  userMark: boolean
  reason: MarkReason
  deltas: CounterDeltas
  /** False when the counters at the mark were not seen exactly (read to the second). */
  exact: boolean
}

/**
 * The counts shown with `frame`: since the mark in effect, or the whole run before there is one.
 * Rebalances are counted from the run's rebalance-start markers when there are any (exact even when
 * the frames in between were skipped); the other counts from the counter history. Pure.
 */
export function sinceMarkView(
  s: Pick<MarkSlice, 'mark' | 'markReason' | 'firstSettled' | 'counterTrack'>,
  frame: Frame,
  markers: readonly TimelineMarker[] = [],
): SinceMarkView {
  const markMs = effectiveSingleMark(s)
  const base = { markMs, userMark: s.mark !== null, reason: s.markReason }
  if (markMs === null) {
    const { t: _t, pinned: _p, ...deltas } = countersOf(frame)
    // A warm start shown at 0 s: the group is already settled, so the counts (the run's, all of
    // them since 0 s) are since that moment, not "while the group forms".
    const warmAtStart = frame.t === 0 && frame.group.state === 'Stable' && !frame.group.rebalancing
    return { ...base, markMs: warmAtStart ? 0 : null, deltas, exact: true }
  }
  const r = countersSince(markMs, frame, s.counterTrack)
  if (markers.length > 0) r.deltas.rebalances = markers.filter((m) => m.kind === 'rebalance-start' && m.t > markMs && m.t <= frame.t).length
  return { ...base, ...r }
}
