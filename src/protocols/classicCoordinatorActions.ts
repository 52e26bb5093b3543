// The classic group coordinator's actions (GroupMetadataManager's handlers for JoinGroup,
// SyncGroup, Heartbeat, LeaveGroup and its timers): each computes one bookkeeping step with
// classicGroupLogic.ts / classicGroupRebalance.ts and emits it as actions. classicCoordinatorMachine.ts
// decides which runs when. Pure.

import type { ClassicCoordinatorEvent, CoordinatorReport, CoordinatorResponseEvent, ErrorCode, ReplyTo } from './classicMessages.ts'
import * as g from './classicGroupLogic.ts'
import * as r from './classicGroupRebalance.ts'
import { actionsFor, emitStep, type CoordinatorEffect } from './machineKit.ts'

export type ClassicGroupEvent = ClassicCoordinatorEvent | { type: 'admin.deleteGroup' }
export type ClassicCoordinatorEffect = CoordinatorEffect<CoordinatorResponseEvent, CoordinatorReport>

type Ctx = g.ClassicGroupContext
type Ev = ClassicGroupEvent
type JoinEvent = Extract<Ev, { type: 'member.joinGroup' }>
const act = actionsFor<Ctx, Ev, ClassicCoordinatorEffect>()

/** An action for one event type: a step from the context, filled by `f`, emitted. */
function onEvent<T extends Ev['type']>(type: T, f: (s: g.Step, e: Extract<Ev, { type: T }>) => void) {
  return act(({ context, event, enqueue }) => {
    if (event.type !== type) return
    const s = g.step(context)
    f(s, event as Extract<Ev, { type: T }>)
    emitStep(enqueue, s)
  })
}
const onJoin = (f: (s: g.Step, e: JoinEvent) => void) => onEvent('member.joinGroup', f)
/** An action that is one step of the bookkeeping, whatever the event. */
const stepAction = (f: (s: g.Step) => g.Step) => act(({ context, enqueue }) => emitStep(enqueue, f(g.step(context))))

const reply = (s: g.Step, replyTo: ReplyTo, event: CoordinatorResponseEvent): void => {
  s.replies.push({ replyTo, event })
}
export const joinRequest = (e: Ev) => (e.type === 'member.joinGroup' ? e.request : null)
export const joinKind = (c: Ctx, e: Ev): g.JoinKind | null => {
  const req = joinRequest(e)
  return req ? g.classifyJoin(c, req) : null
}
export const syncError = (c: Ctx, e: Ev): ErrorCode => {
  if (e.type !== 'member.syncGroup') return 'NONE'
  const v = g.validateMember(c, e.request.memberId, e.request.groupInstanceId)
  if (v !== 'NONE') return v
  return e.request.generation === c.generation ? 'NONE' : 'ILLEGAL_GENERATION'
}
/** The joining member's id: the one it sent, or the one the coordinator names a new member. */
const joiningId = (e: JoinEvent): string => (e.request.memberId === '' ? e.newMemberId : e.request.memberId)
/** A static member with a new member id takes over its instance id's place, with its new metadata. */
function replaceStatic(s: g.Step, e: JoinEvent): void {
  g.replaceStaticMember(s, e.request.groupInstanceId ?? '', e.newMemberId)
  g.updateMember(s, e.newMemberId, e.request, e.replyTo)
}
const rejoinCause = (c: Ctx, e: JoinEvent) =>
  ({ kind: 'memberRejoined', memberId: e.request.memberId, reason: e.request.reason, leader: e.request.memberId === c.leaderId }) as const

