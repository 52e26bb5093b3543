// Merging a lane's delivered front: segments below the delivery frontier are read again only for
// their cost (a rebalance handing them out a second time) and the last one's end, so runs of them
// that cost 1 become one segment (logPrune.collapseDelivered, and consume.ts's fetch loop at once).

import { DETAIL, DETAILED, detailArray, detailBase, segArray, segBase, type SegStore } from './segLog.ts'

/**
 * Merges a lane's first `h` segments (of `n`, at `base` in `a`) into one: segment 0 becomes the
 * last of them, [t(h-1), end(h-1)], and the rest move up. For a lane not DETAILED (consume.ts's
 * fetch loop, which has the arrays at hand); mergeFront does any lane.
 * The caller sets the lane's count to n - (h - 1).
 */
export function mergeFrontSegs(a: Float64Array, base: number, h: number, n: number): void {
  a[base] = a[base + (h - 1) * 2]!
  a[base + 1] = a[base + (h - 1) * 2 + 1]!
  // copyWithin(2, 2h, 2n) by hand: a lane holds a few segments, and the builtin's call cost more.
  for (let i = base + 2, j = base + h * 2, end = base + n * 2; j < end; i++, j++) a[i] = a[j]!
}

/**
 * Merges lane p's first h segments, which all cost 1 and are delivered, into one costing 1
 * (logPrune.collapseDelivered). Its wait is set to 0: only a first delivery reads a wait, and a
 * lane whose kept segments all cost 1 and waited 0 stops keeping details (shrinkSegLog).
 */
export function mergeFront(s: SegStore, p: number, h: number): void {
  const n = s.n[p]!
  mergeFrontSegs(segArray(s, p), segBase(s, p), h, n)
  if ((s.flags[p]! & DETAILED) !== 0) {
    const d = detailArray(s, p)
    const b = detailBase(s, p)
    d.copyWithin(b, b + (h - 1) * DETAIL, b + n * DETAIL) // segment h-1's entries become segment 0's
    d[b + 1] = 0
  }
  s.n[p] = n - (h - 1)
}

/** Whether lane p's first h segments all cost 1 (always, for a lane not DETAILED). */
export function frontCostsUnit(s: SegStore, p: number, h: number): boolean {
  if ((s.flags[p]! & DETAILED) === 0) return true
  const d = detailArray(s, p)
  const b = detailBase(s, p)
  for (let i = 0; i < h; i++) if (d[b + i * DETAIL] !== 1) return false
  return true
}
