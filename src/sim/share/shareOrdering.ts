// Per-key order in a share group. A consumer group hands a partition's records to one member in
// offset order, so the order check runs at first delivery (consume.ts). In a share group several
// members process one partition's records at once and redelivered records come back late, so a
// record "is consumed" when its member finishes processing it: the same rule (a tracked key's
// record processed after a later record of that key is a violation) runs at that moment, over the
// offsets the member finished, in whatever order members finish.

import type { WorldState } from '../worldState.ts'

/** Member finished processing offsets [from, to) of partition p. */
export function keyOrderOnCompletion(w: WorldState, p: number, from: number, to: number): void {
  const start = w.share?.parts[p]?.start ?? 0
  for (const idx of w.partKeySegs[p] ?? []) {
    const s = w.keySegs[idx]!
    const ps = w.producers[s.producer]
    if (!ps) continue
    // Segments every member is done with (below the share-partition start) may be pruned.
    while (s.head < s.end.length && s.end[s.head]! <= start) s.head++
    // First segment ending after `from` (segments are in offset order).
    let lo = s.head
    let hi = s.end.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (s.end[mid]! > from) hi = mid
      else lo = mid + 1
    }
    for (let i = lo; i < s.end.length && s.end[i]! <= to; i++) {
      const t = s.t[i]!
      if (t < ps.maxDeliveredT[s.key]!) ps.violations[s.key]! += s.n[i]!
      else ps.maxDeliveredT[s.key] = t
    }
  }
}
