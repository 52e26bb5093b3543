// One classic consumer's group membership (AbstractCoordinator + ConsumerCoordinator) as an XState
// v5 machine: the heartbeat thread, the poll timer and the join/sync steps that run inside poll().
// Pure: timers are delayed raises; requests, rebalance callbacks and narration are custom actions
// the runtime carries out. Eager and cooperative differ only in onJoinPrepare / onJoinComplete.

import { and, enqueueActions, setup, type EventObject, type ParameterizedObject } from 'xstate'
import type { AssignorName } from '../kafka/assignors/assignor.ts'
import { NO_GENERATION, type CoordinatorResponseEvent, type JoinGroupRequest, type MemberRequest } from './classicMessages.ts'
import { runAssignor, withholdTransferring } from './leaderAssignment.ts'

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
  /** The application has called poll() at least once. */
  hasPolled: boolean
  /** A SyncGroup result not yet applied by onJoinComplete (that runs inside poll). */
  pendingAssignment: number[] | null
  /** What follows the running onPartitionsRevoked callback. */
  afterRevoke: 'join' | 'leave'
  /** Leader only: the partition count its assignment was computed for. */
  assignmentSnapshot: number | null
  /** max.poll.interval.ms ran out while the heartbeat thread was disabled. */
  pollTimerExpired: boolean
}

export type ClassicMemberEvent =
  | { type: 'app.poll' }
  | { type: 'app.close' }
  | { type: 'app.crash' }
  | { type: 'metadata.update'; partitionCount: number }
  | CoordinatorResponseEvent
  | { type: 'timer.heartbeat' }
  | { type: 'timer.pollTimeout' }
  | { type: 'callback.revokeDone' }
  /** Internal: one pass of joinGroupIfNeeded inside poll(). */
  | { type: 'client.pollLoop' }

export type ClassicMemberReport =
  | { kind: 'joinGroupSent'; reason: string }
  | { kind: 'assignmentApplied'; memberId: string; generation: number; added: number[]; revoked: number[]; owned: number[] }
  | { kind: 'pollTimeoutExpired'; sentLeaveGroup: boolean }
  | { kind: 'generationReset'; error: string }
  | { kind: 'fenced' }

type Ctx = ClassicMemberContext
type Ev = ClassicMemberEvent
type Effect =
  | { type: 'sendRequest'; params: MemberRequest }
  | { type: 'revokePartitions'; params: { partitions: number[] } }
  | { type: 'losePartitions'; params: { partitions: number[] } }
  | { type: 'assignPartitions'; params: { partitions: number[] } }
  | { type: 'report'; params: ClassicMemberReport }
type Collect<P> = Parameters<typeof enqueueActions<Ctx, Ev, P, Ev, never, Effect, never, never, EventObject>>[0]

function act<P extends ParameterizedObject['params'] | undefined = undefined>(collect: Collect<P>) {
  return enqueueActions<Ctx, Ev, P, Ev, never, Effect, never, never, EventObject>(collect)
}

export const HEARTBEAT_TIMER = 'heartbeat'
export const POLL_TIMER = 'pollTimer'

const minus = (a: readonly number[], b: readonly number[]): number[] => a.filter((p) => !b.includes(p))
const hasGeneration = (c: Ctx): boolean => c.memberId !== '' && c.generation !== NO_GENERATION
const isResponse = <T extends CoordinatorResponseEvent['type']>(e: Ev, t: T): e is Extract<Ev, { type: T }> => e.type === t

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

