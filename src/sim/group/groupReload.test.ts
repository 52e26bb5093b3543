// A new coordinator rebuilds the group from what its old one wrote to __consumer_offsets, and from
// nothing else (GroupCoordinatorShard.replay + GroupMetadataManager.onLoaded): a classic rebalance
// under way at the crash, or a LeaveGroup not yet followed by a completed rebalance, was only in
// memory and is gone; a KIP-848 group writes every change, so it comes back whole with fresh timers.
import { describe, expect, it } from 'vitest'
import { classicGroupPersistence, loadClassicGroup } from './classicGroupRecord.ts'
import { loadConsumerGroup } from './consumerGroupRecord.ts'
import type { TestHost } from './testHost.ts'
import { BATCH_MS, SECOND, settledGroup } from './testSpecs.ts'
import type { ClassicGroupContext } from '../../protocols/classicGroupLogic.ts'
import type { ConsumerGroupContext } from '../../protocols/consumerGroupLogic.ts'

const LOAD_MS = 3 * SECOND

/** Runs in 1 ms steps until `pred` holds (at most `limitMs`). */
function runUntilTrue(h: TestHost, pred: () => boolean, limitMs: number): void {
  const end = h.now() + limitMs
  while (!pred() && h.now() < end) h.runFor(1)
  if (!pred()) throw new Error(`condition not reached by ${h.now()} ms`)
}

/** The coordinator's broker dies now; a new one loads the group LOAD_MS later, reachable at once. */
function failOver(h: TestHost): void {
  h.runtime.coordinatorLost!()
  h.runFor(LOAD_MS)
  h.runtime.coordinatorLoaded!(h.now())
}

describe('a classic group reloaded by a new coordinator', () => {
  it('comes back Stable in its last written generation: the rebalance under way at the crash is lost, and the members rejoin into a new one', () => {
    const h = settledGroup('eager', 'range', 3, 12)
    const generation = h.runtime.group().generation
    h.start(3, BATCH_MS[3])
    runUntilTrue(h, () => h.runtime.group().state === 'PreparingRebalance', 5 * SECOND)
    failOver(h)

    // Right after the load: the group of the last SyncGroup, not the old coordinator's memory.
    expect(h.runtime.group()).toMatchObject({ state: 'Stable', generation })
    const reloaded = h.said('group.reloaded').at(-1)!.fact as Extract<ReturnType<TestHost['said']>[number]['fact'], { kind: 'group.reloaded' }>
    expect(reloaded).toMatchObject({ state: 'Stable', generation, lostState: 'PreparingRebalance', members: ['consumer-1', 'consumer-2', 'consumer-3'] })

    // The members' retried JoinGroups start the rebalance again; the 4th member (unknown to the new
    // coordinator) gets UNKNOWN_MEMBER_ID and joins afresh. Everyone ends up in one generation.
    h.runUntil(h.now() + 60 * SECOND)
    expect(h.runtime.group()).toMatchObject({ state: 'Stable' })
    expect(h.runtime.group().generation).toBeGreaterThan(generation)
    const owned = [0, 1, 2, 3].map((m) => h.owned(m))
    expect(owned.every((o) => o.length === 3)).toBe(true)
    expect(owned.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, p) => p))
  })

  it('brings back a member whose LeaveGroup the old coordinator took but never wrote; its session then expires', () => {
    const h = settledGroup('cooperative', 'cooperative-sticky', 3, 12)
    const t0 = h.now()
    h.close(2)
    runUntilTrue(h, () => h.said('group.memberRemoved').some((l) => l.t >= t0), 2 * SECOND)
    // Crash before the rebalance that LeaveGroup started completes.
    expect(h.runtime.group().state).not.toBe('Stable')
    failOver(h)
    const reloaded = h.said('group.reloaded').at(-1)!.fact as { members: string[] }
    expect(reloaded.members).toEqual(['consumer-1', 'consumer-2', 'consumer-3'])
    // consumer-3 sends no heartbeat to the new coordinator: session.timeout.ms after the load it is removed.
    const loadedAt = h.now()
    h.runUntil(loadedAt + 60 * SECOND)
    const removed = h.said('group.memberRemoved').filter((l) => l.t > loadedAt && l.fact.member === 'consumer-3')
    expect(removed.length).toBeGreaterThan(0)
    expect(h.runtime.group().state).toBe('Stable')
    expect([0, 1].map((m) => h.owned(m).length)).toEqual([6, 6])
  })
})

