import { describe, expect, it } from 'vitest'
import type { AssignorMember, TopicPartition } from './assignor.ts'
import { assignRoundRobin } from './roundRobinAssignor.ts'

const member = (memberId: string, topics: string[], groupInstanceId: string | null = null): AssignorMember => ({
  memberId,
  groupInstanceId,
  topics,
  owned: [],
  generation: -1,
})
const tps = (...labels: string[]): TopicPartition[] =>
  labels.map((l) => {
    const i = l.lastIndexOf('-')
    return [l.slice(0, i), Number(l.slice(i + 1))]
  })

describe('RoundRobinAssignor (kafka-semantics §3.5 vectors)', () => {
  it('1. testTwoDynamicConsumersTwoTopicsSixPartitions: partitions are dealt alternately across both topics', () => {
    const { assignment } = assignRoundRobin({
      topics: { topic1: 3, topic2: 3 },
      members: [member('consumer1', ['topic1', 'topic2']), member('consumer2', ['topic1', 'topic2'])],
    })
    expect(assignment).toEqual({
      consumer1: tps('topic1-0', 'topic1-2', 'topic2-1'),
      consumer2: tps('topic1-1', 'topic2-0', 'topic2-2'),
    })
  })

  it('2. testMultipleConsumersMixedTopics: same inputs and output as range vector 2', () => {
    const { assignment } = assignRoundRobin({
      topics: { topic1: 3, topic2: 2 },
      members: [member('consumer1', ['topic1']), member('consumer2', ['topic1', 'topic2']), member('consumer3', ['topic1'])],
    })
    expect(assignment).toEqual({
      consumer1: tps('topic1-0'),
      consumer2: tps('topic1-1', 'topic2-0', 'topic2-1'),
      consumer3: tps('topic1-2'),
    })
  })

  it('3. Javadoc mixed subscriptions: the iterator skips non-subscribers, leaving C2 with four partitions', () => {
    const { assignment } = assignRoundRobin({
      topics: { t0: 1, t1: 2, t2: 3 },
      members: [member('C0', ['t0']), member('C1', ['t0', 't1']), member('C2', ['t0', 't1', 't2'])],
    })
    expect(assignment).toEqual({
      C0: tps('t0-0'),
      C1: tps('t1-0'),
      C2: tps('t1-1', 't2-0', 't2-1', 't2-2'),
    })
  })

  it('4. StickyAssignor Javadoc: 4 topics x 2 partitions over C0..C2 with one shared iterator', () => {
    const topics = ['t0', 't1', 't2', 't3']
    const { assignment } = assignRoundRobin({
      topics: { t0: 2, t1: 2, t2: 2, t3: 2 },
      members: ['C0', 'C1', 'C2'].map((c) => member(c, topics)),
    })
    expect(assignment).toEqual({
      C0: tps('t0-0', 't1-1', 't3-0'),
      C1: tps('t0-1', 't2-0', 't3-1'),
      C2: tps('t1-0', 't2-1'),
    })
  })
})

describe('RoundRobinAssignor member order', () => {
  it('puts static members first by group.instance.id, then dynamic members by member id', () => {
    const { assignment } = assignRoundRobin({
      topics: { topic: 3 },
      members: [member('a', ['topic']), member('z', ['topic'], 'i2'), member('y', ['topic'], 'i1')],
    })
    expect(assignment).toEqual({ a: tps('topic-2'), z: tps('topic-1'), y: tps('topic-0') })
  })

  it('ignores topics that nobody subscribes to', () => {
    const { assignment } = assignRoundRobin({ topics: { topic: 2, unused: 5 }, members: [member('a', ['topic'])] })
    expect(assignment).toEqual({ a: tps('topic-0', 'topic-1') })
  })
})
