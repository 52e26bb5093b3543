import { describe, expect, it } from 'vitest'
import { transition, type AnyEventObject, type AnyMachineSnapshot } from 'xstate'
import { HEARTBEAT_TIMER, POLL_TIMER, classicMemberMachine, ignoresHeartbeatResponse, type ClassicMemberContext, type ClassicMemberEvent, type ClassicMemberInput } from './classicMemberMachine.ts'
import type { MemberRequest } from './classicMessages.ts'
import { shortestPathTree, type ReplayStep } from './pathReplay.ts'

const inputFor = (protocol: 'eager' | 'cooperative', groupInstanceId: string | null): ClassicMemberInput => ({
  slot: 0,
  clientId: 'consumer-1',
  groupInstanceId,
  protocol,
  assignor: protocol === 'eager' ? 'range' : 'cooperative-sticky',
  topic: 't',
  partitionCount: 4,
  sessionTimeoutMs: 45_000,
  heartbeatIntervalMs: 3_000,
  maxPollIntervalMs: 300_000,
  autoCommit: true,
})

/** The world around one member: its application, its timers and the coordinator's answers. */
function events(s: AnyMachineSnapshot): ClassicMemberEvent[] {
  if (s.status === 'done') return []
  const c = s.context as ClassicMemberContext
  const me = c.memberId || 'm1'
  const next = c.generation + 1
  const out: ClassicMemberEvent[] = [{ type: 'app.poll' }, { type: 'app.close' }, { type: 'app.crash' }, { type: 'timer.heartbeat' }, { type: 'metadata.update', partitionCount: c.partitionCount === 4 ? 6 : 4 }]
  if (c.hasPolled) out.push({ type: 'timer.pollTimeout' })
  const subscription = { topics: ['t'], owned: c.owned, generation: c.generation }
  const joined = (leaderId: string) => ({ error: 'NONE' as const, memberId: me, generation: next, protocolName: c.assignor, leaderId, members: leaderId === me ? [{ memberId: me, groupInstanceId: c.groupInstanceId, subscription }, { memberId: 'other', groupInstanceId: null, subscription: { topics: ['t'], owned: [3], generation: c.generation } }] : [], skipAssignment: false })
  const failed = (error: 'MEMBER_ID_REQUIRED' | 'UNKNOWN_MEMBER_ID' | 'REBALANCE_IN_PROGRESS') => ({ ...joined('other'), error, memberId: error === 'MEMBER_ID_REQUIRED' ? 'm1' : me, generation: -1 })
  switch (s.value) {
    case 'Revoking':
    case 'Committing':
      out.push({ type: 'callback.done' })
      break
    case 'PreparingRebalance':
      out.push(
        { type: 'coordinator.joinGroupResponse', response: joined(me) },
        { type: 'coordinator.joinGroupResponse', response: joined('other') },
        { type: 'coordinator.joinGroupResponse', response: failed('MEMBER_ID_REQUIRED') },
        { type: 'coordinator.joinGroupResponse', response: failed('UNKNOWN_MEMBER_ID') },
        { type: 'coordinator.joinGroupResponse', response: failed('REBALANCE_IN_PROGRESS') },
      )
      break
    case 'CompletingRebalance':
      out.push(
        { type: 'coordinator.syncGroupResponse', response: { error: 'NONE', assignment: [0, 1] } },
        { type: 'coordinator.syncGroupResponse', response: { error: 'NONE', assignment: [1, 2] } },
        { type: 'coordinator.syncGroupResponse', response: { error: 'REBALANCE_IN_PROGRESS', assignment: [] } },
        { type: 'coordinator.syncGroupResponse', response: { error: 'ILLEGAL_GENERATION', assignment: [] } },
      )
      break
  }
  if (s.value === 'Stable' || s.value === 'CompletingRebalance' || s.value === 'Revoking' || s.value === 'Committing') {
    for (const error of ['NONE', 'REBALANCE_IN_PROGRESS', 'UNKNOWN_MEMBER_ID'] as const) {
      out.push({ type: 'coordinator.heartbeatResponse', error, sentMemberId: c.memberId, sentGeneration: c.generation })
    }
  }
  return out
}

function key(s: AnyMachineSnapshot): string {
  const c = s.context as ClassicMemberContext
  return JSON.stringify([
    s.value,
    c.memberId !== '',
    c.generation >= 0,
    c.owned,
    c.pendingAssignment,
    c.rejoinNeeded,
    c.needsJoinPrepare,
    c.joinPrepareCommitted,
    c.hasPolled,
    c.pollTimerExpired,
    c.afterCallback,
    c.leaderId === c.memberId && c.memberId !== '',
    c.partitionCount,
    c.assignmentSnapshot,
  ])
}

const timerIdOf = (e: AnyEventObject): string | null => (e.type === 'timer.heartbeat' ? HEARTBEAT_TIMER : e.type === 'timer.pollTimeout' ? POLL_TIMER : null)

