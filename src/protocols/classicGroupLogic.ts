// The classic group coordinator's bookkeeping as pure functions over plain data, in the words of
// Kafka's ClassicGroup / GroupMetadataManager: the group, its members and membership changes (the
// rebalance phases are in classicGroupRebalance.ts). The machine (classicCoordinatorMachine.ts)
// decides which of these runs when; each updates a step: a new context plus the effects to carry
// out. Reads only its arguments. Members keep insertion order (Kafka iterates a HashMap: where the
// leader falls back to "the first member", ours is the earliest joined).

import type { CoordinatorReport, CoordinatorResponseEvent, CoordinatorTimerEvent, ErrorCode, JoinGroupRequest, JoinGroupResponse, ReplyTo } from './classicMessages.ts'
import { memberById, newStep, type CoordinatorStep } from './machineKit.ts'

/** A member as the coordinator keeps it: what its last JoinGroup said, and where it stands. */
export interface GroupMember extends Omit<JoinGroupRequest, 'reason'> {
  /** The parked JoinGroup (Kafka's awaitingJoinFuture). */
  awaitingJoin: ReplyTo | null
  /** The parked SyncGroup (awaitingSyncFuture). */
  awaitingSync: ReplyTo | null
  /** Joined during this rebalance: can expire while its JoinGroup is parked. */
  isNew: boolean
  assignment: number[]
}

export interface ClassicGroupContext {
  groupId: string
  /** Broker `group.initial.rebalance.delay.ms` (KIP-134). */
  initialRebalanceDelayMs: number
  /** Broker `group.classic.new.member.join.timeout.ms`-style limit on a new member's parked join. */
  newMemberJoinTimeoutMs: number
  generation: number
  protocolName: string | null
  leaderId: string | null
  members: GroupMember[]
  /** Dynamic member ids handed out with MEMBER_ID_REQUIRED, not joined yet. */
  pendingJoin: string[]
  /** Members that have not sent SyncGroup for the current generation. */
  pendingSync: string[]
  /** KIP-134: someone joined since the initial delay was last (re)armed. */
  newMemberAdded: boolean
}

/** One coordinator step: the new context, timers to set or cancel, responses and reports. */
export type Step = CoordinatorStep<ClassicGroupContext, CoordinatorTimerEvent, CoordinatorResponseEvent, CoordinatorReport>

export const JOIN_TIMER = 'join'
export const SYNC_TIMER = 'sync'
export const sessionTimerId = (memberId: string): string => `session:${memberId}`

export const step = (ctx: ClassicGroupContext): Step => newStep(ctx)

export function findMember(ctx: ClassicGroupContext, memberId: string): GroupMember | undefined {
  return memberById(ctx.members, memberId)
}

export function staticMemberId(ctx: ClassicGroupContext, groupInstanceId: string): string | undefined {
  return ctx.members.find((m) => m.groupInstanceId === groupInstanceId)?.memberId
}

/** `ClassicGroup.validateMember`: static members are checked by instance id, others by member id. */
export function validateMember(ctx: ClassicGroupContext, memberId: string, groupInstanceId: string | null): ErrorCode {
  if (groupInstanceId !== null) {
    const existing = staticMemberId(ctx, groupInstanceId)
    if (existing === undefined) return 'UNKNOWN_MEMBER_ID'
    return existing === memberId ? 'NONE' : 'FENCED_INSTANCE_ID'
  }
  return findMember(ctx, memberId) ? 'NONE' : 'UNKNOWN_MEMBER_ID'
}

/** How the coordinator must treat a JoinGroup (classicGroupJoinNewMember / ...ExistingMember). */
export type JoinKind = 'newDynamic' | 'pendingDynamic' | 'newStatic' | 'staticReplace' | 'existing' | 'rejected'

export function classifyJoin(ctx: ClassicGroupContext, req: JoinGroupRequest): JoinKind {
  if (req.memberId === '') {
    if (req.groupInstanceId === null) return 'newDynamic'
    return staticMemberId(ctx, req.groupInstanceId) === undefined ? 'newStatic' : 'staticReplace'
  }
  if (ctx.pendingJoin.includes(req.memberId)) return 'pendingDynamic'
  return validateMember(ctx, req.memberId, req.groupInstanceId) === 'NONE' ? 'existing' : 'rejected'
}