export const classicCoordinatorActions = {
  requireMemberId: onJoin((s, e) => g.requireMemberId(s, e.newMemberId, e.request.sessionTimeoutMs, e.replyTo)),
  addFirstMember: onJoin((s, e) => {
    const id = joiningId(e)
    g.addMember(s, id, e.request, e.replyTo, false)
    r.prepareRebalance(s, { kind: 'memberJoined', memberId: id }, true)
  }),
  parkNewMember: onJoin((s, e) => {
    const id = joiningId(e)
    g.addMember(s, id, e.request, e.replyTo, true)
  }),
  addMemberAndRebalance: onJoin((s, e) => {
    const id = joiningId(e)
    g.addMember(s, id, e.request, e.replyTo, false)
    r.prepareRebalance(s, { kind: 'memberJoined', memberId: id }, false)
  }),
  parkRejoin: onJoin((s, e) => g.updateMember(s, e.request.memberId, e.request, e.replyTo)),
  parkStaticRejoin: onJoin((s, e) => {
    replaceStatic(s, e)
  }),
  rejoinAndRebalance: onJoin((s, e) => {
    const cause = rejoinCause(s.ctx, e)
    g.updateMember(s, e.request.memberId, e.request, e.replyTo)
    r.prepareRebalance(s, cause, false)
  }),
  replaceStaticAndRebalance: onJoin((s, e) => {
    replaceStatic(s, e)
    r.prepareRebalance(s, { kind: 'staticMemberReplaced', memberId: e.newMemberId }, false)
  }),
  /** A static member back in a Stable group with protocols that change the selected one: rebalance. */
  replaceStaticChangingProtocol: onJoin((s, e) => {
    replaceStatic(s, e)
    r.prepareRebalance(s, { kind: 'staticMemberChangedProtocol', memberId: e.newMemberId, protocol: g.selectProtocol(s.ctx) }, false)
  }),
  /** KIP-345: a static member back within its session keeps its assignment; no rebalance. */
  replaceStaticAndReturnAssignment: onJoin((s, e) => {
    const oldId = g.staticMemberId(s.ctx, e.request.groupInstanceId ?? '') ?? ''
    replaceStatic(s, e)
    reply(s, e.replyTo, { type: 'coordinator.joinGroupResponse', response: r.currentGenerationResponse(s.ctx, e.newMemberId, true) })
    s.ctx = g.replaceMember(s.ctx, e.newMemberId, (m) => ({ ...m, awaitingJoin: null }))
    s.reports.push({ kind: 'staticMemberRejoined', oldMemberId: oldId, memberId: e.newMemberId, generation: s.ctx.generation })
  }),
  replyCurrentGeneration: onJoin((s, e) => {
    reply(s, e.replyTo, { type: 'coordinator.joinGroupResponse', response: r.currentGenerationResponse(s.ctx, e.request.memberId, false) })
  }),
  rejectJoin: onJoin((s, e) => {
    const v = g.validateMember(s.ctx, e.request.memberId, e.request.groupInstanceId)
    reply(s, e.replyTo, { type: 'coordinator.joinGroupResponse', response: g.joinError(v === 'NONE' ? 'UNKNOWN_MEMBER_ID' : v, e.request.memberId) })
  }),

  extendInitialDelay: onEvent('timer.initialRebalanceDelay', (s, e) => r.extendInitialDelay(s, e.delayMs, e.remainingMs)),
  removeNotYetRejoinedMembers: stepAction(r.removeNotYetRejoinedDynamicMembers),
  initEmptyGeneration: stepAction(r.initEmptyGeneration),
  awaitAnyRejoin: stepAction((s) => {
    s.timers.push({ kind: 'set', id: g.JOIN_TIMER, delayMs: g.rebalanceTimeoutMs(s.ctx), event: { type: 'timer.rebalanceTimeout' } })
    s.reports.push({ kind: 'noMemberRejoined', generation: s.ctx.generation })
    return s
  }),
  completeJoin: stepAction(r.completeJoin),

  parkSync: onEvent('member.syncGroup', (s, e) => {
    s.ctx = g.replaceMember(s.ctx, e.request.memberId, (m) => ({ ...m, awaitingSync: e.replyTo }))
    r.markSynced(s, e.request.memberId)
  }),
  propagateLeaderAssignment: onEvent('member.syncGroup', (s, e) => {
    s.ctx = g.replaceMember(s.ctx, e.request.memberId, (m) => ({ ...m, awaitingSync: e.replyTo }))
    r.markSynced(s, e.request.memberId)
    r.propagateAssignment(s, e.request.assignments)
  }),
  replyStableAssignment: onEvent('member.syncGroup', (s, e) => {
    r.markSynced(s, e.request.memberId)
    const assignment = g.findMember(s.ctx, e.request.memberId)?.assignment ?? []
    reply(s, e.replyTo, { type: 'coordinator.syncGroupResponse', response: { error: 'NONE', assignment } })
  }),
  rejectSync: onEvent('member.syncGroup', (s, e) => {
    reply(s, e.replyTo, { type: 'coordinator.syncGroupResponse', response: { error: syncError(s.ctx, e), assignment: [] } })
  }),
  replySyncDuringRebalance: onEvent('member.syncGroup', (s, e) => {
    const v = syncError(s.ctx, e)
    reply(s, e.replyTo, { type: 'coordinator.syncGroupResponse', response: { error: v === 'NONE' ? 'REBALANCE_IN_PROGRESS' : v, assignment: [] } })
  }),

  /** Validates, restarts the member's session timer, answers with `status`. */
  replyHeartbeat: act<{ status: ErrorCode }>(({ context, event, enqueue }, params) => {
    if (event.type !== 'member.heartbeat') return
    const s = g.step(context)
    const req = event.request
    let error = g.validateMember(context, req.memberId, req.groupInstanceId)
    if (error === 'NONE' && params.status !== 'UNKNOWN_MEMBER_ID' && req.generation !== context.generation) error = 'ILLEGAL_GENERATION'
    if (error === 'NONE' && params.status !== 'UNKNOWN_MEMBER_ID') g.scheduleSession(s, req.memberId)
    const out = params.status === 'UNKNOWN_MEMBER_ID' ? 'UNKNOWN_MEMBER_ID' : error === 'NONE' ? params.status : error
    reply(s, event.replyTo, { type: 'coordinator.heartbeatResponse', error: out, sentMemberId: req.memberId, sentGeneration: req.generation })
    emitStep(enqueue, s)
  }),

  leavePendingMember: onEvent('member.leaveGroup', (s, e) => {
    g.removePendingMember(s, e.request.memberId)
    reply(s, e.replyTo, { type: 'coordinator.leaveGroupResponse', error: 'NONE' })
  }),
  removeLeavingMember: onEvent('member.leaveGroup', (s, e) => {
    g.removeMember(s, e.request.memberId, 'leaveGroup')
    reply(s, e.replyTo, { type: 'coordinator.leaveGroupResponse', error: 'NONE' })
  }),
  removeLeavingMemberAndRebalance: onEvent('member.leaveGroup', (s, e) => {
    g.removeMember(s, e.request.memberId, 'leaveGroup')
    reply(s, e.replyTo, { type: 'coordinator.leaveGroupResponse', error: 'NONE' })
    r.prepareRebalance(s, { kind: 'memberLeft', memberId: e.request.memberId, reason: e.request.reason }, false)
  }),
  rejectLeave: onEvent('member.leaveGroup', (s, e) => {
    const v = g.validateMember(s.ctx, e.request.memberId, e.request.groupInstanceId)
    reply(s, e.replyTo, { type: 'coordinator.leaveGroupResponse', error: v === 'NONE' ? 'UNKNOWN_MEMBER_ID' : v })
  }),

  expirePendingMember: onEvent('timer.sessionTimeout', (s, e) => g.removePendingMember(s, e.memberId)),
  expireMember: onEvent('timer.sessionTimeout', (s, e) => g.removeMember(s, e.memberId, 'sessionTimeout')),
  expireMemberAndRebalance: onEvent('timer.sessionTimeout', (s, e) => {
    g.removeMember(s, e.memberId, 'sessionTimeout')
    r.prepareRebalance(s, { kind: 'sessionTimeout', memberId: e.memberId }, false)
  }),
  expirePendingSyncAndRebalance: onEvent('timer.syncTimeout', (s) => {
    const late = [...s.ctx.pendingSync]
    for (const id of late) g.removeMember(s, id, 'syncTimeout')
    r.prepareRebalance(s, { kind: 'syncTimeout', memberIds: late }, false)
  }),

  replyCoordinatorNotAvailable: act(({ context, event, enqueue }) => {
    const s = g.step(context)
    if (event.type === 'member.joinGroup') reply(s, event.replyTo, { type: 'coordinator.joinGroupResponse', response: g.joinError('COORDINATOR_NOT_AVAILABLE', event.request.memberId) })
    if (event.type === 'member.syncGroup') reply(s, event.replyTo, { type: 'coordinator.syncGroupResponse', response: { error: 'COORDINATOR_NOT_AVAILABLE', assignment: [] } })
    if (event.type === 'member.heartbeat') reply(s, event.replyTo, { type: 'coordinator.heartbeatResponse', error: 'COORDINATOR_NOT_AVAILABLE', sentMemberId: event.request.memberId, sentGeneration: event.request.generation })
    if (event.type === 'member.leaveGroup') reply(s, event.replyTo, { type: 'coordinator.leaveGroupResponse', error: 'COORDINATOR_NOT_AVAILABLE' })
    emitStep(enqueue, s)
  }),
}
