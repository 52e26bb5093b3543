import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { javaStringHashCode } from './assignors/javaHashMapOrder.ts'
import { simpleShareAssign, topicIdHashOf, topicIdPartitionHash } from './shareAssignor.ts'
import vectors from './shareAssignor.vectors.json' with { type: 'json' }

/** A topic id whose hash makes TopicIdPartition.hashCode() = 31·(31 + h) + p equal p: partitions iterate 0, 1, 2, … */
const ASCENDING = -31

function byPartition(a: Map<string, number[]>, P: number): string[][] {
  const out: string[][] = Array.from({ length: P }, () => [])
  for (const [m, ps] of a) for (const p of ps) out[p]!.push(m)
  return out
}

const none = new Map<string, number[]>()

describe('simpleShareAssign: vectors from Kafka SimpleAssignorTest (group-coordinator, homogeneous cases)', () => {
  // Kafka's topic ids are random (Uuid.randomUuid() in the test): its assertions hold for any, so
  // these run for several topic-id hashes.
  const topicHashes = [ASCENDING, 0, javaStringHashCode('topic1'), 0x5bd1e995 | 0, -123456789]

  it('testAssignWithEmptyMembers: no members, no assignment', () => {
    expect(simpleShareAssign([], 3, none, 0).size).toBe(0)
  })

  it.each(topicHashes)('testIncrementalAssignmentIncreasingMembersHomogeneous: 24 partitions, members M0..M100 join one at a time, every partition stays assigned (topic hash %i)', (h) => {
    const members: string[] = []
    let current = new Map<string, number[]>()
    for (let m = 0; m < 101; m++) {
      members.push(`M${m}`)
      current = simpleShareAssign(members, 24, current, h)
      expect(byPartition(current, 24).filter((ms) => ms.length > 0)).toHaveLength(24)
    }
  })

  it.each(topicHashes)('testIncrementalAssignmentDecreasingMembersHomogeneous: 101 members leave one at a time down to one, every partition stays assigned (topic hash %i)', (h) => {
    const members = Array.from({ length: 101 }, (_, m) => `M${m}`)
    let current = simpleShareAssign(members, 24, none, h)
    expect(byPartition(current, 24).filter((ms) => ms.length > 0)).toHaveLength(24)
    for (let m = 100; m > 0; m--) {
      members.pop()
      current = simpleShareAssign(members, 24, current, h)
      expect(byPartition(current, 24).filter((ms) => ms.length > 0)).toHaveLength(24)
    }
    expect(current.get('M0')).toEqual(Array.from({ length: 24 }, (_, p) => p))
  })
})

describe("simpleShareAssign: outputs of Kafka's own builder run under Java (shareAssignor.vectors.json)", () => {
  // Kafka's SimpleAssignorTest pins no exact homogeneous outputs (its topic ids are random), so these
  // were produced by running SimpleHomogeneousAssignmentBuilder itself with java.util.HashMap; see `source`.
  it.each(vectors.cases.map((c, i) => [i, c] as const))('case %i gives what Kafka gave', (_, c) => {
    const got = simpleShareAssign(c.members, c.partitions, new Map(Object.entries(c.current)), c.topicIdHash)
    expect(Object.fromEntries(got)).toEqual(c.expected)
  })

  it('covers sharing, stickiness and fresh groups (the vectors are not all one kind)', () => {
    expect(vectors.cases.some((c) => c.members.length > c.partitions)).toBe(true)
    expect(vectors.cases.some((c) => c.members.length < c.partitions)).toBe(true)
    expect(vectors.cases.some((c) => Object.keys(c.current).length === 0)).toBe(true)
    expect(vectors.cases.filter((c) => Object.values(c.current).some((ps) => ps.length > 0)).length).toBeGreaterThan(20)
  })
})

