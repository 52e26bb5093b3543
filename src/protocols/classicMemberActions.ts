// The classic consumer's context, events, effects and actions (AbstractCoordinator +
// ConsumerCoordinator): what classicMemberMachine.ts runs when. Pure: timers are delayed raises;
// requests, rebalance callbacks and narration are effects the runtime carries out.

import type { AssignorName } from '../kafka/assignors/assignor.ts'
import { NO_GENERATION, type CoordinatorResponseEvent, type JoinGroupRequest, type MemberRequest } from './classicMessages.ts'
import { runAssignor, withholdTransferring } from './leaderAssignment.ts'
import { actionsFor, ascending, minus } from './machineKit.ts'
import { memberTimers, type MemberBaseEvent, type MemberEffect } from './memberKit.ts'

export interface ClassicMemberInput {
  slot: number
  clientId: string
  /** group.instance.id (KIP-345), or null for a dynamic member. */
  groupInstanceId: string | null
  protocol: 'eager' | 'cooperative'
  assignor: AssignorName
  topic: string
  partitionCount: number
  sessionTimeoutMs: number
  heartbeatIntervalMs: number
  /** max.poll.interval.ms, which is also the rebalance timeout the member sends. */
  maxPollIntervalMs: number
  /** enable.auto.commit: the member commits what it consumed before every rejoin and on close. */
  autoCommit: boolean
}

export interface ClassicMemberContext extends ClassicMemberInput {
  memberId: string
  generation: number
  protocolName: string | null
  leaderId: string | null
  /** subscriptions.assignedPartitions(): what the application consumes. */
  owned: number[]
  /** The last assignment and its generation (the sticky assignor's userData under EAGER). */
  lastAssignment: number[]
  lastAssignmentGeneration: number
  rejoinNeeded: boolean
  rejoinReason: string
  needsJoinPrepare: boolean
  /** onJoinPrepare's auto-commit for the coming JoinGroup is done. */
  joinPrepareCommitted: boolean
  /** The application has called poll() at least once. */
  hasPolled: boolean
  /** A SyncGroup result not yet applied by onJoinComplete (that runs inside poll). */
  pendingAssignment: number[] | null
  /** What follows the commit or onPartitionsRevoked callback the application thread is running. */
  afterCallback: 'join' | 'leave'
  /** Leader only: the partition count its assignment was computed for. */
  assignmentSnapshot: number | null
  /** max.poll.interval.ms ran out while the heartbeat thread was disabled. */
  pollTimerExpired: boolean
}

export type ClassicMemberEvent = MemberBaseEvent | CoordinatorResponseEvent

export type ClassicMemberReport =
  | { kind: 'joinGroupSent'; reason: string }
  | { kind: 'assignmentApplied'; memberId: string; generation: number; added: number[]; revoked: number[]; owned: number[] }
  | { kind: 'pollTimeoutExpired'; sentLeaveGroup: boolean }
  | { kind: 'generationReset'; error: string }
  | { kind: 'fenced' }

export type ClassicMemberEffect = MemberEffect<MemberRequest, ClassicMemberReport>

type Ctx = ClassicMemberContext
type Ev = ClassicMemberEvent
const act = actionsFor<Ctx, Ev, ClassicMemberEffect>()

export const hasGeneration = (c: Ctx): boolean => c.memberId !== '' && c.generation !== NO_GENERATION
export const isResponse = <T extends CoordinatorResponseEvent['type']>(e: Ev, t: T): e is Extract<Ev, { type: T }> => e.type === t

function joinRequest(c: Ctx): JoinGroupRequest {
  const cooperative = c.protocol === 'cooperative'
  return {
    memberId: c.memberId,
    groupInstanceId: c.groupInstanceId,
    clientId: c.clientId,
    rebalanceTimeoutMs: c.maxPollIntervalMs,
    sessionTimeoutMs: c.sessionTimeoutMs,
    protocols: [c.assignor],
    // ownedPartitions: what it owns now. Under EAGER that is nothing (onJoinPrepare revoked it all);
    // only the eager StickyAssignor remembers the previous assignment, in its userData.
    subscription: cooperative
      ? { topics: [c.topic], owned: [...c.owned], generation: c.generation }
      : c.assignor === 'sticky'
        ? { topics: [c.topic], owned: [...c.lastAssignment], generation: c.lastAssignmentGeneration }
        : { topics: [c.topic], owned: [], generation: c.generation },
    reason: c.rejoinReason,
  }
}

/**
 * Whether an auto-commit goes out: enable.auto.commit, something owned, and a generation to commit
 * under (ConsumerCoordinator commits with generationIfStable(); without one it fails at once).
 */
const autoCommits = (c: Ctx): boolean => c.autoCommit && hasGeneration(c) && c.owned.length > 0
const commitOwned = (c: Ctx): ClassicMemberEffect => ({ type: 'commitOffsets', params: { partitions: [...c.owned] } })

