// KIP-848 group coordinator bookkeeping as pure functions over plain data: group epoch, target
// assignment, and per-member reconciliation in the manner of Kafka's CurrentAssignmentBuilder
// (revoke first, assign only partitions no other member still holds). consumerGroupMachine.ts
// decides when each runs. Reads only its arguments.

import type { AssignorName } from '../kafka/assignors/assignor.ts'
import type {
  ConsumerGroupError,
  ConsumerGroupHeartbeatRequest,
  ConsumerGroupReport,
  ConsumerGroupResponseEvent,
  EpochCause,
  ReconciliationState,
  ConsumerGroupTimerEvent,
  ReplyTo,
} from './consumerGroupMessages.ts'
import { runAssignor } from './leaderAssignment.ts'
import { ascending, memberById, minus, newStep, type CoordinatorStep } from './machineKit.ts'

export interface ConsumerGroupMember {
  memberId: string
  groupInstanceId: string | null
  /** -2 while a static member is away (it keeps its assignment until its session expires). */
  memberEpoch: number
  previousMemberEpoch: number
  state: ReconciliationState
  assigned: number[]
  pendingRevocation: number[]
  rebalanceTimeoutMs: number
}

export interface ConsumerGroupInput {
  groupId: string
  /** group.consumer.assignors: 'uniform' (default) or 'range'. */
  assignor: AssignorName
  topic: string
  partitionCount: number
  /** group.consumer.session.timeout.ms / group.consumer.heartbeat.interval.ms (broker side). */
  sessionTimeoutMs: number
  heartbeatIntervalMs: number
}

export interface ConsumerGroupContext extends ConsumerGroupInput {
  groupEpoch: number
  targetAssignmentEpoch: number
  target: Record<string, number[]>
  members: ConsumerGroupMember[]
}

/** One coordinator step, plus a member to reconcile once the target assignment is current. */
export interface Step extends CoordinatorStep<ConsumerGroupContext, ConsumerGroupTimerEvent, ConsumerGroupResponseEvent, ConsumerGroupReport> {
  reconcile: { memberId: string; owned: number[]; replyTo: ReplyTo } | null
}

export const sessionTimerId = (memberId: string): string => `session:${memberId}`
export const rebalanceTimerId = (memberId: string): string => `rebalance:${memberId}`

export const step = (ctx: ConsumerGroupContext): Step => ({ ...newStep(ctx), reconcile: null })

export function findMember(ctx: ConsumerGroupContext, memberId: string): ConsumerGroupMember | undefined {
  return memberById(ctx.members, memberId)
}


function setMember(s: Step, m: ConsumerGroupMember): void {
  const exists = s.ctx.members.some((x) => x.memberId === m.memberId)
  s.ctx = { ...s.ctx, members: exists ? s.ctx.members.map((x) => (x.memberId === m.memberId ? m : x)) : [...s.ctx.members, m] }
}

function reply(s: Step, replyTo: ReplyTo, memberId: string, memberEpoch: number, assignment: number[] | null, error: ConsumerGroupError = 'NONE'): void {
  s.replies.push({
    replyTo,
    event: { type: 'coordinator.consumerGroupHeartbeatResponse', response: { error, memberId, memberEpoch, heartbeatIntervalMs: s.ctx.heartbeatIntervalMs, assignment } },
  })
}

export function bumpGroupEpoch(s: Step, cause: EpochCause): void {
  s.ctx = { ...s.ctx, groupEpoch: s.ctx.groupEpoch + 1 }
  s.reports.push({ kind: 'epochBumped', groupEpoch: s.ctx.groupEpoch, cause })
}

function scheduleSession(s: Step, memberId: string): void {
  s.timers.push({ kind: 'set', id: sessionTimerId(memberId), delayMs: s.ctx.sessionTimeoutMs, event: { type: 'timer.sessionTimeout', memberId } })
}

/** Removes a member (leave or fence): its partitions are free, the epoch moves, timers go. */
export function removeMember(s: Step, memberId: string, cause: EpochCause): void {
  s.ctx = { ...s.ctx, members: s.ctx.members.filter((m) => m.memberId !== memberId), target: Object.fromEntries(Object.entries(s.ctx.target).filter(([id]) => id !== memberId)) }
  s.timers.push({ kind: 'cancel', id: sessionTimerId(memberId) }, { kind: 'cancel', id: rebalanceTimerId(memberId) })
  bumpGroupEpoch(s, cause)
}

/**
 * consumerGroupHeartbeat, membership part: joins (epoch 0), leaves (-1, and -2 for a static
 * member going away for a while), and epoch validation. A valid heartbeat restarts the session
 * timer and asks for the member to be reconciled against the (maybe new) target assignment.
 */
