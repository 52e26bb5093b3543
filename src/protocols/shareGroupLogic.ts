// The KIP-932 share group coordinator's bookkeeping as pure functions over plain data, in the manner
// of Kafka's GroupMetadataManager.shareGroupHeartbeat / shareGroupLeave and ShareGroupAssignmentBuilder:
// a group epoch bumped by every join, leave, session timeout and partition change; a target
// assignment computed at once by the `simple` assignor; and no revocation barrier: a member takes
// its target in the answer to its next heartbeat. shareGroupMachine.ts decides when each runs.

import { simpleShareAssign } from '../kafka/shareAssignor.ts'
import { memberById, newStep, sameSet, type CoordinatorStep } from './machineKit.ts'
import {
  SHARE_JOIN_EPOCH,
  SHARE_LEAVE_EPOCH,
  type ReplyTo,
  type ShareEpochCause,
  type ShareGroupError,
  type ShareGroupHeartbeatRequest,
  type ShareGroupReport,
  type ShareGroupResponseEvent,
  type ShareGroupTimerEvent,
} from './shareGroupMessages.ts'

export interface ShareGroupMember {
  memberId: string
  memberEpoch: number
  /** Kafka accepts a heartbeat at the previous epoch too (the answer that moved it may have been lost). */
  previousMemberEpoch: number
  assigned: number[]
}

export interface ShareGroupInput {
  groupId: string
  /** The subscribed topic's id hash: it orders partitions inside the assignor, as in Kafka. */
  topicIdHash: number
  partitionCount: number
  /** group.share.session.timeout.ms / group.share.heartbeat.interval.ms (GroupCoordinatorConfig). */
  sessionTimeoutMs: number
  heartbeatIntervalMs: number
}

export interface ShareGroupContext extends ShareGroupInput {
  groupEpoch: number
  assignmentEpoch: number
  target: Record<string, number[]>
  /** In the order they joined (the order the assignor's member map is filled in). */
  members: ShareGroupMember[]
}

export type Step = CoordinatorStep<ShareGroupContext, ShareGroupTimerEvent, ShareGroupResponseEvent, ShareGroupReport>

export const shareSessionTimerId = (memberId: string): string => `session:${memberId}`

export const step = (ctx: ShareGroupContext): Step => newStep(ctx)

export function findShareMember(ctx: ShareGroupContext, memberId: string): ShareGroupMember | undefined {
  return memberById(ctx.members, memberId)
}

function reply(s: Step, replyTo: ReplyTo, error: ShareGroupError, memberId: string, memberEpoch: number, assignment: number[] | null): void {
  s.replies.push({ replyTo, event: { type: 'coordinator.shareGroupHeartbeatResponse', response: { error, memberId, memberEpoch, heartbeatIntervalMs: s.ctx.heartbeatIntervalMs, assignment } } })
}

/** The group epoch moves and the assignor runs at once (the target is never behind in a share group). */
function bumpEpoch(s: Step, cause: ShareEpochCause): void {
  const groupEpoch = s.ctx.groupEpoch + 1
  const ids = s.ctx.members.map((m) => m.memberId)
  const current = new Map(ids.map((id) => [id, s.ctx.target[id] ?? []]))
  const next = simpleShareAssign(ids, s.ctx.partitionCount, current, s.ctx.topicIdHash)
  const target: Record<string, number[]> = {}
  for (const id of ids) target[id] = next.get(id) ?? []
  s.ctx = { ...s.ctx, groupEpoch, assignmentEpoch: groupEpoch, target }
  s.reports.push({ kind: 'epochBumped', groupEpoch, cause }, { kind: 'targetComputed', epoch: groupEpoch, target })
}

function removeMember(s: Step, memberId: string, cause: ShareEpochCause): void {
  const { [memberId]: _gone, ...target } = s.ctx.target
  s.ctx = { ...s.ctx, members: s.ctx.members.filter((m) => m.memberId !== memberId), target }
  s.timers.push({ kind: 'cancel', id: shareSessionTimerId(memberId) })
  bumpEpoch(s, cause)
}

/** GroupMetadataManager.throwIfShareGroupMemberEpochIsInvalid: ahead is fenced; behind only by one step is not. */
function epochIsFenced(m: ShareGroupMember, received: number): boolean {
  if (received > m.memberEpoch) return true
  return received < m.memberEpoch && received !== m.previousMemberEpoch
}