function checkInvariants(before: ReplayStep | undefined, step: ReplayStep): void {
  const c = step.snapshot.context as ClassicMemberContext
  const prev = before?.snapshot.context as ClassicMemberContext | undefined
  const hasGeneration = c.memberId !== '' && c.generation >= 0
  if (c.protocol === 'eager') {
    // Stop the world: between JoinGroup and applying the SyncGroup result an eager member owns nothing.
    if (step.snapshot.value === 'PreparingRebalance' || step.snapshot.value === 'CompletingRebalance') expect(c.owned).toEqual([])
    if (c.pendingAssignment !== null) expect(c.owned).toEqual([])
  }
  if (step.snapshot.value === 'CompletingRebalance') expect(hasGeneration).toBe(true)
  // Nothing is dropped silently: every partition it stops owning went through a callback.
  const released = step.effects.filter((e) => e.type === 'revokePartitions' || e.type === 'losePartitions').flatMap((e) => (e.params as { partitions: number[] }).partitions)
  if (prev && step.snapshot.status !== 'done') for (const p of prev.owned.filter((x) => !c.owned.includes(x))) expect(released).toContain(p)
  if (step.snapshot.value === 'Dead') expect(step.snapshot.status).toBe('done')
  else expect(step.timers.has(HEARTBEAT_TIMER)).toBe(true)
  if (step.timers.has(POLL_TIMER)) expect(c.hasPolled).toBe(true)
  const commits = step.effects.filter((e) => e.type === 'commitOffsets')
  if (commits.length > 0) {
    // onJoinPrepare / close: it commits what it owned, under a generation, and waits for the answer
    // before its JoinGroup; under EAGER the revocation follows in the same step (pending revocation).
    expect(prev && prev.memberId !== '' && prev.generation >= 0).toBe(true)
    for (const p of commits.flatMap((e) => (e.params as { partitions: number[] }).partitions)) expect(prev?.owned).toContain(p)
    expect(step.effects.some((e) => e.type === 'sendRequest' && (e.params as MemberRequest).type === 'member.joinGroup')).toBe(false)
    if (c.protocol === 'eager') expect(step.effects.some((e) => e.type === 'revokePartitions')).toBe(true)
  }
  for (const e of step.effects) {
    if (e.type === 'revokePartitions' || e.type === 'losePartitions') {
      for (const p of (e.params as { partitions: number[] }).partitions) expect(c.owned).not.toContain(p)
    }
    if (e.type === 'sendRequest') {
      const r = e.params as MemberRequest
      if (r.type === 'member.joinGroup' && c.protocol === 'eager') expect(c.owned).toEqual([])
      if (r.type === 'member.heartbeat') expect(prev && prev.memberId !== '' && prev.generation >= 0).toBe(true)
      if (r.type === 'member.leaveGroup') expect(c.groupInstanceId).toBeNull()
    }
    // Cooperative: assigning never hands back a partition it is revoking in the same step.
    if (e.type === 'assignPartitions') {
      const revoked = step.effects.filter((x) => x.type === 'revokePartitions').flatMap((x) => (x.params as { partitions: number[] }).partitions)
      for (const p of (e.params as { partitions: number[] }).partitions) expect(revoked).not.toContain(p)
    }
  }
}

describe.each([
  ['eager', null],
  ['cooperative', null],
  ['eager', 'consumer-1-instance'],
] as const)('classic member machine, %s, group.instance.id %s (model-based)', (protocol, instance) => {
  const input = inputFor(protocol, instance)
  // Explored and replayed in one pass: every shortest path is its parent's plus one step, so each
  // node is checked once (xstate/graph's paths were each replayed from the start, twice).
  const nodes = shortestPathTree(classicMemberMachine, input, { events, key, timerIdOf })

  it('reaches every client state', () => {
    const reached = new Set(nodes.map((n) => String(n.snapshot.value)))
    // Only a cooperative member waits for onJoinPrepare's commit on its own: an eager one revokes in the same step.
    const committing = protocol === 'cooperative' ? ['Committing'] : []
    expect([...reached].sort()).toEqual([...committing, 'CompletingRebalance', 'Dead', 'PreparingRebalance', 'Revoking', 'Stable', 'Unjoined'])
  })

  it('keeps its invariants on every generated path', () => {
    for (const n of nodes) checkInvariants(n.parent < 0 ? undefined : nodes[n.parent], n)
  }, 60_000)

  it('ignores a heartbeat answer of NONE in every reachable state (the runtime skips the machine for it)', () => {
    let checked = 0
    for (const n of nodes) {
      if (n.snapshot.status === 'done') continue
      const c = n.snapshot.context as ClassicMemberContext
      for (const sentGeneration of [c.generation, c.generation - 1]) {
        const answer = { type: 'coordinator.heartbeatResponse', error: 'NONE', sentMemberId: c.memberId, sentGeneration } as const
        expect(ignoresHeartbeatResponse(answer)).toBe(true)
        const [next, actions] = transition(classicMemberMachine, n.snapshot as never, answer)
        expect(next, String(n.snapshot.value)).toBe(n.snapshot)
        expect(actions).toEqual([])
        checked++
      }
    }
    expect(checked).toBeGreaterThan(nodes.length)
    // The answers a member acts on are not skipped.
    for (const error of ['REBALANCE_IN_PROGRESS', 'UNKNOWN_MEMBER_ID', 'ILLEGAL_GENERATION', 'FENCED_INSTANCE_ID'] as const) {
      expect(ignoresHeartbeatResponse({ type: 'coordinator.heartbeatResponse', error, sentMemberId: 'm1', sentGeneration: 1 } as AnyEventObject)).toBe(false)
    }
  })

  it('sends JoinGroup only from inside poll()', () => {
    for (const step of nodes) {
      const joins = step.effects.filter((e) => e.type === 'sendRequest' && (e.params as MemberRequest).type === 'member.joinGroup')
      if (joins.length === 0) continue
      const c = step.snapshot.context as ClassicMemberContext
      // From app.poll itself, from a commit or revoke callback that poll() ran, or while idle inside poll().
      const inPoll = step.event.type === 'app.poll' || step.event.type === 'callback.done' || (c.hasPolled && c.owned.length === 0)
      expect(inPoll).toBe(true)
    }
  }, 60_000)
})
