// What the group protocol runtimes (sim/group) narrate, as typed facts, and their English: who
// (members by display name), what (generation or epoch, partitions, state) and why (trigger, error
// code, timeout). narration.ts's narrate() renders these through narrateGroup(); nothing else
// builds group narration text.

import type { ReconciliationState } from '../protocols/consumerGroupMessages.ts'

/**
 * What started a classic rebalance or moved a KIP-848 group epoch (the coordinator's cause), with
 * members by display name. `reason` is the reason the member sent with its JoinGroup or LeaveGroup
 * (KIP-800), '' when none.
 */
export type RebalanceTrigger =
  | { kind: 'memberJoined'; member: string }
  | { kind: 'memberRejoined'; member: string; leader: boolean; reason: string }
  | { kind: 'staticMemberReplaced'; member: string }
  /** A static member rejoined a Stable group with protocols that change the group's selected one. */
  | { kind: 'staticMemberChangedProtocol'; member: string; protocol: string | null }
  | { kind: 'memberLeft'; member: string; reason: string }
  | { kind: 'sessionTimeout'; member: string }
  | { kind: 'syncTimeout'; members: string[] }
  /** KIP-848: a member did not revoke within its rebalance timeout. */
  | { kind: 'rebalanceTimeout'; member: string }
  /** KIP-848: the coordinator saw the topic grow. */
  | { kind: 'partitionsChanged'; partitions: number }

/** One member's partitions in an assignment, in the order the coordinator lists them. */
export interface MemberPartitions {
  member: string
  partitions: number[]
}

/** Why the coordinator took a member out of the group, with the timeout that expired. */
export type MemberRemoval =
  | { protocol: 'classic'; why: 'sessionTimeout'; sessionTimeoutMs: number }
  | { protocol: 'classic'; why: 'leaveGroup' }
  | { protocol: 'classic'; why: 'syncTimeout' }
  /** Not rejoined within the rebalance timeout, which is the members' max.poll.interval.ms. */
  | { protocol: 'classic'; why: 'notRejoined'; maxPollIntervalMs: number }
  /** group.consumer.session.timeout.ms: the member is fenced. */
  | { protocol: 'consumer'; why: 'sessionTimeout'; sessionTimeoutMs: number }
  /** Did not revoke within its rebalance timeout (max.poll.interval.ms): fenced. */
  | { protocol: 'consumer'; why: 'rebalanceTimeout' }

/**
 * Why a member gave up partitions without onPartitionsRevoked: onPartitionsLost (fenced, timed out
 * or its generation reset), or a crashed process's partitions released when the group removed it
 * or when its slot started a new process.
 */
export type LossCause = 'onPartitionsLost' | 'crashedMemberRemoved' | 'crashedMemberRestarted'

