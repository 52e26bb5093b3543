import { describe, expect, it } from 'vitest'
import type { Assignment, AssignmentRequest, AssignorMember, AssignorResult, TopicPartition } from './assignor.ts'
import { assignCooperativeSticky } from './cooperativeStickyAssignor.ts'
import { assignSticky } from './stickyAssignor.ts'

const tps = (...labels: string[]): TopicPartition[] =>
  labels.map((l) => {
    const i = l.lastIndexOf('-')
    return [l.slice(0, i), Number(l.slice(i + 1))]
  })
const member = (memberId: string, topics: string[], owned: TopicPartition[] = [], generation = 1): AssignorMember => ({
  memberId,
  groupInstanceId: null,
  topics,
  owned,
  generation,
})
const label = ([t, p]: TopicPartition): string => `${t}-${p}`

/** Did any member lose a partition it owned (so it revokes and rejoins)? */
function revokedAnything(req: AssignmentRequest, assignment: Assignment): boolean {
  return req.members.some((m) => {
    const kept = new Set((assignment[m.memberId] ?? []).map(label))
    return m.owned.some((tp) => req.topics[tp[0]] !== undefined && !kept.has(label(tp)))
  })
}

/**
 * CooperativeStickyAssignorTest.verifyValidityAndBalance: while something was revoked, rebalance
 * again with each member owning what it was given; after a rebalance every member shares the new
 * generation (the highest so far + 1).
 */
function converge(req: AssignmentRequest): AssignorResult[] {
  const rounds: AssignorResult[] = []
  let current = req
  for (let i = 0; i < 6; i++) {
    const result = assignCooperativeSticky(current)
    rounds.push(result)
    if (!revokedAnything(current, result.assignment)) break
    const generation = Math.max(...current.members.map((m) => m.generation)) + 1
    current = {
      topics: current.topics,
      members: current.members.map((m) => ({ ...m, owned: result.assignment[m.memberId] ?? [], generation })),
    }
  }
  return rounds
}

/** The converged assignment equals the eager StickyAssignor's, within 4 rounds. */
function expectConvergesToSticky(req: AssignmentRequest): Assignment {
  const rounds = converge(req)
  expect(rounds.length).toBeLessThanOrEqual(4)
  const final = rounds.at(-1)?.assignment ?? {}
  expect(final).toEqual(assignSticky(req).assignment)
  return final
}

