// Parallel Consumer commits: only completed offsets. The committed offset is the lowest incomplete
// one; the completed offsets above it travel in the commit's metadata as PC's offset map, if it
// fits offset.metadata.max.bytes (else PC commits without it and logs "messages might be replayed
// on rebalance"). The next owner skips what the map marks complete, or processes it again.

import { offsetMapPayloadChars } from '../../kafka/parallelConsumer.ts'
import type { WorldState } from '../worldState.ts'
import { advance, createPcWorld, pcOptions, type PcConsumer } from './pcState.ts'

/** Commits every partition consumer c owns, PC-style. `now` applies the progress made since its last poll. */
export function commitPc(w: WorldState, c: number, now?: number): void {
  for (const p of w.consumers[c]!.owned) commitPcPartition(w, c, p, now)
}

export function commitPcPartition(w: WorldState, c: number, p: number, now?: number): void {
  const pw = (w.parallel ??= createPcWorld())
  const s = pw.consumers[c]
  const cs = w.consumers[c]!
  if (!s || s.incarnation !== cs.incarnation) {
    // Nothing held: everything fetched is complete.
    w.committed[p] = w.pos[p]!
    return
  }
  if (now !== undefined) advance(pw, s, now)
  // A partition just taken over: PC loaded the last commit's map at assignment and commits it
  // again until it has read past the offsets it covers.
  const old = pw.meta[p]
  if (old && w.pos[p]! < old.upTo && w.committed[p]! <= old.base) return
  const { base, incomplete } = incompleteOn(s, p, w.pos[p]!)
  w.committed[p] = base
  const range = w.pos[p]! - base
  const completed = Math.max(0, range - incomplete)
  if (incomplete > pw.stats.incompleteOffsetsMax) pw.stats.incompleteOffsetsMax = incomplete
  // Runs of alternating incomplete/complete offsets: at most two per incomplete record (each one
  // can sit between completed ones), and at most two per completed one. An upper bound, so the
  // run-length size errs high; the bitset size does not depend on it.
  const runs = 1 + 2 * Math.min(incomplete, completed)
  const chars = completed >= 1 ? offsetMapPayloadChars(Math.ceil(range), Math.ceil(runs)) : 0
  const limit = pcOptions(w)!['offset.metadata.max.bytes']
  const intact = chars <= limit
  if (!intact) pw.stats.metadataOverflows++
  else if (chars > pw.stats.payloadMaxChars) pw.stats.payloadMaxChars = chars
  while (pw.meta.length <= p) pw.meta.push(null)
  pw.meta[p] = completed >= 1 ? { base, upTo: w.pos[p]!, completed: Math.round(completed), intact } : null
}

/** The lowest incomplete offset of partition p (its position when nothing is held) and how many are incomplete. */
function incompleteOn(s: PcConsumer, p: number, pos: number): { base: number; incomplete: number } {
  let base = pos
  let incomplete = 0
  for (const ch of s.chains) {
    if (ch.p !== p || ch.recs <= 0) continue
    incomplete += ch.recs
    if (ch.lo < base) base = ch.lo
  }
  return { base: Math.floor(base), incomplete }
}

/**
 * Records [from, to) of partition p come back to a consumer after a move or a restart. Those the
 * last commit's map marked complete are skipped if the map survived (PC filters them out), or
 * processed again if it was lost (counted as reprocessed). Kafka delivered all of them before, but
 * only the completed ones processed again are duplicates: the incomplete ones never finished
 * (the few in flight at a crash are not told apart). Returns how many are skipped.
 */
export function skippedOnRefetch(w: WorldState, p: number, from: number, to: number): number {
  const pw = w.parallel
  const m = pw?.meta[p]
  if (!pw || !m) return 0
  // Only a read below the map's end re-reads what it covers (the next commit replaces the map).
  const lo = Math.max(from, m.base)
  const hi = Math.min(to, m.upTo)
  if (hi <= lo) return 0
  // Whole records, so the duplicate count stays a count.
  const done = Math.round(((hi - lo) * m.completed) / (m.upTo - m.base))
  // Fetched again, but first completions: not duplicates.
  w.duplicates -= hi - lo - done
  pw.stats.notDuplicates += hi - lo - done
  if (m.intact) {
    pw.stats.skipped += done
    w.duplicates -= done
    pw.stats.notDuplicates += done
    return done
  }
  pw.stats.reprocessed += done
  return 0
}
