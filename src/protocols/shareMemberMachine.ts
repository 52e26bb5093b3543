// One KIP-932 share consumer's membership (the client's ShareMembershipManager and its heartbeat
// request manager) as an XState v5 machine. It joins with ShareGroupHeartbeat at epoch 0 from its
// first poll, heartbeats every group.share.heartbeat.interval.ms, and takes each new assignment the
// moment the answer arrives: no revocation callback, no barrier, since records are never owned (the
// share-partition's acquisition locks do that work). Fenced or unknown, it drops what it read and
// rejoins at epoch 0. close() sends epoch -1. Pure: timers are delayed raises; requests and
// partition changes are custom actions.

import { setup } from 'xstate'
import { actionsFor, ascending, effectStubs, minus } from './machineKit.ts'
import { SHARE_JOIN_EPOCH, SHARE_LEAVE_EPOCH, type ShareGroupMemberRequest, type ShareGroupResponseEvent } from './shareGroupMessages.ts'

export const SHARE_HEARTBEAT_TIMER = 'heartbeat'

export interface ShareMemberInput {
  slot: number
  /** The client generates its member id (a UUID) and keeps it across rejoins. */
  memberId: string
  /** Until the coordinator says otherwise (group.share.heartbeat.interval.ms). */
  heartbeatIntervalMs: number
}

export interface ShareMemberContext extends ShareMemberInput {
  memberEpoch: number
  /** The partitions it fetches from now. */
  assigned: number[]
  /** One heartbeat at a time, as the client's request manager keeps it. */
  heartbeatInFlight: boolean
}

export type ShareMemberEvent = { type: 'app.poll' } | { type: 'app.close' } | { type: 'timer.heartbeat' } | ShareGroupResponseEvent

export type ShareMemberReport = { kind: 'assignment'; memberEpoch: number; assigned: number[] } | { kind: 'fenced'; error: string }

/** What the machine hands its runtime: a request, partitions to start or stop fetching, a fact. */
export type ShareMemberEffect =
  | { type: 'sendRequest'; params: ShareGroupMemberRequest }
  | { type: 'assignPartitions'; params: { partitions: number[] } }
  /** Stops fetching these; the records it holds stay locked until acknowledged or expired. */
  | { type: 'revokePartitions'; params: { partitions: number[] } }
  /** Fenced: it stops fetching everything it had. */
  | { type: 'losePartitions'; params: { partitions: number[] } }
  | { type: 'report'; params: ShareMemberReport }

type Ctx = ShareMemberContext
type Ev = ShareMemberEvent
const act = actionsFor<Ctx, Ev, ShareMemberEffect>()

const response = (e: Ev) => (e.type === 'coordinator.shareGroupHeartbeatResponse' ? e.response : null)
const request = (c: Ctx, memberEpoch: number): ShareGroupMemberRequest => ({ type: 'member.shareGroupHeartbeat', request: { memberId: c.memberId, memberEpoch } })

