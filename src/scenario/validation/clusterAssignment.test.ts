// cluster.assignment / cluster.leaders: a placement kept as pasted, every bad entry named by its path.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../defaults.ts'
import { validateScenario } from '../validate.ts'

/** 6 brokers, RF 3, `P` partitions, with the given cluster fields. */
function scenario(P: number, extra: Record<string, unknown>): unknown {
  const s = defaultScenario()
  return { ...s, topic: { ...s.topic, partitions: P }, cluster: { brokers: 6, 'replication.factor': 3, ...extra } }
}
const errors = (input: unknown) => {
  const r = validateScenario(input)
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)
}
/** A valid 16-partition placement on brokers 1..6. */
const placed = Array.from({ length: 16 }, (_, p) => [(p % 6) + 1, ((p + 1) % 6) + 1, ((p + 2) % 6) + 1])

describe('cluster.assignment', () => {
  it('keeps a valid placement, one list of replicas per partition', () => {
    const r = validateScenario(scenario(16, { assignment: placed }))
    expect(r.ok).toBe(true)
    expect(r.scenario.cluster?.assignment).toEqual(placed)
    expect(r.scenario.cluster && 'leaders' in r.scenario.cluster).toBe(false)
  })

  it('names the partition and the replica of a broker outside the cluster', () => {
    const bad = placed.map((r) => r.slice())
    bad[12]![1] = 7
    expect(errors(scenario(16, { assignment: bad }))).toEqual(['cluster.assignment[12][1]: broker 7 is not one of the 6 brokers (numbered 1–6)'])
  })

  it('refuses a wrong count of partitions, a wrong replica count, repeats and non-numbers', () => {
    expect(errors(scenario(16, { assignment: placed.slice(0, 15) }))).toEqual([
      'cluster.assignment: has 15 entries; the topic has 16 partitions (one list of replicas per partition, at most 10000)',
    ])
    const short = placed.map((r) => r.slice())
    short[3] = [1, 2]
    expect(errors(scenario(16, { assignment: short }))).toEqual(['cluster.assignment[3]: lists 2 replicas; replication.factor is 3'])
    const twice = placed.map((r) => r.slice())
    twice[4] = [2, 3, 2]
    expect(errors(scenario(16, { assignment: twice }))).toEqual(['cluster.assignment[4][2]: broker 2 is listed twice: each replica needs its own broker'])
    const words: unknown[] = placed.map((r) => r.slice())
    ;(words[0] as unknown[])[0] = 'b1'
    words[1] = 'b1,b2,b3'
    expect(errors(scenario(16, { assignment: words }))).toEqual([
      'cluster.assignment[0][0]: must be a broker number 1–6',
      'cluster.assignment[1]: must be a list of 3 broker numbers (the partition\'s replicas, preferred leader first)',
    ])
    expect(errors(scenario(16, { assignment: 'striped' }))).toEqual(['cluster.assignment: must be a list with one list of replicas per partition'])
  })

  it('refuses a huge list without walking it, and never throws on hostile input', () => {
    const huge = new Array(5_000_000).fill([1, 2, 3])
    expect(errors(scenario(16, { assignment: huge }))[0]).toMatch(/^cluster\.assignment: has 5000000 entries; the topic has 16 partitions/)
    for (const v of [null, {}, [[null]], [[1, 2, 3], [Infinity, 1, 2]], Object.create(null)]) {
      expect(() => validateScenario(scenario(2, { assignment: v }))).not.toThrow()
      expect(validateScenario(scenario(2, { assignment: v })).ok).toBe(false)
    }
  })

  it('says nothing of the placement when the brokers or replication factor themselves are wrong', () => {
    expect(errors(scenario(16, { brokers: 2, assignment: placed }))).toEqual([
      'cluster["replication.factor"]: must be at most the number of brokers (2): each replica needs its own broker',
    ])
  })
})

describe('cluster.leaders', () => {
  it('keeps leaders that differ from the preferred ones, and drops a list that names only preferred leaders', () => {
    const leaders = placed.map((r) => r[0]!)
    leaders[2] = placed[2]![1]!
    const r = validateScenario(scenario(16, { assignment: placed, leaders }))
    expect(r.ok && r.scenario.cluster?.leaders).toEqual(leaders)
    const same = validateScenario(scenario(16, { assignment: placed, leaders: placed.map((x) => x[0]) }))
    expect(same.ok && same.scenario.cluster && 'leaders' in same.scenario.cluster).toBe(false)
  })

  it('refuses a leader that holds no replica, leaders without an assignment, and a wrong length', () => {
    const leaders = placed.map((r) => r[0]!)
    leaders[5] = 5
    expect(errors(scenario(16, { assignment: placed, leaders }))).toEqual([
      "cluster.leaders[5]: broker 5 is not one of partition 5's replicas (6, 1, 2): a leader must hold a replica",
    ])
    expect(errors(scenario(16, { leaders: [1] }))).toEqual(["cluster.leaders: needs cluster.assignment (the leaders are chosen among each partition's listed replicas)"])
    expect(errors(scenario(16, { assignment: placed, leaders: [1] }))[0]).toMatch(/^cluster\.leaders: must be a list of 16 broker numbers/)
  })
})
