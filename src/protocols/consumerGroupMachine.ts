// The KIP-848 group coordinator (GroupMetadataManager.consumerGroupHeartbeat + ConsumerGroup) as an
// XState v5 machine. States are Kafka's ConsumerGroupState: Empty, Assigning (group epoch ahead of
// the target assignment), Reconciling (some member not yet at the target), Stable; Dead is unused
// by the simulator. No group-wide barrier: each heartbeat reconciles one member.
// Pure: timers are delayed raises, replies and narration are custom actions.

import { enqueueActions, setup, type EventObject, type ParameterizedObject } from 'xstate'
import type { AssignorName } from '../kafka/assignors/assignor.ts'
import type { ConsumerGroupCoordinatorEvent, ConsumerGroupReport, ConsumerGroupResponseEvent, ReplyTo } from './consumerGroupMessages.ts'
import * as g from './consumerGroupLogic.ts'

export interface ConsumerGroupInput {
  groupId: string
  /** group.consumer.assignors: 'uniform' (default) or 'range'. */
  assignor: AssignorName
  topic: string
  partitionCount: number
  sessionTimeoutMs: number
  heartbeatIntervalMs: number
}

type Ctx = g.ConsumerGroupContext
type Ev = ConsumerGroupCoordinatorEvent
type Effect =
  | { type: 'sendResponse'; params: { replyTo: ReplyTo; event: ConsumerGroupResponseEvent } }
  | { type: 'report'; params: ConsumerGroupReport }
type Collect<P> = Parameters<typeof enqueueActions<Ctx, Ev, P, Ev, never, Effect, never, never, EventObject>>[0]
type Enqueue = Parameters<Collect<undefined>>[0]['enqueue']

function act<P extends ParameterizedObject['params'] | undefined = undefined>(collect: Collect<P>) {
  return enqueueActions<Ctx, Ev, P, Ev, never, Effect, never, never, EventObject>(collect)
}

function emit(enqueue: Enqueue, s: g.Step): void {
  enqueue.assign(() => s.ctx)
  for (const t of s.timers) {
    enqueue.cancel(t.id)
    if (t.kind === 'set') enqueue.raise(t.event, { id: t.id, delay: t.delayMs })
  }
  for (const r of s.replies) enqueue({ type: 'sendResponse', params: r })
  for (const r of s.reports) enqueue({ type: 'report', params: r })
  // Reconciliation waits until the target assignment has caught up with the group epoch.
  if (s.reconcile) enqueue.raise({ type: 'internal.reconcileMember', ...s.reconcile })
}

export const consumerGroupMachine = setup({
  types: { context: {} as Ctx, events: {} as Ev, input: {} as ConsumerGroupInput },
  actions: {
    sendResponse: (_, _params: { replyTo: ReplyTo; event: ConsumerGroupResponseEvent }) => {},
    report: (_, _params: ConsumerGroupReport) => {},
    acceptHeartbeat: act(({ context, event, enqueue }) => {
      if (event.type === 'member.consumerGroupHeartbeat') emit(enqueue, g.acceptHeartbeat(g.step(context), event.request, event.replyTo))
    }),
    reconcileMember: act(({ context, event, enqueue }) => {
      if (event.type === 'internal.reconcileMember') emit(enqueue, g.reconcileMember(g.step(context), event.memberId, event.owned, event.replyTo))
    }),
    computeTargetAssignment: act(({ context, enqueue }) => emit(enqueue, g.computeTargetAssignment(g.step(context)))),
    expireSession: act(({ context, event, enqueue }) => {
      if (event.type === 'timer.sessionTimeout') emit(enqueue, g.expireSession(g.step(context), event.memberId))
    }),
    expireRebalance: act(({ context, event, enqueue }) => {
      if (event.type === 'timer.rebalanceTimeout') emit(enqueue, g.expireRebalance(g.step(context), event.memberId, event.memberEpoch))
    }),
    updatePartitionCount: act(({ context, event, enqueue }) => {
      if (event.type === 'metadata.partitionsChanged') emit(enqueue, g.updatePartitionCount(g.step(context), event.partitionCount))
    }),
    reportStable: act(({ context, enqueue }) => enqueue({ type: 'report', params: { kind: 'groupStable', epoch: context.groupEpoch } })),
  },
  guards: {
    needsAssignment: ({ context }) => context.groupEpoch > context.targetAssignmentEpoch,
    isEmpty: ({ context }) => context.members.length === 0,
    hasMembers: ({ context }) => context.members.length > 0,
    isReconciling: ({ context }) => g.isReconciling(context),
    isSettled: ({ context }) => !g.isReconciling(context),
  },
}).createMachine({
  id: 'consumerGroup',
  // `transition()` also builds a throwaway actor without input: tolerate a missing one.
  context: ({ input }: { input: ConsumerGroupInput | undefined }) => ({
    groupId: input?.groupId ?? '',
    assignor: input?.assignor ?? 'uniform',
    topic: input?.topic ?? '',
    partitionCount: input?.partitionCount ?? 0,
    sessionTimeoutMs: input?.sessionTimeoutMs ?? 45_000,
    heartbeatIntervalMs: input?.heartbeatIntervalMs ?? 5_000,
    groupEpoch: 0,
    targetAssignmentEpoch: 0,
    target: {},
    members: [],
  }),
  initial: 'Empty',
  on: {
    'member.consumerGroupHeartbeat': { actions: 'acceptHeartbeat' },
    'internal.reconcileMember': { actions: 'reconcileMember' },
    'timer.sessionTimeout': { actions: 'expireSession' },
    'timer.rebalanceTimeout': { actions: 'expireRebalance' },
    'metadata.partitionsChanged': { actions: 'updatePartitionCount' },
  },
  states: {
    Empty: {
      always: [
        { guard: 'needsAssignment', target: 'Assigning' },
        { guard: 'isReconciling', target: 'Reconciling' },
        { guard: 'hasMembers', target: 'Stable' },
      ],
    },
    /** The group epoch moved: the server-side assignor computes the new target assignment. */
    Assigning: {
      entry: 'computeTargetAssignment',
      always: [
        { guard: 'isEmpty', target: 'Empty' },
        { guard: 'isReconciling', target: 'Reconciling' },
        { target: 'Stable' },
      ],
    },
    /** Members converge one heartbeat at a time: revoke first, then take released partitions. */
    Reconciling: {
      always: [
        { guard: 'needsAssignment', target: 'Assigning' },
        { guard: 'isEmpty', target: 'Empty' },
        { guard: 'isSettled', target: 'Stable' },
      ],
    },
    Stable: {
      entry: 'reportStable',
      always: [
        { guard: 'needsAssignment', target: 'Assigning' },
        { guard: 'isEmpty', target: 'Empty' },
        { guard: 'isReconciling', target: 'Reconciling' },
      ],
    },
    Dead: { type: 'final' },
  },
})
