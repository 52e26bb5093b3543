// The classic group's record in __consumer_offsets (GroupMetadataKey / GroupMetadataValue) and a
// new coordinator's load of it. The coordinator appends the record when the leader's SyncGroup
// completes a rebalance (the assignment goes in with it), when a join phase ends with no member
// (the group turns Empty), and when a static member replaces its old member.id in a Stable group;
// nothing else it does is written. Loading replays the last record: a group with members is Stable
// at that generation (ClassicGroup.fromRecord), an empty one is Empty, and onLoaded reschedules
// every member's heartbeat (session) timer. So a rebalance under way at the crash, parked
// JoinGroup/SyncGroup requests, pending member ids and a departure not yet followed by a completed
// rebalance are all lost: the members find out when they rejoin. Pure.

import type { ClassicGroupEvent } from '../../protocols/classicCoordinatorMachine.ts'
import { sessionTimerId, type ClassicGroupContext, type GroupMember } from '../../protocols/classicGroupLogic.ts'
import type { CoordinatorReport } from '../../protocols/classicMessages.ts'
import type { GroupPersistence, LoadedGroup } from './groupRecords.ts'

/** One member in GroupMetadataValue: what its JoinGroup said for the selected protocol, and its assignment. */
export type ClassicMemberRecord = Pick<GroupMember, 'memberId' | 'groupInstanceId' | 'clientId' | 'rebalanceTimeoutMs' | 'sessionTimeoutMs' | 'subscription' | 'assignment'>

/** GroupMetadataValue: generation, selected protocol, leader and members. */
export interface ClassicGroupRecord {
  generation: number
  protocolName: string | null
  leaderId: string | null
  members: ClassicMemberRecord[]
}

/** The reports of the coordinator steps that append a GroupMetadata record. */
const WRITING: ReadonlySet<CoordinatorReport['kind']> = new Set(['stable', 'groupEmptied', 'staticMemberRejoined'])

export const classicGroupPersistence: GroupPersistence<ClassicGroupContext, ClassicGroupEvent, CoordinatorReport, ClassicGroupRecord> = {
  everyChange: false,
  writes: (reports) => reports.some((r) => WRITING.has(r.kind)),
  record: (ctx) => ({
    generation: ctx.generation,
    protocolName: ctx.protocolName,
    leaderId: ctx.leaderId,
    members: ctx.members.map((m) => ({
      memberId: m.memberId,
      groupInstanceId: m.groupInstanceId,
      clientId: m.clientId,
      rebalanceTimeoutMs: m.rebalanceTimeoutMs,
      sessionTimeoutMs: m.sessionTimeoutMs,
      subscription: { topics: [...m.subscription.topics], owned: [...m.subscription.owned], generation: m.subscription.generation },
      assignment: [...m.assignment],
    })),
  }),
  load: loadClassicGroup,
}

/** ClassicGroup.fromRecord + GroupMetadataManager.onLoaded. */
export function loadClassicGroup(config: ClassicGroupContext, record: ClassicGroupRecord | null): LoadedGroup<ClassicGroupContext, ClassicGroupEvent> {
  const protocolName = record?.protocolName ?? null
  const members: GroupMember[] = (record?.members ?? []).map((m) => ({
    ...m,
    subscription: { topics: [...m.subscription.topics], owned: [...m.subscription.owned], generation: m.subscription.generation },
    assignment: [...m.assignment],
    // The record keeps only the selected protocol's metadata: that is all the member supports now.
    protocols: protocolName === null ? [] : [protocolName],
    awaitingJoin: null,
    awaitingSync: null,
    isNew: false,
  }))
  const coordinator: ClassicGroupContext = {
    groupId: config.groupId,
    initialRebalanceDelayMs: config.initialRebalanceDelayMs,
    newMemberJoinTimeoutMs: config.newMemberJoinTimeoutMs,
    generation: record?.generation ?? 0,
    protocolName: members.length > 0 ? protocolName : null,
    leaderId: members.length > 0 ? (record?.leaderId ?? null) : null,
    members,
    pendingJoin: [],
    pendingSync: [],
    newMemberAdded: false,
  }
  const coordinatorTimers = members.map((m) => ({ id: sessionTimerId(m.memberId), event: { type: 'timer.sessionTimeout' as const, memberId: m.memberId }, delayMs: m.sessionTimeoutMs }))
  return { coordinatorState: members.length > 0 ? 'Stable' : 'Empty', coordinator, coordinatorTimers }
}
