// The share-partition leader's writes to its share coordinator (KIP-932; SharePartition with
// DefaultStatePersister / PersisterStateManager in Kafka). A write goes out with each
// acknowledgement, lock timeout and member release. When the coordinator does not answer (its
// broker crashed: shareStateCoordinator.ts), the persister looks it up again after 2, 4, 8 and 16 s
// and gives up after the fifth lookup (kafka/shareCoordinatorPlacement.ts). Meanwhile:
// - an acknowledgement waits: its records stay acquired (SharePartition applies the new state only
//   once written, and rolls it back on failure: rollbackOrProcessStateUpdates), so the start offset
//   stalls and the in-flight window fills; if the write fails the records stay locked until their
//   locks run out, then they are delivered again;
// - a lock timeout takes effect at once whatever the write does (releaseAcquisitionLockOnTimeout:
//   "even if write share group state RPC call fails, we will still go ahead"), so the coordinator's
//   copy can fall behind the leader's memory; a later leader change reads that older copy.
// Runs with no broker fault never get here: every write succeeds at once, and the coordinator's
// state is what persistedShareState derives from the leader's (shareStatePersister.ts).

import { persisterLookupTimes } from '../../kafka/shareCoordinatorPlacement.ts'
import { applyWrite, persistedShareState, writtenBatches, type PersisterStateBatch } from '../../kafka/shareStatePersister.ts'
import { releaseMember, type Moved } from '../../kafka/sharePartition.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import type { WorldState } from '../worldState.ts'
import { applyAck, count, shareOf, syncOffsets, wakeShareMembers } from './shareApply.ts'
import { shareLimits, type PendingWrite } from './shareState.ts'
import { shareStateReady } from './shareStateCoordinator.ts'

type NewWrite = Pick<PendingWrite, 'partition' | 'kind' | 'member'> & Partial<Pick<PendingWrite, 'from' | 'to' | 'rel' | 'rej' | 'batches' | 'start'>>

const STATES = ['available', 'acknowledged', 'archived'] as const

/** Whether a write for partition p issued now reaches its share coordinator at once. */
export function writesNow(sim: SimCore, p: number): boolean {
  return shareStateReady(sim.w, p, sim.kernel.now)
}

/**
 * Before a change that will not be written at once: the coordinator keeps what it had, the leader's
 * state as last written (all earlier writes went through if there is no copy yet).
 */
export function keepPersisted(w: WorldState, p: number): void {
  const sh = shareOf(w)
  sh.persisted ??= []
  sh.persisted[p] ??= persistedShareState(sh.parts[p]!)
}

/** A write of [from, to)'s records went through: the coordinator's copy (if kept apart) takes their state now. */
export function noteWritten(w: WorldState, p: number, ranges: ReadonlyArray<readonly [number, number]>): void {
  const sh = shareOf(w)
  const kept = sh.persisted?.[p]
  if (kept == null) return
  const sp = sh.parts[p]!
  sh.persisted![p] = applyWrite(kept, sp.start, writtenBatches(sp, ranges))
}

/** Queues a write that found no coordinator; the persister looks it up again on its schedule. */
export function queueWrite(sim: SimCore, wr: NewWrite): void {
  const w = sim.w
  const sh = shareOf(w)
  keepPersisted(w, wr.partition)
  sh.pending ??= []
  const id = sh.pending.length
  sh.pending.push({ from: 0, to: 0, rel: 0, rej: 0, batches: [], start: 0, ...wr, leaderEpoch: w.cluster.leaderEpoch[wr.partition]!, attempt: 1, issuedAt: sim.kernel.now })
  defer(sim, persisterLookupTimes(sim.kernel.now)[1]!, { fault: { kind: 'shareWriteRetry', id } })
}

/** The state batches of `ranges` as a release writes them, flat for the world's plain data. */
export function flatBatches(w: WorldState, p: number, ranges: ReadonlyArray<readonly [number, number]>): number[] {
  const out: number[] = []
  for (const b of writtenBatches(shareOf(w).parts[p]!, ranges)) out.push(b.firstOffset, b.lastOffset, STATES.indexOf(b.deliveryState), b.deliveryCount)
  return out
}

function unflat(a: readonly number[]): PersisterStateBatch[] {
  const out: PersisterStateBatch[] = []
  for (let i = 0; i < a.length; i += 4) out.push({ firstOffset: a[i]!, lastOffset: a[i + 1]!, deliveryState: STATES[a[i + 2]!]!, deliveryCount: a[i + 3]! })
  return out
}

/** The persister's next lookup for pending write `id`: written now, given up, or looked up again later. */
export function onShareWriteRetry(sim: SimCore, id: number): void {
  const w = sim.w
  const sh = shareOf(w)
  const wr = sh.pending?.[id]
  if (wr == null) return
  const p = wr.partition
  // The share-partition it was for is gone with its leader; the new one read the coordinator's copy.
  if (w.cluster.leaderEpoch[p] !== wr.leaderEpoch || p >= sh.parts.length) {
    sh.pending![id] = null
    return
  }
  if (shareStateReady(w, p, sim.kernel.now)) {
    sh.pending![id] = null
    complete(sim, wr)
    return
  }
  const times = persisterLookupTimes(wr.issuedAt)
  if (wr.attempt + 1 >= times.length) {
    // The fifth lookup failed: the RPC fails. An acknowledgement is rolled back (the records stay
    // acquired until their locks run out); a release stays in memory only.
    sh.pending![id] = null
    if (wr.kind === 'ack') {
      sh.stats.acksFailed = (sh.stats.acksFailed ?? 0) + (wr.to - wr.from)
      sim.say({ kind: 'share.ackFailed', partition: p, member: w.consumers[wr.member]?.name ?? `consumer-?${wr.member}`, records: wr.to - wr.from, waitedMs: sim.kernel.now - wr.issuedAt })
    }
    return
  }
  wr.attempt++
  defer(sim, times[wr.attempt]!, { fault: { kind: 'shareWriteRetry', id } })
}

function complete(sim: SimCore, wr: PendingWrite): void {
  const w = sim.w
  const sh = shareOf(w)
  const p = wr.partition
  if (wr.kind === 'ack') {
    applyAck(sim, wr.member, p, wr.from, wr.to, wr.rel, wr.rej)
    noteWritten(w, p, [[wr.from, wr.to]])
    sh.stats.acksDelayed = (sh.stats.acksDelayed ?? 0) + (wr.to - wr.from)
  } else if (wr.kind === 'left') {
    if (releaseHeldNow(w, wr.member, p).released > 0) wakeShareMembers(sim, p)
  } else {
    const kept = sh.persisted?.[p]
    if (kept != null) sh.persisted![p] = applyWrite(kept, wr.start, unflat(wr.batches))
  }
}

/**
 * Member c's session closed: the records it holds on p are released (or archived at the delivery
 * limit) and the write is noted. The caller has checked the share coordinator answers.
 */
export function releaseHeldNow(w: WorldState, c: number, p: number): Moved {
  const sp = shareOf(w).parts[p]!
  const ranges = sp.runs.filter((r) => r.state === 'acquired' && r.member === c).map((r) => [r.from, r.to] as const)
  const m = releaseMember(sp, c, shareLimits(w.live))
  count(w, p, m)
  syncOffsets(w, p)
  noteWritten(w, p, ranges)
  return m
}

/** Partition p's leader changed: its writes still waiting die with the old share-partition. */
export function dropPendingWrites(w: WorldState, p: number): void {
  const pending = shareOf(w).pending
  if (pending === undefined) return
  for (let i = 0; i < pending.length; i++) if (pending[i]?.partition === p) pending[i] = null
}
