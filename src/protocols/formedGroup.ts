// A warm start: the group as Kafka keeps it once one formation round is over, built directly
// instead of played out. Classic: every member joined generation 1, the leader (the first member)
// ran the configured assignor, SyncGroup handed each its share and its next poll applied it
// (onJoinComplete). KIP-848: each member's join moved the group epoch once, the server-side
// assignor's target is current and every member has reconciled to it (STABLE). The runtime
// restores these as machine snapshots and arms the timers they would have running. Pure.

import type { ClassicGroupContext, GroupMember } from './classicGroupLogic.ts'
import type { ClassicMemberContext, ClassicMemberInput } from './classicMemberActions.ts'
import { NO_GENERATION } from './classicMessages.ts'
import type { ConsumerGroupContext, ConsumerGroupInput, ConsumerGroupMember } from './consumerGroupLogic.ts'
import type { ConsumerMemberContext, ConsumerMemberInput } from './consumerMemberMachine.ts'
import { runAssignor } from './leaderAssignment.ts'

/** The generation one classic formation round creates. */
export const FORMED_GENERATION = 1

/**
 * A measured assignment (member i owns `initial[i]`) when it fits the group being formed: one entry
 * per member, every partition owned exactly once. An imported group is already running with it, so
 * a warm start keeps it whatever assignor the scenario names; Kafka recomputes nothing until the
 * next rebalance, and then the sticky assignors start from it (AbstractStickyAssignor reads each
 * member's owned partitions). Anything else (another consumer or partition count): null.
 */
export function fittingAssignment(initial: ReadonlyArray<readonly number[]> | undefined, members: number, partitionCount: number): number[][] | null {
  if (initial === undefined || initial.length !== members || members === 0) return null
  const seen = new Array<boolean>(partitionCount).fill(false)
  let owned = 0
  for (const ps of initial) {
    for (const p of ps) {
      if (!Number.isInteger(p) || p < 0 || p >= partitionCount || seen[p]) return null
      seen[p] = true
      owned++
    }
  }
  return owned === partitionCount ? initial.map((ps) => [...ps].sort((a, b) => a - b)) : null
}

/** The assignment by member id: the measured one when it fits, else what the assignor computes. */
function startingAssignment(memberIds: readonly string[], initial: ReadonlyArray<readonly number[]> | undefined, partitionCount: number, assign: () => Record<string, number[]>): Record<string, number[]> {
  const fit = fittingAssignment(initial, memberIds.length, partitionCount)
  if (!fit) return assign()
  const out: Record<string, number[]> = {}
  memberIds.forEach((id, i) => (out[id] = fit[i]!))
  return out
}

export interface FormedClassic {
  coordinator: ClassicGroupContext
  members: ClassicMemberContext[]
}

/**
 * The classic group after generation 1 (coordinator in Stable, members in Stable with their
 * assignment applied). `members` in join order, each with the member.id the coordinator gave it.
 */