const leaveGroup = (c: Ctx, reason: string): ClassicMemberEffect => ({ type: 'sendRequest', params: { type: 'member.leaveGroup', request: { memberId: c.memberId, groupInstanceId: null, reason } } })
const isDynamicMember = (c: Ctx): boolean => c.groupInstanceId === null && c.memberId !== ''

export const classicMemberActions = {
  scheduleHeartbeat: act(({ context, enqueue }) => memberTimers.scheduleHeartbeat(context, enqueue)),
  sendHeartbeat: act(({ context, enqueue }) =>
    enqueue({ type: 'sendRequest', params: { type: 'member.heartbeat', request: { memberId: context.memberId, groupInstanceId: context.groupInstanceId, generation: context.generation } } }),
  ),
  notePoll: act(({ context, enqueue }) => {
    memberTimers.notePoll(context, enqueue)
    enqueue.assign({ pollTimerExpired: false })
  }),
  runPollLoop: act(({ enqueue }) => memberTimers.runPollLoop(enqueue)),
  continuePollIfIdle: act(({ context, enqueue }) => memberTimers.continuePollIfIdle(context, enqueue)),
  sendJoinGroup: act(({ context, enqueue }) => {
    enqueue({ type: 'sendRequest', params: { type: 'member.joinGroup', request: joinRequest(context) } })
    enqueue({ type: 'report', params: { kind: 'joinGroupSent', reason: context.rejoinReason } })
    enqueue.assign({ needsJoinPrepare: false, joinPrepareCommitted: false })
  }),
  /**
   * onJoinPrepare, first step (ConsumerCoordinator.onJoinPrepare): with enable.auto.commit the
   * consumed offsets are committed, and the JoinGroup waits for the answer. Under COOPERATIVE the
   * member keeps consuming meanwhile (poll() does not wait for the join).
   */
  commitForJoin: act(({ context, enqueue }) => {
    enqueue(commitOwned(context))
    enqueue.assign({ joinPrepareCommitted: true, afterCallback: 'join' })
  }),
  /**
   * onJoinPrepare (EAGER): the auto-commit, then every owned partition is revoked, for the next
   * generation. The partitions are pending revocation from the start, so nothing is fetched between.
   */
  revokeAllForJoin: act(({ context, enqueue }) => {
    if (autoCommits(context)) enqueue(commitOwned(context))
    enqueue({ type: 'revokePartitions', params: { partitions: [...context.owned], rebalance: { generation: context.generation + 1 } } })
    enqueue.assign({ owned: [], afterCallback: 'join' })
  }),
  /** onJoinPrepare after the generation was reset: what was owned is lost. */
  loseOwned: act(({ context, enqueue }) => {
    if (context.owned.length > 0) enqueue({ type: 'losePartitions', params: { partitions: [...context.owned] } })
    enqueue.assign({ owned: [] })
  }),
  /**
   * close(): the auto-commit (ConsumerCoordinator.close), then onLeavePrepare revokes. A dynamic
   * member's LeaveGroup starts the next generation's rebalance; a static member's leaving starts
   * none (KIP-345).
   */
  prepareLeave: act(({ context, enqueue }) => {
    if (autoCommits(context)) enqueue(commitOwned(context))
    const rebalance = isDynamicMember(context) ? { generation: context.generation + 1 } : 'none'
    enqueue({ type: 'revokePartitions', params: { partitions: [...context.owned], rebalance } })
    enqueue.assign({ owned: [], afterCallback: 'leave' })
  }),
  /** Only dynamic members send LeaveGroup (KIP-345); static ones wait out session.timeout.ms. */
  sendLeaveGroupIfDynamic: act<{ reason: string }>(({ context, enqueue }, params) => {
    if (isDynamicMember(context)) enqueue(leaveGroup(context, params.reason))
  }),
  /** The heartbeat thread saw max.poll.interval.ms expire: leave (dynamic) and reset the generation. */
  leaveOnPollTimeout: act(({ context, enqueue }) => {
    const dynamic = isDynamicMember(context)
    if (dynamic) enqueue(leaveGroup(context, 'consumer poll timeout has expired.'))
    enqueue({ type: 'report', params: { kind: 'pollTimeoutExpired', sentLeaveGroup: dynamic } })
    enqueue.assign({
      memberId: '',
      generation: NO_GENERATION,
      protocolName: null,
      rejoinNeeded: true,
      needsJoinPrepare: true,
      pollTimerExpired: false,
      rejoinReason: 'consumer pro-actively leaving the group',
    })
  }),
  markPollTimerExpired: act(({ enqueue }) => enqueue.assign({ pollTimerExpired: true })),
  markLeaving: act(({ enqueue }) => enqueue.assign({ afterCallback: 'leave' })),
  requestRejoin: act<{ reason: string }>(({ enqueue }, params) => enqueue.assign({ rejoinNeeded: true, rejoinReason: params.reason })),
  /** resetStateAndRejoin after a heartbeat/join/sync error (ILLEGAL_GENERATION keeps the member id). */
  resetGeneration: act(({ context, event, enqueue }) => {
    const error =
      event.type === 'coordinator.heartbeatResponse' ? event.error
      : event.type === 'coordinator.joinGroupResponse' ? event.response.error
      : event.type === 'coordinator.syncGroupResponse' ? event.response.error
      : 'UNKNOWN_MEMBER_ID'
    enqueue.assign({
      memberId: error === 'ILLEGAL_GENERATION' ? context.memberId : '',
      generation: NO_GENERATION,
      protocolName: null,
      rejoinNeeded: true,
      needsJoinPrepare: true,
      rejoinReason: `encountered ${error}`,
    })
    enqueue({ type: 'report', params: { kind: 'generationReset', error } })
  }),
  adoptMemberId: act(({ event, enqueue }) => {
    if (isResponse(event, 'coordinator.joinGroupResponse')) enqueue.assign({ memberId: event.response.memberId, rejoinReason: 'need to re-join with the given member-id' })
  }),
  acceptJoin: act(({ event, enqueue }) => {
    if (!isResponse(event, 'coordinator.joinGroupResponse')) return
    const r = event.response
    enqueue.assign({ memberId: r.memberId, generation: r.generation, protocolName: r.protocolName, leaderId: r.leaderId })
  }),
  sendFollowerSync: act(({ context, enqueue }) =>
    enqueue({ type: 'sendRequest', params: { type: 'member.syncGroup', request: { memberId: context.memberId, groupInstanceId: context.groupInstanceId, generation: context.generation, assignments: {} } } }),
  ),
  /** onLeaderElected: run the assignor over every member's subscription and send it in SyncGroup. */
  performAssignmentAndSync: act(({ context, event, enqueue }) => {
    if (!isResponse(event, 'coordinator.joinGroupResponse')) return
    let assignments: Record<string, number[]> = {}
    if (!event.response.skipAssignment) {
      const members = event.response.members.map((m) => ({
        memberId: m.memberId,
        groupInstanceId: m.groupInstanceId,
        owned: m.subscription.owned,
        generation: m.subscription.generation,
      }))
      assignments = runAssignor({ assignor: context.assignor, topic: context.topic, partitionCount: context.partitionCount, members, ...(event.partitionLoad ? { load: event.partitionLoad } : {}) })
      if (context.protocol === 'cooperative') assignments = withholdTransferring(assignments, members)
      enqueue.assign({ assignmentSnapshot: context.partitionCount })
    }
    enqueue({ type: 'sendRequest', params: { type: 'member.syncGroup', request: { memberId: context.memberId, groupInstanceId: context.groupInstanceId, generation: context.generation, assignments } } })
  }),
  storeAssignment: act(({ event, enqueue }) => {
    if (isResponse(event, 'coordinator.syncGroupResponse')) enqueue.assign({ pendingAssignment: ascending(event.response.assignment), rejoinNeeded: false, rejoinReason: '' })
  }),
  /**
   * onJoinComplete. EAGER owns nothing here, so everything assigned is added. COOPERATIVE revokes
   * owned − assigned, adds assigned − owned, and if it revoked anything asks to rejoin at once.
   */
  applyAssignment: act(({ context, enqueue }) => {
    const assigned = context.pendingAssignment ?? []
    const revoked = minus(context.owned, assigned)
    const added = minus(assigned, context.owned)
    if (revoked.length > 0) enqueue({ type: 'revokePartitions', params: { partitions: revoked, rebalance: { generation: context.generation } } })
    if (added.length > 0) enqueue({ type: 'assignPartitions', params: { partitions: added } })
    enqueue({ type: 'report', params: { kind: 'assignmentApplied', memberId: context.memberId, generation: context.generation, added, revoked, owned: assigned } })
    enqueue.assign({
      owned: assigned,
      lastAssignment: assigned,
      lastAssignmentGeneration: context.generation,
      pendingAssignment: null,
      needsJoinPrepare: true,
      ...(revoked.length > 0 ? { rejoinNeeded: true, rejoinReason: 'need to revoke partitions and re-join', afterCallback: 'join' as const } : {}),
    })
  }),
  /** ConsumerCoordinator.rejoinNeededOrPending: the leader's metadata no longer matches its assignment. */
  updateMetadata: act(({ context, event, enqueue }) => {
    if (event.type !== 'metadata.update') return
    enqueue.assign({ partitionCount: event.partitionCount })
    const isLeader = context.leaderId !== null && context.leaderId === context.memberId
    if (isLeader && context.assignmentSnapshot !== null && context.assignmentSnapshot !== event.partitionCount) {
      enqueue.assign({ rejoinNeeded: true, rejoinReason: 'cached metadata has changed' })
    }
  }),
  reportFenced: act(({ enqueue }) => enqueue({ type: 'report', params: { kind: 'fenced' } })),
}
