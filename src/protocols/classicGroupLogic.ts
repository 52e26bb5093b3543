// The classic group coordinator's bookkeeping as pure functions over plain data, in the words of
// Kafka's ClassicGroup / GroupMetadataManager. The machine (classicCoordinatorMachine.ts) decides
// which of these runs when; each returns a new context plus the effects to carry out.
// Reads only its arguments. Members keep insertion order (Kafka iterates a HashMap: where the
// leader falls back to "the first member", ours is the earliest joined).

import {
  type ClassicCoordinatorEvent,
  type CoordinatorReport,
  type CoordinatorResponseEvent,
  type ErrorCode,
  type JoinGroupRequest,
  type JoinGroupResponse,
  type RebalanceCause,
  type ReplyTo,
  type Subscription,
} from './classicMessages.ts'

export interface GroupMember {
  memberId: string
  groupInstanceId: string | null
  clientId: string
  rebalanceTimeoutMs: number
  sessionTimeoutMs: number
  protocols: string[]
  subscription: Subscription
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

/** One timer change: set (replacing any with the same id) or cancel. */
export type TimerEffect =
  | { kind: 'set'; id: string; delayMs: number; event: ClassicCoordinatorEvent }
  | { kind: 'cancel'; id: string }

export interface Step {
  ctx: ClassicGroupContext
  replies: Array<{ replyTo: ReplyTo; event: CoordinatorResponseEvent }>
  reports: CoordinatorReport[]
  timers: TimerEffect[]
}

export const JOIN_TIMER = 'join'
export const SYNC_TIMER = 'sync'
export const sessionTimerId = (memberId: string): string => `session:${memberId}`

export function step(ctx: ClassicGroupContext): Step {
  return { ctx, replies: [], reports: [], timers: [] }
}

export function findMember(ctx: ClassicGroupContext, memberId: string): GroupMember | undefined {
  return ctx.members.find((m) => m.memberId === memberId)
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

function replaceMember(ctx: ClassicGroupContext, memberId: string, f: (m: GroupMember) => GroupMember): ClassicGroupContext {
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

// ---------------------------------------------------------------- rebalance phases

/**
 * prepareRebalance: parked syncs are failed with REBALANCE_IN_PROGRESS (their assignments reset),
 * the pending-sync deadline is dropped, and the join deadline is armed: the initial delay for an
 * Empty group (KIP-134: D, with max(rebalance timeout − D, 0) left to extend it), else the
 * rebalance timeout.
 */
export function prepareRebalance(s: Step, cause: RebalanceCause, fromEmpty: boolean): Step {
  for (const m of s.ctx.members) {
    if (m.awaitingSync) {
      s.replies.push({ replyTo: m.awaitingSync, event: { type: 'coordinator.syncGroupResponse', response: { error: 'REBALANCE_IN_PROGRESS', assignment: [] } } })
      scheduleSession(s, m.memberId)
    }
  }
  s.ctx = { ...s.ctx, members: s.ctx.members.map((m) => ({ ...m, awaitingSync: null })), pendingSync: [] }
  s.timers.push({ kind: 'cancel', id: SYNC_TIMER })
  const timeout = rebalanceTimeoutMs(s.ctx)
  if (fromEmpty) {
    const delayMs = s.ctx.initialRebalanceDelayMs
    const remainingMs = Math.max(timeout - delayMs, 0)
    s.ctx = { ...s.ctx, newMemberAdded: false }
    s.timers.push({ kind: 'set', id: JOIN_TIMER, delayMs, event: { type: 'timer.initialRebalanceDelay', delayMs, remainingMs } })
  } else {
    s.timers.push({ kind: 'set', id: JOIN_TIMER, delayMs: timeout, event: { type: 'timer.rebalanceTimeout' } })
  }
  s.reports.push({ kind: 'rebalanceStarted', cause, generation: s.ctx.generation, initial: fromEmpty })
  return s
}

/** tryCompleteInitialRebalanceElseSchedule, the "extend" branch. */
export function extendInitialDelay(s: Step, delayMs: number, remainingMs: number): Step {
  const newDelayMs = Math.min(s.ctx.initialRebalanceDelayMs, remainingMs)
  const newRemainingMs = Math.max(remainingMs - delayMs, 0)
  s.ctx = { ...s.ctx, newMemberAdded: false }
  s.timers.push({ kind: 'set', id: JOIN_TIMER, delayMs: newDelayMs, event: { type: 'timer.initialRebalanceDelay', delayMs: newDelayMs, remainingMs: newRemainingMs } })
  s.reports.push({ kind: 'initialDelayExtended', delayMs: newDelayMs, remainingMs: newRemainingMs })
  return s
}

/** completeClassicGroupJoin, first half: dynamic members that did not rejoin are removed. */
export function removeNotYetRejoinedDynamicMembers(s: Step): Step {
  s.timers.push({ kind: 'cancel', id: JOIN_TIMER })
  for (const m of s.ctx.members) {
    if (m.awaitingJoin === null && m.groupInstanceId === null) removeMember(s, m.memberId, 'notRejoined')
  }
  return s
}

/** ClassicGroup.maybeElectNewJoinedLeader: keep a rejoined leader, else the first joined member. */
export function electJoinedLeader(ctx: ClassicGroupContext): string | null {
  const leader = ctx.leaderId === null ? undefined : findMember(ctx, ctx.leaderId)
  if (leader && leader.awaitingJoin !== null) return leader.memberId
  return ctx.members.find((m) => m.awaitingJoin !== null)?.memberId ?? null
}

/** The join phase ends with nobody left: the next generation is empty. */
export function initEmptyGeneration(s: Step): Step {
  s.ctx = { ...s.ctx, generation: s.ctx.generation + 1, protocolName: null, leaderId: null }
  s.reports.push({ kind: 'groupEmptied', generation: s.ctx.generation })
  return s
}

/**
 * completeClassicGroupJoin, second half: generation + 1, every parked JoinGroup answered (the
 * leader gets all subscriptions), session timers restarted, everyone pending sync until the
 * rebalance timeout.
 */
export function completeJoin(s: Step): Step {
  const leaderId = electJoinedLeader(s.ctx)
  if (leaderId === null) return s
  const generation = s.ctx.generation + 1
  s.ctx = { ...s.ctx, leaderId, generation }
  const protocolName = selectProtocol(s.ctx)
  s.ctx = { ...s.ctx, protocolName }
  const allMembers = s.ctx.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, subscription: m.subscription }))
  for (const m of s.ctx.members) {
    if (m.awaitingJoin === null) continue
    const response: JoinGroupResponse = {
      error: 'NONE',
      memberId: m.memberId,
      generation,
      protocolName,
      leaderId,
      members: m.memberId === leaderId ? allMembers : [],
      skipAssignment: false,
    }
    s.replies.push({ replyTo: m.awaitingJoin, event: { type: 'coordinator.joinGroupResponse', response } })
  }
  s.ctx = {
    ...s.ctx,
    members: s.ctx.members.map((m) => ({ ...m, awaitingJoin: null, isNew: false })),
    pendingSync: s.ctx.members.map((m) => m.memberId),
  }
  for (const m of s.ctx.members) scheduleSession(s, m.memberId)
  s.timers.push({ kind: 'set', id: SYNC_TIMER, delayMs: rebalanceTimeoutMs(s.ctx), event: { type: 'timer.syncTimeout', generation } })
  s.reports.push({ kind: 'joinCompleted', generation, leaderId, memberIds: s.ctx.members.map((m) => m.memberId) })
  return s
}

