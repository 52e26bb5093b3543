// The difference strip's arithmetic: what each compared side did since a mark, and which side did
// best on each row. Pure: frames' counters and metric samples in, numbers out.

import type { Frame, MetricsSample } from '../sim/frameTypes.ts'

/** The run-so-far counters a difference is taken of, at one sim instant. */
export interface Counters {
  /** Sim ms. */
  t: number
  stoppedPartitionSeconds: number
  duplicates: number
  orderingViolations: number
  rebalances: number
  /** Kept whatever comes after (the mark was set here). */
  pinned?: boolean
}

export function countersOf(frame: Frame): Counters {
  const x = frame.totals
  return {
    t: frame.t,
    stoppedPartitionSeconds: x.stoppedPartitionSeconds,
    duplicates: x.duplicates,
    orderingViolations: x.orderingViolations,
    rebalances: x.rebalances,
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
  const first = track[0]
  return first === undefined ? null : { counters: first, exact: false }
}

export type DiffRowKey = 'lag' | 'stopped' | 'duplicates' | 'ordering' | 'p99' | 'rebalances'

export interface DiffRowSpec {
  key: DiffRowKey
  label: string
  unit: string
  /** How the figure is made, for a tooltip. */
  title: string
}

/** Rows of the strip, in order. Lower is better on every row. */
export const DIFF_ROWS: readonly DiffRowSpec[] = [
  { key: 'lag', label: 'max lag', unit: '', title: 'Highest total lag since the mark (1 s samples and the current frame)' },
  { key: 'stopped', label: 'stopped', unit: 'lane·s', title: 'Partition-seconds with nobody consuming since the mark' },
  { key: 'duplicates', label: 'duplicates', unit: '', title: 'Records processed twice since the mark' },
  { key: 'ordering', label: 'out of order', unit: '', title: 'Records of a key consumed after a later record of that key, since the mark' },
  { key: 'p99', label: 'p99 (worst 1 s)', unit: 'ms', title: 'The highest per-second p99 latency since the mark' },
  { key: 'rebalances', label: 'rebalances', unit: '', title: 'Rebalances started since the mark' },
]

export type DiffValues = Record<DiffRowKey, number | null>

export interface SideDiff {
  values: DiffValues
  /** False when the counters at the mark were not seen (the figures start later than the mark). */
  exact: boolean
}

/**
 * What one side did from `markMs` to its newest frame. `samples`: its metric samples (1 s grid),
 * `track`: its counters history, `now`: its newest frame.
 */
export function sideDiff(markMs: number, now: Frame, track: readonly Counters[], samples: readonly MetricsSample[]): SideDiff {
  const at = countersAt(track, markMs)
  const base = at?.counters ?? countersOf(now)
  const c = countersOf(now)
  let maxLag = now.t >= markMs ? now.totals.lag : 0
  let p99: number | null = null
  for (const s of samples) {
    if (s.t < markMs || s.t > now.t) continue
    maxLag = Math.max(maxLag, s.totalLag)
    if (s.p99Ms !== null && s.t > markMs) p99 = p99 === null ? s.p99Ms : Math.max(p99, s.p99Ms)
  }
  return {
    values: {
      lag: maxLag,
      stopped: Math.max(0, c.stoppedPartitionSeconds - base.stoppedPartitionSeconds),
      duplicates: Math.max(0, c.duplicates - base.duplicates),
      ordering: Math.max(0, c.orderingViolations - base.orderingViolations),
      p99,
      rebalances: Math.max(0, c.rebalances - base.rebalances),
    },
    exact: at?.exact ?? false,
  }
}

/** Values are compared at the precision they are shown with, so "12.3" vs "12.3" is a tie. */
export function shownValue(key: DiffRowKey, v: number): number {
  return key === 'stopped' ? Math.round(v * 10) / 10 : Math.round(v)
}

/**
 * For each row, the indices of the sides with the best (lowest) value; empty when every side with a
 * figure shows the same value (nothing to single out) or fewer than two sides have one.
 */
export function bestSides(diffs: ReadonlyArray<DiffValues | null>): Record<DiffRowKey, number[]> {
  const out = {} as Record<DiffRowKey, number[]>
  for (const row of DIFF_ROWS) {
    const shown = diffs.map((d) => {
      const v = d?.[row.key]
      return v === null || v === undefined ? null : shownValue(row.key, v)
    })
    const present = shown.filter((v): v is number => v !== null)
    const min = Math.min(...present)
    const max = Math.max(...present)
    out[row.key] = present.length < 2 || min === max ? [] : shown.flatMap((v, i) => (v === min ? [i] : []))
  }
  return out
}

/** The default mark: the latest of the sides' first settled moments (every group formed), or null. */
export function defaultMark(firstSettled: ReadonlyArray<number | null>): number | null {
  if (firstSettled.length === 0 || firstSettled.some((t) => t === null)) return null
  return Math.max(...(firstSettled as number[]))
}
