// KIP-848 (group.protocol=consumer): the single ConsumerGroupHeartbeat RPC and the events of the
// group coordinator and member machines. Pure types. A single subscribed topic: partitions are numbers.

import type { ReplyTo } from './classicMessages.ts'

export type { ReplyTo }

/** ConsumerGroupHeartbeatRequest's special member epochs. */
export const JOIN_GROUP_MEMBER_EPOCH = 0
export const LEAVE_GROUP_MEMBER_EPOCH = -1
export const LEAVE_GROUP_STATIC_MEMBER_EPOCH = -2

export type ConsumerGroupError = 'NONE' | 'UNKNOWN_MEMBER_ID' | 'FENCED_MEMBER_EPOCH' | 'UNRELEASED_INSTANCE_ID'

export interface ConsumerGroupHeartbeatRequest {
  memberId: string
  groupInstanceId: string | null
  memberEpoch: number
  /** What the member owns now; it proves revocations. */
  ownedPartitions: number[]
  rebalanceTimeoutMs: number
}

export interface ConsumerGroupHeartbeatResponse {
  error: ConsumerGroupError
  memberId: string
  memberEpoch: number
  heartbeatIntervalMs: number
  /** The member's assignment (assigned, not pending revocation); null with an error. */
  assignment: number[] | null
}

/** CurrentAssignmentBuilder's member states. */
export type ReconciliationState = 'STABLE' | 'UNREVOKED_PARTITIONS' | 'UNRELEASED_PARTITIONS'

export type ConsumerGroupTimerEvent = { type: 'timer.sessionTimeout'; memberId: string } | { type: 'timer.rebalanceTimeout'; memberId: string; memberEpoch: number }

export type ConsumerGroupCoordinatorEvent =
  | { type: 'member.consumerGroupHeartbeat'; request: ConsumerGroupHeartbeatRequest; replyTo: ReplyTo }
  | ConsumerGroupTimerEvent
  | { type: 'metadata.partitionsChanged'; partitionCount: number }
  /** Internal: reconcile one member once the target assignment is current. */
  | { type: 'internal.reconcileMember'; memberId: string; owned: number[]; replyTo: ReplyTo }

export type ConsumerGroupMemberRequest = { type: 'member.consumerGroupHeartbeat'; request: ConsumerGroupHeartbeatRequest }

export type ConsumerGroupResponseEvent = { type: 'coordinator.consumerGroupHeartbeatResponse'; response: ConsumerGroupHeartbeatResponse }

/** Why the group epoch moved. */
export type EpochCause =
  | { kind: 'memberJoined'; memberId: string }
  | { kind: 'memberLeft'; memberId: string }
  | { kind: 'sessionTimeout'; memberId: string }
  | { kind: 'rebalanceTimeout'; memberId: string }
  | { kind: 'partitionsChanged'; partitionCount: number }

export type ConsumerGroupReport =
  | { kind: 'epochBumped'; groupEpoch: number; cause: EpochCause }
  | { kind: 'targetComputed'; epoch: number; target: Record<string, number[]> }
  | { kind: 'memberReconciled'; memberId: string; memberEpoch: number; state: ReconciliationState; assigned: number[]; pendingRevocation: number[]; previousState: ReconciliationState }
  | { kind: 'memberFenced'; memberId: string; why: 'sessionTimeout' | 'rebalanceTimeout' }
  | { kind: 'staticMemberLeft'; memberId: string }
  | { kind: 'staticMemberReplaced'; oldMemberId: string; memberId: string }
  | { kind: 'groupStable'; epoch: number }