/** A SyncGroup arrives: it is no longer pending; the deadline goes once everyone has synced. */
export function markSynced(s: Step, memberId: string): Step {
  s.ctx = { ...s.ctx, pendingSync: s.ctx.pendingSync.filter((id) => id !== memberId) }
  if (s.ctx.pendingSync.length === 0) s.timers.push({ kind: 'cancel', id: SYNC_TIMER })
  return s
}

/** setAndPropagateAssignment: every member gets its share (missing = empty); parked syncs answered. */
export function propagateAssignment(s: Step, assignments: Record<string, number[]>): Step {
  s.ctx = { ...s.ctx, members: s.ctx.members.map((m) => ({ ...m, assignment: [...(assignments[m.memberId] ?? [])] })) }
  for (const m of s.ctx.members) {
    if (!m.awaitingSync) continue
    s.replies.push({ replyTo: m.awaitingSync, event: { type: 'coordinator.syncGroupResponse', response: { error: 'NONE', assignment: m.assignment } } })
    scheduleSession(s, m.memberId)
  }
  s.ctx = { ...s.ctx, members: s.ctx.members.map((m) => ({ ...m, awaitingSync: null })) }
  s.reports.push({ kind: 'stable', generation: s.ctx.generation, assignments: Object.fromEntries(s.ctx.members.map((m) => [m.memberId, m.assignment])) })
  return s
}

/** The JoinGroup answer for the current generation (a follower rejoining unchanged, a static rejoin). */
export function currentGenerationResponse(ctx: ClassicGroupContext, memberId: string, skipAssignment: boolean): JoinGroupResponse {
  const isLeader = memberId === ctx.leaderId
  return {
    error: 'NONE',
    memberId,
    generation: ctx.generation,
    protocolName: ctx.protocolName,
    leaderId: ctx.leaderId,
    members: isLeader ? ctx.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, subscription: m.subscription })) : [],
    skipAssignment: skipAssignment && isLeader,
  }
}

export function joinError(error: ErrorCode, memberId: string): JoinGroupResponse {
  return { error, memberId, generation: -1, protocolName: null, leaderId: null, members: [], skipAssignment: false }
}
