// A KIP-932 share group's records in __consumer_offsets and a new group coordinator's load of them.
// The share group lives on the group coordinator like any group; each ShareGroupHeartbeat that
// changes it appends ShareGroupMetadata (group epoch), ShareGroupMemberMetadata,
// ShareGroupTargetAssignmentMetadata / ...Member and ShareGroupCurrentMemberAssignment before the
// answer, so the log holds the whole group. Only the session timers are memory: onLoaded starts
// one for every member. (Which records each member has acquired is not the group coordinator's
// business at all: that is the share-partition's, on the partition leader: shareLeaderChange.ts.)
// Pure.

import { shareSessionTimerId, type ShareGroupContext } from '../../protocols/shareGroupLogic.ts'
import type { ShareGroupCoordinatorEvent, ShareGroupReport } from '../../protocols/shareGroupMessages.ts'
import type { GroupPersistence, LoadedGroup } from '../group/groupRecords.ts'

export type ShareGroupRecords = Pick<ShareGroupContext, 'groupEpoch' | 'assignmentEpoch' | 'target' | 'members' | 'partitionCount'>

export const shareGroupPersistence: GroupPersistence<ShareGroupContext, ShareGroupCoordinatorEvent, ShareGroupReport, ShareGroupRecords> = {
  everyChange: true,
  writes: () => true,
  // Contexts are replaced, never changed in place, so the records may share their arrays.
  record: (ctx) => ({ groupEpoch: ctx.groupEpoch, assignmentEpoch: ctx.assignmentEpoch, target: ctx.target, members: ctx.members, partitionCount: ctx.partitionCount }),
  load: loadShareGroup,
}

export function loadShareGroup(config: ShareGroupContext, r: ShareGroupRecords | null): LoadedGroup<ShareGroupContext, ShareGroupCoordinatorEvent> {
  const coordinator: ShareGroupContext = {
    groupId: config.groupId,
    topicIdHash: config.topicIdHash,
    sessionTimeoutMs: config.sessionTimeoutMs,
    heartbeatIntervalMs: config.heartbeatIntervalMs,
    partitionCount: r?.partitionCount ?? config.partitionCount,
    groupEpoch: r?.groupEpoch ?? 0,
    assignmentEpoch: r?.assignmentEpoch ?? 0,
    target: r?.target ?? {},
    members: r?.members ?? [],
  }
  const coordinatorTimers = coordinator.members.map((m) => ({ id: shareSessionTimerId(m.memberId), event: { type: 'timer.sessionTimeout' as const, memberId: m.memberId }, delayMs: coordinator.sessionTimeoutMs }))
  return { coordinatorState: coordinator.members.length > 0 ? 'Stable' : 'Empty', coordinator, coordinatorTimers }
}
