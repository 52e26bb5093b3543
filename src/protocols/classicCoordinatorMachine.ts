// The classic group coordinator (GroupMetadataManager + ClassicGroup) as an XState v5 machine.
// Pure: no timers, randomness or I/O. Timers are delayed `xstate.raise` actions with ids (the
// runtime schedules and cancels them); replies and narration are the custom actions `sendResponse`
// and `report`, carried out by the runtime. Bookkeeping lives in classicGroupLogic.ts.

import { enqueueActions, setup, type EventObject, type ParameterizedObject } from 'xstate'
import type { ClassicCoordinatorEvent, CoordinatorReport, CoordinatorResponseEvent, ErrorCode, ReplyTo } from './classicMessages.ts'
import * as g from './classicGroupLogic.ts'

export type ClassicGroupEvent = ClassicCoordinatorEvent | { type: 'admin.deleteGroup' }

export interface ClassicCoordinatorInput {
  groupId: string
  initialRebalanceDelayMs: number
  /** Kafka's default for a new member's parked JoinGroup: 5 minutes. */
  newMemberJoinTimeoutMs?: number
}

type Ctx = g.ClassicGroupContext
type Ev = ClassicGroupEvent
type Effect =
  | { type: 'sendResponse'; params: { replyTo: ReplyTo; event: CoordinatorResponseEvent } }
  | { type: 'report'; params: CoordinatorReport }
type Collect<P> = Parameters<typeof enqueueActions<Ctx, Ev, P, Ev, never, Effect, never, never, EventObject>>[0]
type Enqueue = Parameters<Collect<undefined>>[0]['enqueue']

/** enqueueActions typed for this machine (its context, events and effect actions). */
function act<P extends ParameterizedObject['params'] | undefined = undefined>(collect: Collect<P>) {
  return enqueueActions<Ctx, Ev, P, Ev, never, Effect, never, never, EventObject>(collect)
}

/** Turns a bookkeeping step into actions: the new context, timers, replies, then reports. */
function emit(enqueue: Enqueue, s: g.Step): void {
  enqueue.assign(() => s.ctx)
  for (const t of s.timers) {
    enqueue.cancel(t.id)
    if (t.kind === 'set') enqueue.raise(t.event, { id: t.id, delay: t.delayMs })
  }
  for (const r of s.replies) enqueue({ type: 'sendResponse', params: r })
  for (const r of s.reports) enqueue({ type: 'report', params: r })
}

function onJoin(f: (s: g.Step, e: Extract<Ev, { type: 'member.joinGroup' }>) => void) {
  return act(({ context, event, enqueue }) => {
    if (event.type !== 'member.joinGroup') return
    const s = g.step(context)
    f(s, event)
    emit(enqueue, s)
  })
}

function onEvent<T extends Ev['type']>(type: T, f: (s: g.Step, e: Extract<Ev, { type: T }>) => void) {
  return act(({ context, event, enqueue }) => {
    if (event.type !== type) return
    const s = g.step(context)
    f(s, event as Extract<Ev, { type: T }>)
    emit(enqueue, s)
  })
}

const reply = (s: g.Step, replyTo: ReplyTo, event: CoordinatorResponseEvent): void => {
  s.replies.push({ replyTo, event })
}
const joinRequest = (e: Ev) => (e.type === 'member.joinGroup' ? e.request : null)
const joinKind = (c: Ctx, e: Ev): g.JoinKind | null => {
  const r = joinRequest(e)
  return r ? g.classifyJoin(c, r) : null
}
const syncError = (c: Ctx, e: Ev): ErrorCode => {
  if (e.type !== 'member.syncGroup') return 'NONE'
  const v = g.validateMember(c, e.request.memberId, e.request.groupInstanceId)
  if (v !== 'NONE') return v
  return e.request.generation === c.generation ? 'NONE' : 'ILLEGAL_GENERATION'
}
const rejoinCause = (c: Ctx, e: Extract<Ev, { type: 'member.joinGroup' }>) =>
  ({ kind: 'memberRejoined', memberId: e.request.memberId, reason: e.request.reason, leader: e.request.memberId === c.leaderId }) as const

/**
 * In CompletingRebalance and Stable a member leaving, missing its session timeout or its SyncGroup
 * deadline ends the generation: the group goes back to PreparingRebalance (GroupMetadataManager).
 */