describe('what a classic coordinator writes and loads (GroupMetadata)', () => {
  const ctx = (over: Partial<ClassicGroupContext>): ClassicGroupContext => ({
    groupId: 'g',
    initialRebalanceDelayMs: 3000,
    newMemberJoinTimeoutMs: 300_000,
    generation: 4,
    protocolName: 'range',
    leaderId: 'a',
    members: [],
    pendingJoin: [],
    pendingSync: [],
    newMemberAdded: false,
    ...over,
  })
  const member = (memberId: string, sessionTimeoutMs: number) => ({
    memberId,
    groupInstanceId: null,
    clientId: memberId,
    rebalanceTimeoutMs: 300_000,
    sessionTimeoutMs,
    protocols: ['range'],
    subscription: { topics: ['t'], owned: [], generation: 4 },
    awaitingJoin: { slot: 0, incarnation: 0 },
    awaitingSync: null,
    isNew: true,
    assignment: [0, 1],
  })

  it('writes at a completed SyncGroup, an emptied group and a static replacement, not when a rebalance starts', () => {
    expect(classicGroupPersistence.writes([{ kind: 'stable', generation: 4, assignments: {} }])).toBe(true)
    expect(classicGroupPersistence.writes([{ kind: 'groupEmptied', generation: 5 }])).toBe(true)
    expect(classicGroupPersistence.writes([{ kind: 'rebalanceStarted', generation: 4, cause: { kind: 'memberJoined', memberId: 'x' }, initial: false }])).toBe(false)
    expect(classicGroupPersistence.writes([])).toBe(false)
  })

  it('loads members with their assignment and nothing parked, each with its own session timer; no record is an Empty group', () => {
    const rec = classicGroupPersistence.record(ctx({ members: [member('a', 10_000), member('b', 45_000)], pendingJoin: ['c'], pendingSync: ['b'], newMemberAdded: true }))
    const g = loadClassicGroup(ctx({ generation: 99, members: [], leaderId: null }), rec)
    expect(g.coordinatorState).toBe('Stable')
    expect(g.coordinator).toMatchObject({ generation: 4, leaderId: 'a', protocolName: 'range', pendingJoin: [], pendingSync: [], newMemberAdded: false })
    expect(g.coordinator.members.map((m) => [m.memberId, m.assignment, m.awaitingJoin, m.isNew])).toEqual([
      ['a', [0, 1], null, false],
      ['b', [0, 1], null, false],
    ])
    expect(g.coordinatorTimers.map((t) => [t.id, t.delayMs])).toEqual([
      ['session:a', 10_000],
      ['session:b', 45_000],
    ])
    expect(loadClassicGroup(ctx({}), null)).toMatchObject({ coordinatorState: 'Empty', coordinator: { generation: 0, members: [], leaderId: null }, coordinatorTimers: [] })
  })
})

describe('a KIP-848 group reloaded by a new coordinator', () => {
  it('keeps every member, epoch and target (all written), and starts a session timer for each and a rebalance timer for each member still revoking', () => {
    const base = { groupId: 'g', assignor: 'uniform' as const, topic: 't', partitionCount: 4, sessionTimeoutMs: 45_000, heartbeatIntervalMs: 5000 }
    const ctx: ConsumerGroupContext = {
      ...base,
      groupEpoch: 3,
      targetAssignmentEpoch: 3,
      target: { a: [0, 1], b: [2, 3] },
      members: [
        { memberId: 'a', groupInstanceId: null, memberEpoch: 3, previousMemberEpoch: 2, state: 'STABLE', assigned: [0, 1], pendingRevocation: [], rebalanceTimeoutMs: 300_000 },
        { memberId: 'b', groupInstanceId: null, memberEpoch: 2, previousMemberEpoch: 2, state: 'UNREVOKED_PARTITIONS', assigned: [2], pendingRevocation: [3], rebalanceTimeoutMs: 200_000 },
      ],
    }
    const g = loadConsumerGroup({ ...ctx, groupEpoch: 0, members: [], target: {} }, ctx)
    expect(g.coordinatorState).toBe('Reconciling')
    expect(g.coordinator).toEqual(ctx)
    expect(g.coordinatorTimers.map((t) => [t.id, t.delayMs])).toEqual([
      ['session:a', 45_000],
      ['session:b', 45_000],
      ['rebalance:b', 200_000],
    ])
  })

  it('comes back in its group epoch after a crash mid-reconciliation and settles', () => {
    const h = settledGroup('consumer', 'uniform', 3, 12)
    const epoch = h.runtime.group().generation
    h.start(3, BATCH_MS[3])
    runUntilTrue(h, () => h.runtime.group().state === 'Reconciling', 10 * SECOND)
    const atCrash = h.runtime.group().generation
    failOver(h)
    expect(h.runtime.group()).toMatchObject({ state: 'Reconciling', generation: atCrash })
    expect(atCrash).toBe(epoch + 1)
    h.runUntil(h.now() + 60 * SECOND)
    expect(h.runtime.group()).toMatchObject({ state: 'Stable', generation: atCrash })
    expect([0, 1, 2, 3].map((m) => h.owned(m).length)).toEqual([3, 3, 3, 3])
  })
})
