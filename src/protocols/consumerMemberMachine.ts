// One KIP-848 consumer (group.protocol=consumer; the client's MembershipManager and
// HeartbeatRequestManager) as an XState v5 machine. It heartbeats every
// group.consumer.heartbeat.interval.ms with what it owns; when the coordinator hands it a new
// assignment it reconciles inside poll() (revoke first, then assign) and acknowledges at once.
// Pure: timers are delayed raises; requests and rebalance callbacks are custom actions.

import { and, setup } from 'xstate'
import type { ConsumerGroupHeartbeatRequest, ConsumerGroupMemberRequest, ConsumerGroupResponseEvent } from './consumerGroupMessages.ts'
import { actionsFor, ascending, minus, sameSet } from './machineKit.ts'
import { memberEffectStubs, memberTimers, type MemberBaseEvent, type MemberEffect } from './memberKit.ts'

export { HEARTBEAT_TIMER, POLL_TIMER } from './memberKit.ts'

export interface ConsumerMemberInput {
  slot: number
  /** Since Kafka 4.0 the client generates its own member id (a UUID) and keeps it across rejoins. */
  memberId: string
  groupInstanceId: string | null
  /** max.poll.interval.ms: also the rebalance timeout sent to the coordinator. */
  maxPollIntervalMs: number
  /** Until the coordinator says otherwise (group.consumer.heartbeat.interval.ms). */
  heartbeatIntervalMs: number
  /** enable.auto.commit: the member commits what it consumed before each reconciliation and on close. */
  autoCommit: boolean
}

export interface ConsumerMemberContext extends ConsumerMemberInput {
  memberEpoch: number
  owned: number[]
  /** The latest assignment from the coordinator, not yet reconciled. */
  target: number[] | null
  hasPolled: boolean
  heartbeatInFlight: boolean
  /** A heartbeat must go as soon as the one in flight is answered (an acknowledgement). */
  heartbeatNow: boolean
}

export type ConsumerMemberEvent = MemberBaseEvent | ConsumerGroupResponseEvent

export type ConsumerMemberReport =
  | { kind: 'reconciled'; memberId: string; memberEpoch: number; added: number[]; revoked: number[]; owned: number[] }
  | { kind: 'fenced'; error: string }
  | { kind: 'pollTimeoutExpired'; leaveEpoch: number }
  | { kind: 'left'; leaveEpoch: number }

export type ConsumerMemberEffect = MemberEffect<ConsumerGroupMemberRequest, ConsumerMemberReport>

type Ctx = ConsumerMemberContext
type Ev = ConsumerMemberEvent
const act = actionsFor<Ctx, Ev, ConsumerMemberEffect>()

const response = (e: Ev) => (e.type === 'coordinator.consumerGroupHeartbeatResponse' ? e.response : null)
const leaveEpoch = (c: Ctx): number => (c.groupInstanceId === null ? -1 : -2)
const autoCommits = (c: Ctx): boolean => c.autoCommit && c.owned.length > 0
const commitOwned = (c: Ctx): ConsumerMemberEffect => ({ type: 'commitOffsets', params: { partitions: [...c.owned] } })

function heartbeat(c: Ctx, memberEpoch: number): ConsumerGroupMemberRequest {
  const request: ConsumerGroupHeartbeatRequest = {
    memberId: c.memberId,
    groupInstanceId: c.groupInstanceId,
    memberEpoch,
    ownedPartitions: [...c.owned],
    rebalanceTimeoutMs: c.maxPollIntervalMs,
  }
  return { type: 'member.consumerGroupHeartbeat', request }
}