const memberGoneRebalances = {
  'member.leaveGroup': [
    { guard: 'isPendingMemberLeave', actions: 'leavePendingMember' },
    { guard: 'isValidLeave', target: 'PreparingRebalance', actions: 'removeLeavingMemberAndRebalance' },
    { actions: 'rejectLeave' },
  ],
  'timer.sessionTimeout': [
    { guard: 'isPendingMemberEvent', actions: 'expirePendingMember' },
    { guard: 'isMemberExpired', target: 'PreparingRebalance', actions: 'expireMemberAndRebalance' },
  ],
  'timer.syncTimeout': { guard: 'isCurrentSyncTimeout', target: 'PreparingRebalance', actions: 'expirePendingSyncAndRebalance' },
} as const

export const classicCoordinatorMachine = setup({
  types: {
    context: {} as Ctx,
    events: {} as Ev,
    input: {} as ClassicCoordinatorInput,
  },
  actions: {
    /** A message back to a member's connection (delivered after the network latency). */
    sendResponse: (_, _params: { replyTo: ReplyTo; event: CoordinatorResponseEvent }) => {},
    /** A fact for the trace and the rebalance log. */
    report: (_, _params: CoordinatorReport) => {},

    requireMemberId: onJoin((s, e) => g.requireMemberId(s, e.newMemberId, e.request.sessionTimeoutMs, e.replyTo)),
    addFirstMember: onJoin((s, e) => {
      const id = e.request.memberId === '' ? e.newMemberId : e.request.memberId
      g.addMember(s, id, e.request, e.replyTo, false)
      g.prepareRebalance(s, { kind: 'memberJoined', memberId: id }, true)
    }),
    parkNewMember: onJoin((s, e) => {
      const id = e.request.memberId === '' ? e.newMemberId : e.request.memberId
      g.addMember(s, id, e.request, e.replyTo, true)
    }),
    addMemberAndRebalance: onJoin((s, e) => {
      const id = e.request.memberId === '' ? e.newMemberId : e.request.memberId
      g.addMember(s, id, e.request, e.replyTo, false)
      g.prepareRebalance(s, { kind: 'memberJoined', memberId: id }, false)
    }),
    parkRejoin: onJoin((s, e) => g.updateMember(s, e.request.memberId, e.request, e.replyTo)),
    parkStaticRejoin: onJoin((s, e) => {
      g.replaceStaticMember(s, e.request.groupInstanceId ?? '', e.newMemberId)
      g.updateMember(s, e.newMemberId, e.request, e.replyTo)
    }),
    rejoinAndRebalance: onJoin((s, e) => {
      const cause = rejoinCause(s.ctx, e)
      g.updateMember(s, e.request.memberId, e.request, e.replyTo)
      g.prepareRebalance(s, cause, false)
    }),
    replaceStaticAndRebalance: onJoin((s, e) => {
      g.replaceStaticMember(s, e.request.groupInstanceId ?? '', e.newMemberId)
      g.updateMember(s, e.newMemberId, e.request, e.replyTo)
      g.prepareRebalance(s, { kind: 'staticMemberReplaced', memberId: e.newMemberId }, false)
    }),
    /** KIP-345: a static member back within its session keeps its assignment; no rebalance. */
    replaceStaticAndReturnAssignment: onJoin((s, e) => {
      const oldId = g.staticMemberId(s.ctx, e.request.groupInstanceId ?? '') ?? ''
      g.replaceStaticMember(s, e.request.groupInstanceId ?? '', e.newMemberId)
      g.updateMember(s, e.newMemberId, e.request, e.replyTo)
      reply(s, e.replyTo, { type: 'coordinator.joinGroupResponse', response: g.currentGenerationResponse(s.ctx, e.newMemberId, true) })
      s.ctx = { ...s.ctx, members: s.ctx.members.map((m) => (m.memberId === e.newMemberId ? { ...m, awaitingJoin: null } : m)) }
      s.reports.push({ kind: 'staticMemberRejoined', oldMemberId: oldId, memberId: e.newMemberId, generation: s.ctx.generation })
    }),
    replyCurrentGeneration: onJoin((s, e) => {
      reply(s, e.replyTo, { type: 'coordinator.joinGroupResponse', response: g.currentGenerationResponse(s.ctx, e.request.memberId, false) })
    }),
    rejectJoin: onJoin((s, e) => {
      const v = g.validateMember(s.ctx, e.request.memberId, e.request.groupInstanceId)
      reply(s, e.replyTo, { type: 'coordinator.joinGroupResponse', response: g.joinError(v === 'NONE' ? 'UNKNOWN_MEMBER_ID' : v, e.request.memberId) })
    }),

    extendInitialDelay: onEvent('timer.initialRebalanceDelay', (s, e) => g.extendInitialDelay(s, e.delayMs, e.remainingMs)),
    removeNotYetRejoinedMembers: act(({ context, enqueue }) =>
      emit(enqueue, g.removeNotYetRejoinedDynamicMembers(g.step(context))),
    ),
    initEmptyGeneration: act(({ context, enqueue }) =>
      emit(enqueue, g.initEmptyGeneration(g.step(context))),
    ),
    awaitAnyRejoin: act(({ context, enqueue }) => {
      const s = g.step(context)
      s.timers.push({ kind: 'set', id: g.JOIN_TIMER, delayMs: g.rebalanceTimeoutMs(context), event: { type: 'timer.rebalanceTimeout' } })
      s.reports.push({ kind: 'noMemberRejoined', generation: context.generation })
      emit(enqueue, s)
    }),
    completeJoin: act(({ context, enqueue }) => emit(enqueue, g.completeJoin(g.step(context)))),

    parkSync: onEvent('member.syncGroup', (s, e) => {
      s.ctx = { ...s.ctx, members: s.ctx.members.map((m) => (m.memberId === e.request.memberId ? { ...m, awaitingSync: e.replyTo } : m)) }
      g.markSynced(s, e.request.memberId)
    }),
    propagateLeaderAssignment: onEvent('member.syncGroup', (s, e) => {
      s.ctx = { ...s.ctx, members: s.ctx.members.map((m) => (m.memberId === e.request.memberId ? { ...m, awaitingSync: e.replyTo } : m)) }
      g.markSynced(s, e.request.memberId)
      g.propagateAssignment(s, e.request.assignments)
    }),
    replyStableAssignment: onEvent('member.syncGroup', (s, e) => {
      g.markSynced(s, e.request.memberId)
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
      const r = event.request
      let error = g.validateMember(context, r.memberId, r.groupInstanceId)
      if (error === 'NONE' && params.status !== 'UNKNOWN_MEMBER_ID' && r.generation !== context.generation) error = 'ILLEGAL_GENERATION'
      if (error === 'NONE' && params.status !== 'UNKNOWN_MEMBER_ID') g.scheduleSession(s, r.memberId)
      const out = params.status === 'UNKNOWN_MEMBER_ID' ? 'UNKNOWN_MEMBER_ID' : error === 'NONE' ? params.status : error
      reply(s, event.replyTo, { type: 'coordinator.heartbeatResponse', error: out, sentMemberId: r.memberId, sentGeneration: r.generation })
      emit(enqueue, s)
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
      g.prepareRebalance(s, { kind: 'memberLeft', memberId: e.request.memberId, reason: e.request.reason }, false)
    }),
    rejectLeave: onEvent('member.leaveGroup', (s, e) => {
      const v = g.validateMember(s.ctx, e.request.memberId, e.request.groupInstanceId)
      reply(s, e.replyTo, { type: 'coordinator.leaveGroupResponse', error: v === 'NONE' ? 'UNKNOWN_MEMBER_ID' : v })
    }),

    expirePendingMember: onEvent('timer.sessionTimeout', (s, e) => g.removePendingMember(s, e.memberId)),
    expireMember: onEvent('timer.sessionTimeout', (s, e) => g.removeMember(s, e.memberId, 'sessionTimeout')),
    expireMemberAndRebalance: onEvent('timer.sessionTimeout', (s, e) => {
      g.removeMember(s, e.memberId, 'sessionTimeout')
      g.prepareRebalance(s, { kind: 'sessionTimeout', memberId: e.memberId }, false)
    }),
    expirePendingSyncAndRebalance: onEvent('timer.syncTimeout', (s) => {
      const late = [...s.ctx.pendingSync]
      for (const id of late) g.removeMember(s, id, 'syncTimeout')
      g.prepareRebalance(s, { kind: 'syncTimeout', memberIds: late }, false)
    }),

    replyCoordinatorNotAvailable: act(({ context, event, enqueue }) => {
      const s = g.step(context)
      if (event.type === 'member.joinGroup') reply(s, event.replyTo, { type: 'coordinator.joinGroupResponse', response: g.joinError('COORDINATOR_NOT_AVAILABLE', event.request.memberId) })
      if (event.type === 'member.syncGroup') reply(s, event.replyTo, { type: 'coordinator.syncGroupResponse', response: { error: 'COORDINATOR_NOT_AVAILABLE', assignment: [] } })
      if (event.type === 'member.heartbeat') reply(s, event.replyTo, { type: 'coordinator.heartbeatResponse', error: 'COORDINATOR_NOT_AVAILABLE', sentMemberId: event.request.memberId, sentGeneration: event.request.generation })
      if (event.type === 'member.leaveGroup') reply(s, event.replyTo, { type: 'coordinator.leaveGroupResponse', error: 'COORDINATOR_NOT_AVAILABLE' })
      emit(enqueue, s)
    }),
  },
  guards: {
    isNewDynamicJoin: ({ context, event }) => joinKind(context, event) === 'newDynamic',
    /** A static member never seen, or a dynamic member back with the id it was given. */
    isNewMemberJoin: ({ context, event }) => {
      const k = joinKind(context, event)
      return k === 'newStatic' || k === 'pendingDynamic'
    },
    isStaticRejoin: ({ context, event }) => joinKind(context, event) === 'staticReplace',
    isKnownMemberJoin: ({ context, event }) => joinKind(context, event) === 'existing',
    isLeaderJoin: ({ context, event }) => joinKind(context, event) === 'existing' && joinRequest(event)?.memberId === context.leaderId,
    joinChangesMetadata: ({ context, event }) => {
      const r = joinRequest(event)
      const m = r ? g.findMember(context, r.memberId) : undefined
      return joinKind(context, event) === 'existing' && r !== null && m !== undefined && !g.sameSubscription(m, r)
    },
    shouldExtendInitialDelay: ({ context, event }) =>
      event.type === 'timer.initialRebalanceDelay' && context.newMemberAdded && event.remainingMs !== 0,
    hasAllMembersJoined: ({ context }) => g.hasAllMembersJoined(context),
    hasNoMembers: ({ context }) => context.members.length === 0,
    noMemberRejoined: ({ context }) => g.electJoinedLeader(context) === null,
    isValidSync: ({ context, event }) => syncError(context, event) === 'NONE',
    isLeaderSync: ({ context, event }) =>
      event.type === 'member.syncGroup' && syncError(context, event) === 'NONE' && event.request.memberId === context.leaderId,
    isPendingMemberLeave: ({ context, event }) => event.type === 'member.leaveGroup' && context.pendingJoin.includes(event.request.memberId),
    isValidLeave: ({ context, event }) =>
      event.type === 'member.leaveGroup' && g.validateMember(context, event.request.memberId, event.request.groupInstanceId) === 'NONE',
    isPendingMemberEvent: ({ context, event }) => event.type === 'timer.sessionTimeout' && context.pendingJoin.includes(event.memberId),
    isMemberExpired: ({ context, event }) => {
      if (event.type !== 'timer.sessionTimeout') return false
      const m = g.findMember(context, event.memberId)
      return m !== undefined && !g.hasSatisfiedHeartbeat(m)
    },
    isCurrentSyncTimeout: ({ context, event }) =>
      event.type === 'timer.syncTimeout' && event.generation === context.generation && context.pendingSync.length > 0,
  },
}).createMachine({
  id: 'classicGroup',
  // `transition()` also builds a throwaway actor without input: tolerate a missing one.
  context: ({ input }: { input: ClassicCoordinatorInput | undefined }) => ({
    groupId: input?.groupId ?? '',
    initialRebalanceDelayMs: input?.initialRebalanceDelayMs ?? 0,
    newMemberJoinTimeoutMs: input?.newMemberJoinTimeoutMs ?? 300_000,
    generation: 0,
    protocolName: null,
    leaderId: null,
    members: [],
    pendingJoin: [],
    pendingSync: [],
    newMemberAdded: false,
  }),
  initial: 'Empty',
  states: {
    Empty: {
      on: {
        'member.joinGroup': [
          { guard: 'isNewDynamicJoin', actions: 'requireMemberId' },
          { guard: 'isNewMemberJoin', target: 'PreparingRebalance.initialDelay', actions: 'addFirstMember' },
          { actions: 'rejectJoin' },
        ],
        'member.syncGroup': { actions: 'rejectSync' },
        'member.heartbeat': { actions: { type: 'replyHeartbeat', params: { status: 'UNKNOWN_MEMBER_ID' } } },
        'member.leaveGroup': [{ guard: 'isPendingMemberLeave', actions: 'leavePendingMember' }, { actions: 'rejectLeave' }],
        'timer.sessionTimeout': { guard: 'isPendingMemberEvent', actions: 'expirePendingMember' },
        'admin.deleteGroup': { target: 'Dead' },
      },
    },
    PreparingRebalance: {
      initial: 'awaitingJoins',
      on: {
        'member.joinGroup': [
          { guard: 'isNewDynamicJoin', actions: 'requireMemberId' },
          { guard: 'isNewMemberJoin', actions: 'parkNewMember' },
          { guard: 'isStaticRejoin', actions: 'parkStaticRejoin' },
          { guard: 'isKnownMemberJoin', actions: 'parkRejoin' },
          { actions: 'rejectJoin' },
        ],
        'member.syncGroup': { actions: 'replySyncDuringRebalance' },
        'member.heartbeat': { actions: { type: 'replyHeartbeat', params: { status: 'REBALANCE_IN_PROGRESS' } } },
        'member.leaveGroup': [
          { guard: 'isPendingMemberLeave', actions: 'leavePendingMember' },
          { guard: 'isValidLeave', actions: 'removeLeavingMember' },
          { actions: 'rejectLeave' },
        ],
        'timer.sessionTimeout': [
          { guard: 'isPendingMemberEvent', actions: 'expirePendingMember' },
          { guard: 'isMemberExpired', actions: 'expireMember' },
        ],
      },
      states: {
        /** KIP-134: the first rebalance of an Empty group completes only when the delay runs out. */
        initialDelay: {
          on: {
            'timer.initialRebalanceDelay': [
              { guard: 'shouldExtendInitialDelay', actions: 'extendInitialDelay' },
              { target: 'completingJoin' },
            ],
          },
        },
        awaitingJoins: {
          always: { guard: 'hasAllMembersJoined', target: 'completingJoin' },
          on: { 'timer.rebalanceTimeout': { target: 'completingJoin' } },
        },
        completingJoin: {
          entry: 'removeNotYetRejoinedMembers',
          always: [
            { guard: 'hasNoMembers', target: '#classicGroup.Empty', actions: 'initEmptyGeneration' },
            { guard: 'noMemberRejoined', target: 'awaitingJoins', actions: 'awaitAnyRejoin' },
            { target: '#classicGroup.CompletingRebalance', actions: 'completeJoin' },
          ],
        },
      },
    },
    CompletingRebalance: {
      on: {
        'member.joinGroup': [
          { guard: 'isNewDynamicJoin', actions: 'requireMemberId' },
          { guard: 'isNewMemberJoin', target: 'PreparingRebalance', actions: 'addMemberAndRebalance' },
          { guard: 'isStaticRejoin', target: 'PreparingRebalance', actions: 'replaceStaticAndRebalance' },
          { guard: 'joinChangesMetadata', target: 'PreparingRebalance', actions: 'rejoinAndRebalance' },
          { guard: 'isKnownMemberJoin', actions: 'replyCurrentGeneration' },
          { actions: 'rejectJoin' },
        ],
        'member.syncGroup': [
          { guard: 'isLeaderSync', target: 'Stable', actions: 'propagateLeaderAssignment' },
          { guard: 'isValidSync', actions: 'parkSync' },
          { actions: 'rejectSync' },
        ],
        'member.heartbeat': { actions: { type: 'replyHeartbeat', params: { status: 'NONE' } } },
        ...memberGoneRebalances,
      },
    },
    Stable: {
      on: {
        'member.joinGroup': [
          { guard: 'isNewDynamicJoin', actions: 'requireMemberId' },
          { guard: 'isNewMemberJoin', target: 'PreparingRebalance', actions: 'addMemberAndRebalance' },
          { guard: 'isStaticRejoin', actions: 'replaceStaticAndReturnAssignment' },
          { guard: 'isLeaderJoin', target: 'PreparingRebalance', actions: 'rejoinAndRebalance' },
          { guard: 'joinChangesMetadata', target: 'PreparingRebalance', actions: 'rejoinAndRebalance' },
          { guard: 'isKnownMemberJoin', actions: 'replyCurrentGeneration' },
          { actions: 'rejectJoin' },
        ],
        'member.syncGroup': [{ guard: 'isValidSync', actions: 'replyStableAssignment' }, { actions: 'rejectSync' }],
        'member.heartbeat': { actions: { type: 'replyHeartbeat', params: { status: 'NONE' } } },
        ...memberGoneRebalances,
      },
    },
    /** The group was deleted (DeleteGroups on an Empty group); clients must find a coordinator again. */
    Dead: {
      on: {
        'member.joinGroup': { actions: 'replyCoordinatorNotAvailable' },
        'member.syncGroup': { actions: 'replyCoordinatorNotAvailable' },
        'member.heartbeat': { actions: 'replyCoordinatorNotAvailable' },
        'member.leaveGroup': { actions: 'replyCoordinatorNotAvailable' },
      },
    },
  },
})

/** The Kafka state name (ClassicGroupState) of a coordinator snapshot. */
export function classicGroupStateName(value: unknown): 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable' | 'Dead' {
  const top = typeof value === 'string' ? value : Object.keys(value as object)[0]
  switch (top) {
    case 'PreparingRebalance':
    case 'CompletingRebalance':
    case 'Stable':
    case 'Dead':
      return top
    default:
      return 'Empty'
  }
}
