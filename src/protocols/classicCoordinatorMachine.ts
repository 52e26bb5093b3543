// The classic group coordinator (GroupMetadataManager + ClassicGroup) as an XState v5 machine.
// Pure: no timers, randomness or I/O. Timers are delayed `xstate.raise` actions with ids (the
// runtime schedules and cancels them); replies and narration are the effects `sendResponse` and
// `report`, carried out by the runtime. Actions are in classicCoordinatorActions.ts, bookkeeping
// in classicGroupLogic.ts and classicGroupRebalance.ts.

import { setup } from 'xstate'
import { classicCoordinatorActions, joinKind, joinRequest, syncError, type ClassicGroupEvent } from './classicCoordinatorActions.ts'
import type { CoordinatorReport, CoordinatorResponseEvent } from './classicMessages.ts'
import * as g from './classicGroupLogic.ts'
import { electJoinedLeader } from './classicGroupRebalance.ts'
import { coordinatorEffectStubs } from './machineKit.ts'

export type { ClassicCoordinatorEffect, ClassicGroupEvent } from './classicCoordinatorActions.ts'

export interface ClassicCoordinatorInput {
  groupId: string
  initialRebalanceDelayMs: number
  /** Kafka's default for a new member's parked JoinGroup: 5 minutes. */
  newMemberJoinTimeoutMs?: number
}

type Ctx = g.ClassicGroupContext

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
    events: {} as ClassicGroupEvent,
    input: {} as ClassicCoordinatorInput,
  },
  actions: { ...coordinatorEffectStubs<CoordinatorResponseEvent, CoordinatorReport>(), ...classicCoordinatorActions },
  guards: {
    isNewDynamicJoin: ({ context, event }) => joinKind(context, event) === 'newDynamic',
    /** A static member never seen, or a dynamic member back with the id it was given. */
    isNewMemberJoin: ({ context, event }) => {
      const k = joinKind(context, event)
      return k === 'newStatic' || k === 'pendingDynamic'
    },
    isStaticRejoin: ({ context, event }) => joinKind(context, event) === 'staticReplace',
    /** A static member's new protocols would change the group's selected protocol. */
    isStaticRejoinChangingProtocol: ({ context, event }) => {
      const r = joinRequest(event)
      return joinKind(context, event) === 'staticReplace' && r !== null && g.selectedProtocolWith(context, r.groupInstanceId ?? '', r.protocols) !== context.protocolName
    },
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
    noMemberRejoined: ({ context }) => electJoinedLeader(context) === null,
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
          { guard: 'isStaticRejoinChangingProtocol', target: 'PreparingRebalance', actions: 'replaceStaticChangingProtocol' },
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
