// The seam between the data plane (consumers polling partitions) and a consumer-group protocol.
// The data plane implements GroupHost; each protocol (eager / cooperative / static classic groups,
// KIP-848) implements GroupRuntime by running its pure XState machines on the engine's clock.
// Machines decide, the runtime acts through the host: timers and messages are engine events.

import type { EventId } from '../../engine/heap.ts'
import type { Rng } from '../../engine/rng.ts'
import type { SimTime } from '../../engine/time.ts'
import type { ConsumerGroupSpec, BrokerConfig } from '../../scenario/types.ts'
import type { GroupView, MemberPhase } from '../frameTypes.ts'
import type { GroupFact } from '../narrationGroup.ts'
import type { ShareFact } from '../share/shareFacts.ts'

/** What a group runtime may do to the world. Members are consumer slot indices (stable for a run). */
export interface GroupHost {
  now(): SimTime
  /** Fires `runtime.onTimer(token)` after `delayMs` of sim time (messages with latency are timers too). */
  schedule(delayMs: number, token: number): EventId
  /** Only for events that have not fired yet. */
  cancel(id: EventId): void
  /** The runtime's own random stream (member-id UUIDs, jitter). */
  readonly rng: Rng
  /** Current partition count of the subscribed topic, as metadata shows it. */
  partitionCount(): number
  /** Each partition's weight for the lag-aware assignor (lag + rate), as the world has it now. */
  partitionLoad(): number[]
  topicName(): string
  /** One-way client↔coordinator latency, ms. */
  networkLatencyMs(): number
  /**
   * A synchronous commit of what the member consumed from these partitions (the positions of those
   * it still owns): enable.auto.commit before a rejoin, a reconciliation or close. Returns the ms
   * it takes (a round trip), so the runtime can delay the member's next protocol step by it.
   */
  commitSync(member: number, partitions: readonly number[]): number
  /**
   * onPartitionsRevoked: the member stops fetching these; the application may commit in it
   * (`commitOnRevoke`). Returns the ms the callback takes.
   */
  revoke(member: number, partitions: readonly number[]): number
  /** onPartitionsLost: the member was fenced/timed out or crashed; nothing is committed. */
  lose(member: number, partitions: readonly number[]): void
  /** onPartitionsAssigned: the member starts fetching these from the committed offsets. */
  assign(member: number, partitions: readonly number[]): void
  /** A fact for the narration (who, what, why); sim/narration.ts words it. */
  say(fact: GroupFact | ShareFact): void
  /** Display name of a member slot ("consumer-3"). */
  memberName(member: number): string
}

export interface RebalanceRecord {
  /** What started it, in words: "consumer-4 joined", "consumer-2 session timeout", "partitions added". */
  trigger: string
  generation: number
  startMs: SimTime
  endMs: SimTime | null
  durationMs: number | null
  /**
   * Partitions its owners gave up with onPartitionsRevoked because of this rebalance (under KIP-429
   * the round whose assignment revoked them, not the next round that hands them over).
   */
  revoked: number
  /**
   * Partitions lost without a commit: onPartitionsLost (a member fenced, timed out or reset) or a
   * crashed member's, handed on when the group removed it. Never also counted as revoked.
   */
  lost: number
  /** Partitions newly assigned during this rebalance. */
  assigned: number
  /** Members in the group when it completed. */
  members: number
  protocol: 'eager' | 'cooperative' | 'consumer'
}

export interface MemberProtocolView {
  memberId: string
  groupInstanceId: string | null
  phase: MemberPhase
  generation: number
  /**
   * The coordinator's session timer for this member while its process sends no heartbeats (crashed,
   * in a GC pause, a static member shut down): since the last heartbeat (`setAt`) until it expires.
   */
  sessionTimer: { setAt: number; dueAt: number } | null
}

/** Calls from the data plane into the protocol. */
export interface GroupRuntime {
  /**
   * Warm start, at t = 0 instead of memberStarted: these consumers' processes are running and the
   * group is already formed and Stable with them (the configured assignor's assignment applied).
   */
  startFormed(members: readonly number[]): void
  /** A consumer process starts (or restarts) and subscribes: it will join at its first poll. */
  memberStarted(member: number): void
  /**
   * The application called poll(). Resets the max.poll.interval.ms timer; a classic member joins or
   * completes rejoining from inside poll (ConsumerCoordinator.poll).
   */
  memberPolled(member: number): void
  /** The process died: no LeaveGroup, heartbeats stop; only the session timeout notices. */
  memberCrashed(member: number): void
  /** Graceful close(): dynamic members send LeaveGroup; static members do not (KIP-345). */
  memberClosed(member: number): void
  /** Stop-the-world GC pause: heartbeat thread and poll both stop for `durationMs`. */
  memberPaused(member: number, durationMs: number): void
  /**
   * The topic grew. Classic: called at the consumers' metadata refresh, and the leader rejoins.
   * KIP-848: called at once, since the coordinator reads the broker's metadata; a new group epoch.
   */
  partitionsChanged(count: number): void
  onTimer(token: number): void
  /**
   * The group coordinator's broker died (brokers/coordinatorFailover.ts): the coordinator's timers
   * die with it and requests sent to it (or parked in it) fail until it is loaded elsewhere.
   */
  coordinatorLost?(): void
  /** A new coordinator loaded the group from its records (group/groupRecords.ts); members reach it at `reachableAt`. */
  coordinatorLoaded?(reachableAt: number): void
  group(): GroupView
  member(member: number): MemberProtocolView
  rebalanceLog(): readonly RebalanceRecord[]
  /** Plain data; `restore` on the same runtime kind continues exactly. */
  save(): unknown
}

export interface GroupRuntimeFactory {
  create(host: GroupHost, spec: ConsumerGroupSpec, broker: BrokerConfig): GroupRuntime
  restore(host: GroupHost, spec: ConsumerGroupSpec, broker: BrokerConfig, saved: unknown): GroupRuntime
}
