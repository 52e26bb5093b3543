// The data plane's teaching claims, checked end to end on the engine.
import { describe, expect, it } from 'vitest'
import { defaultScenario, getPreset } from '../src/scenario/index.ts'
import type { Scenario } from '../src/scenario/types.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import { partitionForKey } from '../src/kafka/murmur2.ts'

function preset(name: string): Scenario {
  return getPreset(name)!.build()
}

function runFor(s: Scenario, ms: number) {
  const sim = createSimulation(s)
  sim.advanceTo(ms)
  return sim
}

describe('hot key', () => {
  it("jams its lane: the hot lane's lag grows while the others stay near zero", () => {
    const s = preset('hot-key')
    const hot = partitionForKey('global-marketplace', s.topic.partitions)
    const sim = createSimulation(s)
    sim.advanceTo(20_000)
    const lag20 = sim.frame().lag[hot]!
    sim.advanceTo(40_000)
    const f = sim.frame()
    expect(f.lag[hot]!).toBeGreaterThan(lag20 * 1.5)
    expect(f.lag[hot]!).toBeGreaterThan(10_000)
    for (let p = 0; p < f.partitions; p++) if (p !== hot) expect(f.lag[p]!).toBeLessThan(500)
    expect(f.hotKeys[0]?.key).toBe('global-marketplace')
    expect(f.hotKeys[0]?.flagged).toBe(true)
  })

  it('salting makes the lag fall and ordering violations appear', () => {
    const plain = runFor(preset('hot-key'), 60_000).summary()
    const salted = runFor(preset('salted-hot-key'), 60_000).summary()
    expect(plain.orderingViolations).toBe(0)
    expect(salted.lag).toBeLessThan(plain.lag / 10)
    expect(salted.orderingViolations).toBeGreaterThan(0)
    expect(salted.remappedKeys).toBeGreaterThanOrEqual(1)
  })

  it('load-aware routing also drains the jam, at the same cost in per-key order', () => {
    const plain = runFor(preset('hot-key'), 60_000).summary()
    const routed = runFor(preset('load-aware'), 60_000).summary()
    expect(routed.lag).toBeLessThan(plain.lag / 10)
    expect(routed.orderingViolations).toBeGreaterThan(0)
  })
})

describe('adding partitions', () => {
  it('counts every key whose partition changed (existing data stays where it is)', () => {
    const s = preset('add-partitions')
    const keys = s.producers[0]!.keys
    if (keys.kind !== 'uniform') throw new Error('expected uniform keys')
    const action = s.actions.find((a) => a.do === 'addPartitions')!
    if (action.do !== 'addPartitions') throw new Error('unreachable')
    const from = s.topic.partitions
    const to = from + action.count
    let moved = 0
    for (let i = 0; i < keys.count; i++) if (partitionForKey(`key-${i}`, from) !== partitionForKey(`key-${i}`, to)) moved++
    const sum = runFor(s, (action.atSec + 10) * 1000).summary()
    expect(sum.remappedKeys).toBe(moved)
    expect(sum.partitions).toHaveLength(to)
    const before = runFor(s, action.atSec * 1000 - 1).summary()
    expect(before.partitions).toHaveLength(from)
  })
})

describe('conservation', () => {
  it('produced = consumed + lag, per partition and in total', () => {
    for (const name of ['steady', 'hot-key', 'add-partitions', 'consumer-crash']) {
      const sum = runFor(preset(name), 50_000).summary()
      expect(sum.produced).toBe(sum.consumed + sum.lag)
      for (const p of sum.partitions) expect(p.produced).toBe(p.consumed + p.lag)
    }
  })
})

describe('batching', () => {
  it('does not change the results beyond rounding (linger.ms 5 vs 1)', () => {
    const a = defaultScenario()
    const b = defaultScenario()
    b.producerConfig['linger.ms'] = 1
    const ra = runFor(a, 30_000).summary()
    const rb = runFor(b, 30_000).summary()
    // the rate integrates exactly; only the last partial cycle differs
    expect(Math.abs(ra.produced - rb.produced)).toBeLessThanOrEqual(3000 * 0.005 + 1)
    for (let p = 0; p < ra.partitions.length; p++) {
      expect(Math.abs(ra.partitions[p]!.produced - rb.partitions[p]!.produced)).toBeLessThanOrEqual(20)
    }
  })

  it('keyless records spread evenly under the uniform sticky partitioner (KIP-794)', () => {
    const s = defaultScenario()
    s.producers[0]!.keys = { kind: 'keyless' }
    const sum = runFor(s, 60_000).summary()
    const mean = sum.produced / sum.partitions.length
    for (const p of sum.partitions) expect(Math.abs(p.produced - mean) / mean).toBeLessThan(0.2)
  })

  it('adaptive partitioning sends fewer keyless records to a lane that is at capacity', () => {
    const s = defaultScenario()
    s.producers[0]!.keys = { kind: 'keyless' }
    s.producers[0]!.rate = { kind: 'constant', perSec: 12_000 }
    s.broker.appendCapacityPerSec = 1100
    const sum = runFor(s, 30_000).summary()
    expect(sum.produced + sum.producerBuffered).toBeGreaterThan(0)
    // with every lane capped near the mean rate, queues build and adaptive weights steer around them
    const max = Math.max(...sum.partitions.map((p) => p.produced))
    expect(max).toBeLessThanOrEqual(1100 * 30 + 1)
  })
})

describe('adding partitions breaks per-key order where a backlog remains', () => {
  it("counts a moved key's old records consumed after its newer ones", () => {
    const s = getPreset('add-partitions')!.build()
    const sum = runFor(s, 60_000).summary()
    expect(sum.orderingViolations).toBeGreaterThan(0)
    expect(sum.skippedByOffsetReset).toBeGreaterThan(0) // auto.offset.reset=latest on the new partitions
    expect(sum.produced).toBe(sum.consumed + sum.lag)
  })

  it('finds no violation when nothing moves (salting and routing off, no partitions added)', () => {
    expect(runFor(preset('steady'), 60_000).summary().orderingViolations).toBe(0)
  })
})