describe('CooperativeStickyAssignor first round', () => {
  it('withholds the partitions that move between members (vector 2, adding two members)', () => {
    const both = ['topic1', 'topic2']
    const r = assignCooperativeSticky({
      topics: { topic1: 3, topic2: 4 },
      members: [
        member('consumer1', both, tps('topic1-0', 'topic1-2', 'topic2-1', 'topic2-3')),
        member('consumer2', both, tps('topic1-1', 'topic2-0', 'topic2-2')),
        member('consumer3', both),
        member('consumer4', both),
      ],
    })
    expect(r.assignment).toEqual({
      consumer1: tps('topic1-0', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-0'),
      consumer3: [],
      consumer4: [],
    })
    expect(r.partitionsTransferringOwnership).toEqual(
      new Map([['topic1-2', 'consumer3'], ['topic2-2', 'consumer4'], ['topic2-3', 'consumer3']]),
    )
  })

  it('withholds a partition claimed twice in the same generation: consumer3 gets nothing yet (vector 9)', () => {
    const r = assignCooperativeSticky({
      topics: { topic: 3 },
      members: [member('consumer1', ['topic'], tps('topic-0', 'topic-1')), member('consumer2', ['topic'], tps('topic-0', 'topic-2')), member('consumer3', ['topic'])],
    })
    expect(r.assignment).toEqual({ consumer1: tps('topic-1'), consumer2: tps('topic-2'), consumer3: [] })
    expect(r.partitionsTransferringOwnership).toEqual(new Map([['topic-0', 'consumer3']]))
  })

  it('withholds the HashMap-order loser partition of vector 4', () => {
    const both = ['topic1', 'topic2']
    const r = assignCooperativeSticky({
      topics: { topic1: 2, topic2: 2 },
      members: [member('consumer1', both, tps('topic1-0', 'topic2-0')), member('consumer2', both, tps('topic1-1', 'topic2-1')), member('consumer3', both)],
    })
    expect(r.assignment).toEqual({ consumer1: tps('topic1-0'), consumer2: tps('topic1-1', 'topic2-1'), consumer3: [] })
  })

  it('computes the transfers itself for the general builder: added and revoked in the same round', () => {
    // consumer2 owned everything; consumer1 (topic1 only) and consumer3 join: partitions move off consumer2.
    const r = assignCooperativeSticky({
      topics: { topic1: 3, topic2: 2 },
      members: [
        member('consumer1', ['topic1']),
        member('consumer2', ['topic1', 'topic2'], tps('topic1-0', 'topic1-1', 'topic1-2', 'topic2-0', 'topic2-1')),
        member('consumer3', ['topic1']),
      ],
    })
    const transferring = r.partitionsTransferringOwnership ?? new Map<string, string>()
    expect(transferring.size).toBeGreaterThan(0)
    for (const [tp, newOwner] of transferring) {
      expect(newOwner).not.toBe('consumer2')
      expect(r.assignment[newOwner]?.map(label)).not.toContain(tp)
      expect(r.assignment.consumer2?.map(label)).not.toContain(tp)
    }
  })
})

describe('CooperativeStickyAssignor converges to the §3.5 sticky vectors within 4 rounds', () => {
  it('1. testTwoConsumersTwoTopicsSixPartitions', () => {
    const both = ['topic1', 'topic2']
    expect(expectConvergesToSticky({ topics: { topic1: 3, topic2: 3 }, members: [member('consumer1', both, [], -1), member('consumer2', both, [], -1)] })).toEqual({
      consumer1: tps('topic1-0', 'topic1-2', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-0', 'topic2-2'),
    })
  })

  it('2. testAddRemoveTwoConsumersTwoTopics, all three stages', () => {
    const both = ['topic1', 'topic2']
    const topics = { topic1: 3, topic2: 4 }
    const s1 = expectConvergesToSticky({ topics, members: [member('consumer1', both, [], -1), member('consumer2', both, [], -1)] })
    const s2 = expectConvergesToSticky({
      topics,
      members: [member('consumer1', both, s1.consumer1), member('consumer2', both, s1.consumer2), member('consumer3', both), member('consumer4', both)],
    })
    expect(s2).toEqual({
      consumer1: tps('topic1-0', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-0'),
      consumer3: tps('topic1-2', 'topic2-3'),
      consumer4: tps('topic2-2'),
    })
    const s3 = expectConvergesToSticky({ topics, members: [member('consumer3', both, s2.consumer3), member('consumer4', both, s2.consumer4)] })
    expect(s3).toEqual({ consumer3: tps('topic1-0', 'topic1-2', 'topic2-1', 'topic2-3'), consumer4: tps('topic1-1', 'topic2-0', 'topic2-2') })
  })

  it('3 to 6. the quota vectors', () => {
    const both = ['topic1', 'topic2']
    expect(expectConvergesToSticky({ topics: { topic1: 2, topic2: 3 }, members: [member('consumer1', both, tps('topic1-0', 'topic2-1')), member('consumer2', both, tps('topic1-1', 'topic2-2'))] })).toEqual({
      consumer1: tps('topic1-0', 'topic2-0', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-2'),
    })
    expect(expectConvergesToSticky({ topics: { topic1: 2, topic2: 2 }, members: [member('consumer1', both, tps('topic1-0', 'topic2-0')), member('consumer2', both, tps('topic1-1', 'topic2-1')), member('consumer3', both)] })).toEqual({
      consumer1: tps('topic1-0'),
      consumer2: tps('topic1-1', 'topic2-1'),
      consumer3: tps('topic2-0'),
    })
    expect(expectConvergesToSticky({ topics: { topic1: 2, topic2: 3 }, members: [member('consumer1', both, tps('topic1-0')), member('consumer2', both, tps('topic1-1')), member('consumer3', both)] })).toEqual({
      consumer1: tps('topic1-0', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-2'),
      consumer3: tps('topic2-0'),
    })
    expect(expectConvergesToSticky({ topics: { topic: 4 }, members: [member('consumer1', ['topic'], tps('topic-0', 'topic-1')), member('consumer2', ['topic'], tps('topic-2')), member('consumer3', ['topic'])] })).toEqual({
      consumer1: tps('topic-0', 'topic-1'),
      consumer2: tps('topic-2'),
      consumer3: tps('topic-3'),
    })
  })

  it('7. testAddRemoveConsumerOneTopic', () => {
    const s1 = expectConvergesToSticky({ topics: { topic: 3 }, members: [member('consumer1', ['topic'], [], -1)] })
    const s2 = expectConvergesToSticky({ topics: { topic: 3 }, members: [member('consumer1', ['topic'], s1.consumer1), member('consumer2', ['topic'])] })
    expect(s2).toEqual({ consumer1: tps('topic-0', 'topic-1'), consumer2: tps('topic-2') })
    expect(expectConvergesToSticky({ topics: { topic: 3 }, members: [member('consumer2', ['topic'], s2.consumer2)] })).toEqual({
      consumer2: tps('topic-0', 'topic-1', 'topic-2'),
    })
  })

  it('8. testMultipleConsumersMixedTopicSubscriptions (general builder)', () => {
    expect(expectConvergesToSticky({ topics: { topic1: 3, topic2: 2 }, members: [member('consumer1', ['topic1'], [], -1), member('consumer2', ['topic1', 'topic2'], [], -1), member('consumer3', ['topic1'], [], -1)] })).toEqual({
      consumer1: tps('topic1-0', 'topic1-2'),
      consumer2: tps('topic2-0', 'topic2-1'),
      consumer3: tps('topic1-1'),
    })
  })

  it('9. the doubly claimed partition reaches consumer3 in the second round', () => {
    const members = [member('consumer1', ['topic'], tps('topic-0', 'topic-1')), member('consumer2', ['topic'], tps('topic-0', 'topic-2')), member('consumer3', ['topic'])]
    const rounds = converge({ topics: { topic: 3 }, members })
    expect(rounds).toHaveLength(2)
    expect(rounds[1]?.assignment).toEqual({ consumer1: tps('topic-1'), consumer2: tps('topic-2'), consumer3: tps('topic-0') })
    expect(converge({ topics: { topic: 4 }, members }).at(-1)?.assignment).toEqual({
      consumer1: tps('topic-1', 'topic-3'),
      consumer2: tps('topic-2'),
      consumer3: tps('topic-0'),
    })
  })

  it('10 and 11. the non-rack baselines', () => {
    const all = ['t1', 't2', 't3']
    const topics = { t1: 6, t2: 7, t3: 2 }
    expect(expectConvergesToSticky({ topics, members: ['consumer0', 'consumer1', 'consumer2'].map((c) => member(c, all, [], -1)) })).toEqual({
      consumer0: tps('t1-0', 't1-3', 't2-0', 't2-3', 't2-6'),
      consumer1: tps('t1-1', 't1-4', 't2-1', 't2-4', 't3-0'),
      consumer2: tps('t1-2', 't1-5', 't2-2', 't2-5', 't3-1'),
    })
    expect(expectConvergesToSticky({ topics, members: [member('consumer0', all, [], -1), member('consumer1', all, [], -1), member('consumer2', ['t1', 't3'], [], -1)] })).toEqual({
      consumer0: tps('t1-5', 't2-0', 't2-2', 't2-4', 't2-6'),
      consumer1: tps('t1-3', 't2-1', 't2-3', 't2-5', 't3-0'),
      consumer2: tps('t1-0', 't1-1', 't1-2', 't1-4', 't3-1'),
    })
  })

  it('12. the generation tests', () => {
    const both = ['topic', 'topic2']
    const claimed = tps('topic-0', 'topic-2', 'topic2-1')
    for (const loser of [9, -1]) {
      const final = expectConvergesToSticky({ topics: { topic: 3, topic2: 3 }, members: [member('consumer1', both, claimed, 10), member('consumer2', both, claimed, loser)] })
      expect(final).toEqual({ consumer1: tps('topic-0', 'topic-2', 'topic2-1'), consumer2: tps('topic-1', 'topic2-0', 'topic2-2') })
    }
    const all = ['topic', 'topic2', 'topic3']
    expect(
      expectConvergesToSticky({
        topics: { topic: 3, topic2: 3, topic3: 3 },
        members: [
          member('consumer1', all, tps('topic-0', 'topic2-0', 'topic3-0'), 10),
          member('consumer2', all, tps('topic-1', 'topic2-1', 'topic3-1'), 9),
          member('consumer3', all, tps('topic2-1', 'topic3-0', 'topic3-2'), 8),
        ],
      }),
    ).toEqual({
      consumer1: tps('topic-0', 'topic2-0', 'topic3-0'),
      consumer2: tps('topic-1', 'topic2-1', 'topic3-1'),
      consumer3: tps('topic-2', 'topic2-2', 'topic3-2'),
    })
  })

  it('13. (derived) one topic of 7 over C0..C2', () => {
    expect(expectConvergesToSticky({ topics: { t: 7 }, members: ['C0', 'C1', 'C2'].map((c) => member(c, ['t'], [], -1)) })).toEqual({
      C0: tps('t-0', 't-3', 't-6'),
      C1: tps('t-1', 't-4'),
      C2: tps('t-2', 't-5'),
    })
  })
})