/** ShareGroupHeartbeat: join (epoch 0), leave (epoch -1) or stay; the answer carries the assignment when it changed. */
export function acceptHeartbeat(s: Step, req: ShareGroupHeartbeatRequest, replyTo: ReplyTo): Step {
  if (req.memberEpoch === SHARE_LEAVE_EPOCH) {
    if (!findShareMember(s.ctx, req.memberId)) {
      reply(s, replyTo, 'UNKNOWN_MEMBER_ID', req.memberId, req.memberEpoch, null)
      return s
    }
    removeMember(s, req.memberId, { kind: 'memberLeft', memberId: req.memberId })
    s.reports.push({ kind: 'memberLeft', memberId: req.memberId })
    reply(s, replyTo, 'NONE', req.memberId, SHARE_LEAVE_EPOCH, null)
    return s
  }
  let m = findShareMember(s.ctx, req.memberId)
  if (!m) {
    if (req.memberEpoch !== SHARE_JOIN_EPOCH) {
      reply(s, replyTo, 'UNKNOWN_MEMBER_ID', req.memberId, req.memberEpoch, null)
      return s
    }
    m = { memberId: req.memberId, memberEpoch: SHARE_JOIN_EPOCH, previousMemberEpoch: -1, assigned: [] }
    s.ctx = { ...s.ctx, members: [...s.ctx.members, m] }
    bumpEpoch(s, { kind: 'memberJoined', memberId: req.memberId })
  } else if (epochIsFenced(m, req.memberEpoch)) {
    reply(s, replyTo, 'FENCED_MEMBER_EPOCH', req.memberId, req.memberEpoch, null)
    return s
  }
  // ShareGroupAssignmentBuilder: a member behind the target epoch takes the target whole, at once.
  let changed = false
  if (m.memberEpoch !== s.ctx.assignmentEpoch) {
    const assigned = [...(s.ctx.target[m.memberId] ?? [])]
    changed = !sameSet(assigned, m.assigned)
    const next: ShareGroupMember = { ...m, previousMemberEpoch: m.memberEpoch, memberEpoch: s.ctx.assignmentEpoch, assigned }
    s.ctx = { ...s.ctx, members: s.ctx.members.map((x) => (x.memberId === next.memberId ? next : x)) }
    m = next
  }
  s.timers.push({ kind: 'set', id: shareSessionTimerId(m.memberId), delayMs: s.ctx.sessionTimeoutMs, event: { type: 'timer.sessionTimeout', memberId: m.memberId } })
  reply(s, replyTo, 'NONE', m.memberId, m.memberEpoch, req.memberEpoch === SHARE_JOIN_EPOCH || changed ? [...m.assigned] : null)
  return s
}

/** No heartbeat for group.share.session.timeout.ms: the member is fenced and removed. */
export function expireSession(s: Step, memberId: string): Step {
  if (!findShareMember(s.ctx, memberId)) return s
  removeMember(s, memberId, { kind: 'sessionTimeout', memberId })
  s.reports.push({ kind: 'memberFenced', memberId })
  return s
}

/** The topic grew: a new group epoch and target (members pick it up at their next heartbeat). */
export function updatePartitionCount(s: Step, partitionCount: number): Step {
  if (partitionCount === s.ctx.partitionCount) return s
  s.ctx = { ...s.ctx, partitionCount }
  bumpEpoch(s, { kind: 'partitionsChanged', partitionCount })
  return s
}

/** A group formed before the run (warm start): these members at epoch 1 with the assignor's target. */
export function formedShareGroup(input: ShareGroupInput, memberIds: readonly string[]): ShareGroupContext {
  let s = step({ ...input, groupEpoch: 0, assignmentEpoch: 0, target: {}, members: memberIds.map((memberId) => ({ memberId, memberEpoch: 0, previousMemberEpoch: -1, assigned: [] })) })
  bumpEpoch(s, { kind: 'memberJoined', memberId: memberIds[0] ?? '' })
  const ctx = s.ctx
  s = step({ ...ctx, members: ctx.members.map((m) => ({ ...m, memberEpoch: ctx.groupEpoch, assigned: [...(ctx.target[m.memberId] ?? [])] })) })
  return s.ctx
}
