// The difference strip's arithmetic: what each compared side did since a mark, and which side did
// best on each row. Pure: frames' counters and metric samples in, numbers out.

import type { Frame, MetricsSample } from '../sim/frameTypes.ts'
import { countersSince, type Counters } from './sinceMark.ts'

export type DiffRowKey = 'lag' | 'stopped' | 'duplicates' | 'ordering' | 'p99' | 'rebalances' | 'paused' | 'lost' | 'failed' | 'held'

export interface DiffRowSpec {
  key: DiffRowKey
  label: string
  /** The label in a word, for presenter mode's narrow sides (two by two at 1024 px): the strip on two lines, not three. */
  short: string
  unit: string
  /** How the figure is made, for a tooltip. */
  title: string
  /** Shown only while some side has a figure (records lost, lanes paused by brokers: once a broker fault ran). */
  optional?: boolean
  /** Shown only while some side's figure is above 0 (records held by the producers). */
  whenPositive?: boolean
}

/** Rows of the strip, in order. Lower is better on every row. */
export const DIFF_ROWS: readonly DiffRowSpec[] = [
  { key: 'lag', label: 'max lag', short: 'peak', unit: '', title: 'Highest total lag since the mark (1 s samples and the current frame)' },
  { key: 'stopped', label: 'stopped', short: 'stopped', unit: 'lane·s', title: 'Partition-seconds with nobody consuming since the mark' },
  { key: 'duplicates', label: 'duplicates', short: 'dups', unit: '', title: 'Records processed twice since the mark' },
  { key: 'ordering', label: 'out of order', short: 'reordered', unit: '', title: 'Records of a key consumed after a later record of that key, since the mark' },
  { key: 'p99', label: 'p99 (worst 1 s)', short: 'p99', unit: 'ms', title: 'The highest per-second p99 latency since the mark' },
  { key: 'rebalances', label: 'rebalances', short: 'rebal.', unit: '', title: 'Rebalances started since the mark' },
  // acks=1 vs acks=all on a leader crash: what acks=all pays in lanes waiting (for a leader, or for
  // a crashed follower still in the ISR), and what acks=1 pays in records told written, then lost.
  { key: 'paused', label: 'broker-paused', short: 'paused', unit: 'lane·s', title: 'Lane-seconds since the mark that the brokers paused: no leader to reach (offline, led by a crashed broker not yet fenced, or clients finding the new one) or, under acks=all, writes waiting for an ISR below min.insync.replicas or for a crashed in-sync follower', optional: true },
  // acks=1 vs acks=all on a leader crash: what the producers were told was written, then lost.
  { key: 'lost', label: 'records lost', short: 'lost', unit: '', title: 'Records a crashed or moved leader had acknowledged (acks=1 or 0) but the new leader had not copied, since the mark', optional: true },
  // What acks=all (or a broker at capacity) pays when records wait longer than the producers allow.
  { key: 'failed', label: 'failed sends', short: 'failed', unit: '', title: 'Records the producers held past delivery.timeout.ms since send() (no leader to reach, or a broker or lane at capacity) and failed, since the mark', optional: true, whenPositive: true },
  // broker-hotspot's four answers: three of them leave broker 1 at capacity, 34 000 records waiting in
  // the producers at 42 s, in no lag and in no p99 until they are appended and read; only salting moves them.
  { key: 'held', label: 'held by producers', short: 'held', unit: '', title: 'Records the producers hold now, not yet appended (a broker or lane at capacity, or no leader to reach): in no lag and no p99 yet', optional: true, whenPositive: true },
]

/** `lost` and `paused` are optional: absent or null while no broker fault ran (the rows are then not shown); `failed` and `held` are shown while some side's is above 0. */
export type DiffValues = Record<Exclude<DiffRowKey, 'lost' | 'paused' | 'failed' | 'held'>, number | null> & { lost?: number | null; paused?: number | null; failed?: number | null; held?: number | null }

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
  const { deltas, exact } = countersSince(markMs, now, track)
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
      stopped: deltas.stoppedPartitionSeconds,
      duplicates: deltas.duplicates,
      ordering: deltas.orderingViolations,
      p99,
      rebalances: deltas.rebalances,
      paused: now.totals.pausedPartitionSeconds === undefined ? null : deltas.pausedPartitionSeconds,
      lost: now.totals.lostRecords === undefined ? null : deltas.lostRecords,
      // Absent from a run's totals until a record fails: none failed is 0, not "no figure".
      failed: deltas.failedSends,
      held: now.totals.producerBuffered,
    },
    exact,
  }
}

/** Values are compared at the precision they are shown with, so "12.3" vs "12.3" is a tie. */
export function shownValue(key: DiffRowKey, v: number): number {
  return key === 'stopped' || key === 'paused' ? Math.round(v * 10) / 10 : Math.round(v)
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

/** Whether the strip shows `row` for these sides' figures. */
export function rowShown(row: DiffRowSpec, sides: ReadonlyArray<SideDiff | null>): boolean {
  if (row.optional !== true) return true
  return sides.some((d) => {
    const v = d?.values[row.key] ?? null
    return v !== null && (row.whenPositive !== true || v > 0)
  })
}
