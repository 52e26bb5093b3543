import { describe, expect, it } from 'vitest'
import type { AssignorMember, TopicPartition } from './assignor.ts'
import { assignUniform } from './uniformAssignor.ts'

const tps = (...labels: string[]): TopicPartition[] =>
  labels.map((l) => {
    const i = l.lastIndexOf('-')
    return [l.slice(0, i), Number(l.slice(i + 1))]
  })
const member = (memberId: string, topics: string[], owned: TopicPartition[] = []): AssignorMember => ({
  memberId,
  groupInstanceId: null,
  topics,
  owned,
  generation: -1,
})

describe('uniform (KIP-848 UniformHomogeneousAssignmentBuilder)', () => {
  it('testFirstAssignmentTwoMembersTwoTopicsNoMemberRacks is not reproducible (Java iterates random topic UUIDs in HashSet order), so the contiguous-chunk shape is asserted instead', () => {
    // Java's published result: memberA = {topic1:[0], topic3:[0,1]}, memberB = {topic1:[1,2]}, i.e. the
    // partition list was [topic3-0, topic3-1, topic1-0, topic1-1, topic1-2] and memberA took the first 3.
    const { assignment } = assignUniform({ topics: { topic1: 3, topic3: 2 }, members: [member('memberA', ['topic1', 'topic3']), member('memberB', ['topic1', 'topic3'])] })
    // Ours walks topics by name: the first member (by id) takes a contiguous chunk of 3, the other the rest.
    expect(assignment).toEqual({ memberA: tps('topic1-0', 'topic1-1', 'topic1-2'), memberB: tps('topic3-0', 'topic3-1') })
    const order = ['topic1-0', 'topic1-1', 'topic1-2', 'topic3-0', 'topic3-1']
    const positions = (assignment.memberA ?? []).map(([t, p]) => order.indexOf(`${t}-${p}`))
    expect(positions).toEqual([0, 1, 2])
  })

  it('hands unowned partitions out in contiguous chunks, not interleaved', () => {
    const { assignment } = assignUniform({ topics: { t: 7 }, members: ['C0', 'C1', 'C2'].map((c) => member(c, ['t'])) })
    expect(assignment).toEqual({ C0: tps('t-0', 't-1', 't-2'), C1: tps('t-3', 't-4'), C2: tps('t-5', 't-6') })
  })

  it('gives the extra partitions to the first members in iteration order, whatever they own', () => {
    // 5 partitions, 2 members: quota 3 for 'a' (first by id), 2 for 'b', even though 'b' owns three.
    const { assignment } = assignUniform({
      topics: { t: 5 },
      members: [member('b', ['t'], tps('t-0', 't-1', 't-2')), member('a', ['t'], tps('t-3'))],
    })
    expect(assignment).toEqual({ b: tps('t-0', 't-1'), a: tps('t-2', 't-3', 't-4') })
  })

  it('keeps owned partitions up to the quota when a member joins', () => {
    const { assignment } = assignUniform({
      topics: { t: 6 },
      members: [member('a', ['t'], tps('t-0', 't-1', 't-2')), member('b', ['t'], tps('t-3', 't-4', 't-5')), member('c', ['t'])],
    })
    expect(assignment).toEqual({ a: tps('t-0', 't-1'), b: tps('t-3', 't-4'), c: tps('t-2', 't-5') })
  })

  it('drops owned partitions of unsubscribed topics and never assigns a partition twice', () => {
    const { assignment } = assignUniform({
      topics: { t: 2, old: 2 },
      members: [member('a', ['t'], tps('t-0', 'old-0')), member('b', ['t'], tps('t-0'))],
    })
    expect(assignment).toEqual({ a: tps('t-0'), b: tps('t-1') })
  })

  it('returns empty lists when nobody subscribes to an existing topic', () => {
    expect(assignUniform({ topics: {}, members: [member('a', ['missing'])] }).assignment).toEqual({ a: [] })
  })

  it('falls back to the sticky general builder for differing subscriptions and stays valid', () => {
    const { assignment, partitionsTransferringOwnership } = assignUniform({
      topics: { topic1: 3, topic2: 2 },
      members: [member('consumer1', ['topic1']), member('consumer2', ['topic1', 'topic2']), member('consumer3', ['topic1'])],
    })
    expect(assignment).toEqual({ consumer1: tps('topic1-0', 'topic1-2'), consumer2: tps('topic2-0', 'topic2-1'), consumer3: tps('topic1-1') })
    expect(partitionsTransferringOwnership).toBeNull()
  })
})
