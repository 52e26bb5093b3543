// The KIP-848 group coordinator (GroupMetadataManager.consumerGroupHeartbeat + ConsumerGroup) as an
// XState v5 machine. States are Kafka's ConsumerGroupState: Empty, Assigning (group epoch ahead of
// the target assignment), Reconciling (some member not yet at the target), Stable; Dead is unused
// by the simulator. No group-wide barrier: each heartbeat reconciles one member.
// Pure: timers are delayed raises, replies and narration are custom actions.

import { setup } from 'xstate'
import type { ConsumerGroupCoordinatorEvent, ConsumerGroupReport, ConsumerGroupResponseEvent } from './consumerGroupMessages.ts'
import * as g from './consumerGroupLogic.ts'
import { actionsFor, coordinatorEffectStubs, emitStep, type CoordinatorEffect, type EnqueueOf } from './machineKit.ts'

export type { ConsumerGroupInput } from './consumerGroupLogic.ts'

export type ConsumerGroupEffect = CoordinatorEffect<ConsumerGroupResponseEvent, ConsumerGroupReport>

type Ctx = g.ConsumerGroupContext
type Ev = ConsumerGroupCoordinatorEvent
const act = actionsFor<Ctx, Ev, ConsumerGroupEffect>()

function emit(enqueue: EnqueueOf<Ctx, Ev, ConsumerGroupEffect>, s: g.Step): void {
  emitStep(enqueue, s)
  // Reconciliation waits until the target assignment has caught up with the group epoch.
  if (s.reconcile) enqueue.raise({ type: 'internal.reconcileMember', ...s.reconcile })
}

/** An action for one event type: a step from the context, filled by `f`, emitted. */
function onEvent<T extends Ev['type']>(type: T, f: (s: g.Step, e: Extract<Ev, { type: T }>) => g.Step) {
  return act(({ context, event, enqueue }) => {
    if (event.type === type) emit(enqueue, f(g.step(context), event as Extract<Ev, { type: T }>))
  })
}

export const consumerGroupMachine = setup({
  types: { context: {} as Ctx, events: {} as Ev, input: {} as g.ConsumerGroupInput },
  actions: {
    ...coordinatorEffectStubs<ConsumerGroupResponseEvent, ConsumerGroupReport>(),
    acceptHeartbeat: onEvent('member.consumerGroupHeartbeat', (s, e) => g.acceptHeartbeat(s, e.request, e.replyTo)),
    reconcileMember: onEvent('internal.reconcileMember', (s, e) => g.reconcileMember(s, e.memberId, e.owned, e.replyTo)),
    computeTargetAssignment: act(({ context, enqueue }) => emit(enqueue, g.computeTargetAssignment(g.step(context)))),
    expireSession: onEvent('timer.sessionTimeout', (s, e) => g.expireSession(s, e.memberId)),
    expireRebalance: onEvent('timer.rebalanceTimeout', (s, e) => g.expireRebalance(s, e.memberId, e.memberEpoch)),
    updatePartitionCount: onEvent('metadata.partitionsChanged', (s, e) => g.updatePartitionCount(s, e.partitionCount)),
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
  context: ({ input }: { input: g.ConsumerGroupInput | undefined }) => ({
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
