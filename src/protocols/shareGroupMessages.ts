// KIP-932 share groups: the ShareGroupHeartbeat RPC and the events and reports of the share group
// coordinator and member machines. Pure types. One subscribed topic: partitions are numbers.

import type { ReplyTo } from './classicMessages.ts'

export type { ReplyTo }

/** ShareGroupHeartbeatRequest's special member epochs: 0 joins, -1 leaves (share groups have no static members). */
export const SHARE_JOIN_EPOCH = 0
export const SHARE_LEAVE_EPOCH = -1

export type ShareGroupError = 'NONE' | 'UNKNOWN_MEMBER_ID' | 'FENCED_MEMBER_EPOCH'

export interface ShareGroupHeartbeatRequest {
  memberId: string
  memberEpoch: number
}

export interface ShareGroupHeartbeatResponse {
  error: ShareGroupError
  memberId: string
  memberEpoch: number
  heartbeatIntervalMs: number
  /** Sent when the member joined or its assignment changed (GroupMetadataManager.shareGroupHeartbeat); else null. */
  assignment: number[] | null
}

export type ShareGroupTimerEvent = { type: 'timer.sessionTimeout'; memberId: string }

export type ShareGroupCoordinatorEvent =
  | { type: 'member.shareGroupHeartbeat'; request: ShareGroupHeartbeatRequest; replyTo: ReplyTo }
  | ShareGroupTimerEvent
  | { type: 'metadata.partitionsChanged'; partitionCount: number }

export type ShareGroupMemberRequest = { type: 'member.shareGroupHeartbeat'; request: ShareGroupHeartbeatRequest }

export type ShareGroupResponseEvent = { type: 'coordinator.shareGroupHeartbeatResponse'; response: ShareGroupHeartbeatResponse }

/** Why the group epoch moved. */
export type ShareEpochCause =
  | { kind: 'memberJoined'; memberId: string }
  | { kind: 'memberLeft'; memberId: string }
  | { kind: 'sessionTimeout'; memberId: string }
  | { kind: 'partitionsChanged'; partitionCount: number }

export type ShareGroupReport =
  | { kind: 'epochBumped'; groupEpoch: number; cause: ShareEpochCause }
  | { kind: 'targetComputed'; epoch: number; target: Record<string, number[]> }
  | { kind: 'memberFenced'; memberId: string }
  | { kind: 'memberLeft'; memberId: string }
