// A share-partition lives in the memory of its partition's leader (KIP-932: the share-partition
// leader is the topic-partition's leader; ShareFetch and ShareAcknowledge go there, never to the
// group coordinator). While that broker is dead, or before members learn the new leader, nobody can
// fetch from it or acknowledge to it, and its acquisition locks do not run out (its timers died
// with it). When leadership moves for any reason (an election after a crash, a restart, a
// preferred-leader or reassignment move) the new leader initialises the share-partition from the
// share coordinator's state (kafka/shareStatePersister.ts): what members had acquired and not yet
// acknowledged is available again, with the delivery count last written, and is delivered again.

import { countIn } from '../../kafka/sharePartition.ts'
import { reloadSharePartition } from '../../kafka/shareStatePersister.ts'
import type { SimCore } from '../core.ts'
import type { WorldState } from '../worldState.ts'

/** Whether partition p's leader is running (its acquisition-lock timers run). */
export function shareLeaderAlive(w: WorldState, p: number): boolean {
  if (w.faults === undefined) return true
  const b = w.cluster.leader[p]!
  return b >= 0 && w.cluster.brokers[b]?.up === true
}

/**
 * Partition p has a new leader (set by the caller): its share-partition starts again from the
 * persisted state. (A cut log never reaches below what members were handed: consumers read only
 * up to the high watermark, leadership.ts.) Returns how many acquired records came back.
 */
export function shareLeaderChanged(sim: SimCore, p: number): number {
  const w = sim.w
  const sh = w.share
  if (sh === undefined || p >= sh.parts.length || w.cluster.leader[p]! < 0) return 0
  const { state, returned } = reloadSharePartition(sh.parts[p]!)
  sh.parts[p] = state
  // The old leader's lock-expiry timer died with it.
  if (sh.lockEvent[p]! >= 0) sim.kernel.cancel(sh.lockEvent[p]!)
  sh.lockEvent[p] = -1
  sh.lockEventAt[p] = Infinity
  w.pos[p] = state.end
  w.committed[p] = state.start
  sh.stats.leaderChanges++
  sh.stats.returnedOnLeaderChange += returned
  sim.say({ kind: 'share.leaderChanged', partition: p, broker: w.cluster.leader[p]!, returned, start: state.start, available: countIn(state, 'available') })
  return returned
}
