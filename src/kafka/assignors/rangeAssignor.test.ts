import { describe, expect, it } from 'vitest'
import type { AssignorMember, TopicPartition } from './assignor.ts'
import { assignRange, assignServerRange } from './rangeAssignor.ts'

const member = (memberId: string, topics: string[], groupInstanceId: string | null = null, owned: TopicPartition[] = []): AssignorMember => ({
  memberId,
  groupInstanceId,
  topics,
  owned,
  generation: -1,
})
const tps = (...labels: string[]): TopicPartition[] =>
  labels.map((l) => {
    const i = l.lastIndexOf('-')
    return [l.slice(0, i), Number(l.slice(i + 1))]
  })

describe('RangeAssignor (kafka-semantics §3.5 vectors)', () => {
  it('1. testTwoConsumersTwoTopicsSixPartitions: the first consumer takes the extra partition of each topic', () => {
    const { assignment } = assignRange({
      topics: { topic1: 3, topic2: 3 },
      members: [member('consumer1', ['topic1', 'topic2']), member('consumer2', ['topic1', 'topic2'])],
    })
    expect(assignment).toEqual({
      consumer1: tps('topic1-0', 'topic1-1', 'topic2-0', 'topic2-1'),
      consumer2: tps('topic1-2', 'topic2-2'),
    })
  })

  it('2. testMultipleConsumersMixedTopics: each topic is split among its own subscribers', () => {
    const { assignment } = assignRange({
      topics: { topic1: 3, topic2: 2 },
      members: [member('consumer1', ['topic1']), member('consumer2', ['topic1', 'topic2']), member('consumer3', ['topic1'])],
    })
    expect(assignment).toEqual({
      consumer1: tps('topic1-0'),
      consumer2: tps('topic1-1', 'topic2-0', 'topic2-1'),
      consumer3: tps('topic1-2'),
    })
  })

  it('3. testTwoStaticConsumersTwoTopicsSixPartitions: group.instance.id decides the order', () => {
    const { assignment } = assignRange({
      topics: { topic1: 3, topic2: 3 },
      members: [member('consumer-b', ['topic1', 'topic2'], 'instance1'), member('consumer-a', ['topic1', 'topic2'], 'instance2')],
    })
    expect(assignment).toEqual({
      'consumer-b': tps('topic1-0', 'topic1-1', 'topic2-0', 'topic2-1'),
      'consumer-a': tps('topic1-2', 'topic2-2'),
    })
  })

  it('4. testOneStaticConsumerAndOneDynamicConsumerTwoTopicsSixPartitions: static members sort before dynamic ones', () => {
    const { assignment } = assignRange({
      topics: { topic1: 3, topic2: 3 },
      members: [member('consumer-a', ['topic1', 'topic2']), member('consumer-b', ['topic1', 'topic2'], 'instance1')],
    })
    expect(assignment).toEqual({
      'consumer-a': tps('topic1-2', 'topic2-2'),
      'consumer-b': tps('topic1-0', 'topic1-1', 'topic2-0', 'topic2-1'),
    })
  })

  it('5. testStaticMemberRangeAssignmentPersistent: a replacement dynamic member inherits the same partitions', () => {
    const statics = [1, 2, 3].map((i) => member(`consumer${i}`, ['topic1', 'topic2'], `instance${i}`))
    const topics = { topic1: 5, topic2: 4 }
    const expected = {
      consumer1: tps('topic1-0', 'topic1-1', 'topic2-0'),
      consumer2: tps('topic1-2', 'topic2-1'),
      consumer3: tps('topic1-3', 'topic2-2'),
    }
    expect(assignRange({ topics, members: [...statics, member('consumer4', ['topic1', 'topic2'])] }).assignment).toEqual({
      ...expected,
      consumer4: tps('topic1-4', 'topic2-3'),
    })
    expect(assignRange({ topics, members: [...statics, member('consumer5', ['topic1', 'topic2'])] }).assignment).toEqual({
      ...expected,
      consumer5: tps('topic1-4', 'topic2-3'),
    })
  })

  it('6. testTwoConsumersOneTopicOnePartition: the second consumer gets nothing', () => {
    const { assignment } = assignRange({ topics: { topic1: 1 }, members: [member('consumer1', ['topic1']), member('consumer2', ['topic1'])] })
    expect(assignment).toEqual({ consumer1: tps('topic1-0'), consumer2: [] })
  })

  it('7. (derived) range imbalance: with equal subscriptions C0 still ends up with two more partitions than the others', () => {
    const { assignment } = assignRange({ topics: { t1: 7, t2: 7 }, members: ['C0', 'C1', 'C2'].map((c) => member(c, ['t1', 't2'])) })
    expect(assignment).toEqual({
      C0: tps('t1-0', 't1-1', 't1-2', 't2-0', 't2-1', 't2-2'),
      C1: tps('t1-3', 't1-4', 't2-3', 't2-4'),
      C2: tps('t1-5', 't1-6', 't2-5', 't2-6'),
    })
  })

  it('13. (derived) one topic of 7 over C0..C2 gives contiguous runs', () => {
    const { assignment } = assignRange({ topics: { t: 7 }, members: ['C0', 'C1', 'C2'].map((c) => member(c, ['t'])) })
    expect(assignment).toEqual({ C0: tps('t-0', 't-1', 't-2'), C1: tps('t-3', 't-4'), C2: tps('t-5', 't-6') })
  })
})

describe('RangeAssignor edge cases from RangeAssignorTest', () => {
  it('gives an empty assignment to a member with no subscription or a nonexistent topic', () => {
    expect(assignRange({ topics: {}, members: [member('consumer', [])] }).assignment).toEqual({ consumer: [] })
    expect(assignRange({ topics: { topic: 0 }, members: [member('consumer', ['topic'])] }).assignment).toEqual({ consumer: [] })
  })

  it('only assigns partitions of subscribed topics and reports no transfers', () => {
    const result = assignRange({ topics: { topic: 3, other: 3 }, members: [member('consumer', ['topic'])] })
    expect(result.assignment).toEqual({ consumer: tps('topic-0', 'topic-1', 'topic-2') })
    expect(result.partitionsTransferringOwnership).toBeNull()
  })
})

describe('server-side (KIP-848) range', () => {
  it('matches the client range assignment on a fresh group', () => {
    const req = { topics: { topic1: 5, topic2: 4 }, members: ['a', 'b', 'c', 'd'].map((c) => member(c, ['topic1', 'topic2'])) }
    expect(assignServerRange(req).assignment).toEqual(assignRange(req).assignment)
  })

  it('keeps owned partitions up to the quota instead of recomputing the ranges', () => {
    // b owned topic-0..2, a owned nothing: client range would give a 0-1 and b 2; server range keeps b's.
    const { assignment } = assignServerRange({
      topics: { topic: 3 },
      members: [member('a', ['topic']), member('b', ['topic'], null, tps('topic-0', 'topic-1', 'topic-2'))],
    })
    expect(assignment).toEqual({ a: tps('topic-2'), b: tps('topic-0', 'topic-1') })
  })
})
