// One classic consumer's group membership (AbstractCoordinator + ConsumerCoordinator) as an XState
// v5 machine: the heartbeat thread, the poll timer and the join/sync steps that run inside poll().
// Pure: timers are delayed raises; requests, rebalance callbacks and narration are effects the
// runtime carries out (classicMemberActions.ts). Eager and cooperative differ only in onJoinPrepare
// / onJoinComplete.

import { and, setup, type EventObject } from 'xstate'
import {
  classicMemberActions,
  hasGeneration,
  isResponse,
  type ClassicMemberContext,
  type ClassicMemberEvent,
  type ClassicMemberInput,
  type ClassicMemberReport,
} from './classicMemberActions.ts'
import { NO_GENERATION, type MemberRequest } from './classicMessages.ts'
import { minus } from './machineKit.ts'
import { memberEffectStubs } from './memberKit.ts'

export type { ClassicMemberContext, ClassicMemberEffect, ClassicMemberEvent, ClassicMemberInput, ClassicMemberReport } from './classicMemberActions.ts'
export { HEARTBEAT_TIMER, POLL_TIMER } from './memberKit.ts'

type Ctx = ClassicMemberContext

/**
 * A heartbeat answer no member state acts on: only the membership errors and
 * REBALANCE_IN_PROGRESS lead anywhere (AbstractCoordinator's HeartbeatResponseHandler), so an answer
 * of NONE changes nothing. The runtime skips the machine for it; the model test checks that every
 * reachable state agrees.
 */
export function ignoresHeartbeatResponse(event: EventObject): boolean {
  return event.type === 'coordinator.heartbeatResponse' && (event as { error?: unknown }).error === 'NONE'
}

/** The heartbeat thread sends a heartbeat only while the member holds a generation. */
const heartbeatInGeneration = [{ guard: 'hasGeneration', actions: ['sendHeartbeat', 'scheduleHeartbeat'] }, { actions: 'scheduleHeartbeat' }] as const
/** close(): a dynamic member sends LeaveGroup. */
const leaveOnClose = { type: 'sendLeaveGroupIfDynamic', params: { reason: 'the consumer is being closed' } } as const

/**
 * While the application thread commits or runs onPartitionsRevoked, the heartbeat thread goes on;
 * when it returns, the member leaves (close() came meanwhile) or goes on with onJoinPrepare.
 */
const whileApplicationBusy = {
  'timer.heartbeat': heartbeatInGeneration,
  'coordinator.heartbeatResponse': { guard: 'isHeartbeatMembershipError', actions: 'resetGeneration' },
  'timer.pollTimeout': { guard: 'hasGeneration', actions: 'leaveOnPollTimeout' },
  'app.close': { actions: 'markLeaving' },
  'callback.done': [
    { guard: and(['isLeaving', 'ownsPartitions']), target: 'Revoking', actions: 'prepareLeave' },
    { guard: 'isLeaving', target: 'Dead', actions: leaveOnClose },
    { guard: and(['rejoinNeeded', 'mustLoseOwned']), target: 'PreparingRebalance', actions: ['loseOwned', 'sendJoinGroup'] },
    { guard: and(['rejoinNeeded', 'mustCommitBeforeJoin']), target: 'Committing', actions: 'commitForJoin' },
    { guard: 'rejoinNeeded', target: 'PreparingRebalance', actions: 'sendJoinGroup' },
    { target: 'Stable' },
  ],
} as const