export function acceptHeartbeat(s: Step, req: ConsumerGroupHeartbeatRequest, replyTo: ReplyTo): Step {
  const existing = findMember(s.ctx, req.memberId)
  if (req.memberEpoch === -1) {
    if (existing) removeMember(s, req.memberId, { kind: 'memberLeft', memberId: req.memberId })
    reply(s, replyTo, req.memberId, -1, null)
    return s
  }
  if (req.memberEpoch === -2) {
    if (existing) {
      setMember(s, { ...existing, previousMemberEpoch: existing.memberEpoch, memberEpoch: -2 })
      s.reports.push({ kind: 'staticMemberLeft', memberId: req.memberId })
    }
    reply(s, replyTo, req.memberId, -2, null)
    return s
  }
  if (req.memberEpoch === 0) {
    const byInstance = req.groupInstanceId === null ? undefined : s.ctx.members.find((m) => m.groupInstanceId === req.groupInstanceId)
    if (byInstance && (byInstance.memberId !== req.memberId || byInstance.memberEpoch === -2)) {
      if (byInstance.memberEpoch !== -2) {
        // The previous process of this instance id is still a member: it must leave or expire first.
        reply(s, replyTo, req.memberId, 0, null, 'UNRELEASED_INSTANCE_ID')
        return s
      }
      // A static member back within its session takes over its predecessor's place; no new epoch.
      s.ctx = {
        ...s.ctx,
        members: s.ctx.members.map((m) => (m.memberId === byInstance.memberId ? { ...m, memberId: req.memberId, memberEpoch: m.previousMemberEpoch, rebalanceTimeoutMs: req.rebalanceTimeoutMs } : m)),
        target: Object.fromEntries(Object.entries(s.ctx.target).map(([id, ps]) => [id === byInstance.memberId ? req.memberId : id, ps])),
      }
      s.timers.push({ kind: 'cancel', id: sessionTimerId(byInstance.memberId) }, { kind: 'cancel', id: rebalanceTimerId(byInstance.memberId) })
      s.reports.push({ kind: 'staticMemberReplaced', oldMemberId: byInstance.memberId, memberId: req.memberId })
    } else {
      // A member rejoining with epoch 0 (after being fenced) starts over with nothing assigned.
      if (existing) s.timers.push({ kind: 'cancel', id: rebalanceTimerId(req.memberId) })
      setMember(s, {
        memberId: req.memberId,
        groupInstanceId: req.groupInstanceId,
        memberEpoch: 0,
        previousMemberEpoch: -1,
        state: 'STABLE',
        assigned: [],
        pendingRevocation: [],
        rebalanceTimeoutMs: req.rebalanceTimeoutMs,
      })
      bumpGroupEpoch(s, { kind: 'memberJoined', memberId: req.memberId })
    }
    scheduleSession(s, req.memberId)
    s.reconcile = { memberId: req.memberId, owned: [...req.ownedPartitions], replyTo }
    return s
  }
  if (!existing) {
    reply(s, replyTo, req.memberId, req.memberEpoch, null, 'UNKNOWN_MEMBER_ID')
    return s
  }
  // throwIfMemberEpochIsInvalid: an older epoch is accepted only if it is the previous one and the
  // member owns no more than its assignment (it missed our last response).
  const stale = req.memberEpoch !== existing.memberEpoch
  const acceptable = req.memberEpoch === existing.previousMemberEpoch && req.ownedPartitions.every((p) => existing.assigned.includes(p))
  if (stale && !acceptable) {
    reply(s, replyTo, req.memberId, req.memberEpoch, null, 'FENCED_MEMBER_EPOCH')
    return s
  }
  scheduleSession(s, req.memberId)
  s.reconcile = { memberId: req.memberId, owned: [...req.ownedPartitions], replyTo }
  return s
}

/** The server-side assignor over every member, for the current group epoch. */
export function computeTargetAssignment(s: Step): Step {
  const c = s.ctx
  const members = c.members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, owned: c.target[m.memberId] ?? [], generation: c.targetAssignmentEpoch }))
  const target = members.length === 0 ? {} : runAssignor({ assignor: c.assignor, topic: c.topic, partitionCount: c.partitionCount, members })
  s.ctx = { ...c, target, targetAssignmentEpoch: c.groupEpoch }
  s.reports.push({ kind: 'targetComputed', epoch: c.groupEpoch, target })
  return s
}

/** Whether `memberId` may not take `p` yet: another member still holds it (assigned or revoking). */
function heldByOther(ctx: ConsumerGroupContext, memberId: string, p: number): boolean {
  return ctx.members.some((m) => m.memberId !== memberId && (m.assigned.includes(p) || m.pendingRevocation.includes(p)))
}

