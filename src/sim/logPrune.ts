// Keeping the data plane's bookkeeping bounded: delivered segments merged or dropped once no reader
// can need them, a jammed lane's undelivered segments coalesced past a cap shared by all lanes,
// tracked keys' segments likewise, and delivered animation samples let go after their afterglow.
// Results are unchanged where the merge is exact (delivered segments costing 1); elsewhere the
// coarsening is bounded and said where it happens.

import type { KeySegments, WorldState } from './worldState.ts'
import { dropFrontSegs, segCost, segCount, segEnd, segTime, segWait, setSeg, shrinkSegLog, truncateSegs } from './segLog.ts'
import { frontCostsUnit, mergeFront } from './segLogFront.ts'

/**
 * Drops segments no reader can need again: below both the committed offset and the delivery
 * frontier. Keeps per-partition arrays bounded by the backlog, not by the run length.
 */
export function pruneSegments(w: WorldState, now: number): void {
  const pendingCap = Math.min(MAX_PENDING_SEGMENTS, Math.max(MIN_PENDING_SEGMENTS, Math.floor(MAX_TOTAL_PENDING_SEGMENTS / w.P)))
  for (let p = 0; p < w.P; p++) {
    const keepFrom = w.committed[p]! >= 0 ? Math.min(w.committed[p]!, w.delivered[p]!) : w.delivered[p]!
    const segs = w.segs
    let k = 0
    const limit = w.segHead[p]!
    while (k < limit && segEnd(segs, p, k) <= keepFrom) k++
    if (k > 256 || (k > 0 && k === segCount(segs, p))) {
      dropFrontSegs(segs, p, k)
      w.segHead[p]! -= k
    }
    collapseDelivered(w, p)
    if (segCount(segs, p) - w.segHead[p]! > pendingCap) coalesceSegments(w, p)
    shrinkSegLog(segs, p)
    // Samples: keep delivered ones for a few seconds of animation, at most 400 per lane.
    const list = w.samplesByP[p]!
    const sh = w.sampleHead[p]!
    let drop = 0
    while (drop < sh && (list.length - drop > 400 || now - list[drop]!.consumedAt > SAMPLE_AFTERGLOW_MS)) drop++
    if (drop > 0) {
      list.splice(0, drop)
      w.sampleHead[p] = sh - drop
    }
  }
  const keyCap = Math.min(MAX_PENDING_SEGMENTS, Math.max(MIN_PENDING_SEGMENTS, Math.floor(MAX_TOTAL_PENDING_SEGMENTS / Math.max(1, w.keySegs.length))))
  for (const s of w.keySegs) {
    if (s.head > 256 || (s.head > 0 && s.head === s.end.length)) {
      dropFront(s.t, s.head)
      dropFront(s.end, s.head)
      dropFront(s.n, s.head)
      s.head = 0
    }
    if (s.end.length - s.head > keyCap) coalesceKeySegments(s)
  }
}

/**
 * Delivered segments (below segHead) are read again only for their cost, when a rebalance hands
 * them out a second time (costOfRange), and for the last one's end. Where every one of them costs
 * exactly 1, a single segment gives the same figures exactly (sums of whole numbers), so they are
 * merged: a lane then keeps about one second of segments instead of one auto-commit interval's,
 * which at 10 000 lanes was most of the heap and of the garbage collector's work.
 */
export function collapseDelivered(w: WorldState, p: number): void {
  const h = w.segHead[p]!
  if (h < 2) return
  const s = w.segs
  if (!frontCostsUnit(s, p, h)) return
  mergeFront(s, p, h)
  w.segHead[p] = 1
}

/** splice(0, k) without allocating the removed part (10 000 lanes × 3 arrays every window). */
function dropFront(a: number[], k: number): void {
  a.copyWithin(0, k)
  a.length -= k
}

/** A jammed lane's backlog can last an hour: beyond this many segments, halve their resolution. */
const MAX_PENDING_SEGMENTS = 20000
/**
 * All lanes' (and all tracked keys') pending segments together stay below this (~100 MB of
 * doubles each), so 4096 jammed lanes coalesce sooner than 12 do; never below the minimum.
 */
const MAX_TOTAL_PENDING_SEGMENTS = 4_000_000
const MIN_PENDING_SEGMENTS = 64
const SAMPLE_AFTERGLOW_MS = 4000

/**
 * Merges undelivered segments pairwise. The older segment's time and producer wait are kept: its
 * records were sent first (a lane's producer sends in order), so latency errs high by ≤ one cycle.
 */
function coalesceSegments(w: WorldState, p: number): void {
  const s = w.segs
  const n = segCount(s, p)
  const h = w.segHead[p]!
  let o = h
  for (let i = h; i < n; i += 2) {
    // Read before writing: o ≤ i, and segment i - 1 is read for the first pair.
    if (i + 1 < n) {
      const prev = i > 0 ? segEnd(s, p, i - 1) : segEnd(s, p, i)
      const n1 = segEnd(s, p, i) - prev
      const n2 = segEnd(s, p, i + 1) - segEnd(s, p, i)
      const cost = n1 + n2 > 0 ? (segCost(s, p, i) * n1 + segCost(s, p, i + 1) * n2) / (n1 + n2) : 1
      setSeg(s, p, o, segTime(s, p, i), segEnd(s, p, i + 1), cost, segWait(s, p, i))
    } else {
      setSeg(s, p, o, segTime(s, p, i), segEnd(s, p, i), segCost(s, p, i), segWait(s, p, i))
    }
    o++
  }
  truncateSegs(s, p, o)
}

/**
 * Merges a tracked key's undelivered segments pairwise. The later time is kept: it is the one the
 * order check ends on (maxDeliveredT), so only an interleaving within one send cycle pair is lost.
 */
function coalesceKeySegments(s: KeySegments): void {
  let o = s.head
  for (let i = s.head; i < s.end.length; i += 2) {
    const j = i + 1 < s.end.length ? i + 1 : i
    s.t[o] = s.t[j]!
    s.end[o] = s.end[j]!
    s.n[o] = j === i ? s.n[i]! : s.n[i]! + s.n[j]!
    o++
  }
  s.t.length = o
  s.end.length = o
  s.n.length = o
}