export const classicMemberMachine = setup({
  types: { context: {} as Ctx, events: {} as ClassicMemberEvent, input: {} as ClassicMemberInput },
  actions: { ...memberEffectStubs<MemberRequest, ClassicMemberReport>(), ...classicMemberActions },
  guards: {
    hasGeneration: ({ context }) => hasGeneration(context),
    rejoinNeeded: ({ context }) => context.rejoinNeeded,
    hasPendingAssignment: ({ context }) => context.pendingAssignment !== null,
    /** Applying the pending assignment revokes something (COOPERATIVE). */
    assignmentRevokes: ({ context }) => context.pendingAssignment !== null && minus(context.owned, context.pendingAssignment).length > 0,
    /** onJoinPrepare with a reset generation/member id: owned partitions are lost. */
    mustLoseOwned: ({ context }) => context.needsJoinPrepare && !hasGeneration(context) && context.owned.length > 0,
    /** onJoinPrepare with enable.auto.commit: the consumed offsets are committed first (both protocols). */
    mustCommitBeforeJoin: ({ context }) => context.autoCommit && context.needsJoinPrepare && !context.joinPrepareCommitted && hasGeneration(context) && context.owned.length > 0,
    /** onJoinPrepare under EAGER: everything owned is revoked first (after the auto-commit, in the same step). */
    mustRevokeAllBeforeJoin: ({ context }) => context.needsJoinPrepare && context.protocol === 'eager' && context.owned.length > 0,
    ownsPartitions: ({ context }) => context.owned.length > 0,
    isLeaving: ({ context }) => context.afterCallback === 'leave',
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
    joinPrepareCommitted: false,
    hasPolled: false,
    pendingAssignment: null,
    afterCallback: 'join',
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
    /** onJoinPrepare's auto-commit is in flight (COOPERATIVE: consumption goes on). */
    Committing: { on: whileApplicationBusy },
    /** The application thread is inside onPartitionsRevoked (eager: after the auto-commit). */
    Revoking: { on: whileApplicationBusy },
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
        'app.close': { target: 'Dead', actions: ['loseOwned', leaveOnClose] },
      },
    },
    /** SyncGroup in flight; heartbeats on again. */
    CompletingRebalance: {
      always: { guard: 'pollTimerExpired', target: 'Unjoined', actions: 'leaveOnPollTimeout' },
      on: {
        'timer.heartbeat': heartbeatInGeneration,
        'coordinator.heartbeatResponse': { guard: 'isHeartbeatMembershipError', target: 'Unjoined', actions: ['resetGeneration', 'continuePollIfIdle'] },
        'coordinator.syncGroupResponse': [
          { guard: 'syncSucceeded', target: 'Stable', actions: ['storeAssignment', 'continuePollIfIdle'] },
          { guard: 'isFencedInstance', target: 'Dead', actions: ['reportFenced', 'loseOwned'] },
          { guard: 'isSyncMembershipError', target: 'Unjoined', actions: ['resetGeneration', 'continuePollIfIdle'] },
          { target: 'Stable', actions: [{ type: 'requestRejoin', params: { reason: 'rebalance failed' } }, 'continuePollIfIdle'] },
        ],
        'timer.pollTimeout': { target: 'Unjoined', actions: 'leaveOnPollTimeout' },
        'app.close': { target: 'Dead', actions: ['loseOwned', leaveOnClose] },
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
          { guard: and(['rejoinNeeded', 'mustCommitBeforeJoin']), target: 'Committing', actions: 'commitForJoin' },
          { guard: 'rejoinNeeded', target: 'PreparingRebalance', actions: 'sendJoinGroup' },
        ],
        'timer.heartbeat': heartbeatInGeneration,
        'coordinator.heartbeatResponse': [
          { guard: 'isHeartbeatMembershipError', target: 'Unjoined', actions: ['resetGeneration', 'continuePollIfIdle'] },
          { guard: 'isRebalanceInProgress', actions: [{ type: 'requestRejoin', params: { reason: 'group is already rebalancing' } }, 'continuePollIfIdle'] },
        ],
        'timer.pollTimeout': { target: 'Unjoined', actions: 'leaveOnPollTimeout' },
        'app.close': [
          { guard: 'ownsPartitions', target: 'Revoking', actions: 'prepareLeave' },
          { target: 'Dead', actions: leaveOnClose },
        ],
      },
    },
    Dead: { type: 'final' },
  },
})