export const consumerMemberMachine = setup({
  types: { context: {} as Ctx, events: {} as Ev, input: {} as ConsumerMemberInput },
  actions: {
    ...memberEffectStubs<ConsumerGroupMemberRequest, ConsumerMemberReport>(),
    scheduleHeartbeat: act(({ context, enqueue }) => memberTimers.scheduleHeartbeat(context, enqueue)),
    /** One heartbeat at a time (HeartbeatRequestManager keeps a single request in flight). */
    sendHeartbeat: act(({ context, enqueue }) => {
      if (context.heartbeatInFlight) {
        enqueue.assign({ heartbeatNow: true })
        return
      }
      enqueue({ type: 'sendRequest', params: heartbeat(context, context.memberEpoch) })
      enqueue.assign({ heartbeatInFlight: true, heartbeatNow: false })
    }),
    /** A heartbeat was wanted while another was in flight: send it now that the answer is in. */
    sendHeartbeatIfWanted: act(({ context, enqueue }) => {
      if (!context.heartbeatNow || context.heartbeatInFlight) return
      enqueue({ type: 'sendRequest', params: heartbeat(context, context.memberEpoch) })
      enqueue.assign({ heartbeatInFlight: true, heartbeatNow: false })
    }),
    sendJoinHeartbeat: act(({ context, enqueue }) => {
      enqueue({ type: 'sendRequest', params: heartbeat({ ...context, owned: [] }, 0) })
      enqueue.assign({ heartbeatInFlight: true, memberEpoch: 0 })
    }),
    sendLeaveHeartbeat: act(({ context, enqueue }) => {
      enqueue({ type: 'sendRequest', params: heartbeat(context, leaveEpoch(context)) })
      enqueue({ type: 'report', params: { kind: 'left', leaveEpoch: leaveEpoch(context) } })
    }),
    notePoll: act(({ context, enqueue }) => memberTimers.notePoll(context, enqueue)),
    runPollLoop: act(({ enqueue }) => memberTimers.runPollLoop(enqueue)),
    continuePollIfIdle: act(({ context, enqueue }) => memberTimers.continuePollIfIdle(context, enqueue)),
    acceptResponse: act(({ context, event, enqueue }) => {
      const r = response(event)
      if (!r || r.error !== 'NONE') return
      enqueue.assign({ heartbeatInFlight: false, memberEpoch: r.memberEpoch, heartbeatIntervalMs: r.heartbeatIntervalMs })
      if (r.assignment === null) return
      if (!sameSet(r.assignment, context.owned)) {
        enqueue.assign({ target: [...r.assignment] })
      } else {
        enqueue.assign({ target: null })
        // Nothing to change: an unaffected member just moves to the new epoch.
        if (r.memberEpoch !== context.memberEpoch) {
          enqueue({ type: 'report', params: { kind: 'reconciled', memberId: context.memberId, memberEpoch: r.memberEpoch, added: [], revoked: [], owned: [...context.owned] } })
        }
      }
    }),
    clearInFlight: act(({ enqueue }) => enqueue.assign({ heartbeatInFlight: false })),
    /**
     * Reconciliation, step 1: the auto-commit (ConsumerMembershipManager.signalReconciliationStarted),
     * then onPartitionsRevoked for what the new assignment drops.
     */
    revokeDropped: act(({ context, enqueue }) => {
      if (autoCommits(context)) enqueue(commitOwned(context))
      const dropped = minus(context.owned, context.target ?? context.owned)
      enqueue({ type: 'revokePartitions', params: { partitions: dropped, rebalance: 'current' } })
      enqueue.assign({ owned: minus(context.owned, dropped) })
    }),
    /** Reconciliation, step 1 when nothing is dropped: only the auto-commit. */
    commitBeforeReconcile: act(({ context, enqueue }) => enqueue(commitOwned(context))),
    /** Reconciliation, step 2: onPartitionsAssigned for what it adds; then acknowledge. */
    assignAdded: act(({ context, enqueue }) => {
      const target = context.target ?? context.owned
      const added = minus(target, context.owned)
      if (added.length > 0) enqueue({ type: 'assignPartitions', params: { partitions: added } })
      enqueue.assign({ owned: ascending(target), target: null })
    }),
    reportReconciled: act(({ context, enqueue }) =>
      enqueue({ type: 'report', params: { kind: 'reconciled', memberId: context.memberId, memberEpoch: context.memberEpoch, added: [], revoked: [], owned: [...context.owned] } }),
    ),
    loseOwned: act(({ context, enqueue }) => {
      if (context.owned.length > 0) enqueue({ type: 'losePartitions', params: { partitions: [...context.owned] } })
      enqueue.assign({ owned: [], target: null })
    }),
    /**
     * close(): the auto-commit, then onPartitionsRevoked. A dynamic member's leave moves the group
     * epoch on; a static member's (-2) does not.
     */
    revokeAllForLeave: act(({ context, enqueue }) => {
      if (autoCommits(context)) enqueue(commitOwned(context))
      const rebalance = context.groupInstanceId === null ? { generation: context.memberEpoch + 1 } : 'none'
      enqueue({ type: 'revokePartitions', params: { partitions: [...context.owned], rebalance } })
      enqueue.assign({ owned: [], target: null })
    }),
    reportFenced: act(({ event, enqueue }) => enqueue({ type: 'report', params: { kind: 'fenced', error: response(event)?.error ?? 'UNKNOWN_MEMBER_ID' } })),
    leaveOnPollTimeout: act(({ context, enqueue }) => {
      enqueue({ type: 'sendRequest', params: heartbeat(context, leaveEpoch(context)) })
      enqueue({ type: 'report', params: { kind: 'pollTimeoutExpired', leaveEpoch: leaveEpoch(context) } })
      enqueue.assign({ memberEpoch: leaveEpoch(context), heartbeatInFlight: false, target: null })
    }),
  },
  guards: {
    responseOk: ({ event }) => response(event)?.error === 'NONE',
    isFenced: ({ event }) => {
      const e = response(event)?.error
      return e === 'FENCED_MEMBER_EPOCH' || e === 'UNKNOWN_MEMBER_ID'
    },
    hasNewAssignment: ({ context }) => context.target !== null,
    dropsPartitions: ({ context }) => context.target !== null && minus(context.owned, context.target).length > 0,
    ownsPartitions: ({ context }) => context.owned.length > 0,
    commitsBeforeReconcile: ({ context }) => context.target !== null && autoCommits(context),
    ackPending: ({ context }) => context.heartbeatNow,
  },
}).createMachine({
  id: 'consumerMember',
  context: ({ input }) => ({ ...input, memberEpoch: 0, owned: [], target: null, hasPolled: false, heartbeatInFlight: false, heartbeatNow: false }),
  initial: 'Unsubscribed',
  on: {
    // The process is gone: no callback runs; what it owned stays with it until the group notices.
    'app.crash': { target: '.Dead' },
    'app.poll': { actions: 'notePoll' },
    'timer.heartbeat': { actions: 'scheduleHeartbeat' },
  },
  states: {
    /** subscribe() was called; the first poll() joins. */
    Unsubscribed: {
      on: {
        'app.poll': { target: 'Joining', actions: ['notePoll', 'sendJoinHeartbeat', 'scheduleHeartbeat'] },
        'app.close': { target: 'Dead' },
      },
    },
    /** Heartbeat with epoch 0 in flight. */
    Joining: {
      on: {
        'coordinator.consumerGroupHeartbeatResponse': [
          { guard: 'responseOk', target: 'Stable', actions: ['acceptResponse', 'continuePollIfIdle'] },
          { actions: 'clearInFlight' },
        ],
        'timer.heartbeat': { actions: ['sendJoinHeartbeat', 'scheduleHeartbeat'] },
        'app.close': { target: 'Dead', actions: 'sendLeaveHeartbeat' },
      },
    },
    /** In the group at its epoch. A new assignment waits for poll() unless the member is idle. */
    Stable: {
      on: {
        'app.poll': { actions: ['notePoll', 'runPollLoop'] },
        'client.pollLoop': [
          { guard: 'dropsPartitions', target: 'Reconciling', actions: 'revokeDropped' },
          { guard: 'commitsBeforeReconcile', target: 'Reconciling', actions: 'commitBeforeReconcile' },
          { guard: 'hasNewAssignment', target: 'Acknowledging', actions: ['assignAdded', 'reportReconciled', 'sendHeartbeat'] },
        ],
        'timer.heartbeat': { actions: ['sendHeartbeat', 'scheduleHeartbeat'] },
        'coordinator.consumerGroupHeartbeatResponse': [
          { guard: 'responseOk', actions: ['acceptResponse', 'sendHeartbeatIfWanted', 'continuePollIfIdle'] },
          { guard: 'isFenced', target: 'Fenced', actions: ['clearInFlight', 'reportFenced', 'continuePollIfIdle'] },
          { actions: 'clearInFlight' },
        ],
        'timer.pollTimeout': { target: 'Stale', actions: 'leaveOnPollTimeout' },
        'app.close': [{ guard: 'ownsPartitions', target: 'Leaving', actions: 'revokeAllForLeave' }, { target: 'Dead', actions: 'sendLeaveHeartbeat' }],
      },
    },
    /** The auto-commit, then onPartitionsRevoked for what the target assignment drops, are running. */
    Reconciling: {
      on: {
        'callback.done': [
          // A newer assignment arrived meanwhile and drops more: revoke that too before assigning.
          { guard: 'dropsPartitions', actions: 'revokeDropped' },
          { target: 'Acknowledging', actions: ['assignAdded', 'reportReconciled', 'sendHeartbeat'] },
        ],
        'timer.heartbeat': { actions: ['sendHeartbeat', 'scheduleHeartbeat'] },
        'coordinator.consumerGroupHeartbeatResponse': [
          { guard: 'responseOk', actions: ['acceptResponse', 'sendHeartbeatIfWanted'] },
          { guard: 'isFenced', target: 'Fenced', actions: ['clearInFlight', 'reportFenced'] },
          { actions: 'clearInFlight' },
        ],
        'timer.pollTimeout': { target: 'Stale', actions: 'leaveOnPollTimeout' },
      },
    },
    /** Reconciled; the acknowledging heartbeat (owned partitions) is on its way. */
    Acknowledging: {
      on: {
        'coordinator.consumerGroupHeartbeatResponse': [
          { guard: and(['responseOk', 'ackPending']), actions: ['acceptResponse', 'sendHeartbeatIfWanted'] },
          { guard: 'responseOk', target: 'Stable', actions: ['acceptResponse', 'continuePollIfIdle'] },
          { guard: 'isFenced', target: 'Fenced', actions: ['clearInFlight', 'reportFenced', 'continuePollIfIdle'] },
          { actions: 'clearInFlight' },
        ],
        'timer.heartbeat': { actions: ['sendHeartbeat', 'scheduleHeartbeat'] },
        'timer.pollTimeout': { target: 'Stale', actions: 'leaveOnPollTimeout' },
        'app.close': [{ guard: 'ownsPartitions', target: 'Leaving', actions: 'revokeAllForLeave' }, { target: 'Dead', actions: 'sendLeaveHeartbeat' }],
      },
    },
    /** The coordinator fenced it: at the next poll its partitions are lost and it rejoins at epoch 0. */
    Fenced: {
      on: {
        'app.poll': { actions: ['notePoll', 'runPollLoop'] },
        'client.pollLoop': { target: 'Joining', actions: ['loseOwned', 'sendJoinHeartbeat'] },
        'app.close': { target: 'Dead', actions: 'loseOwned' },
      },
    },
    /** Left after max.poll.interval.ms; the next poll loses what it held and rejoins. */
    Stale: {
      on: {
        'app.poll': { target: 'Joining', actions: ['notePoll', 'loseOwned', 'sendJoinHeartbeat'] },
        'app.close': { target: 'Dead', actions: 'loseOwned' },
      },
    },
    /** close(): onPartitionsRevoked, then the leave heartbeat (-1, or -2 for a static member). */
    Leaving: {
      on: { 'callback.done': { target: 'Dead', actions: 'sendLeaveHeartbeat' } },
    },
    Dead: { type: 'final' },
  },
})