/** `load`: the partitions' weights the leader reads at t = 0 (lag-aware assignor only). */
export function formedClassicGroup(
  group: { groupId: string; initialRebalanceDelayMs: number; newMemberJoinTimeoutMs?: number },
  members: ReadonlyArray<{ memberId: string; input: ClassicMemberInput }>,
  load?: readonly number[],
  initial?: ReadonlyArray<readonly number[]>,
): FormedClassic {
  const first = members[0]
  const leaderId = first?.memberId ?? null
  const assignor = first?.input.assignor ?? 'range'
  // What each JoinGroup carried: nothing owned yet, no generation (an eager sticky member's userData is empty too).
  const joined = members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.input.groupInstanceId, owned: [] as number[], generation: NO_GENERATION }))
  const assignments = first
    ? startingAssignment(members.map((m) => m.memberId), initial, first.input.partitionCount, () =>
        runAssignor({ assignor, topic: first.input.topic, partitionCount: first.input.partitionCount, members: joined, ...(load ? { load } : {}) }),
      )
    : {}
  const coordinatorMembers: GroupMember[] = members.map((m) => ({
    memberId: m.memberId,
    groupInstanceId: m.input.groupInstanceId,
    clientId: m.input.clientId,
    rebalanceTimeoutMs: m.input.maxPollIntervalMs,
    sessionTimeoutMs: m.input.sessionTimeoutMs,
    protocols: [m.input.assignor],
    subscription: { topics: [m.input.topic], owned: [], generation: NO_GENERATION },
    awaitingJoin: null,
    awaitingSync: null,
    isNew: false,
    assignment: assignments[m.memberId] ?? [],
  }))
  const coordinator: ClassicGroupContext = {
    groupId: group.groupId,
    initialRebalanceDelayMs: group.initialRebalanceDelayMs,
    newMemberJoinTimeoutMs: group.newMemberJoinTimeoutMs ?? 300_000,
    generation: FORMED_GENERATION,
    protocolName: first ? assignor : null,
    leaderId,
    members: coordinatorMembers,
    pendingJoin: [],
    pendingSync: [],
    newMemberAdded: false,
  }
  const memberContexts = members.map((m): ClassicMemberContext => {
    const owned = assignments[m.memberId] ?? []
    return {
      ...m.input,
      memberId: m.memberId,
      generation: FORMED_GENERATION,
      protocolName: assignor,
      leaderId,
      owned: [...owned],
      lastAssignment: [...owned],
      lastAssignmentGeneration: FORMED_GENERATION,
      rejoinNeeded: false,
      rejoinReason: '',
      // onJoinComplete leaves the next rejoin to run onJoinPrepare again.
      needsJoinPrepare: true,
      joinPrepareCommitted: false,
      hasPolled: true,
      pendingAssignment: null,
      afterCallback: 'join',
      // Only the leader computed an assignment, for the partition count it saw.
      assignmentSnapshot: m.memberId === leaderId ? m.input.partitionCount : null,
      pollTimerExpired: false,
    }
  })
  return { coordinator, members: memberContexts }
}

export interface FormedConsumerGroup {
  coordinator: ConsumerGroupContext
  members: ConsumerMemberContext[]
}

/**
 * The KIP-848 group once every member has joined (one epoch per join) and reconciled to the target
 * assignment of the last epoch: coordinator Stable, members Stable at that epoch, owning their target.
 */
export function formedConsumerGroup(group: ConsumerGroupInput, members: readonly ConsumerMemberInput[], initial?: ReadonlyArray<readonly number[]>): FormedConsumerGroup {
  const epoch = members.length
  const joined = members.map((m) => ({ memberId: m.memberId, groupInstanceId: m.groupInstanceId, owned: [] as number[], generation: 0 }))
  const target =
    members.length === 0
      ? {}
      : startingAssignment(members.map((m) => m.memberId), initial, group.partitionCount, () =>
          runAssignor({ assignor: group.assignor, topic: group.topic, partitionCount: group.partitionCount, members: joined }),
        )
  const coordinatorMembers: ConsumerGroupMember[] = members.map((m) => ({
    memberId: m.memberId,
    groupInstanceId: m.groupInstanceId,
    memberEpoch: epoch,
    previousMemberEpoch: epoch - 1,
    state: 'STABLE',
    assigned: [...(target[m.memberId] ?? [])],
    pendingRevocation: [],
    rebalanceTimeoutMs: m.maxPollIntervalMs,
  }))
  const coordinator: ConsumerGroupContext = { ...group, groupEpoch: epoch, targetAssignmentEpoch: epoch, target, members: coordinatorMembers }
  const memberContexts = members.map((m): ConsumerMemberContext => ({
    ...m,
    heartbeatIntervalMs: group.heartbeatIntervalMs,
    memberEpoch: epoch,
    owned: [...(target[m.memberId] ?? [])],
    target: null,
    hasPolled: true,
    heartbeatInFlight: false,
    heartbeatNow: false,
  }))
  return { coordinator, members: memberContexts }
}