export function hasAllMembersJoined(ctx: ClassicGroupContext): boolean {
  return ctx.pendingJoin.length === 0 && ctx.members.every((m) => m.awaitingJoin !== null)
}

/** ClassicGroup.rebalanceTimeoutMs: the largest of the members' (max.poll.interval.ms). */
export function rebalanceTimeoutMs(ctx: ClassicGroupContext): number {
  return ctx.members.reduce((mx, m) => Math.max(mx, m.rebalanceTimeoutMs), 0)
}

/** ClassicGroupMember.hasSatisfiedHeartbeat: parked join/sync counts as alive, unless new. */
export function hasSatisfiedHeartbeat(m: GroupMember): boolean {
  return !m.isNew && (m.awaitingJoin !== null || m.awaitingSync !== null)
}

export function sameSubscription(m: GroupMember, req: JoinGroupRequest): boolean {
  const a = m.subscription
  const b = req.subscription
  return (
    a.generation === b.generation &&
    a.topics.join(',') === b.topics.join(',') &&
    a.owned.join(',') === b.owned.join(',') &&
    m.protocols.join(',') === req.protocols.join(',')
  )
}

/** ClassicGroup.selectProtocol: each member votes for its first protocol all members support. */
export function selectProtocol(ctx: ClassicGroupContext): string | null {
  const first = ctx.members[0]
  if (!first) return null
  const candidates = first.protocols.filter((p) => ctx.members.every((m) => m.protocols.includes(p)))
  const votes = new Map<string, number>()
  for (const m of ctx.members) {
    const vote = m.protocols.find((p) => candidates.includes(p))
    if (vote !== undefined) votes.set(vote, (votes.get(vote) ?? 0) + 1)
  }
  let best: string | null = null
  for (const c of candidates) if (best === null || (votes.get(c) ?? 0) > (votes.get(best) ?? 0)) best = c
  return best
}

/**
 * The protocol the group would select if the static member `groupInstanceId` supported
 * `protocols` (GroupMetadataManager.updateStaticMemberThenRebalanceOrCompleteJoin compares it with
 * the current one).
 */
export function selectedProtocolWith(ctx: ClassicGroupContext, groupInstanceId: string, protocols: readonly string[]): string | null {
  return selectProtocol({ ...ctx, members: ctx.members.map((m) => (m.groupInstanceId === groupInstanceId ? { ...m, protocols: [...protocols] } : m)) })
}

export function replaceMember(ctx: ClassicGroupContext, memberId: string, f: (m: GroupMember) => GroupMember): ClassicGroupContext {
  return { ...ctx, members: ctx.members.map((m) => (m.memberId === memberId ? f(m) : m)) }
}

// ---------------------------------------------------------------- membership changes

/** MEMBER_ID_REQUIRED (JoinGroup v4+): park the new id as pending; it must join again with it. */
export function requireMemberId(s: Step, newMemberId: string, sessionTimeoutMs: number, replyTo: ReplyTo): Step {
  s.ctx = { ...s.ctx, pendingJoin: [...s.ctx.pendingJoin, newMemberId] }
  s.timers.push({ kind: 'set', id: sessionTimerId(newMemberId), delayMs: sessionTimeoutMs, event: { type: 'timer.sessionTimeout', memberId: newMemberId } })
  s.replies.push({ replyTo, event: { type: 'coordinator.joinGroupResponse', response: joinError('MEMBER_ID_REQUIRED', newMemberId) } })
  return s
}

/** addMemberThenRebalanceOrCompleteJoin: the member is parked until the join phase completes. */
export function addMember(s: Step, memberId: string, req: JoinGroupRequest, replyTo: ReplyTo, initialRebalance: boolean): Step {
  const member: GroupMember = {
    memberId,
    groupInstanceId: req.groupInstanceId,
    clientId: req.clientId,
    rebalanceTimeoutMs: req.rebalanceTimeoutMs,
    sessionTimeoutMs: req.sessionTimeoutMs,
    protocols: [...req.protocols],
    subscription: req.subscription,
    awaitingJoin: replyTo,
    awaitingSync: null,
    isNew: true,
    assignment: [],
  }
  s.ctx = {
    ...s.ctx,
    members: [...s.ctx.members, member],
    leaderId: s.ctx.leaderId ?? memberId,
    pendingJoin: s.ctx.pendingJoin.filter((id) => id !== memberId),
    newMemberAdded: s.ctx.newMemberAdded || initialRebalance,
  }
  // A new member cannot heartbeat while parked: its join is timed out on its own clock.
  s.timers.push({ kind: 'set', id: sessionTimerId(memberId), delayMs: s.ctx.newMemberJoinTimeoutMs, event: { type: 'timer.sessionTimeout', memberId } })
  return s
}

