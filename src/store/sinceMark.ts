// Counters since a mark: the run-so-far totals sampled over time, so any on-screen count can be
// shown from a moment on (compare mode's difference strip, single mode's status bar and metrics).
// Pure: frames' totals in, numbers out.

import type { Frame } from '../sim/frameTypes.ts'

/** The run-so-far counters a difference is taken of, at one sim instant. */
export interface Counters {
  /** Sim ms. */
  t: number
  stoppedPartitionSeconds: number
  duplicates: number
  orderingViolations: number
  rebalances: number
  revokedPartitions: number
  lostPartitions: number
  remappedKeys: number
  /** Records lost to a leader crash (acks=1 or 0); absent or 0 while no broker fault ran. */
  lostRecords?: number
  /** Lane-seconds the brokers paused (no reachable leader, acks=all waiting on the ISR); absent or 0 while no broker fault ran. */
  pausedPartitionSeconds?: number
  /** Records held past delivery.timeout.ms that failed; absent or 0 until one did (or a broker fault ran). */
  failedSends?: number
  /** Kept whatever comes after (the mark was set here). */
  pinned?: boolean
}

/** The counted fields (everything but the time and the pin). */
export type CounterKey = Exclude<keyof Counters, 't' | 'pinned'>

export const COUNTER_KEYS: readonly CounterKey[] = [
  'stoppedPartitionSeconds',
  'duplicates',
  'orderingViolations',
  'rebalances',
  'revokedPartitions',
  'lostPartitions',
  'remappedKeys',
  'lostRecords',
  'pausedPartitionSeconds',
  'failedSends',
]

const ZERO_COUNTERS: Counters = {
  t: 0,
  stoppedPartitionSeconds: 0,
  duplicates: 0,
  orderingViolations: 0,
  rebalances: 0,
  revokedPartitions: 0,
  lostPartitions: 0,
  remappedKeys: 0,
  lostRecords: 0,
  pausedPartitionSeconds: 0,
  failedSends: 0,
}

export function countersOf(frame: Frame): Counters & { lostRecords: number; pausedPartitionSeconds: number; failedSends: number } {
  const x = frame.totals
  return {
    t: frame.t,
    stoppedPartitionSeconds: x.stoppedPartitionSeconds,
    duplicates: x.duplicates,
    orderingViolations: x.orderingViolations,
    rebalances: x.rebalances,
    revokedPartitions: x.revokedPartitions,
    lostPartitions: x.lostPartitions,
    remappedKeys: x.remappedKeys,
    lostRecords: x.lostRecords ?? 0,
    pausedPartitionSeconds: x.pausedPartitionSeconds ?? 0,
    failedSends: x.failedSends ?? 0,
  }
}

/** The first moment the group is formed and not rebalancing (the default mark). */
export function isSettled(frame: Frame): boolean {
  return frame.t > 0 && frame.group.state === 'Stable' && !frame.group.rebalancing
}

/**
 * Appends `c` when it is at least `spacingMs` after the newest entry (else returns `track` itself,
 * so a store can skip the update), or always with `pin` (a mark at this moment: its counters must be
 * exact). A jump back (seek, restart) first drops the entries after `c.t`. Marks are pinned where
 * they are made, so the spacing only bounds the track: an hour is 3,600 entries.
 */
export function appendCounters(track: readonly Counters[], c: Counters, spacingMs = 1000, pin = false): readonly Counters[] {
  const kept = track.length > 0 && track[track.length - 1]!.t >= c.t ? track.filter((e) => e.t < c.t) : track
  const last = kept[kept.length - 1]
  if (!pin && last !== undefined && c.t - last.t < spacingMs) return kept
  return [...kept, pin ? { ...c, pinned: true } : c]
}

/** Counters at `markMs`: the newest entry at or before it, else the oldest one after it (inexact). */
export function countersAt(track: readonly Counters[], markMs: number): { counters: Counters; exact: boolean } | null {
  let found: Counters | null = null
  for (const e of track) {
    if (e.t <= markMs) found = e
    else break
  }
  if (found !== null) return { counters: found, exact: true }
  // Nothing has happened at 0 s: every run's counters start there at zero.
  if (markMs <= 0) return { counters: ZERO_COUNTERS, exact: true }
  const first = track[0]
  return first === undefined ? null : { counters: first, exact: false }
}

/**
 * One frame's step of a run's counter history: its track, and the first moment its group settled
 * (forgotten by a jump back before it). `pin` keeps this frame's counters exactly (a mark is set
 * now); the first settled frame is pinned too, since it may become the mark. Returns the inputs
 * themselves when nothing changed, so a store can skip the update.
 */
export function trackFrame(
  track: readonly Counters[],
  firstSettled: number | null,
  frame: Frame,
  pin = false,
): { track: readonly Counters[]; firstSettled: number | null } {
  const keep = firstSettled !== null && firstSettled <= frame.t ? firstSettled : null
  // A settled group that never rebalanced was formed from 0 s (a warm start): a moment link that
  // opens at 26 s sees it first there, and said "since 20.0 s" where the sender's page said 0.0 s.
  const next = keep ?? (isSettled(frame) ? (frame.totals.rebalances === 0 ? 0 : frame.t) : null)
  return { track: appendCounters(track, countersOf(frame), 1000, pin || (next !== null && next !== firstSettled)), firstSettled: next }
}

export type CounterDeltas = Record<CounterKey, number>

/** What each counter added from `markMs` to `now`; `exact` false when the mark's counters were not seen. */
export function countersSince(markMs: number, now: Frame, track: readonly Counters[]): { deltas: CounterDeltas; exact: boolean } {
  const at = countersAt(track, markMs)
  const c = countersOf(now)
  const base = at?.counters ?? c
  const deltas = {} as CounterDeltas
  for (const k of COUNTER_KEYS) deltas[k] = Math.max(0, (c[k] ?? 0) - (base[k] ?? 0))
  return { deltas, exact: at?.exact ?? false }
}