export const classicMemberMachine = setup({
  types: { context: {} as Ctx, events: {} as Ev, input: {} as ClassicMemberInput },
  actions: {
    sendRequest: (_, _params: MemberRequest) => {},
    /** onPartitionsRevoked; the runtime answers with `callback.revokeDone` when it returns. */
    revokePartitions: (_, _params: { partitions: number[] }) => {},
    /** onPartitionsLost: nothing is committed. */
    losePartitions: (_, _params: { partitions: number[] }) => {},
    /** onPartitionsAssigned. */
    assignPartitions: (_, _params: { partitions: number[] }) => {},
    report: (_, _params: ClassicMemberReport) => {},

    scheduleHeartbeat: act(({ context, enqueue }) => {
      // `transition()` builds a throwaway actor without input, which runs this entry too.
      if (!(context.heartbeatIntervalMs > 0)) return
      enqueue.cancel(HEARTBEAT_TIMER)
      enqueue.raise({ type: 'timer.heartbeat' }, { id: HEARTBEAT_TIMER, delay: context.heartbeatIntervalMs })
    }),
    sendHeartbeat: act(({ context, enqueue }) =>
      enqueue({ type: 'sendRequest', params: { type: 'member.heartbeat', request: { memberId: context.memberId, groupInstanceId: context.groupInstanceId, generation: context.generation } } }),
    ),
    /** poll() was called: the max.poll.interval.ms timer starts over. */
    notePoll: act(({ context, enqueue }) => {
      enqueue.assign({ hasPolled: true, pollTimerExpired: false })
      enqueue.cancel(POLL_TIMER)
      enqueue.raise({ type: 'timer.pollTimeout' }, { id: POLL_TIMER, delay: context.maxPollIntervalMs })
    }),
    runPollLoop: act(({ enqueue }) => enqueue.raise({ type: 'client.pollLoop' })),
    /** A member that owns nothing sits inside poll(): what poll() does next happens now. */
    continuePollIfIdle: act(({ context, enqueue }) => {
      if (context.hasPolled && context.owned.length === 0) enqueue.raise({ type: 'client.pollLoop' })
    }),
    sendJoinGroup: act(({ context, enqueue }) => {
      enqueue({ type: 'sendRequest', params: { type: 'member.joinGroup', request: joinRequest(context) } })
      enqueue({ type: 'report', params: { kind: 'joinGroupSent', reason: context.rejoinReason } })
      enqueue.assign({ needsJoinPrepare: false })
    }),
    /** onJoinPrepare (EAGER): every owned partition is revoked before JoinGroup. */
    revokeAllForJoin: act(({ context, enqueue }) => {
      enqueue({ type: 'revokePartitions', params: { partitions: [...context.owned] } })
      enqueue.assign({ owned: [], afterRevoke: 'join' })
    }),
    /** onJoinPrepare after the generation was reset: what was owned is lost. */
    loseOwned: act(({ context, enqueue }) => {
      if (context.owned.length > 0) enqueue({ type: 'losePartitions', params: { partitions: [...context.owned] } })
      enqueue.assign({ owned: [] })
    }),
    /** onLeavePrepare: a clean close revokes (commits); without a valid generation it loses. */
    prepareLeave: act(({ context, enqueue }) => {
      enqueue({ type: 'revokePartitions', params: { partitions: [...context.owned] } })
      enqueue.assign({ owned: [], afterRevoke: 'leave' })
    }),
    /** Only dynamic members send LeaveGroup (KIP-345); static ones wait out session.timeout.ms. */
    sendLeaveGroupIfDynamic: act<{ reason: string }>(({ context, enqueue }, params) => {
      if (context.groupInstanceId === null && context.memberId !== '') {
        enqueue({ type: 'sendRequest', params: { type: 'member.leaveGroup', request: { memberId: context.memberId, groupInstanceId: null, reason: params.reason } } })
      }
    }),
    /** The heartbeat thread saw max.poll.interval.ms expire: leave (dynamic) and reset the generation. */
    leaveOnPollTimeout: act(({ context, enqueue }) => {
      const dynamic = context.groupInstanceId === null && context.memberId !== ''
      if (dynamic) {
        enqueue({ type: 'sendRequest', params: { type: 'member.leaveGroup', request: { memberId: context.memberId, groupInstanceId: null, reason: 'consumer poll timeout has expired.' } } })
      }
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
    markLeaving: act(({ enqueue }) => enqueue.assign({ afterRevoke: 'leave' })),
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
        assignments = runAssignor({ assignor: context.assignor, topic: context.topic, partitionCount: context.partitionCount, members })
        if (context.protocol === 'cooperative') assignments = withholdTransferring(assignments, members)
        enqueue.assign({ assignmentSnapshot: context.partitionCount })
      }
      enqueue({ type: 'sendRequest', params: { type: 'member.syncGroup', request: { memberId: context.memberId, groupInstanceId: context.groupInstanceId, generation: context.generation, assignments } } })
    }),
    storeAssignment: act(({ event, enqueue }) => {
      if (isResponse(event, 'coordinator.syncGroupResponse')) enqueue.assign({ pendingAssignment: [...event.response.assignment].sort((a, b) => a - b), rejoinNeeded: false, rejoinReason: '' })
    }),
    /**
     * onJoinComplete. EAGER owns nothing here, so everything assigned is added. COOPERATIVE revokes
     * owned − assigned, adds assigned − owned, and if it revoked anything asks to rejoin at once.
     */
    applyAssignment: act(({ context, enqueue }) => {
      const assigned = context.pendingAssignment ?? []
      const revoked = minus(context.owned, assigned)
      const added = minus(assigned, context.owned)
      if (revoked.length > 0) enqueue({ type: 'revokePartitions', params: { partitions: revoked } })
      if (added.length > 0) enqueue({ type: 'assignPartitions', params: { partitions: added } })
      enqueue({ type: 'report', params: { kind: 'assignmentApplied', memberId: context.memberId, generation: context.generation, added, revoked, owned: assigned } })
      enqueue.assign({
        owned: assigned,
        lastAssignment: assigned,
        lastAssignmentGeneration: context.generation,
        pendingAssignment: null,
        needsJoinPrepare: true,
        ...(revoked.length > 0 ? { rejoinNeeded: true, rejoinReason: 'need to revoke partitions and re-join', afterRevoke: 'join' as const } : {}),
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
  },
  guards: {
    hasGeneration: ({ context }) => hasGeneration(context),
    rejoinNeeded: ({ context }) => context.rejoinNeeded,
    hasPendingAssignment: ({ context }) => context.pendingAssignment !== null,
    /** Applying the pending assignment revokes something (COOPERATIVE). */
    assignmentRevokes: ({ context }) => context.pendingAssignment !== null && minus(context.owned, context.pendingAssignment).length > 0,
    /** onJoinPrepare with a reset generation/member id: owned partitions are lost. */
    mustLoseOwned: ({ context }) => context.needsJoinPrepare && !hasGeneration(context) && context.owned.length > 0,
    /** onJoinPrepare under EAGER: everything owned is revoked first. */
    mustRevokeAllBeforeJoin: ({ context }) => context.needsJoinPrepare && context.protocol === 'eager' && context.owned.length > 0,
    ownsPartitions: ({ context }) => context.owned.length > 0,
    isLeaving: ({ context }) => context.afterRevoke === 'leave',
    pollTimerExpired: ({ context }) => context.pollTimerExpired,
    joinSucceededAsLeader: ({ event }) =>
      isResponse(event, 'coordinator.joinGroupResponse') && event.response.error === 'NONE' && event.response.leaderId === event.response.memberId,
    joinSucceeded: ({ event }) => isResponse(event, 'coordinator.joinGroupResponse') && event.response.error === 'NONE',
    isMemberIdRequired: ({ event }) => isResponse(event, 'coordinator.joinGroupResponse') && event.response.error === 'MEMBER_ID_REQUIRED',
    isUnknownMemberOnJoin: ({ event }) => isResponse(event, 'coordinator.joinGroupResponse') && event.response.error === 'UNKNOWN_MEMBER_ID',
    isFencedInstance: ({ event }) =>
      (isResponse(event, 'coordinator.joinGroupResponse') && event.response.error === 'FENCED_INSTANCE_ID') ||
      (isResponse(event, 'coordinator.syncGroupResponse') && event.response.error === 'FENCED_INSTANCE_ID'),
    syncSucceeded: ({ event }) => isResponse(event, 'coordinator.syncGroupResponse') && event.response.error === 'NONE',
    isSyncMembershipError: ({ event }) =>
      isResponse(event, 'coordinator.syncGroupResponse') && (event.response.error === 'UNKNOWN_MEMBER_ID' || event.response.error === 'ILLEGAL_GENERATION'),
    /** UNKNOWN_MEMBER_ID / ILLEGAL_GENERATION / FENCED_INSTANCE_ID for the generation still held. */
    isHeartbeatMembershipError: ({ context, event }) =>
      isResponse(event, 'coordinator.heartbeatResponse') &&
      (event.error === 'UNKNOWN_MEMBER_ID' || event.error === 'ILLEGAL_GENERATION' || event.error === 'FENCED_INSTANCE_ID') &&
      event.sentGeneration === context.generation &&
      event.sentMemberId === context.memberId,
    isRebalanceInProgress: ({ event }) => isResponse(event, 'coordinator.heartbeatResponse') && event.error === 'REBALANCE_IN_PROGRESS',
  },
}).createMachine({
  id: 'classicMember',
  context: ({ input }) => ({
    ...input,
    memberId: '',
    generation: NO_GENERATION,
    protocolName: null,
    leaderId: null,
    owned: [],
    lastAssignment: [],
    lastAssignmentGeneration: NO_GENERATION,
    rejoinNeeded: true,
    rejoinReason: '',
    needsJoinPrepare: true,
    hasPolled: false,
    pendingAssignment: null,
    afterRevoke: 'join',
    assignmentSnapshot: null,
    pollTimerExpired: false,
  }),
  entry: 'scheduleHeartbeat',
  initial: 'Unjoined',
  on: {
    // The process is gone: no callback runs; what it owned stays with it until the group notices.
    'app.crash': { target: '.Dead' },
    'timer.heartbeat': { actions: 'scheduleHeartbeat' },
    'metadata.update': { actions: ['updateMetadata', 'continuePollIfIdle'] },
    'app.poll': { actions: 'notePoll' },
  },
  states: {
    /** No generation (Kafka's UNJOINED): the next poll sends JoinGroup. No heartbeats. */
    Unjoined: {
      on: {
        'app.poll': { actions: ['notePoll', 'runPollLoop'] },
        'client.pollLoop': [
          { guard: 'mustLoseOwned', target: 'PreparingRebalance', actions: ['loseOwned', 'sendJoinGroup'] },
          { guard: 'mustRevokeAllBeforeJoin', target: 'Revoking', actions: 'revokeAllForJoin' },
          { target: 'PreparingRebalance', actions: 'sendJoinGroup' },
        ],
        'app.close': { target: 'Dead', actions: 'loseOwned' },
      },
    },
    /** The application thread is inside onPartitionsRevoked (a commit, usually). */
    Revoking: {
      on: {
        'timer.heartbeat': [{ guard: 'hasGeneration', actions: ['sendHeartbeat', 'scheduleHeartbeat'] }, { actions: 'scheduleHeartbeat' }],
        'coordinator.heartbeatResponse': { guard: 'isHeartbeatMembershipError', actions: 'resetGeneration' },
        'timer.pollTimeout': { guard: 'hasGeneration', actions: 'leaveOnPollTimeout' },
        'app.close': { actions: 'markLeaving' },
        'callback.revokeDone': [
          { guard: and(['isLeaving', 'ownsPartitions']), actions: 'prepareLeave' },
          { guard: 'isLeaving', target: 'Dead', actions: { type: 'sendLeaveGroupIfDynamic', params: { reason: 'the consumer is being closed' } } },
          { guard: and(['rejoinNeeded', 'mustLoseOwned']), target: 'PreparingRebalance', actions: ['loseOwned', 'sendJoinGroup'] },
          { guard: 'rejoinNeeded', target: 'PreparingRebalance', actions: 'sendJoinGroup' },
          { target: 'Stable' },
        ],
      },
    },
    /** JoinGroup in flight (the coordinator parks it until the join phase completes). No heartbeats. */
    PreparingRebalance: {
      on: {
        'coordinator.joinGroupResponse': [
          { guard: 'joinSucceededAsLeader', target: 'CompletingRebalance', actions: ['acceptJoin', 'performAssignmentAndSync'] },
          { guard: 'joinSucceeded', target: 'CompletingRebalance', actions: ['acceptJoin', 'sendFollowerSync'] },
          { guard: 'isMemberIdRequired', target: 'Unjoined', actions: ['adoptMemberId', 'continuePollIfIdle'] },
          { guard: 'isFencedInstance', target: 'Dead', actions: ['reportFenced', 'loseOwned'] },
          { guard: 'isUnknownMemberOnJoin', target: 'Unjoined', actions: ['resetGeneration', 'continuePollIfIdle'] },
          { target: 'Unjoined', actions: [{ type: 'requestRejoin', params: { reason: 'rebalance failed' } }, 'continuePollIfIdle'] },
        ],
        'timer.pollTimeout': { actions: 'markPollTimerExpired' },
        'app.close': { target: 'Dead', actions: ['loseOwned', { type: 'sendLeaveGroupIfDynamic', params: { reason: 'the consumer is being closed' } }] },
      },
    },
    /** SyncGroup in flight; heartbeats on again. */
    CompletingRebalance: {
      always: { guard: 'pollTimerExpired', target: 'Unjoined', actions: 'leaveOnPollTimeout' },
      on: {
        'timer.heartbeat': [{ guard: 'hasGeneration', actions: ['sendHeartbeat', 'scheduleHeartbeat'] }, { actions: 'scheduleHeartbeat' }],
        'coordinator.heartbeatResponse': { guard: 'isHeartbeatMembershipError', target: 'Unjoined', actions: ['resetGeneration', 'continuePollIfIdle'] },
        'coordinator.syncGroupResponse': [
          { guard: 'syncSucceeded', target: 'Stable', actions: ['storeAssignment', 'continuePollIfIdle'] },
          { guard: 'isFencedInstance', target: 'Dead', actions: ['reportFenced', 'loseOwned'] },
          { guard: 'isSyncMembershipError', target: 'Unjoined', actions: ['resetGeneration', 'continuePollIfIdle'] },
          { target: 'Stable', actions: [{ type: 'requestRejoin', params: { reason: 'rebalance failed' } }, 'continuePollIfIdle'] },
        ],
        'timer.pollTimeout': { target: 'Unjoined', actions: 'leaveOnPollTimeout' },
        'app.close': { target: 'Dead', actions: ['loseOwned', { type: 'sendLeaveGroupIfDynamic', params: { reason: 'the consumer is being closed' } }] },
      },
    },
    /** In a generation and heartbeating. A pending assignment or a rejoin waits for the next poll. */
    Stable: {
      on: {
        'app.poll': { actions: ['notePoll', 'runPollLoop'] },
        'client.pollLoop': [
          { guard: 'assignmentRevokes', target: 'Revoking', actions: 'applyAssignment' },
          { guard: 'hasPendingAssignment', actions: ['applyAssignment', 'runPollLoop'] },
          { guard: and(['rejoinNeeded', 'mustRevokeAllBeforeJoin']), target: 'Revoking', actions: 'revokeAllForJoin' },
          { guard: 'rejoinNeeded', target: 'PreparingRebalance', actions: 'sendJoinGroup' },
        ],
        'timer.heartbeat': [{ guard: 'hasGeneration', actions: ['sendHeartbeat', 'scheduleHeartbeat'] }, { actions: 'scheduleHeartbeat' }],
        'coordinator.heartbeatResponse': [
          { guard: 'isHeartbeatMembershipError', target: 'Unjoined', actions: ['resetGeneration', 'continuePollIfIdle'] },
          { guard: 'isRebalanceInProgress', actions: [{ type: 'requestRejoin', params: { reason: 'group is already rebalancing' } }, 'continuePollIfIdle'] },
        ],
        'timer.pollTimeout': { target: 'Unjoined', actions: 'leaveOnPollTimeout' },
        'app.close': [
          { guard: 'ownsPartitions', target: 'Revoking', actions: 'prepareLeave' },
          { target: 'Dead', actions: { type: 'sendLeaveGroupIfDynamic', params: { reason: 'the consumer is being closed' } } },
        ],
      },
    },
    Dead: { type: 'final' },
  },
})
