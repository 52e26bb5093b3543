import { describe, expect, it } from 'vitest'
import type { AssignmentRequest, AssignorMember, TopicPartition } from './assignor.ts'
import { assignSticky } from './stickyAssignor.ts'

const GENERATION = 1 // AbstractStickyAssignorTest.generationId
const tps = (...labels: string[]): TopicPartition[] =>
  labels.map((l) => {
    const i = l.lastIndexOf('-')
    return [l.slice(0, i), Number(l.slice(i + 1))]
  })
/** `subscription(topics, i)`: no owned partitions, no generation. */
const fresh = (memberId: string, topics: string[]): AssignorMember => ({ memberId, groupInstanceId: null, topics, owned: [], generation: -1 })
/** `buildSubscriptionV2Above(topics, partitions, generation, i)`. */
const owning = (memberId: string, topics: string[], owned: TopicPartition[], generation = GENERATION): AssignorMember => ({
  memberId,
  groupInstanceId: null,
  topics,
  owned,
  generation,
})
const asSet = (list: readonly TopicPartition[] | undefined): string[] => (list ?? []).map(([t, p]) => `${t}-${p}`).sort()
const run = (req: AssignmentRequest) => assignSticky(req)

describe('StickyAssignor (kafka-semantics §3.5 vectors)', () => {
  it('1. testTwoConsumersTwoTopicsSixPartitions: a fresh group is dealt round-robin', () => {
    const both = ['topic1', 'topic2']
    const r = run({ topics: { topic1: 3, topic2: 3 }, members: [fresh('consumer1', both), fresh('consumer2', both)] })
    expect(r.assignment).toEqual({
      consumer1: tps('topic1-0', 'topic1-2', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-0', 'topic2-2'),
    })
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('2. testAddRemoveTwoConsumersTwoTopics: adding two members moves only over-quota partitions, removing them keeps the rest', () => {
    const both = ['topic1', 'topic2']
    const topics = { topic1: 3, topic2: 4 }
    const r1 = run({ topics, members: [fresh('consumer1', both), fresh('consumer2', both)] })
    expect(r1.assignment).toEqual({
      consumer1: tps('topic1-0', 'topic1-2', 'topic2-1', 'topic2-3'),
      consumer2: tps('topic1-1', 'topic2-0', 'topic2-2'),
    })

    const r2 = run({
      topics,
      members: [
        owning('consumer1', both, r1.assignment.consumer1 ?? []),
        owning('consumer2', both, r1.assignment.consumer2 ?? []),
        owning('consumer3', both, []),
        owning('consumer4', both, []),
      ],
    })
    expect(r2.partitionsTransferringOwnership).toEqual(
      new Map([['topic1-2', 'consumer3'], ['topic2-2', 'consumer4'], ['topic2-3', 'consumer3']]),
    )
    expect(r2.assignment).toEqual({
      consumer1: tps('topic1-0', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-0'),
      consumer3: tps('topic1-2', 'topic2-3'),
      consumer4: tps('topic2-2'),
    })

    const r3 = run({
      topics,
      members: [owning('consumer3', both, r2.assignment.consumer3 ?? []), owning('consumer4', both, r2.assignment.consumer4 ?? [])],
    })
    expect(r3.assignment).toEqual({
      consumer3: tps('topic1-0', 'topic1-2', 'topic2-1', 'topic2-3'),
      consumer4: tps('topic1-1', 'topic2-0', 'topic2-2'),
    })
    expect(r3.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('3. testConsumerOwningMinQuotaExpectedMaxQuota: a member at minQuota is topped up to maxQuota', () => {
    const both = ['topic1', 'topic2']
    const r = run({
      topics: { topic1: 2, topic2: 3 },
      members: [owning('consumer1', both, tps('topic1-0', 'topic2-1')), owning('consumer2', both, tps('topic1-1', 'topic2-2'))],
    })
    expect(r.assignment).toEqual({ consumer1: tps('topic1-0', 'topic2-0', 'topic2-1'), consumer2: tps('topic1-1', 'topic2-2') })
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('4. testMaxQuotaConsumerMoreThanNumExpectedMaxCapacityMembers: the first member in Java HashMap order keeps maxQuota', () => {
    const both = ['topic1', 'topic2']
    const r = run({
      topics: { topic1: 2, topic2: 2 },
      members: [
        owning('consumer1', both, tps('topic1-0', 'topic2-0')),
        owning('consumer2', both, tps('topic1-1', 'topic2-1')),
        owning('consumer3', both, []),
      ],
    })
    // HashMap order is consumer3, consumer2, consumer1, so consumer2 wins the single maxQuota slot.
    expect(r.assignment).toEqual({ consumer1: tps('topic1-0'), consumer2: tps('topic1-1', 'topic2-1'), consumer3: tps('topic2-0') })
    expect(r.partitionsTransferringOwnership).toEqual(new Map([['topic2-0', 'consumer3']]))
  })

  it('5. testAllConsumersAreUnderMinQuota: everyone keeps what they own and the rest is dealt out', () => {
    const both = ['topic1', 'topic2']
    const r = run({
      topics: { topic1: 2, topic2: 3 },
      members: [owning('consumer1', both, tps('topic1-0')), owning('consumer2', both, tps('topic1-1')), owning('consumer3', both, [])],
    })
    expect(r.assignment).toEqual({
      consumer1: tps('topic1-0', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-2'),
      consumer3: tps('topic2-0'),
    })
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('6. testAllConsumersReachExpectedQuotaAndAreConsideredFilled: the last partition goes to the empty member', () => {
    const r = run({
      topics: { topic: 4 },
      members: [owning('consumer1', ['topic'], tps('topic-0', 'topic-1')), owning('consumer2', ['topic'], tps('topic-2')), owning('consumer3', ['topic'], [])],
    })
    expect(r.assignment).toEqual({ consumer1: tps('topic-0', 'topic-1'), consumer2: tps('topic-2'), consumer3: tps('topic-3') })
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('7. testAddRemoveConsumerOneTopic: 1 -> 2 -> 1 consumers', () => {
    const topics = { topic: 3 }
    const r1 = run({ topics, members: [fresh('consumer1', ['topic'])] })
    expect(r1.assignment).toEqual({ consumer1: tps('topic-0', 'topic-1', 'topic-2') })

    const r2 = run({ topics, members: [owning('consumer1', ['topic'], r1.assignment.consumer1 ?? []), owning('consumer2', ['topic'], [])] })
    expect(r2.assignment).toEqual({ consumer1: tps('topic-0', 'topic-1'), consumer2: tps('topic-2') })
    expect(r2.partitionsTransferringOwnership).toEqual(new Map([['topic-2', 'consumer2']]))

    const r3 = run({ topics, members: [owning('consumer2', ['topic'], r2.assignment.consumer2 ?? [])] })
    expect(asSet(r3.assignment.consumer2)).toEqual(['topic-0', 'topic-1', 'topic-2'])
    expect(r3.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('8. testMultipleConsumersMixedTopicSubscriptions: the general builder fills least-loaded members, topics with fewest consumers first', () => {
    const r = run({
      topics: { topic1: 3, topic2: 2 },
      members: [fresh('consumer1', ['topic1']), fresh('consumer2', ['topic1', 'topic2']), fresh('consumer3', ['topic1'])],
    })
    expect(r.assignment).toEqual({ consumer1: tps('topic1-0', 'topic1-2'), consumer2: tps('topic2-0', 'topic2-1'), consumer3: tps('topic1-1') })
    expect(r.partitionsTransferringOwnership).toBeNull()
  })

  it('9. testPartitionsTransferringOwnershipIncludeThePartitionClaimedByMultipleConsumersInSameGeneration', () => {
    const members = [owning('consumer1', ['topic'], tps('topic-0', 'topic-1')), owning('consumer2', ['topic'], tps('topic-0', 'topic-2')), owning('consumer3', ['topic'], [])]
    const r = run({ topics: { topic: 3 }, members })
    expect(r.assignment).toEqual({ consumer1: tps('topic-1'), consumer2: tps('topic-2'), consumer3: tps('topic-0') })
    expect(r.partitionsTransferringOwnership).toEqual(new Map([['topic-0', 'consumer3']]))

    const r4 = run({ topics: { topic: 4 }, members })
    expect(r4.assignment).toEqual({ consumer1: tps('topic-1', 'topic-3'), consumer2: tps('topic-2'), consumer3: tps('topic-0') })
  })

  it('10. testRackAwareAssignmentWithUniformSubscription (non-rack expectation)', () => {
    const all = ['t1', 't2', 't3']
    const r = run({ topics: { t1: 6, t2: 7, t3: 2 }, members: ['consumer0', 'consumer1', 'consumer2'].map((c) => fresh(c, all)) })
    expect(r.assignment).toEqual({
      consumer0: tps('t1-0', 't1-3', 't2-0', 't2-3', 't2-6'),
      consumer1: tps('t1-1', 't1-4', 't2-1', 't2-4', 't3-0'),
      consumer2: tps('t1-2', 't1-5', 't2-2', 't2-5', 't3-1'),
    })
    // verifyUniformSubscription also feeds the expectation back as owned: nothing moves.
    const again = run({
      topics: { t1: 6, t2: 7, t3: 2 },
      members: Object.entries(r.assignment).map(([c, owned]) => owning(c, all, owned)),
    })
    expect(again.assignment).toEqual(r.assignment)
  })

  it('11. testRackAwareAssignmentWithNonEqualSubscription (non-rack expectation, general builder)', () => {
    const all = ['t1', 't2', 't3']
    const topics = { t1: 6, t2: 7, t3: 2 }
    const r = run({ topics, members: [fresh('consumer0', all), fresh('consumer1', all), fresh('consumer2', ['t1', 't3'])] })
    expect(r.assignment).toEqual({
      consumer0: tps('t1-5', 't2-0', 't2-2', 't2-4', 't2-6'),
      consumer1: tps('t1-3', 't2-1', 't2-3', 't2-5', 't3-0'),
      consumer2: tps('t1-0', 't1-1', 't1-2', 't1-4', 't3-1'),
    })
    const again = run({
      topics,
      members: [owning('consumer0', all, r.assignment.consumer0 ?? []), owning('consumer1', all, r.assignment.consumer1 ?? []), owning('consumer2', ['t1', 't3'], r.assignment.consumer2 ?? [])],
    })
    expect(again.assignment).toEqual(r.assignment)
  })

  it('13. (derived) one topic of 7 over a fresh C0..C2 is interleaved like round-robin', () => {
    const r = run({ topics: { t: 7 }, members: ['C0', 'C1', 'C2'].map((c) => fresh(c, ['t'])) })
    expect(r.assignment).toEqual({ C0: tps('t-0', 't-3', 't-6'), C1: tps('t-1', 't-4'), C2: tps('t-2', 't-5') })
  })
})

describe('StickyAssignor generation handling (kafka-semantics §3.5 vector 12)', () => {
  const both = ['topic', 'topic2']
  const claimed = tps('topic-0', 'topic-2', 'topic2-1')

  it('testOwnedPartitionsAreInvalidatedForConsumerWithStaleGeneration: generation 10 beats generation 9', () => {
    const r = run({ topics: { topic: 3, topic2: 3 }, members: [owning('consumer1', both, claimed, 10), owning('consumer2', both, claimed, 9)] })
    expect(asSet(r.assignment.consumer1)).toEqual(['topic-0', 'topic-2', 'topic2-1'])
    expect(asSet(r.assignment.consumer2)).toEqual(['topic-1', 'topic2-0', 'topic2-2'])
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('testOwnedPartitionsAreInvalidatedForConsumerWithNoGeneration: a real generation beats DEFAULT_GENERATION', () => {
    const r = run({ topics: { topic: 3, topic2: 3 }, members: [owning('consumer1', both, claimed, 10), owning('consumer2', both, claimed, -1)] })
    expect(asSet(r.assignment.consumer1)).toEqual(['topic-0', 'topic-2', 'topic2-1'])
    expect(asSet(r.assignment.consumer2)).toEqual(['topic-1', 'topic2-0', 'topic2-2'])
  })

  it('testEnsurePartitionsAssignedToHighestGeneration: every conflict goes to the highest of three generations', () => {
    const all = ['topic', 'topic2', 'topic3']
    const r = run({
      topics: { topic: 3, topic2: 3, topic3: 3 },
      members: [
        owning('consumer1', all, tps('topic-0', 'topic2-0', 'topic3-0'), 10),
        owning('consumer2', all, tps('topic-1', 'topic2-1', 'topic3-1'), 9),
        owning('consumer3', all, tps('topic2-1', 'topic3-0', 'topic3-2'), 8),
      ],
    })
    expect(asSet(r.assignment.consumer1)).toEqual(['topic-0', 'topic2-0', 'topic3-0'])
    expect(asSet(r.assignment.consumer2)).toEqual(['topic-1', 'topic2-1', 'topic3-1'])
    expect(asSet(r.assignment.consumer3)).toEqual(['topic-2', 'topic2-2', 'topic3-2'])
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('testOwnedPartitionsAreInvalidatedForConsumerWithMultipleGeneration: generation 10 beats generation 8', () => {
    const r = run({
      topics: { topic: 3, topic2: 3 },
      members: [owning('consumer1', both, tps('topic-0', 'topic2-1', 'topic-1'), 10), owning('consumer2', both, tps('topic-0', 'topic2-1', 'topic2-2'), 8)],
    })
    expect(asSet(r.assignment.consumer1)).toEqual(['topic-0', 'topic-1', 'topic2-1'])
    expect(asSet(r.assignment.consumer2)).toEqual(['topic-2', 'topic2-0', 'topic2-2'])
  })

  it('testNoReassignmentOnCurrentMembers: the new member only gets unowned partitions', () => {
    const all = ['topic', 'topic2', 'topic3', 'topic1']
    const r = run({
      topics: { topic: 3, topic1: 3, topic2: 3, topic3: 3 },
      members: [
        owning('consumer1', all, [], -1),
        owning('consumer2', all, tps('topic-0', 'topic2-0', 'topic1-0'), 9),
        owning('consumer3', all, tps('topic3-2', 'topic2-2', 'topic1-1'), 8),
        owning('consumer4', all, tps('topic3-1', 'topic-1', 'topic-2'), 7),
      ],
    })
    expect(asSet(r.assignment.consumer1)).toEqual(['topic1-2', 'topic2-1', 'topic3-0'])
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('testSubscriptionNotEqualAndAssignSamePartitionWith3Generation: no duplicates and sizes 1-2 for every generation order', () => {
    const orders = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]] as const
    for (const [g1, g2, g3] of orders) {
      const r = run({
        topics: { topic: 6, topic1: 1 },
        members: [
          owning('consumer1', ['topic'], tps('topic-0', 'topic-2'), g1),
          owning('consumer2', ['topic'], tps('topic-1', 'topic-2', 'topic-3'), g2),
          owning('consumer3', ['topic'], tps('topic-2', 'topic-4', 'topic-5'), g3),
          owning('consumer4', ['topic1'], tps('topic1-0'), 2),
        ],
      })
      const all = Object.values(r.assignment).flat().map(([t, p]) => `${t}-${p}`)
      expect(new Set(all).size).toBe(all.length)
      for (const list of Object.values(r.assignment)) expect(list.length).toBeGreaterThanOrEqual(1)
      for (const list of Object.values(r.assignment)) expect(list.length).toBeLessThanOrEqual(2)
    }
  })
})

describe('StickyAssignor catalogue cases (AbstractStickyAssignorTest)', () => {
  it('testOnlyAssignsPartitionsFromSubscribedTopics: owned partitions of other topics are dropped', () => {
    const r = run({ topics: { topic: 2, other: 2 }, members: [owning('consumer', ['topic'], tps('topic-0', 'topic-1', 'other-0', 'other-1'))] })
    expect(r.assignment).toEqual({ consumer: tps('topic-0', 'topic-1') })
  })

  it('testOneConsumerMultipleTopics and testAssignmentUpdatedForDeletedTopic: missing topics are skipped', () => {
    expect(run({ topics: { topic1: 1, topic2: 2 }, members: [fresh('consumer', ['topic1', 'topic2'])] }).assignment).toEqual({
      consumer: tps('topic1-0', 'topic2-0', 'topic2-1'),
    })
    const r = run({ topics: { topic1: 1, topic3: 100 }, members: [fresh('consumer', ['topic1', 'topic2', 'topic3'])] })
    expect(r.assignment.consumer).toHaveLength(101)
  })

  it('testNoExceptionThrownWhenOnlySubscribedTopicDeleted: all topics gone gives an empty assignment', () => {
    const r = run({ topics: {}, members: [owning('consumer', ['topic'], tps('topic-0', 'topic-1', 'topic-2'))] })
    expect(r.assignment).toEqual({ consumer: [] })
    expect(r.partitionsTransferringOwnership).toEqual(new Map())
  })

  it('testStickiness: after the leader leaves, the survivors keep their partition', () => {
    const topics = { topic1: 3 }
    const r1 = run({ topics, members: ['consumer1', 'consumer2', 'consumer3', 'consumer4'].map((c) => fresh(c, ['topic1'])) })
    const survivors = ['consumer2', 'consumer3', 'consumer4']
    const r2 = run({ topics, members: survivors.map((c) => owning(c, ['topic1'], r1.assignment[c] ?? [])) })
    for (const c of survivors) {
      expect(r2.assignment[c]).toHaveLength(1)
      for (const tp of r1.assignment[c] ?? []) expect(r2.assignment[c]).toContainEqual(tp)
    }
  })

  it('testTopicBalanceAfterReassignment: each topic is split evenly as members go 1 -> 2 -> 4 -> 2', () => {
    const topics = { topic1: 12, topic2: 12 }
    const both = ['topic1', 'topic2']
    let owned: Record<string, TopicPartition[]> = {}
    for (const group of [['c1'], ['c1', 'c2'], ['c1', 'c2', 'c3', 'c4'], ['c3', 'c4']]) {
      const r = run({ topics, members: group.map((c) => owning(c, both, owned[c] ?? [])) })
      for (const c of group) {
        for (const t of both) expect(r.assignment[c]?.filter(([topic]) => topic === t)).toHaveLength(12 / group.length)
      }
      owned = r.assignment
    }
  })

  it('testMoveExistingAssignments: single-partition topics with overlapping owners stay valid', () => {
    const r = run({
      topics: { topic1: 1, topic2: 1, topic3: 1, topic4: 1, topic5: 1, topic6: 1 },
      members: [
        owning('consumer1', ['topic1', 'topic2'], tps('topic1-0')),
        owning('consumer2', ['topic1', 'topic2', 'topic3', 'topic4'], tps('topic2-0', 'topic3-0')),
        owning('consumer3', ['topic2', 'topic3', 'topic4', 'topic5', 'topic6'], tps('topic4-0', 'topic5-0', 'topic6-0')),
      ],
    })
    expect(r.partitionsTransferringOwnership).toBeNull()
    expect(Object.values(r.assignment).flat()).toHaveLength(6)
    // verifyValidityAndBalance: members 2+ apart in size share no topic.
    const lists = Object.values(r.assignment)
    for (const a of lists) {
      for (const b of lists) {
        if (a.length - b.length < 2) continue
        expect(a.some(([t]) => b.some(([u]) => u === t))).toBe(false)
      }
    }
  })
})

/** verifyValidityAndBalance: no partition twice, only to subscribers, and members 2+ apart share no topic. */
function expectValidAndBalanced(req: AssignmentRequest, assignment: Record<string, TopicPartition[]>): void {
  const all = Object.values(assignment).flat().map(([t, p]) => `${t}-${p}`)
  expect(new Set(all).size).toBe(all.length)
  for (const m of req.members) for (const [t] of assignment[m.memberId] ?? []) expect(m.topics).toContain(t)
  const lists = Object.values(assignment)
  for (const a of lists) {
    for (const b of lists) {
      if (a.length - b.length >= 2) expect(a.some(([t]) => b.some(([u]) => u === t))).toBe(false)
    }
  }
}

describe('StickyAssignor general-builder catalogue cases', () => {
  const name = (prefix: string, i: number, width: number): string => prefix + String(i).padStart(width, '0')

  it('testPoorRoundRobinAssignmentScenario: balanced where round-robin leaves consumer3 empty', () => {
    const topics = { topic1: 2, topic2: 1, topic3: 2, topic4: 1, topic5: 2 }
    const all = Object.keys(topics)
    const odd = ['topic1', 'topic3', 'topic5']
    const req = { topics, members: [fresh('consumer1', all), fresh('consumer2', odd), fresh('consumer3', odd), fresh('consumer4', all)] }
    const { assignment } = run(req)
    expectValidAndBalanced(req, assignment)
    expect(Object.values(assignment).map((l) => l.length)).toEqual([2, 2, 2, 2])
  })

  it('testReassignmentAfterOneConsumerLeaves: 19 nested subscriptions, then c10 leaves', () => {
    const topics = Object.fromEntries(Array.from({ length: 19 }, (_, i) => [name('t', i + 1, 2), i + 1]))
    const subscription = (i: number): string[] => Array.from({ length: i }, (_, j) => name('t', j + 1, 2))
    const req1 = { topics, members: Array.from({ length: 19 }, (_, i) => fresh(name('c', i + 1, 2), subscription(i + 1))) }
    const r1 = run(req1)
    expectValidAndBalanced(req1, r1.assignment)
    const req2 = {
      topics,
      members: req1.members.filter((m) => m.memberId !== 'c10').map((m) => owning(m.memberId, [...m.topics], r1.assignment[m.memberId] ?? [])),
    }
    const r2 = run(req2)
    expectValidAndBalanced(req2, r2.assignment)
    expect(Object.values(r2.assignment).flat()).toHaveLength(190)
  })

  it('testSameSubscriptions: 14 topics over 8 consumers, then one leaves', () => {
    const topics = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [name('t', i + 1, 2), i + 1]))
    const all = Object.keys(topics)
    const req1 = { topics, members: Array.from({ length: 8 }, (_, i) => fresh(name('c', i + 1, 1), all)) }
    const r1 = run(req1)
    expectValidAndBalanced(req1, r1.assignment)
    const req2 = { topics, members: req1.members.filter((m) => m.memberId !== 'c5').map((m) => owning(m.memberId, all, r1.assignment[m.memberId] ?? [])) }
    const r2 = run(req2)
    expect(r2.partitionsTransferringOwnership).toEqual(new Map())
    expectValidAndBalanced(req2, r2.assignment)
  })

  it('testNewSubscription: a consumer adding a topic stays valid and balanced', () => {
    const topics = { t1: 1, t2: 1, t3: 1, t4: 1 }
    const subs = [[], ['t1'], ['t2', 't3', 't4']]
    const req1 = { topics, members: subs.map((s, i) => fresh(`c${i}`, s)) }
    const r1 = run(req1)
    expectValidAndBalanced(req1, r1.assignment)
    const req2 = { topics, members: subs.map((s, i) => owning(`c${i}`, i === 0 ? ['t1'] : s, r1.assignment[`c${i}`] ?? [])) }
    expectValidAndBalanced(req2, run(req2).assignment)
  })
})

// How fast this runs is measured by `npm run bench` (bench/assignorWorkload.ts), not asserted here.
describe('StickyAssignor at group scale', () => {
  it('assigns 1 000 partitions over 100 members, fresh and then sticky, ten to each member', () => {
    const topicNames = Array.from({ length: 10 }, (_, i) => `topic-${i}`)
    const topics = Object.fromEntries(topicNames.map((t) => [t, 100]))
    const ids = Array.from({ length: 100 }, (_, i) => `consumer-${i}-3f2a`)
    const r1 = run({ topics, members: ids.map((c) => fresh(c, topicNames)) })
    const r2 = run({ topics, members: [...ids.slice(1), 'late'].map((c) => owning(c, topicNames, r1.assignment[c] ?? [])) })
    expect(Object.values(r2.assignment).every((l) => l.length === 10)).toBe(true)
  })
})
