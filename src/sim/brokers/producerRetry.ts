// The producers' and consumers' side of a broker fault, as hooks the data plane calls: which lanes
// producers cannot append to now (leader unreachable, acks=all waiting on a dead in-sync follower
// or NOT_ENOUGH_REPLICAS), records waiting there failing after delivery.timeout.ms, and how far
// consumers may read (nothing while the leader is unreachable; up to the frozen high watermark
// while a dead follower is still in the ISR).

import { failsAt } from '../../kafka/producerDelivery.ts'
import { clusterOf } from '../../scenario/defaults.ts'
import type { WorldState } from '../worldState.ts'
import { producerDelivery } from './faultState.ts'
import { dropOldestHeld, oldestHeldAt } from '../producerHeld.ts'
import { slowHighWatermark } from './slowDisk.ts'

// Scratch, rebuilt on size change; not state.
let blocked = new Uint8Array(0)

/**
 * Per partition, 1 where producers cannot append this send cycle; null when no broker fault ever
 * ran (the common case costs nothing).
 */
export function blockedLanes(w: WorldState, now: number): Uint8Array | null {
  const f = w.faults
  if (f === undefined) return null
  if (blocked.length !== w.P) blocked = new Uint8Array(w.P)
  const acksAll = producerDelivery(w.live).acks === 'all'
  const minIsr = clusterOf(w.live)['min.insync.replicas']
  for (let p = 0; p < w.P; p++) {
    // NOT_ENOUGH_REPLICAS: an acks=all produce request needs min.insync.replicas in the ISR.
    const b = now < f.produceResumeAt[p]! || (acksAll && w.cluster.isr[p]!.length < minIsr)
    blocked[p] = b ? 1 : 0
  }
  return blocked
}

/**
 * Lane p could not append this cycle. Records it holds past delivery.timeout.ms since their send()
 * (or out of retries) fail: they leave the producer's buffer and are counted as failed sends.
 */
export function holdBack(w: WorldState, p: number, now: number): void {
  const f = w.faults!
  const cfg = producerDelivery(w.live)
  for (let sent = oldestHeldAt(w, p); sent !== undefined && failsAt(sent, cfg) <= now; sent = oldestHeldAt(w, p)) f.failedSends += dropOldestHeld(w, p)
}

/** Whether clients can reach partition p's leader now: none is down, or they have learned the new one. */
export function leaderReachable(w: WorldState, p: number, now: number): boolean {
  const f = w.faults
  return f === undefined || now >= f.fetchResumeAt[p]!
}

/** How far consumers may read partition p now (the log end when no fault touches it). */
export function readableEnd(w: WorldState, p: number, now: number): number {
  const f = w.faults
  if (f === undefined) return w.leo[p]!
  if (!leaderReachable(w, p, now)) return 0
  // Hook: a slow disk on an in-sync replica holds the high watermark back (slowDisk.ts).
  return slowHighWatermark(w, p, now, Math.min(w.leo[p]!, f.hwCap[p]!))
}
