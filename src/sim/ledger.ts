// Counts kept beside the data plane, not derived from it, so conservation can be checked rather
// than assumed: records the producers generated, and per partition the offset ranges the consumers
// were actually handed (or that auto.offset.reset skipped). Updated once per send cycle or fetched
// range, never per record. Plain data (checkpoints by copy). Nothing in the simulation reads it.

export interface Ledger {
  /** Records the producers' rate integration generated, before any routing or buffering. */
  generated: number
  /** Per partition: records handed to consumers in fetches, redeliveries included. */
  handed: Float64Array
  /** Per partition: distinct offsets ever handed to a consumer. */
  handedOnce: Float64Array
  /** Per partition: distinct offsets auto.offset.reset moved past without handing them out. */
  skippedOnce: Float64Array
  /**
   * Per partition: the union of handed and skipped offsets, as sorted disjoint flat [start, end, …],
   * except the newest range, which is in `open`.
   */
  reached: number[][]
  /**
   * Per partition p: the newest (highest) reached range [open[2p], open[2p+1]), or -1, -1 before
   * any. Fetches move forward, so nearly every range a fetch adds extends this one: kept in one
   * typed array, that touches no per-partition list (at 10 000 partitions those lists were
   * scattered over the heap, a cache miss per partition fetched). Absent in checkpoints from before.
   */
  open?: Float64Array
  /**
   * Share groups (KIP-932), per partition: records acknowledged and records archived, counted at
   * each transition (absent for a consumer group, and in checkpoints from before share groups).
   */
  shareAcknowledged?: Float64Array
  shareArchived?: Float64Array
  /** Settled records a new share-partition leader made unsettled again (their write never reached the share coordinator). */
  shareRevived?: Float64Array
}

export function createLedger(P: number): Ledger {
  return {
    generated: 0,
    handed: new Float64Array(P),
    handedOnce: new Float64Array(P),
    skippedOnce: new Float64Array(P),
    reached: Array.from({ length: P }, () => []),
    open: new Float64Array(2 * P).fill(-1),
  }
}

/** A ledger from a checkpoint written before `open`: each partition's newest range moves there. */
export function migrateLedger(l: Ledger): Ledger {
  if (l.open !== undefined) return l
  const P = l.reached.length
  const open = new Float64Array(2 * P).fill(-1)
  for (let p = 0; p < P; p++) {
    const r = l.reached[p]!
    if (r.length === 0) continue
    open[2 * p + 1] = r.pop()!
    open[2 * p] = r.pop()!
  }
  l.open = open
  return l
}

export function growLedger(l: Ledger, P: number): void {
  const grow = (a: Float64Array) => {
    const b = new Float64Array(P)
    b.set(a)
    return b
  }
  l.handed = grow(l.handed)
  l.handedOnce = grow(l.handedOnce)
  l.skippedOnce = grow(l.skippedOnce)
  if (l.shareAcknowledged) l.shareAcknowledged = grow(l.shareAcknowledged)
  if (l.shareArchived) l.shareArchived = grow(l.shareArchived)
  if (l.shareRevived) l.shareRevived = grow(l.shareRevived)
  while (l.reached.length < P) l.reached.push([])
  const open = new Float64Array(2 * P).fill(-1)
  open.set(l.open!)
  l.open = open
}

/** A fetch handed offsets [from, to) of partition p to a consumer. */
export function noteHanded(l: Ledger, p: number, from: number, to: number): void {
  if (to <= from) return
  l.handed[p]! += to - from
  l.handedOnce[p]! += addOpenRange(l, p, from, to)
}

/** auto.offset.reset moved partition p's first-delivery frontier from `from` to `to` unread. */
export function noteSkipped(l: Ledger, p: number, from: number, to: number): void {
  if (to <= from) return
  l.skippedOnce[p]! += addOpenRange(l, p, from, to)
}

/** The end of the reached offsets of partition p: everything from here on is not yet delivered. */
export function reachedEnd(l: Ledger, p: number): number {
  const end = l.open![2 * p + 1]!
  return end >= 0 ? end : 0
}

/** Merges [from, to) into partition p's reached offsets; returns how many offsets were new. */
function addOpenRange(l: Ledger, p: number, from: number, to: number): number {
  const open = l.open!
  const start = open[2 * p]!
  const end = open[2 * p + 1]!
  // The common case: the newest range is extended, or a new one follows it.
  if (end < 0 || from >= end) {
    if (end >= 0 && from === end) open[2 * p + 1] = to
    else {
      if (end >= 0) l.reached[p]!.push(start, end)
      open[2 * p] = from
      open[2 * p + 1] = to
    }
    return to - from
  }
  // Behind the newest range: merge in the full list, then take its newest range out again.
  const r = l.reached[p]!
  r.push(start, end)
  const added = addRange(r, from, to)
  open[2 * p + 1] = r.pop()!
  open[2 * p] = r.pop()!
  return added
}

/** Merges [from, to) into sorted disjoint ranges; returns how many offsets were new. */
function addRange(r: number[], from: number, to: number): number {
  // Fetches move forward: the common case extends (or follows) the last range in O(1).
  const n = r.length
  if (n === 0 || from >= r[n - 1]!) {
    if (n > 0 && from === r[n - 1]!) r[n - 1] = to
    else r.push(from, to)
    return to - from
  }
  let added = 0
  let lo = from
  let hi = to
  const out: number[] = []
  let i = 0
  for (; i < n && r[i + 1]! < lo; i += 2) out.push(r[i]!, r[i + 1]!)
  let covered = 0
  for (; i < n && r[i]! <= hi; i += 2) {
    covered += Math.max(0, Math.min(r[i + 1]!, to) - Math.max(r[i]!, from))
    lo = Math.min(lo, r[i]!)
    hi = Math.max(hi, r[i + 1]!)
  }
  out.push(lo, hi)
  for (; i < n; i += 2) out.push(r[i]!, r[i + 1]!)
  added = to - from - covered
  r.length = 0
  r.push(...out)
  return added
}

/** A share-partition settled records of partition p: acknowledged (accepted) or archived. */
export function noteShareSettled(l: Ledger, p: number, acknowledged: number, archived: number): void {
  if (acknowledged === 0 && archived === 0) return
  const n = l.handed.length
  l.shareAcknowledged ??= new Float64Array(n)
  l.shareArchived ??= new Float64Array(n)
  l.shareAcknowledged[p]! += acknowledged
  l.shareArchived[p]! += archived
}

/**
 * A new share-partition leader made `n` records of partition p unsettled again: their settling
 * (an archive at a lock timeout) never reached the share coordinator (share/sharePersister.ts).
 */
export function noteShareRevived(l: Ledger, p: number, n: number): void {
  if (n === 0) return
  l.shareRevived ??= new Float64Array(l.handed.length)
  l.shareRevived[p]! += n
}