function withEpoch(m: ConsumerGroupMember, epoch: number): ConsumerGroupMember {
  return epoch === m.memberEpoch ? m : { ...m, previousMemberEpoch: m.memberEpoch, memberEpoch: epoch }
}

/**
 * One member's next state (CurrentAssignmentBuilder.build / computeNextAssignment, single topic):
 * keep current ∩ target; revoke current − target and stay at the old epoch until the member stops
 * reporting them; otherwise move to the target epoch and add the target partitions nobody else holds.
 */
export function nextMemberState(ctx: ConsumerGroupContext, m: ConsumerGroupMember, owned: readonly number[]): ConsumerGroupMember {
  const ownsAny = (ps: readonly number[]): boolean => ps.some((p) => owned.includes(p))
  if (m.state === 'STABLE' && m.memberEpoch === ctx.targetAssignmentEpoch) return m
  if (m.state === 'UNREVOKED_PARTITIONS' && ownsAny(m.pendingRevocation)) return m
  const target = ctx.target[m.memberId] ?? []
  const keep = m.assigned.filter((p) => target.includes(p))
  const revoke = minus(m.assigned, keep)
  const candidates = minus(target, keep)
  const toAssign = candidates.filter((p) => !heldByOther(ctx, m.memberId, p) || m.pendingRevocation.includes(p))
  const unreleased = toAssign.length < candidates.length
  if (revoke.length > 0 && ownsAny(revoke)) {
    return { ...m, state: 'UNREVOKED_PARTITIONS', assigned: ascending(keep), pendingRevocation: ascending(revoke) }
  }
  const next = withEpoch(m, ctx.targetAssignmentEpoch)
  return { ...next, state: unreleased ? 'UNRELEASED_PARTITIONS' : 'STABLE', assigned: ascending([...keep, ...toAssign]), pendingRevocation: [] }
}

/** Reconciles one member and answers its heartbeat; arms or drops its rebalance timeout. */
export function reconcileMember(s: Step, memberId: string, owned: readonly number[], replyTo: ReplyTo): Step {
  const m = findMember(s.ctx, memberId)
  if (!m) return s
  const next = nextMemberState(s.ctx, m, owned)
  setMember(s, next)
  if (next.state === 'UNREVOKED_PARTITIONS' && (m.state !== 'UNREVOKED_PARTITIONS' || m.memberEpoch !== next.memberEpoch)) {
    s.timers.push({ kind: 'set', id: rebalanceTimerId(memberId), delayMs: next.rebalanceTimeoutMs, event: { type: 'timer.rebalanceTimeout', memberId, memberEpoch: next.memberEpoch } })
  } else if (next.state !== 'UNREVOKED_PARTITIONS' && m.state === 'UNREVOKED_PARTITIONS') {
    s.timers.push({ kind: 'cancel', id: rebalanceTimerId(memberId) })
  }
  if (next !== m) {
    s.reports.push({ kind: 'memberReconciled', memberId, memberEpoch: next.memberEpoch, state: next.state, assigned: next.assigned, pendingRevocation: next.pendingRevocation, previousState: m.state })
  }
  reply(s, replyTo, memberId, next.memberEpoch, next.assigned)
  return s
}

export function isReconciling(ctx: ConsumerGroupContext): boolean {
  return ctx.members.some((m) => m.memberEpoch !== ctx.targetAssignmentEpoch || m.state !== 'STABLE')
}

/** The session ran out (no heartbeat for group.consumer.session.timeout.ms): fence the member. */
export function expireSession(s: Step, memberId: string): Step {
  if (!findMember(s.ctx, memberId)) return s
  s.reports.push({ kind: 'memberFenced', memberId, why: 'sessionTimeout' })
  removeMember(s, memberId, { kind: 'sessionTimeout', memberId })
  return s
}

/** Still holding partitions it was asked to revoke after its rebalance timeout: fence it. */
export function expireRebalance(s: Step, memberId: string, memberEpoch: number): Step {
  const m = findMember(s.ctx, memberId)
  if (!m || m.state !== 'UNREVOKED_PARTITIONS' || m.memberEpoch !== memberEpoch) return s
  s.reports.push({ kind: 'memberFenced', memberId, why: 'rebalanceTimeout' })
  removeMember(s, memberId, { kind: 'rebalanceTimeout', memberId })
  return s
}

/** Subscribed topic metadata changed (partitions added): a new group epoch. */
export function updatePartitionCount(s: Step, partitionCount: number): Step {
  if (partitionCount === s.ctx.partitionCount) return s
  s.ctx = { ...s.ctx, partitionCount }
  bumpGroupEpoch(s, { kind: 'partitionsChanged', partitionCount })
  return s
}