export type GroupFact =
  /** A warm start: the group was formed before t = 0 and is Stable (generation or group epoch). */
  | { kind: 'group.formed'; protocol: 'eager' | 'cooperative' | 'consumer'; generation: number; assignment: MemberPartitions[] }
  /**
   * Classic: the coordinator moves to PreparingRebalance. `generation` is the one it will form;
   * `initialDelayMs` (group.initial.rebalance.delay.ms) is set for the group's first rebalance;
   * `owned` is how many partitions the members own as it starts (an eager rebalance revokes them all).
   */
  | { kind: 'group.rebalanceStart'; trigger: RebalanceTrigger; generation: number; protocol: 'eager' | 'cooperative'; initialDelayMs: number | null; owned: number }
  | { kind: 'group.initialDelay'; delayMs: number }
  | { kind: 'group.joinComplete'; generation: number; members: string[]; leader: string; assignor: string }
  | { kind: 'group.stable'; generation: number; assignment: MemberPartitions[] }
  | { kind: 'group.empty'; generation: number }
  | { kind: 'group.memberRemoved'; member: string; removal: MemberRemoval }
  | { kind: 'group.noRejoin'; generation: number }
  /** Classic: a dynamic member sends LeaveGroup, a static one only stops heartbeating. */
  | { kind: 'group.pollTimeout'; protocol: 'classic'; member: string; maxPollIntervalMs: number; sentLeaveGroup: boolean }
  /** KIP-848: the member leaves with `leaveEpoch` (-1, or -2 for a static member). */
  | { kind: 'group.pollTimeout'; protocol: 'consumer'; member: string; maxPollIntervalMs: number; leaveEpoch: number }
  | { kind: 'group.generationReset'; member: string; error: string }
  | { kind: 'group.fenced'; protocol: 'classic'; member: string; error: 'FENCED_INSTANCE_ID' }
  | { kind: 'group.fenced'; protocol: 'consumer'; member: string; error: string }
  /** KIP-848: a static member left with epoch -2; its partitions wait for it. */
  | { kind: 'group.staticLeave'; member: string }
  | { kind: 'group.staticRejoin'; protocol: 'classic'; member: string; generation: number }
  | { kind: 'group.staticRejoin'; protocol: 'consumer'; member: string }
  | { kind: 'group.revoke'; member: string; partitions: number[] }
  | { kind: 'group.lost'; member: string; partitions: number[]; cause: LossCause }
  | { kind: 'group.assign'; member: string; partitions: number[] }
  | { kind: 'group.epoch'; trigger: RebalanceTrigger; groupEpoch: number }
  | { kind: 'group.target'; epoch: number; assignor: string; assignment: MemberPartitions[] }
  /** KIP-848: where a member's reconciliation stands after a heartbeat. */
  | { kind: 'group.reconcile'; member: string; state: ReconciliationState; memberEpoch: number; assigned: number[]; pendingRevocation: number[] }
  /**
   * A new coordinator rebuilt the group from its records in __consumer_offsets (state, generation or
   * group epoch, members as loaded); `lostState`/`lostGeneration`: where the old one's memory had it.
   */
  | { kind: 'group.reloaded'; protocol: 'eager' | 'cooperative' | 'consumer' | 'share'; state: string; generation: number; members: string[]; lostState: string; lostGeneration: number }

/** Partitions as the narration prints them: "[0,1,2]". */
/**
 * A member's partitions in words. Up to 16 as they are; beyond, runs as ranges, and past six runs
 * the first six and the count: a warm start of 10 000 partitions listed a thousand numbers per member.
 */
function partitionList(ps: readonly number[]): string {
  if (ps.length <= 16) return `[${ps.join(',')}]`
  const runs: string[] = []
  for (let i = 0; i < ps.length; ) {
    let j = i
    while (j + 1 < ps.length && ps[j + 1] === ps[j]! + 1) j++
    runs.push(j > i ? `${ps[i]}–${ps[j]}` : `${ps[i]}`)
    i = j + 1
  }
  return runs.length <= 6 ? `[${runs.join(',')}]` : `[${runs.slice(0, 6).join(',')},…] (${ps.length} partitions)`
}

/** A duration as the narration prints it: "45 s", "2.5 s". */
const seconds = (ms: number): string => `${+(ms / 1000).toFixed(1)} s`

const assignmentText = (a: readonly MemberPartitions[]): string => a.map((m) => `${m.member} ${partitionList(m.partitions)}`).join(' ')

/** What started it, in words: "consumer-4 joined" (also the rebalance log's `trigger`). */
export function rebalanceTrigger(t: RebalanceTrigger): string {
  switch (t.kind) {
    case 'memberJoined':
      return `${t.member} joined`
    case 'memberRejoined':
      return `${t.member}${t.leader ? ' (leader)' : ''} rejoined${t.reason ? `: ${t.reason}` : ''}`
    case 'staticMemberReplaced':
      return `${t.member} (static) restarted during a rebalance`
    case 'staticMemberChangedProtocol':
      return `${t.member} (static) rejoined with other protocols: the group's protocol becomes ${t.protocol ?? 'none'}`
    case 'memberLeft':
      return `${t.member} left${t.reason ? ` (${t.reason})` : ''}`
    case 'sessionTimeout':
      return `${t.member} session timeout`
    case 'syncTimeout':
      return `${t.members.join(', ')} sent no SyncGroup`
    case 'rebalanceTimeout':
      return `${t.member} rebalance timeout`
    case 'partitionsChanged':
      return `partitions added (now ${t.partitions})`
  }
}

