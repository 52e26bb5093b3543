// The classic group protocol's wire messages (JoinGroup, SyncGroup, Heartbeat, LeaveGroup) and the
// events the coordinator and member machines receive. Pure types; Kafka's names as data.
// A single subscribed topic: partitions are plain numbers.

/** Kafka `Errors` codes the classic protocol uses. */
export type ErrorCode =
  | 'NONE'
  | 'MEMBER_ID_REQUIRED'
  | 'UNKNOWN_MEMBER_ID'
  | 'ILLEGAL_GENERATION'
  | 'REBALANCE_IN_PROGRESS'
  | 'FENCED_INSTANCE_ID'
  | 'COORDINATOR_NOT_AVAILABLE'

/** `Generation.NO_GENERATION`: no generation and no member id. */
export const NO_GENERATION = -1
export const UNKNOWN_MEMBER_ID = ''

/** The connection a response goes back on: a consumer slot and its process incarnation. */
export interface ReplyTo {
  slot: number
  incarnation: number
}

/** The ConsumerProtocol subscription (v2+): topics, owned partitions and their generation. */
export interface Subscription {
  topics: string[]
  /** Cooperative: partitions owned now. Eager: none, except the sticky assignor's previous assignment (its userData). */
  owned: number[]
  generation: number
}

export interface JoinGroupRequest {
  memberId: string
  groupInstanceId: string | null
  clientId: string
  rebalanceTimeoutMs: number
  sessionTimeoutMs: number
  /** Assignor names in preference order (the member's vote). */
  protocols: string[]
  subscription: Subscription
  reason: string
}

export interface JoinGroupResponseMember {
  memberId: string
  groupInstanceId: string | null
  subscription: Subscription
}

export interface JoinGroupResponse {
  error: ErrorCode
  memberId: string
  generation: number
  protocolName: string | null
  leaderId: string | null
  /** Only the leader gets every member's subscription. */
  members: JoinGroupResponseMember[]
  /** KIP-814: a static leader rejoining a Stable group must not reassign. */
  skipAssignment: boolean
}

export interface SyncGroupRequest {
  memberId: string
  groupInstanceId: string | null
  generation: number
  /** The leader's assignment for every member; empty for followers. */
  assignments: Record<string, number[]>
}

export interface SyncGroupResponse {
  error: ErrorCode
  assignment: number[]
}

export interface HeartbeatRequest {
  memberId: string
  groupInstanceId: string | null
  generation: number
}

export interface LeaveGroupRequest {
  memberId: string
  groupInstanceId: string | null
  reason: string
}

/** Requests as the coordinator receives them (the runtime adds `replyTo` and draws `newMemberId`). */
export type CoordinatorRequestEvent =
  | { type: 'member.joinGroup'; request: JoinGroupRequest; replyTo: ReplyTo; newMemberId: string }
  | { type: 'member.syncGroup'; request: SyncGroupRequest; replyTo: ReplyTo }
  | { type: 'member.heartbeat'; request: HeartbeatRequest; replyTo: ReplyTo }
  | { type: 'member.leaveGroup'; request: LeaveGroupRequest; replyTo: ReplyTo }

export type CoordinatorTimerEvent =
  | { type: 'timer.sessionTimeout'; memberId: string }
  | { type: 'timer.rebalanceTimeout' }
  | { type: 'timer.initialRebalanceDelay'; delayMs: number; remainingMs: number }
  | { type: 'timer.syncTimeout'; generation: number }

export type ClassicCoordinatorEvent = CoordinatorRequestEvent | CoordinatorTimerEvent

/** Responses as a member receives them. `sent*` echo the request so stale answers can be ignored. */
export type CoordinatorResponseEvent =
  /**
   * `partitionLoad`: not part of Kafka's response. With the lag-aware assignor the runtime adds the
   * partitions' weights as the leader would read them (end and committed offsets, rates) when it
   * receives its JoinGroup response, i.e. at onLeaderElected.
   */
  | { type: 'coordinator.joinGroupResponse'; response: JoinGroupResponse; partitionLoad?: readonly number[] }
  | { type: 'coordinator.syncGroupResponse'; response: SyncGroupResponse }
  | { type: 'coordinator.heartbeatResponse'; error: ErrorCode; sentMemberId: string; sentGeneration: number }
  | { type: 'coordinator.leaveGroupResponse'; error: ErrorCode }

/** What a member sends; the runtime turns it into a CoordinatorRequestEvent. */
export type MemberRequest =
  | { type: 'member.joinGroup'; request: JoinGroupRequest }
  | { type: 'member.syncGroup'; request: SyncGroupRequest }
  | { type: 'member.heartbeat'; request: HeartbeatRequest }
  | { type: 'member.leaveGroup'; request: LeaveGroupRequest }

/** Why the coordinator started a rebalance, as structured data the runtime puts into words. */
export type RebalanceCause =
  | { kind: 'memberJoined'; memberId: string }
  | { kind: 'memberRejoined'; memberId: string; reason: string; leader: boolean }
  | { kind: 'staticMemberReplaced'; memberId: string }
  /** A static member rejoined a Stable group with protocols that change the group's selected one. */
  | { kind: 'staticMemberChangedProtocol'; memberId: string; protocol: string | null }
  | { kind: 'memberLeft'; memberId: string; reason: string }
  | { kind: 'sessionTimeout'; memberId: string }
  | { kind: 'syncTimeout'; memberIds: string[] }

/** Facts the coordinator reports for narration and the rebalance log (no effect on the protocol). */
export type CoordinatorReport =
  | { kind: 'rebalanceStarted'; cause: RebalanceCause; generation: number; initial: boolean }
  | { kind: 'initialDelayExtended'; delayMs: number; remainingMs: number }
  | { kind: 'joinCompleted'; generation: number; leaderId: string; memberIds: string[] }
  | { kind: 'groupEmptied'; generation: number }
  | { kind: 'stable'; generation: number; assignments: Record<string, number[]> }
  | { kind: 'memberRemoved'; memberId: string; why: 'sessionTimeout' | 'leaveGroup' | 'syncTimeout' | 'notRejoined' }
  | { kind: 'staticMemberRejoined'; oldMemberId: string; memberId: string; generation: number }
  | { kind: 'noMemberRejoined'; generation: number }
