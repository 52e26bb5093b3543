// Where an imported group's lag sits: on a few partitions, or spread. A lag piled on a few
// partitions is not helped by more partitions: records already written never move to a new
// partition (Kafka only appends new records to new partitions), and a key keeps to one partition
// however many there are (murmur2(key) mod the count), so a hot key's lane stays hot. Pure.

import type { PartitionView } from './buildFacts.ts'

export interface LagSpot {
  /** The fewest partitions holding LAG_SHARE of the lag, and any other holding a tenth of it, in partition order. */
  partitions: number[]
  /** Their share of the group's lag (0..1). */
  share: number
  total: number
}

/** The share of the lag a few partitions must hold for the lag to count as concentrated. */
const LAG_SHARE = 0.8
/** Below this many records in all, the lag is noise, not a pile-up. */
const MIN_TOTAL_LAG = 1000

/**
 * The partitions the lag piles on, when at most a few hold LAG_SHARE of it: at most 3 (or a tenth
 * of the partitions on a big topic), and never more than a quarter of them; else null.
 */
export function lagSpot(view: PartitionView): LagSpot | null {
  const P = view.partitions
  const rows = view.parts.map((p) => ({ partition: p.partition, lag: Math.max(0, p.lag ?? 0) }))
  const total = rows.reduce((a, r) => a + r.lag, 0)
  if (total < MIN_TOTAL_LAG) return null
  rows.sort((a, b) => b.lag - a.lag || a.partition - b.partition)
  const few = Math.min(Math.max(3, Math.ceil(P / 10)), Math.floor(P / 4))
  let held = 0
  const picked: number[] = []
  for (const r of rows) {
    // Past LAG_SHARE, a partition still counts while it holds a tenth of the lag on its own.
    if ((held >= LAG_SHARE * total && r.lag < total / 10) || picked.length > few) break
    held += r.lag
    picked.push(r.partition)
  }
  if (picked.length === 0 || picked.length > few || held < LAG_SHARE * total) return null
  return { partitions: picked.sort((a, b) => a - b), share: held / total, total }
}

/** [5, 17, 33] → "partitions 5, 17 and 33"; [5] → "partition 5". */
export function partitionWords(ps: readonly number[]): string {
  if (ps.length === 1) return `partition ${ps[0]}`
  return `partitions ${ps.slice(0, -1).join(', ')} and ${ps[ps.length - 1]}`
}

/** Why more partitions will not drain this lag, in one sentence an architect can act on. */
export function morePartitionsWontHelp(spot: LagSpot): string {
  return `${Math.floor(spot.share * 100)} % of the lag sits on ${partitionWords(spot.partitions)}: more partitions would not drain it, because the records already written stay on their partition and each key keeps to one partition however many there are, so a hot key's lane stays hot`
}