function rebalanceStart(f: Extract<GroupFact, { kind: 'group.rebalanceStart' }>): string {
  if (f.initialDelayMs !== null) return `first rebalance of the group (group.initial.rebalance.delay.ms = ${seconds(f.initialDelayMs)} to gather members)`
  if (f.protocol === 'cooperative') return 'cooperative rebalance: members keep consuming while they rejoin'
  return f.owned > 0 ? `eager rebalance: every member revokes all it owns (${f.owned} partitions) as it rejoins` : 'eager rebalance'
}

function removal(member: string, r: MemberRemoval): string {
  if (r.protocol === 'consumer') {
    return r.why === 'sessionTimeout'
      ? `${member} missed heartbeats for ${seconds(r.sessionTimeoutMs)} (group.consumer.session.timeout.ms) → fenced and removed`
      : `${member} did not revoke within its rebalance timeout (max.poll.interval.ms) → fenced and removed`
  }
  switch (r.why) {
    case 'sessionTimeout':
      return `${member} missed heartbeats for ${seconds(r.sessionTimeoutMs)} (session.timeout.ms) → removed`
    case 'leaveGroup':
      return `${member} left the group (LeaveGroup) → removed`
    case 'syncTimeout':
      return `${member} sent no SyncGroup within the rebalance timeout → removed`
    case 'notRejoined':
      return `${member} did not rejoin within the rebalance timeout (max.poll.interval.ms = ${seconds(r.maxPollIntervalMs)}) → removed`
  }
}

function pollTimeout(f: Extract<GroupFact, { kind: 'group.pollTimeout' }>): string {
  const head = `${f.member} did not call poll() within max.poll.interval.ms (${seconds(f.maxPollIntervalMs)})`
  if (f.protocol === 'consumer') return `${head} → leaves the group (epoch ${f.leaveEpoch}); it rejoins at its next poll`
  return f.sentLeaveGroup ? `${head} → sends LeaveGroup; it rejoins at its next poll` : `${head} → static member: no LeaveGroup, it stops heartbeating`
}

function lost(f: Extract<GroupFact, { kind: 'group.lost' }>): string {
  switch (f.cause) {
    case 'onPartitionsLost':
      return `${f.member} loses ${partitionList(f.partitions)} (onPartitionsLost: nothing committed)`
    case 'crashedMemberRestarted':
      return `${f.member} restarts: the partitions its crashed process held ${partitionList(f.partitions)} are released`
    case 'crashedMemberRemoved':
      return `the partitions crashed ${f.member} held ${partitionList(f.partitions)} are free to move`
  }
}

function reconcile(f: Extract<GroupFact, { kind: 'group.reconcile' }>): string {
  switch (f.state) {
    case 'UNREVOKED_PARTITIONS':
      return `${f.member}: UNREVOKED_PARTITIONS, must revoke ${partitionList(f.pendingRevocation)} first`
    case 'UNRELEASED_PARTITIONS':
      return `${f.member}: UNRELEASED_PARTITIONS at epoch ${f.memberEpoch}, waiting for partitions others still hold`
    case 'STABLE':
      return `${f.member}: STABLE at epoch ${f.memberEpoch} ${partitionList(f.assigned)}`
  }
}