/** updateMember: new metadata and timeouts; the JoinGroup is parked. */
export function updateMember(s: Step, memberId: string, req: JoinGroupRequest, replyTo: ReplyTo): Step {
  s.ctx = replaceMember(s.ctx, memberId, (m) => ({
    ...m,
    protocols: [...req.protocols],
    subscription: req.subscription,
    rebalanceTimeoutMs: req.rebalanceTimeoutMs,
    sessionTimeoutMs: req.sessionTimeoutMs,
    awaitingJoin: replyTo,
  }))
  return s
}

/**
 * KIP-345 replaceStaticMember: the instance id gets the new member id, keeping its assignment and
 * leadership. A parked join or sync of the old id is fenced.
 */
export function replaceStaticMember(s: Step, groupInstanceId: string, newMemberId: string): Step {
  const oldId = staticMemberId(s.ctx, groupInstanceId)
  const old = oldId === undefined ? undefined : findMember(s.ctx, oldId)
  if (!old || oldId === undefined) return s
  if (old.awaitingJoin) s.replies.push({ replyTo: old.awaitingJoin, event: { type: 'coordinator.joinGroupResponse', response: joinError('FENCED_INSTANCE_ID', oldId) } })
  if (old.awaitingSync) s.replies.push({ replyTo: old.awaitingSync, event: { type: 'coordinator.syncGroupResponse', response: { error: 'FENCED_INSTANCE_ID', assignment: [] } } })
  s.ctx = {
    ...replaceMember(s.ctx, oldId, (m) => ({ ...m, memberId: newMemberId, awaitingJoin: null, awaitingSync: null })),
    leaderId: s.ctx.leaderId === oldId ? newMemberId : s.ctx.leaderId,
    pendingSync: s.ctx.pendingSync.map((id) => (id === oldId ? newMemberId : id)),
  }
  s.timers.push({ kind: 'cancel', id: sessionTimerId(oldId) })
  scheduleSession(s, newMemberId)
  return s
}

/**
 * Removes a member (leave, expiry, not rejoined). Its parked JoinGroup gets UNKNOWN_MEMBER_ID so a
 * live client rejoins. The leader passes to the first remaining member (ClassicGroup.remove).
 */
export function removeMember(s: Step, memberId: string, why: Extract<CoordinatorReport, { kind: 'memberRemoved' }>['why']): Step {
  const m = findMember(s.ctx, memberId)
  if (!m) return s
  if (m.awaitingJoin) s.replies.push({ replyTo: m.awaitingJoin, event: { type: 'coordinator.joinGroupResponse', response: joinError('UNKNOWN_MEMBER_ID', '') } })
  const members = s.ctx.members.filter((x) => x.memberId !== memberId)
  s.ctx = {
    ...s.ctx,
    members,
    leaderId: s.ctx.leaderId === memberId ? (members[0]?.memberId ?? null) : s.ctx.leaderId,
    pendingSync: s.ctx.pendingSync.filter((id) => id !== memberId),
    pendingJoin: s.ctx.pendingJoin.filter((id) => id !== memberId),
  }
  s.timers.push({ kind: 'cancel', id: sessionTimerId(memberId) })
  s.reports.push({ kind: 'memberRemoved', memberId, why })
  return s
}

export function removePendingMember(s: Step, memberId: string): Step {
  s.ctx = { ...s.ctx, pendingJoin: s.ctx.pendingJoin.filter((id) => id !== memberId) }
  s.timers.push({ kind: 'cancel', id: sessionTimerId(memberId) })
  return s
}

export function scheduleSession(s: Step, memberId: string): Step {
  const m = findMember(s.ctx, memberId)
  if (m) s.timers.push({ kind: 'set', id: sessionTimerId(memberId), delayMs: m.sessionTimeoutMs, event: { type: 'timer.sessionTimeout', memberId } })
  return s
}

export function joinError(error: ErrorCode, memberId: string): JoinGroupResponse {
  return { error, memberId, generation: -1, protocolName: null, leaderId: null, members: [], skipAssignment: false }
}
