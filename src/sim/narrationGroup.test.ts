// The group protocol facts worded by narrate(): each variant's data lands in its sentence (who,
// what, why), and the variants that share a kind (protocol, reason, state) read differently.
import { describe, expect, it } from 'vitest'
import type { ReconciliationState } from '../protocols/consumerGroupMessages.ts'
import { narrate } from './narration.ts'
import type { GroupFact, MemberRemoval, RebalanceTrigger } from './narrationGroup.ts'

const start = (trigger: RebalanceTrigger, more: Partial<Extract<GroupFact, { kind: 'group.rebalanceStart' }>> = {}): GroupFact => ({
  kind: 'group.rebalanceStart',
  trigger,
  generation: 5,
  protocol: 'eager',
  initialDelayMs: null,
  owned: 12,
  ...more,
})

const removed = (removal: MemberRemoval): GroupFact => ({ kind: 'group.memberRemoved', member: 'consumer-2', removal })

const reconcile = (state: ReconciliationState): GroupFact => ({
  kind: 'group.reconcile',
  member: 'consumer-3',
  state,
  memberEpoch: 7,
  assigned: [4, 5],
  pendingRevocation: [6, 11],
})

describe('narrate: group facts', () => {
  it.each<[string, GroupFact, string]>([
    ['first rebalance (initial delay)', start({ kind: 'memberJoined', member: 'consumer-1' }, { initialDelayMs: 3000, owned: 0 }), 'consumer-1 joined → first rebalance of the group (group.initial.rebalance.delay.ms = 3 s to gather members)'],
    ['eager, partitions owned', start({ kind: 'memberJoined', member: 'consumer-4' }), 'consumer-4 joined → eager rebalance: every member revokes all it owns (12 partitions) as it rejoins'],
    ['eager, nothing owned', start({ kind: 'sessionTimeout', member: 'consumer-2' }, { owned: 0 }), 'consumer-2 session timeout → eager rebalance'],
    ['cooperative', start({ kind: 'memberLeft', member: 'consumer-2', reason: 'the consumer is being closed' }, { protocol: 'cooperative' }), 'consumer-2 left (the consumer is being closed) → cooperative rebalance: members keep consuming while they rejoin'],
    ['leader rejoining with a reason', start({ kind: 'memberRejoined', member: 'consumer-1', leader: true, reason: 'metadata changed' }, { protocol: 'cooperative' }), 'consumer-1 (leader) rejoined: metadata changed → cooperative rebalance: members keep consuming while they rejoin'],
    ['no SyncGroup from two members', start({ kind: 'syncTimeout', members: ['consumer-2', 'consumer-3'] }, { owned: 0 }), 'consumer-2, consumer-3 sent no SyncGroup → eager rebalance'],
    ['static member changed protocol', start({ kind: 'staticMemberChangedProtocol', member: 'consumer-2', protocol: null }, { owned: 0 }), "consumer-2 (static) rejoined with other protocols: the group's protocol becomes none → eager rebalance"],
  ])('a rebalance start: %s', (_, fact, text) => {
    expect(narrate(fact)).toBe(text)
  })

  it.each<[ReconciliationState, string]>([
    ['UNREVOKED_PARTITIONS', 'consumer-3: UNREVOKED_PARTITIONS, must revoke [6,11] first'],
    ['UNRELEASED_PARTITIONS', 'consumer-3: UNRELEASED_PARTITIONS at epoch 7, waiting for partitions others still hold'],
    ['STABLE', 'consumer-3: STABLE at epoch 7 [4,5]'],
  ])('a KIP-848 reconciliation in state %s', (state, text) => {
    expect(narrate(reconcile(state))).toBe(text)
  })

  it.each<[string, MemberRemoval, string]>([
    ['classic session timeout', { protocol: 'classic', why: 'sessionTimeout', sessionTimeoutMs: 45_000 }, 'consumer-2 missed heartbeats for 45 s (session.timeout.ms) → removed'],
    ['LeaveGroup', { protocol: 'classic', why: 'leaveGroup' }, 'consumer-2 left the group (LeaveGroup) → removed'],
    ['no SyncGroup', { protocol: 'classic', why: 'syncTimeout' }, 'consumer-2 sent no SyncGroup within the rebalance timeout → removed'],
    ['not rejoined', { protocol: 'classic', why: 'notRejoined', maxPollIntervalMs: 300_000 }, 'consumer-2 did not rejoin within the rebalance timeout (max.poll.interval.ms = 300 s) → removed'],
    ['KIP-848 session timeout', { protocol: 'consumer', why: 'sessionTimeout', sessionTimeoutMs: 10_500 }, 'consumer-2 missed heartbeats for 10.5 s (group.consumer.session.timeout.ms) → fenced and removed'],
    ['KIP-848 rebalance timeout', { protocol: 'consumer', why: 'rebalanceTimeout' }, 'consumer-2 did not revoke within its rebalance timeout (max.poll.interval.ms) → fenced and removed'],
  ])('a member removed: %s', (_, removal, text) => {
    expect(narrate(removed(removal))).toBe(text)
  })

  it('words partitions lost for each cause', () => {
    const lost = (cause: 'onPartitionsLost' | 'crashedMemberRemoved' | 'crashedMemberRestarted'): string => narrate({ kind: 'group.lost', member: 'consumer-1', partitions: [0, 3], cause })
    expect(lost('onPartitionsLost')).toBe('consumer-1 loses [0,3] (onPartitionsLost: nothing committed)')
    expect(lost('crashedMemberRemoved')).toBe('the partitions crashed consumer-1 held [0,3] are free to move')
    expect(lost('crashedMemberRestarted')).toBe('consumer-1 restarts: the partitions its crashed process held [0,3] are released')
  })

  it('tells the classic and KIP-848 variants of a poll timeout, a fencing and a static rejoin apart', () => {
    const base = { kind: 'group.pollTimeout', member: 'consumer-2', maxPollIntervalMs: 300_000 } as const
    expect(narrate({ ...base, protocol: 'classic', sentLeaveGroup: true })).toBe('consumer-2 did not call poll() within max.poll.interval.ms (300 s) → sends LeaveGroup; it rejoins at its next poll')
    expect(narrate({ ...base, protocol: 'classic', sentLeaveGroup: false })).toBe('consumer-2 did not call poll() within max.poll.interval.ms (300 s) → static member: no LeaveGroup, it stops heartbeating')
    expect(narrate({ ...base, protocol: 'consumer', leaveEpoch: -1 })).toBe('consumer-2 did not call poll() within max.poll.interval.ms (300 s) → leaves the group (epoch -1); it rejoins at its next poll')
    expect(narrate({ kind: 'group.fenced', protocol: 'classic', member: 'consumer-2', error: 'FENCED_INSTANCE_ID' })).toBe('consumer-2 was fenced (FENCED_INSTANCE_ID): another process uses its group.instance.id')
    expect(narrate({ kind: 'group.fenced', protocol: 'consumer', member: 'consumer-2', error: 'FENCED_MEMBER_EPOCH' })).toBe('consumer-2 got FENCED_MEMBER_EPOCH → its partitions are lost; it rejoins with epoch 0')
    expect(narrate({ kind: 'group.staticRejoin', protocol: 'classic', member: 'consumer-2', generation: 4 })).toBe('consumer-2 (static) rejoined within session.timeout.ms → no rebalance: it gets its generation 4 assignment back')
    expect(narrate({ kind: 'group.staticRejoin', protocol: 'consumer', member: 'consumer-2' })).toBe('consumer-2 (static) rejoined within the session timeout → no new epoch, it gets its partitions back')
  })

  it('words the remaining facts with their members, generation and error', () => {
    expect(narrate({ kind: 'group.initialDelay', delayMs: 2500 })).toBe('a member joined during group.initial.rebalance.delay.ms → waiting another 2.5 s')
    expect(narrate({ kind: 'group.joinComplete', generation: 2, members: ['consumer-1', 'consumer-2', 'consumer-3'], leader: 'consumer-2', assignor: 'range' })).toBe(
      'generation 2: 3 members joined, consumer-2 leads and runs the range assignor',
    )
    expect(narrate({ kind: 'group.empty', generation: 6 })).toBe('generation 6: no members left, the group is Empty')
    expect(narrate({ kind: 'group.noRejoin', generation: 6 })).toBe('no member rejoined within the rebalance timeout → waiting again')
    expect(narrate({ kind: 'group.generationReset', member: 'consumer-1', error: 'ILLEGAL_GENERATION' })).toBe('consumer-1 got ILLEGAL_GENERATION → its generation is reset; it rejoins at its next poll')
    expect(narrate({ kind: 'group.staticLeave', member: 'consumer-1' })).toBe('consumer-1 (static) left for now (epoch -2): its partitions wait for it until group.consumer.session.timeout.ms')
    expect(narrate({ kind: 'group.revoke', member: 'consumer-1', partitions: [1] })).toBe('consumer-1 revokes [1] (onPartitionsRevoked)')
    expect(narrate({ kind: 'group.assign', member: 'consumer-1', partitions: [] })).toBe('consumer-1 is assigned [] (onPartitionsAssigned)')
  })

  it('lists an assignment member by member, in the order the coordinator gave it', () => {
    const assignment = [
      { member: 'consumer-2', partitions: [2, 3] },
      { member: 'consumer-1', partitions: [0, 1] },
    ]
    expect(narrate({ kind: 'group.stable', generation: 3, assignment })).toBe('generation 3 stable: consumer-2 [2,3] consumer-1 [0,1]')
    expect(narrate({ kind: 'group.target', epoch: 9, assignor: 'uniform', assignment })).toBe('target assignment for epoch 9 (uniform): consumer-2 [2,3] consumer-1 [0,1]')
    expect(narrate({ kind: 'group.epoch', trigger: { kind: 'partitionsChanged', partitions: 16 }, groupEpoch: 9 })).toBe(
      'partitions added (now 16) → group epoch 9: a new target assignment; members reconcile one heartbeat at a time, nobody else stops',
    )
  })
})

describe('narrate: partition lists', () => {
  const formed = (partitions: number[]): GroupFact => ({ kind: 'group.formed', protocol: 'eager', generation: 1, assignment: [{ member: 'consumer-1', partitions }] })

  it('writes a short list as it is', () => {
    expect(narrate(formed([0, 1, 2, 7]))).toContain('consumer-1 [0,1,2,7]')
  })

  it('writes a long list as ranges, and past six runs the first six with the count (a warm start of 10 000 partitions)', () => {
    const range = Array.from({ length: 1000 }, (_, i) => 2000 + i)
    expect(narrate(formed(range))).toContain('consumer-1 [2000–2999]')
    expect(narrate(formed(range))).not.toContain('(1000 partitions)')
    const strided = Array.from({ length: 1000 }, (_, i) => 10 * i)
    const text = narrate(formed(strided))
    expect(text).toContain('consumer-1 [0,10,20,30,40,50,…] (1000 partitions)')
    expect(text.length).toBeLessThan(120)
    expect(narrate(formed([...Array.from({ length: 20 }, (_, i) => i), 40, 42]))).toContain('consumer-1 [0–19,40,42]')
  })
})