/** The English for one group fact (without the time stamp). */
export function narrateGroup(f: GroupFact): string {
  switch (f.kind) {
    case 'group.formed':
      return f.protocol === 'consumer'
        ? `warm start: the group is already Stable at group epoch ${f.generation}, every member reconciled: ${assignmentText(f.assignment)}`
        : `warm start: the group is already Stable in generation ${f.generation}: ${assignmentText(f.assignment)}`
    case 'group.rebalanceStart':
      return `${rebalanceTrigger(f.trigger)} → ${rebalanceStart(f)}`
    case 'group.initialDelay':
      return `a member joined during group.initial.rebalance.delay.ms → waiting another ${seconds(f.delayMs)}`
    case 'group.joinComplete':
      return `generation ${f.generation}: ${f.members.length} members joined, ${f.leader} leads and runs the ${f.assignor} assignor${f.assignor === 'lag-aware' ? ' (not built into Kafka: it weighs each partition by its lag and rate)' : ''}`
    case 'group.stable':
      return `generation ${f.generation} stable: ${assignmentText(f.assignment)}`
    case 'group.empty':
      return `generation ${f.generation}: no members left, the group is Empty`
    case 'group.memberRemoved':
      return removal(f.member, f.removal)
    case 'group.noRejoin':
      return 'no member rejoined within the rebalance timeout → waiting again'
    case 'group.pollTimeout':
      return pollTimeout(f)
    case 'group.generationReset':
      return `${f.member} got ${f.error} → its generation is reset; it rejoins at its next poll`
    case 'group.fenced':
      return f.protocol === 'classic'
        ? `${f.member} was fenced (${f.error}): another process uses its group.instance.id`
        : `${f.member} got ${f.error} → its partitions are lost; it rejoins with epoch 0`
    case 'group.staticLeave':
      return `${f.member} (static) left for now (epoch -2): its partitions wait for it until group.consumer.session.timeout.ms`
    case 'group.staticRejoin':
      return f.protocol === 'classic'
        ? `${f.member} (static) rejoined within session.timeout.ms → no rebalance: it gets its generation ${f.generation} assignment back`
        : `${f.member} (static) rejoined within the session timeout → no new epoch, it gets its partitions back`
    case 'group.revoke':
      return `${f.member} revokes ${partitionList(f.partitions)} (onPartitionsRevoked)`
    case 'group.lost':
      return lost(f)
    case 'group.assign':
      return `${f.member} is assigned ${partitionList(f.partitions)} (onPartitionsAssigned)`
    case 'group.epoch':
      return `${rebalanceTrigger(f.trigger)} → group epoch ${f.groupEpoch}: a new target assignment; members reconcile one heartbeat at a time, nobody else stops`
    case 'group.target':
      return `target assignment for epoch ${f.epoch} (${f.assignor}): ${assignmentText(f.assignment)}`
    case 'group.reconcile':
      return reconcile(f)
    case 'group.reloaded':
      return reloaded(f)
  }
}

function reloaded(f: Extract<GroupFact, { kind: 'group.reloaded' }>): string {
  const who = f.members.length === 0 ? 'no members' : f.members.join(', ')
  if (f.protocol === 'share') {
    return `the new coordinator replayed the share group's records: group epoch ${f.generation} with ${who}; members kept fetching from the partition leaders meanwhile (only ShareGroupHeartbeat waited)`
  }
  if (f.protocol === 'consumer') {
    return `the new coordinator replayed the group's records: ${f.state} at group epoch ${f.generation} with ${who} (every change was written before it was answered; only the timers start again)`
  }
  const base = `the new coordinator replayed the group's last GroupMetadata record: ${f.state} in generation ${f.generation} with ${who}`
  if (f.lostState === f.state && f.lostGeneration === f.generation) return base
  // The old coordinator had moved on in memory: a rebalance or departures not yet written.
  return `${base}; the old coordinator's ${f.lostState} (generation ${f.lostGeneration}) was only in its memory and is lost: members find out when they rejoin or heartbeat`
}
