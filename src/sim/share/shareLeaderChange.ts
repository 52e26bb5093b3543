// A share-partition lives in the memory of its partition's leader (KIP-932: the share-partition
// leader is the topic-partition's leader; ShareFetch and ShareAcknowledge go there, never to the
// group coordinator). While that broker is dead, or before members learn the new leader, nobody can
// fetch from it or acknowledge to it, and its acquisition locks do not run out (its timers died
// with it). When leadership moves for any reason (an election after a crash, a restart, a
// preferred-leader or reassignment move) the new leader initialises the share-partition from the
// share coordinator's state (kafka/shareStatePersister.ts): what members had acquired and not yet
// acknowledged is available again, with the delivery count last written, and is delivered again.

import { countIn, type SharePartitionState } from '../../kafka/sharePartition.ts'
import { reloadSharePartition } from '../../kafka/shareStatePersister.ts'
import type { SimCore } from '../core.ts'
import { noteShareRevived } from '../ledger.ts'
import type { WorldState } from '../worldState.ts'
import { syncOffsets } from './shareApply.ts'
import { dropPendingWrites } from './sharePersister.ts'
import { shareCoordinatorBrokerOf, shareStateReady } from './shareStateCoordinator.ts'

/** Whether partition p's leader is running (its acquisition-lock timers run). */
export function shareLeaderAlive(w: WorldState, p: number): boolean {
  if (w.faults === undefined) return true
  const b = w.cluster.leader[p]!
  return b >= 0 && w.cluster.brokers[b]?.up === true
}

/**
 * Partition p has a new leader (set by the caller): its share-partition starts again from the
 * persisted state. (A cut log never reaches below what members were handed: consumers read only
 * up to the high watermark, leadership.ts.) If the share coordinator holding that state does not
 * answer now (its broker crashed too: shareStateCoordinator.ts), the new leader cannot initialise
 * the share-partition (ReadShareGroupState fails; the next ShareFetch tries again): it serves
 * nothing until then (initializeNow). Returns how many acquired records came back (0 while waiting).
 */
export function shareLeaderChanged(sim: SimCore, p: number): number {
  const w = sim.w
  const sh = w.share
  if (sh === undefined || p >= sh.parts.length || w.cluster.leader[p]! < 0) return 0
  // The old leader's lock-expiry timer and its waiting writes died with it.
  if (sh.lockEvent[p]! >= 0) sim.kernel.cancel(sh.lockEvent[p]!)
  sh.lockEvent[p] = -1
  sh.lockEventAt[p] = Infinity
  dropPendingWrites(w, p)
  if (!shareStateReady(w, p, sim.kernel.now)) {
    sh.initPending ??= []
    if (!sh.initPending[p]) sh.stats.initWaits = (sh.stats.initWaits ?? 0) + 1
    sh.initPending[p] = true
    sim.say({ kind: 'share.initWaiting', partition: p, broker: w.cluster.leader[p]!, coordinator: shareCoordinatorBrokerOf(w, p) })
    return 0
  }
  return reload(sim, p)
}

/** A ShareFetch reached a leader still waiting for its share-partition's state: initialises it if the share coordinator answers now. */
export function initializeNow(sim: SimCore, p: number): boolean {
  const sh = sim.w.share!
  if (!shareStateReady(sim.w, p, sim.kernel.now)) return false
  sh.initPending![p] = false
  reload(sim, p)
  return true
}

function reload(sim: SimCore, p: number): number {
  const w = sim.w
  const sh = w.share!
  const old = sh.parts[p]!
  const { state, returned } = reloadSharePartition(old, sh.persisted?.[p] ?? undefined)
  // Settled in the old leader's memory, never written: the coordinator's copy has them in flight again.
  const revived = unsettled(state) - unsettled(old)
  if (revived > 0) {
    noteShareRevived(w.ledger, p, revived)
    sh.stats.revived = (sh.stats.revived ?? 0) + revived
  }
  sh.parts[p] = state
  // The new leader's state is what the coordinator holds.
  if (sh.persisted !== undefined) sh.persisted[p] = null
  syncOffsets(w, p)
  sh.stats.leaderChanges++
  sh.stats.returnedOnLeaderChange += returned
  sim.say({ kind: 'share.leaderChanged', partition: p, broker: w.cluster.leader[p]!, returned, start: state.start, available: countIn(state, 'available'), ...(revived > 0 ? { revived } : {}) })
  return returned
}

/** Records not yet acknowledged or archived in a share-partition's window. */
function unsettled(sp: SharePartitionState): number {
  return countIn(sp, 'acquired') + countIn(sp, 'available')
}
