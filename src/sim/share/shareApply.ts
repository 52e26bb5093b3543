// Applying a share-partition's changes to the world: the counts `run --json` prints, the offsets
// the frame reads, and waking members idle in a long poll. Shared by the data plane
// (shareDataPlane.ts) and the writes that waited for a share coordinator (sharePersister.ts).

import { acknowledge, type Moved } from '../../kafka/sharePartition.ts'
import type { SimCore } from '../core.ts'
import { schedulePoll } from '../pollLoop.ts'
import { noteShareSettled } from '../ledger.ts'
import type { WorldState } from '../worldState.ts'
import { shareLimits, type ShareWorld } from './shareState.ts'

export function shareOf(w: WorldState): ShareWorld {
  return w.share!
}

/**
 * Member c's acknowledgement of [from, to) takes effect: accepted, except the last `rej + rel`
 * records, rejected (archived) and released (delivered again). Only records it still holds move.
 */
export function applyAck(sim: SimCore, c: number, p: number, from: number, to: number, rel: number, rej: number): void {
  const w = sim.w
  const sp = shareOf(w).parts[p]!
  const lim = shareLimits(w.live)
  const moved = [
    acknowledge(sp, c, from, to - rel - rej, 'accept', lim),
    acknowledge(sp, c, to - rel - rej, to - rel, 'reject', lim),
    acknowledge(sp, c, to - rel, to, 'release', lim),
  ]
  for (const m of moved) count(w, p, m)
  syncOffsets(w, p)
  if (rel > 0) wakeShareMembers(sim, p)
}

/** The frame and summary read `pos` and `committed`: for a share-partition, SPEO and SPSO. */
export function syncOffsets(w: WorldState, p: number): void {
  const sp = shareOf(w).parts[p]!
  w.pos[p] = sp.end
  w.committed[p] = sp.start
}

export function count(w: WorldState, p: number, m: Moved): void {
  const st = shareOf(w).stats
  st.acknowledged += m.acknowledged
  st.released += m.released
  st.archived += m.archived
  st.invalidAcks += m.invalid
  noteShareSettled(w.ledger, p, m.acknowledged, m.archived)
}

/** Data arrived on (or came back to) partition p: its members idle in a long poll return now. */
export function wakeShareMembers(sim: SimCore, p: number): void {
  const sh = shareOf(sim.w)
  for (const c of sh.members[p] ?? []) {
    const cs = sim.w.consumers[c]!
    if (!cs.waiting || cs.status !== 'running' || sim.kernel.now < cs.pausedUntil) continue
    cs.waiting = false
    schedulePoll(sim, c, sim.kernel.now + sim.w.live.broker.networkLatencyMs)
  }
}
