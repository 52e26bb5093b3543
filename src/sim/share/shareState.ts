// A share group's part of the world (KIP-932): one share-partition per partition, which members
// each partition is assigned to, and the counts `run --json` prints. Plain data inside WorldState
// (`w.share`), so a checkpoint copies it; absent for a consumer group.

import { createSharePartition, type ShareLimits, type SharePartitionState } from '../../kafka/sharePartition.ts'
import type { PersistedShareState } from '../../kafka/shareStatePersister.ts'
import type { Scenario } from '../../scenario/types.ts'
import { defaultShareGroup } from '../../scenario/defaults.ts'

export interface ShareStats {
  /** Records acquired by members, redeliveries included. */
  acquired: number
  /** Of those, records acquired again (delivery count > 1). */
  redelivered: number
  acknowledged: number
  /** Released by the application or by a lock that expired, back to AVAILABLE. */
  released: number
  /** Archived: rejected by the application, or at the delivery count limit. Never delivered again. */
  archived: number
  /** Acknowledgements of records whose lock had already expired (Kafka: INVALID_RECORD_STATE). */
  invalidAcks: number
  maxDeliveryCount: number
  /** The most records in flight on one partition at once. */
  inFlightMax: number
  /** Share-partitions started again from the share coordinator's state on a new leader (shareLeaderChange.ts). */
  leaderChanges: number
  /** Records locked to members when their partition's leader changed: available again, delivered again. */
  returnedOnLeaderChange: number
  /** Records whose acknowledgement waited for their share coordinator (its broker had crashed), then went through (sharePersister.ts). */
  acksDelayed?: number
  /** Records whose acknowledgement failed (no share coordinator within the persister's retries): locked until their locks ran out. */
  acksFailed?: number
  /** Settled records a new leader made available again: their last write never reached the share coordinator. */
  revived?: number
  /** Share-partitions whose new leader waited for the share coordinator before it could serve them (ReadShareGroupState). */
  initWaits?: number
}

/** An acknowledgement or state change the share-partition leader could not write yet (sharePersister.ts). */
export interface PendingWrite {
  partition: number
  /** 'ack': a member's acknowledgement, applied when written; 'release': a lock timeout already applied in memory; 'left': a closed member's release. */
  kind: 'ack' | 'release' | 'left'
  member: number
  from: number
  to: number
  /** Of an ack's [from, to): the application released `rel` and rejected `rej` records (the last ones). */
  rel: number
  rej: number
  /** A release: the state batches written, flat [first, last, state (0 available, 1 acknowledged, 2 archived), count, …], and the start offset. */
  batches: number[]
  start: number
  /** The partition's leader epoch when issued: a leader change ends it (the share-partition is gone). */
  leaderEpoch: number
  /** Lookups of the share coordinator made so far (PersisterStateManager's FindCoordinator attempts). */
  attempt: number
  issuedAt: number
}

export interface ShareWorld {
  parts: SharePartitionState[]
  /** Per partition: member slots assigned to it, ascending. */
  members: number[][]
  /** Per partition: the pending lock-expiry engine event and its time (-1 / Infinity: none). */
  lockEvent: number[]
  lockEventAt: number[]
  /** Per consumer slot: fractional carries of records to release / reject (so fractions integrate exactly). */
  releaseCarry: number[]
  rejectCarry: number[]
  stats: ShareStats
  /** Writes waiting for a share coordinator, by id (null: done). Absent until a broker fault delays one. */
  pending?: Array<PendingWrite | null>
  /** Per partition: the share coordinator's state when it differs from what the leader holds (a write failed or waits); null: in step. */
  persisted?: Array<PersistedShareState | null>
  /** Per partition: a new leader waits for the share coordinator before it serves the share-partition. */
  initPending?: boolean[]
}

export function isShareGroup(s: Scenario): boolean {
  return s.group.type === 'share'
}

export function shareLimits(s: Scenario): ShareLimits {
  const c = s.group.share ?? defaultShareGroup()
  return {
    lockDurationMs: c['group.share.record.lock.duration.ms'],
    deliveryCountLimit: c['group.share.delivery.count.limit'],
    maxRecordLocks: c['group.share.partition.max.record.locks'],
  }
}

/**
 * A member reading partition p that is running now (not crashed, down or paused), or -1. A share
 * group's lane is stopped only when none of its members reads it.
 */
export function runningReader(w: { share?: ShareWorld; consumers: ReadonlyArray<{ status: string; pausedUntil: number }> }, p: number, now: number): number {
  for (const c of w.share?.members[p] ?? []) {
    const cs = w.consumers[c]
    if (cs && cs.status === 'running' && now >= cs.pausedUntil) return c
  }
  return -1
}

/** The share-partitions start where the group's offsets start (the pre-existing group's, as consumer groups do). */
export function createShareWorld(starts: ArrayLike<number>): ShareWorld {
  const P = starts.length
  return {
    parts: Array.from({ length: P }, (_, p) => createSharePartition(Math.max(0, starts[p]!))),
    members: Array.from({ length: P }, () => []),
    lockEvent: new Array<number>(P).fill(-1),
    lockEventAt: new Array<number>(P).fill(Infinity),
    releaseCarry: [],
    rejectCarry: [],
    stats: { acquired: 0, redelivered: 0, acknowledged: 0, released: 0, archived: 0, invalidAcks: 0, maxDeliveryCount: 0, inFlightMax: 0, leaderChanges: 0, returnedOnLeaderChange: 0 },
  }
}

/** Added partitions: share.auto.offset.reset=latest reads from the log end (empty, as they are new). */
export function growShareWorld(sh: ShareWorld, P: number): void {
  while (sh.parts.length < P) {
    sh.parts.push(createSharePartition(0))
    sh.members.push([])
    sh.lockEvent.push(-1)
    sh.lockEventAt.push(Infinity)
  }
}
