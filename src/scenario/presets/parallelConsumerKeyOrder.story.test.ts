// The parallel-consumer-key-order story, checked against runs of the preset (as stories.test.ts
// does for the others): the lanes it names, the head-of-line blocking, and the unordered variant.
import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../../kafka/murmur2.ts'
import { createSimulation } from '../../sim/simulation.ts'
import { parallelConsumerKeyOrder } from './parallelConsumerKeyOrder.ts'

function runFor(ordering: 'key' | 'unordered', seconds: number) {
  const s = parallelConsumerKeyOrder.build()
  s.group.parallel = { ...s.group.parallel!, ordering }
  const sim = createSimulation(s)
  sim.advanceTo(seconds * 1000)
  return { summary: sim.summary(), frame: sim.frame() }
}

describe('parallel-consumer-key-order: the story says what the run shows', () => {
  const notice = parallelConsumerKeyOrder.notice
  const key = runFor('key', 60)
  const unordered = runFor('unordered', 60)
  const hot = partitionForKey('global-marketplace', 12)

  it('P6 is the hot lane and jams; the lanes of other consumers stay near zero', () => {
    expect(hot).toBe(6)
    expect(notice).toContain('P6')
    expect(key.summary.partitions[6]!.lag).toBeGreaterThan(100_000)
    for (const p of [0, 1, 2, 3, 4, 5, 9, 10, 11]) expect(key.summary.partitions[p]!.lag).toBeLessThan(100)
    expect(notice).toContain('P0–P5 and P9–P11 stay near zero')
  })

  it("P7 and P8 share P6's consumer and fall behind too (head-of-line blocking), in key order still", () => {
    const owner = key.frame.owner[6]
    expect(key.frame.owner[7]).toBe(owner)
    expect(key.frame.owner[8]).toBe(owner)
    expect(key.summary.partitions[7]!.lag).toBeGreaterThan(100)
    expect(key.summary.partitions[8]!.lag).toBeGreaterThan(1000)
    expect(key.summary.parallelConsumer!.blockedMs).toBeGreaterThan(30_000)
    expect(key.summary.orderingViolations).toBe(0)
    expect(notice).toMatch(/neighbours P7 and P8, which share its consumer/)
    expect(notice).toMatch(/No record is ever processed out of key order/)
  })

  it('unordered drains every lane, with over a hundred thousand ordering violations in the minute', () => {
    expect(unordered.summary.lag).toBeLessThan(1000)
    expect(unordered.summary.orderingViolations).toBeGreaterThan(100_000)
    expect(unordered.summary.parallelConsumer!.blockedMs).toBe(0)
    expect(notice).toMatch(/every lane drains, at the price of over a hundred thousand ordering violations a minute/)
  })
})
