// The classic group coordinator's rebalance phases as pure functions over plain data
// (GroupMetadataManager.prepareRebalance, completeClassicGroupJoin, setAndPropagateAssignment and
// their helpers): each updates a step of classicGroupLogic.ts. Reads only its arguments.

import type { JoinGroupResponse, RebalanceCause } from './classicMessages.ts'
import { findMember, JOIN_TIMER, rebalanceTimeoutMs, removeMember, scheduleSession, selectProtocol, SYNC_TIMER, type ClassicGroupContext, type Step } from './classicGroupLogic.ts'

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