describe('simpleShareAssign: Kafka SimpleHomogeneousAssignmentBuilder, orders as Java iterates them', () => {
  it('computes TopicIdPartition.hashCode() as Objects.hash(topicId, partition)', () => {
    expect(topicIdPartitionHash(0, 5)).toBe(31 * 31 + 5)
    expect(topicIdPartitionHash(ASCENDING, 7)).toBe(7)
    expect(topicIdHashOf('orders')).toBe(javaStringHashCode('orders'))
  })

  it('numbers members in HashMap<String> order (String.hashCode), not in the order they joined', () => {
    // "A", "B", "C" hash to 65, 66, 67: buckets 1, 2, 3 of 16, so A is member 0 whatever the join order.
    const joinedABC = simpleShareAssign(['A', 'B', 'C'], 6, none, ASCENDING)
    const joinedCBA = simpleShareAssign(['C', 'B', 'A'], 6, none, ASCENDING)
    expect(joinedCBA).toEqual(joinedABC)
    // Partitions 0..5 in order, one iterator over A, B, C round-robin.
    expect(Object.fromEntries(joinedABC)).toEqual({ A: [0, 3], B: [1, 4], C: [2, 5] })
  })

  it("walks the partitions in TopicIdPartition hash order, so the topic id decides who gets which", () => {
    expect(Object.fromEntries(simpleShareAssign(['A', 'B'], 4, none, ASCENDING))).toEqual({ A: [0, 2], B: [1, 3] })
    // Topic hash -30: partition p hashes to p + 31; the map of 4 partitions has 8 buckets, so
    // p lands in bucket (p + 31) & 7: partition 1 first, then 2, 3, and 0 last.
    expect(Object.fromEntries(simpleShareAssign(['A', 'B'], 4, none, -30))).toEqual({ A: [1, 3], B: [0, 2] })
  })

  it('takes an over-shared partition from the members first in its set (the lowest member numbers)', () => {
    // 4 members on 2 partitions: sharing 2, one partition each. All four read partition 0 before:
    // A and B (members 0 and 1) give it back and take partition 1; C and D keep partition 0.
    const before = new Map(['A', 'B', 'C', 'D'].map((m) => [m, [0]]))
    expect(Object.fromEntries(simpleShareAssign(['A', 'B', 'C', 'D'], 2, before, ASCENDING))).toEqual({ A: [1], B: [1], C: [0], D: [0] })
  })

  it("has an overfilled member give back the first partitions in its set's order, keeping the last", () => {
    // A held all four; B joins: two each. A's set iterates 0, 1, 2, 3 and gives back 0 and 1.
    const before = new Map([['A', [0, 1, 2, 3]]])
    expect(Object.fromEntries(simpleShareAssign(['A', 'B'], 4, before, ASCENDING))).toEqual({ A: [2, 3], B: [0, 1] })
  })

  it('shares each partition among ceil(members / partitions) members when members outnumber partitions: nobody idles', () => {
    const members = Array.from({ length: 9 }, (_, i) => `consumer-${i}`)
    const a = simpleShareAssign(members, 3, none, topicIdHashOf('orders'))
    expect(byPartition(a, 3).map((ms) => ms.length)).toEqual([3, 3, 3])
    expect([...a.values()].every((ps) => ps.length === 1)).toBe(true)
  })

  it('never gives a member more than its desired count, nor a partition more than the desired sharing, and assigns every partition', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), fc.integer(), fc.integer({ min: 0, max: 1000 }), (M, P, h, seed) => {
        const members = Array.from({ length: M }, (_, i) => `m${i * 7 + seed}`)
        // A previous assignment to be sticky to: some arbitrary partitions per member.
        const current = new Map(members.map((m, i) => [m, [(i + seed) % P, (i * 7 + seed) % P]]))
        const a = simpleShareAssign(members, P, current, h)
        const sharing = Math.ceil(M / P)
        const counts = [...a.values()].map((ps) => ps.length)
        expect(Math.max(...counts)).toBeLessThanOrEqual(Math.ceil((sharing * P) / M))
        for (const ms of byPartition(a, P)) {
          expect(ms.length).toBeGreaterThanOrEqual(1)
          expect(ms.length).toBeLessThanOrEqual(sharing)
          expect(new Set(ms).size).toBe(ms.length)
        }
      }),
      { numRuns: 150 },
    )
  })

  it('is sticky: a member joining moves only what balance needs', () => {
    const before = simpleShareAssign(['A', 'B', 'C'], 6, none, ASCENDING)
    const after = simpleShareAssign(['A', 'B', 'C', 'D'], 6, before, ASCENDING)
    let kept = 0
    for (const m of ['A', 'B', 'C']) kept += after.get(m)!.filter((p) => before.get(m)!.includes(p)).length
    // Desired counts for 6 partitions over 4 members are ceil(1.5·(i+1)) − ceil(1.5·i) = 2, 1, 2, 1:
    // B (member 1) gives one back, which D takes.
    expect(kept).toBe(5)
    expect(after.get('D')).toHaveLength(1)
  })
})
