// The KIP-932 share group coordinator (GroupMetadataManager.shareGroupHeartbeat + ShareGroup) as an
// XState v5 machine. States are Kafka's ShareGroupState: Empty and Stable (Dead is unused here):
// a share group has no Assigning or Reconciling phase, since members never wait for each other.
// Pure: timers are delayed raises, replies and narration are custom actions.

import { setup } from 'xstate'
import { actionsFor, coordinatorEffectStubs, emitStep, type CoordinatorEffect } from './machineKit.ts'
import * as g from './shareGroupLogic.ts'
import type { ShareGroupCoordinatorEvent, ShareGroupReport, ShareGroupResponseEvent } from './shareGroupMessages.ts'

export type { ShareGroupInput } from './shareGroupLogic.ts'

export type ShareGroupEffect = CoordinatorEffect<ShareGroupResponseEvent, ShareGroupReport>

type Ctx = g.ShareGroupContext
type Ev = ShareGroupCoordinatorEvent
const act = actionsFor<Ctx, Ev, ShareGroupEffect>()

/** An action for one event type: a step from the context, filled by `f`, emitted. */
function onEvent<T extends Ev['type']>(type: T, f: (s: g.Step, e: Extract<Ev, { type: T }>) => g.Step) {
  return act(({ context, event, enqueue }) => {
    if (event.type === type) emitStep(enqueue, f(g.step(context), event as Extract<Ev, { type: T }>))
  })
}

export const shareGroupMachine = setup({
  types: { context: {} as Ctx, events: {} as Ev, input: {} as g.ShareGroupInput },
  actions: {
    ...coordinatorEffectStubs<ShareGroupResponseEvent, ShareGroupReport>(),
    acceptHeartbeat: onEvent('member.shareGroupHeartbeat', (s, e) => g.acceptHeartbeat(s, e.request, e.replyTo)),
    expireSession: onEvent('timer.sessionTimeout', (s, e) => g.expireSession(s, e.memberId)),
    updatePartitionCount: onEvent('metadata.partitionsChanged', (s, e) => g.updatePartitionCount(s, e.partitionCount)),
  },
  guards: {
    isEmpty: ({ context }) => context.members.length === 0,
    hasMembers: ({ context }) => context.members.length > 0,
  },
}).createMachine({
  id: 'shareGroup',
  // `transition()` also builds a throwaway actor without input: tolerate a missing one.
  context: ({ input }: { input: g.ShareGroupInput | undefined }) => ({
    groupId: input?.groupId ?? '',
    topicIdHash: input?.topicIdHash ?? 0,
    partitionCount: input?.partitionCount ?? 0,
    sessionTimeoutMs: input?.sessionTimeoutMs ?? 45_000,
    heartbeatIntervalMs: input?.heartbeatIntervalMs ?? 5_000,
    groupEpoch: 0,
    assignmentEpoch: 0,
    target: {},
    members: [],
  }),
  initial: 'Empty',
  on: {
    'member.shareGroupHeartbeat': { actions: 'acceptHeartbeat' },
    'timer.sessionTimeout': { actions: 'expireSession' },
    'metadata.partitionsChanged': { actions: 'updatePartitionCount' },
  },
  states: {
    Empty: { always: { guard: 'hasMembers', target: 'Stable' } },
    Stable: { always: { guard: 'isEmpty', target: 'Empty' } },
    Dead: { type: 'final' },
  },
})
