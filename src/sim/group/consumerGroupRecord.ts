// A KIP-848 consumer group's records in __consumer_offsets and a new coordinator's load of them.
// Every heartbeat that changes the group appends its records before the answer goes out:
// ConsumerGroupMetadata (group epoch), ConsumerGroupPartitionMetadata (the subscribed topic's
// partitions), ConsumerGroupMemberMetadata (instance id, rebalance timeout, subscription),
// ConsumerGroupTargetAssignmentMetadata / ...Member (assignment epoch, each member's target) and
// ConsumerGroupCurrentMemberAssignment (member epoch, previous epoch, state, assigned and pending
// revocation). So the log holds the whole group; only the timers live in memory, and onLoaded
// starts them again: a session timeout for every member and a rebalance timeout for every member
// still revoking (UNREVOKED_PARTITIONS). The group's state (Empty, Reconciling, Stable) is not a
// record either: ConsumerGroup derives it from the epochs. Pure.

import type { ConsumerGroupCoordinatorEvent, ConsumerGroupReport } from '../../protocols/consumerGroupMessages.ts'
import { isReconciling, rebalanceTimerId, sessionTimerId, type ConsumerGroupContext } from '../../protocols/consumerGroupLogic.ts'
import type { GroupPersistence, LoadedGroup } from './groupRecords.ts'

/** The group's state fields, as its records hold them (the configuration comes from the broker). */
export type ConsumerGroupRecords = Pick<ConsumerGroupContext, 'groupEpoch' | 'targetAssignmentEpoch' | 'target' | 'members' | 'partitionCount'>

export const consumerGroupPersistence: GroupPersistence<ConsumerGroupContext, ConsumerGroupCoordinatorEvent, ConsumerGroupReport, ConsumerGroupRecords> = {
  everyChange: true,
  writes: () => true,
  // Contexts are replaced, never changed in place, so the records may share their arrays.
  record: (ctx) => ({ groupEpoch: ctx.groupEpoch, targetAssignmentEpoch: ctx.targetAssignmentEpoch, target: ctx.target, members: ctx.members, partitionCount: ctx.partitionCount }),
  load: loadConsumerGroup,
}

/** GroupCoordinatorShard.replay of the group's records + GroupMetadataManager.onLoaded. */
export function loadConsumerGroup(config: ConsumerGroupContext, r: ConsumerGroupRecords | null): LoadedGroup<ConsumerGroupContext, ConsumerGroupCoordinatorEvent> {
  const coordinator: ConsumerGroupContext = {
    groupId: config.groupId,
    assignor: config.assignor,
    topic: config.topic,
    sessionTimeoutMs: config.sessionTimeoutMs,
    heartbeatIntervalMs: config.heartbeatIntervalMs,
    partitionCount: r?.partitionCount ?? config.partitionCount,
    groupEpoch: r?.groupEpoch ?? 0,
    targetAssignmentEpoch: r?.targetAssignmentEpoch ?? 0,
    target: r?.target ?? {},
    members: r?.members ?? [],
  }
  const coordinatorTimers: LoadedGroup<ConsumerGroupContext, ConsumerGroupCoordinatorEvent>['coordinatorTimers'] = []
  for (const m of coordinator.members) {
    coordinatorTimers.push({ id: sessionTimerId(m.memberId), event: { type: 'timer.sessionTimeout', memberId: m.memberId }, delayMs: coordinator.sessionTimeoutMs })
    if (m.state === 'UNREVOKED_PARTITIONS') {
      coordinatorTimers.push({ id: rebalanceTimerId(m.memberId), event: { type: 'timer.rebalanceTimeout', memberId: m.memberId, memberEpoch: m.memberEpoch }, delayMs: m.rebalanceTimeoutMs })
    }
  }
  const coordinatorState = coordinator.members.length === 0 ? 'Empty' : isReconciling(coordinator) ? 'Reconciling' : 'Stable'
  return { coordinatorState, coordinator, coordinatorTimers }
}
