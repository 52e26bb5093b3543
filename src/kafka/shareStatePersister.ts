// What the share coordinator keeps of a share-partition (KIP-932), and how a new share-partition
// leader starts from it. The state lives in the internal topic __share_group_state as ShareSnapshot
// / ShareUpdate records: the share-partition start offset (SPSO) and state batches
// [firstOffset, lastOffset, deliveryState, deliveryCount]. The leader writes them
// (WriteShareGroupState) when records are acknowledged, released, rejected or their acquisition
// lock times out, and when the SPSO moves; acquiring records writes nothing: SharePartition.acquire
// changes only its in-memory InFlightState. So an ACQUIRED record is persisted as it was before it
// was acquired: AVAILABLE with one delivery fewer (KIP-932: "the Acquired state is not recorded
// because it's transient"), and a record acquired for the first time not at all.
// When leadership moves, the new leader's SharePartition reads that state (ReadShareGroupState)
// and initialises from it: in-flight acquisitions and their locks are gone, those records are
// AVAILABLE again and will be delivered again. Pure functions on plain data.

import type { InFlightRun, SharePartitionState } from './sharePartition.ts'

/** A state batch as ReadShareGroupState returns it (offsets inclusive, as on the wire). */
export interface PersisterStateBatch {
  firstOffset: number
  lastOffset: number
  deliveryState: 'available' | 'acknowledged' | 'archived'
  deliveryCount: number
}

export interface PersistedShareState {
  startOffset: number
  stateBatches: PersisterStateBatch[]
}

/** The share coordinator's state for a share-partition whose leader wrote every change but acquisitions. */
export function persistedShareState(sp: SharePartitionState): PersistedShareState {
  const stateBatches: PersisterStateBatch[] = []
  for (const r of sp.runs) {
    const b: PersisterStateBatch = {
      firstOffset: r.from,
      lastOffset: r.to - 1,
      deliveryState: r.state === 'acquired' ? 'available' : r.state,
      deliveryCount: r.state === 'acquired' ? r.deliveryCount - 1 : r.deliveryCount,
    }
    // Never delivered before this acquisition: nothing was written for it.
    if (b.deliveryState === 'available' && b.deliveryCount === 0) continue
    const last = stateBatches[stateBatches.length - 1]
    if (last && last.lastOffset + 1 === b.firstOffset && last.deliveryState === b.deliveryState && last.deliveryCount === b.deliveryCount) last.lastOffset = b.lastOffset
    else stateBatches.push(b)
  }
  return { startOffset: sp.start, stateBatches }
}

/**
 * SharePartition.maybeInitialize on the new leader: the in-flight window from the persisted batches.
 * Offsets between batches were never written: AVAILABLE, never delivered (fetched from the log again).
 * The window ends after the last batch; later records are read from the log as new ones.
 */
export function initializeSharePartition(p: PersistedShareState): SharePartitionState {
  const runs: InFlightRun[] = []
  let at = p.startOffset
  for (const b of p.stateBatches) {
    if (b.lastOffset < at) continue
    const from = Math.max(b.firstOffset, at)
    if (from > at) runs.push({ from: at, to: from, state: 'available', deliveryCount: 0, member: -1, lockUntil: 0 })
    runs.push({ from, to: b.lastOffset + 1, state: b.deliveryState, deliveryCount: b.deliveryCount, member: -1, lockUntil: 0 })
    at = b.lastOffset + 1
  }
  // A finished prefix would have moved the SPSO before it was written; keep the invariant anyway.
  while (runs.length > 0 && runs[0]!.state !== 'available') runs.shift()
  const start = runs.length > 0 ? runs[0]!.from : at
  return { start, end: at, runs }
}

/**
 * What a WriteShareGroupState carries for offsets [from, to) of each range: the leader's state of
 * those records now (an acquired one as it was last written, as persistedShareState says).
 */
export function writtenBatches(sp: SharePartitionState, ranges: ReadonlyArray<readonly [number, number]>): PersisterStateBatch[] {
  const all = persistedShareState(sp).stateBatches
  const out: PersisterStateBatch[] = []
  for (const [from, to] of ranges) {
    for (const b of all) {
      const first = Math.max(b.firstOffset, from)
      const last = Math.min(b.lastOffset, to - 1)
      if (first <= last) out.push({ ...b, firstOffset: first, lastOffset: last })
    }
  }
  return out
}

/**
 * The share coordinator applies a write (ShareCoordinatorShard: a ShareUpdate merged over the last
 * snapshot): the new start offset, and the written batches replace what it had for their offsets;
 * batches below the start offset are dropped. Pure: returns the new state.
 */
export function applyWrite(prev: PersistedShareState, startOffset: number, batches: readonly PersisterStateBatch[]): PersistedShareState {
  let kept = prev.stateBatches.map((b) => ({ ...b }))
  for (const w of batches) {
    const next: PersisterStateBatch[] = []
    for (const o of kept) {
      if (o.lastOffset < w.firstOffset || o.firstOffset > w.lastOffset) next.push(o)
      else {
        if (o.firstOffset < w.firstOffset) next.push({ ...o, lastOffset: w.firstOffset - 1 })
        if (o.lastOffset > w.lastOffset) next.push({ ...o, firstOffset: w.lastOffset + 1 })
      }
    }
    next.push({ ...w })
    kept = next
  }
  const start = Math.max(prev.startOffset, startOffset)
  const out: PersisterStateBatch[] = []
  for (const b of kept.sort((a, b) => a.firstOffset - b.firstOffset)) {
    if (b.lastOffset < start) continue
    const c = { ...b, firstOffset: Math.max(b.firstOffset, start) }
    const last = out[out.length - 1]
    if (last && last.lastOffset + 1 === c.firstOffset && last.deliveryState === c.deliveryState && last.deliveryCount === c.deliveryCount) last.lastOffset = c.lastOffset
    else out.push(c)
  }
  return { startOffset: start, stateBatches: out }
}

/**
 * Leadership of the partition moved: the new leader's share-partition, read from `persisted` (what
 * the share coordinator holds; by default every write of `sp` succeeded), and how many records were
 * acquired on the old one (their acquisitions and locks died with its memory: available again).
 * Records past the persisted window up to the old end offset were delivered once and never
 * written: the new leader's first fetches read them from the log again as first deliveries, so
 * they stay in the window as AVAILABLE, never delivered (the end offset does not move back).
 */
export function reloadSharePartition(sp: SharePartitionState, persisted: PersistedShareState = persistedShareState(sp)): { state: SharePartitionState; returned: number } {
  let returned = 0
  for (const r of sp.runs) if (r.state === 'acquired') returned += r.to - r.from
  const state = initializeSharePartition(persisted)
  if (sp.end > state.end) {
    const last = state.runs[state.runs.length - 1]
    if (last && last.state === 'available' && last.deliveryCount === 0) last.to = sp.end
    else state.runs.push({ from: state.end, to: sp.end, state: 'available', deliveryCount: 0, member: -1, lockUntil: 0 })
    state.end = sp.end
  }
  return { state, returned }
}