export const shareMemberMachine = setup({
  types: { context: {} as Ctx, events: {} as Ev, input: {} as ShareMemberInput },
  actions: {
    ...effectStubs<ShareMemberEffect>({ sendRequest: true, assignPartitions: true, revokePartitions: true, losePartitions: true, report: true }),
    scheduleHeartbeat: act(({ context, enqueue }) => {
      // `transition()` builds a throwaway actor without input, which runs entry actions too.
      if (!(context.heartbeatIntervalMs > 0)) return
      enqueue.cancel(SHARE_HEARTBEAT_TIMER)
      enqueue.raise({ type: 'timer.heartbeat' }, { id: SHARE_HEARTBEAT_TIMER, delay: context.heartbeatIntervalMs })
    }),
    sendJoin: act(({ context, enqueue }) => {
      enqueue({ type: 'sendRequest', params: request(context, SHARE_JOIN_EPOCH) })
      enqueue.assign({ memberEpoch: SHARE_JOIN_EPOCH, heartbeatInFlight: true })
    }),
    sendHeartbeat: act(({ context, enqueue }) => {
      if (context.heartbeatInFlight) return
      enqueue({ type: 'sendRequest', params: request(context, context.memberEpoch) })
      enqueue.assign({ heartbeatInFlight: true })
    }),
    /** close(): it stops fetching, then leaves with epoch -1 (the coordinator removes it at once). */
    leave: act(({ context, enqueue }) => {
      if (context.assigned.length > 0) enqueue({ type: 'revokePartitions', params: { partitions: [...context.assigned] } })
      enqueue({ type: 'sendRequest', params: request(context, SHARE_LEAVE_EPOCH) })
      enqueue.assign({ assigned: [], heartbeatInFlight: true })
      enqueue.cancel(SHARE_HEARTBEAT_TIMER)
    }),
    /** The answer's assignment applies at once: what it drops stops, what it adds starts. */
    acceptResponse: act(({ context, event, enqueue }) => {
      const r = response(event)
      if (!r || r.error !== 'NONE') return
      enqueue.assign({ heartbeatInFlight: false, memberEpoch: r.memberEpoch, heartbeatIntervalMs: r.heartbeatIntervalMs })
      if (r.assignment === null) return
      const dropped = minus(context.assigned, r.assignment)
      const added = minus(r.assignment, context.assigned)
      if (dropped.length > 0) enqueue({ type: 'revokePartitions', params: { partitions: dropped } })
      if (added.length > 0) enqueue({ type: 'assignPartitions', params: { partitions: added } })
      const assigned = ascending(r.assignment)
      enqueue.assign({ assigned })
      if (dropped.length > 0 || added.length > 0) enqueue({ type: 'report', params: { kind: 'assignment', memberEpoch: r.memberEpoch, assigned } })
    }),
    /** FENCED_MEMBER_EPOCH / UNKNOWN_MEMBER_ID: abandon everything, rejoin at epoch 0 (same member id). */
    rejoinAfterFence: act(({ context, event, enqueue }) => {
      const r = response(event)
      if (context.assigned.length > 0) enqueue({ type: 'losePartitions', params: { partitions: [...context.assigned] } })
      enqueue({ type: 'report', params: { kind: 'fenced', error: r?.error ?? '' } })
      enqueue({ type: 'sendRequest', params: request(context, SHARE_JOIN_EPOCH) })
      enqueue.assign({ assigned: [], memberEpoch: SHARE_JOIN_EPOCH, heartbeatInFlight: true })
    }),
    clearInFlight: act(({ enqueue }) => enqueue.assign({ heartbeatInFlight: false })),
  },
  guards: {
    responseOk: ({ event }) => response(event)?.error === 'NONE',
    isFenced: ({ event }) => {
      const e = response(event)?.error
      return e === 'FENCED_MEMBER_EPOCH' || e === 'UNKNOWN_MEMBER_ID'
    },
  },
}).createMachine({
  id: 'shareMember',
  context: ({ input }: { input: ShareMemberInput | undefined }) => ({
    slot: input?.slot ?? 0,
    memberId: input?.memberId ?? '',
    heartbeatIntervalMs: input?.heartbeatIntervalMs ?? 0,
    memberEpoch: SHARE_JOIN_EPOCH,
    assigned: [],
    heartbeatInFlight: false,
  }),
  initial: 'Unsubscribed',
  states: {
    /** subscribe() done; the first poll sends the join heartbeat. */
    Unsubscribed: {
      on: {
        'app.poll': { target: 'Joining', actions: ['sendJoin', 'scheduleHeartbeat'] },
        'app.close': { target: 'Dead' },
      },
    },
    /** The epoch-0 heartbeat is on its way; retried at the heartbeat interval until answered. */
    Joining: {
      on: {
        'coordinator.shareGroupHeartbeatResponse': [{ guard: 'responseOk', target: 'Stable', actions: 'acceptResponse' }, { actions: 'clearInFlight' }],
        'timer.heartbeat': { actions: ['sendJoin', 'scheduleHeartbeat'] },
        'app.close': { target: 'Dead', actions: 'leave' },
      },
    },
    /** In the group; every answer may bring a new assignment, applied at once. */
    Stable: {
      on: {
        'timer.heartbeat': { actions: ['sendHeartbeat', 'scheduleHeartbeat'] },
        'coordinator.shareGroupHeartbeatResponse': [
          { guard: 'responseOk', actions: 'acceptResponse' },
          { guard: 'isFenced', target: 'Joining', actions: 'rejoinAfterFence' },
          { actions: 'clearInFlight' },
        ],
        'app.close': { target: 'Dead', actions: 'leave' },
      },
    },
    Dead: { type: 'final' },
  },
})
