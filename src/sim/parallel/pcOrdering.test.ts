// Ordering modes on the hot-key workload: PARTITION and KEY never process a key's records out of
// order; UNORDERED does, on the hot key. And a group without group.parallel runs as before.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../../scenario/index.ts'
import type { Scenario } from '../../scenario/types.ts'
import { createSimulation } from '../simulation.ts'

function hotKey(ordering?: 'partition' | 'key' | 'unordered'): Scenario {
  const s = getPreset('hot-key')!.build()
  if (ordering) s.group.parallel = { ordering, maxConcurrency: 8 }
  return s
}

function summaryAt(s: Scenario, ms: number) {
  const sim = createSimulation(s)
  sim.advanceTo(ms)
  return sim.summary()
}

describe('ordering modes', () => {
  it('PARTITION and KEY order never process a key out of order; UNORDERED does on the hot key', () => {
    const partition = summaryAt(hotKey('partition'), 20_000)
    const key = summaryAt(hotKey('key'), 20_000)
    const unordered = summaryAt(hotKey('unordered'), 20_000)
    expect(partition.orderingViolations).toBe(0)
    expect(key.orderingViolations).toBe(0)
    // The hot key (45% of the records) overlaps itself on the 8 workers.
    expect(unordered.orderingViolations).toBeGreaterThan(10_000)
    // Order costs throughput: the less order, the less lag.
    expect(unordered.lag).toBeLessThan(key.lag)
    expect(key.lag).toBeLessThan(partition.lag)
  })

  it('KEY order: the hot key holds the others back (blocked time); UNORDERED: never', () => {
    expect(summaryAt(hotKey('key'), 20_000).parallelConsumer!.blockedMs).toBeGreaterThan(1000)
    expect(summaryAt(hotKey('unordered'), 20_000).parallelConsumer!.blockedMs).toBe(0)
  })

  it('without group.parallel the run has no parallelConsumer figures and the plain loop runs', () => {
    const plain = summaryAt(hotKey(), 20_000)
    expect(plain.parallelConsumer).toBeUndefined()
    expect('parallelConsumer' in plain).toBe(false)
  })
})
