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
  // add-partitions: +6 at 30 s, metadata.max.age.ms = 10 s for both clients, so the group leader
  // refreshes at 35 s (half a period off) and the producers at 40 s (multiples of 10 s).
  it('grows the log at once and counts remapped keys when the producers refresh', () => {
    const s = preset('add-partitions')
    const keys = s.producers[0]!.keys
    if (keys.kind !== 'uniform') throw new Error('expected uniform keys')
    const action = s.actions.find((a) => a.do === 'addPartitions')!
    if (action.do !== 'addPartitions') throw new Error('unreachable')
    expect(action.atSec).toBe(30)
    const from = s.topic.partitions
    const to = from + action.count
    let moved = 0
    for (let i = 0; i < keys.count; i++) if (partitionForKey(`key-${i}`, from) !== partitionForKey(`key-${i}`, to)) moved++
    const before = runFor(s, action.atSec * 1000 - 1).summary()
    expect(before.partitions).toHaveLength(from)
    const added = runFor(s, action.atSec * 1000 + 1).summary()
    expect(added.partitions).toHaveLength(to)
    expect(added.remappedKeys).toBe(0)
    expect(runFor(s, 39_999).summary().remappedKeys).toBe(0)
    const after = runFor(s, 40_001).summary()
    expect(after.remappedKeys).toBe(moved)
    expect(after.partitions).toHaveLength(to)
  })

  it("sends no record to a new partition before the producers' metadata refresh", () => {
    const keyless = preset('add-partitions')
    keyless.producers = keyless.producers.map((p) => ({ ...p, keys: { kind: 'keyless' } }))
    for (const s of [preset('add-partitions'), keyless]) {
      const before = runFor(s, 39_999).summary()
      expect(before.partitions).toHaveLength(12)
      for (let p = 6; p < 12; p++) expect(before.partitions[p]!.produced).toBe(0)
      const after = runFor(s, 42_000).summary()
      expect(after.partitions.slice(6).reduce((n, p) => n + p.produced, 0)).toBeGreaterThan(0)
    }
  })

  it("rebalances once the group leader's metadata refresh shows the new partitions", () => {
    const s = preset('add-partitions')
    // The preset starts warm: the group is formed at 0 s, so the refresh's rejoin is its first rebalance.
    const before = runFor(s, 34_999).summary()
    expect(before.rebalances).toBe(0)
    const after = runFor(s, 45_000).summary()
    expect(after.rebalances).toBe(1)
    expect(after.rebalanceLog[0]!.startMs).toBeGreaterThanOrEqual(35_000)
    expect(after.partitions.every((p) => p.owner !== null)).toBe(true)
  })

  it('skips records produced to new partitions before the group owns them, under latest only', () => {
    const producersFirst = (reset: 'earliest' | 'latest'): Scenario => {
      const s = preset('add-partitions')
      // +6 at 36 s: producers refresh at 40 s, the group leader at 45 s.
      s.actions = [{ atSec: 36, do: 'addPartitions', count: 6 }]
      s.group.config['auto.offset.reset'] = reset
      return s
    }
    const latest = runFor(producersFirst('latest'), 60_000).summary()
    const earliest = runFor(producersFirst('earliest'), 60_000).summary()
    expect(latest.skippedByOffsetReset).toBeGreaterThan(0)
    expect(earliest.skippedByOffsetReset).toBe(0)
    for (const sum of [latest, earliest]) expect(sum.produced).toBe(sum.consumed + sum.lag)
    // The preset itself: the group learns first (35 s) and nothing is skipped.
    expect(runFor(preset('add-partitions'), 60_000).summary().skippedByOffsetReset).toBe(0)
  })

  it('handles several additions before a refresh with one refresh', () => {
    const s = preset('add-partitions')
    s.actions = [
      { atSec: 31, do: 'addPartitions', count: 2 },
      { atSec: 33, do: 'addPartitions', count: 4 },
    ]
    const sim = runFor(s, 50_000)
    const sum = sim.summary()
    expect(sum.partitions).toHaveLength(12)
    // One rebalance for both additions (the preset starts warm: no formation before them).
    expect(sum.rebalances).toBe(1)
    const trace = sim.drainTrace()
    const producers = trace.flatMap((e) => (e.fact.kind === 'producer.metadataRefresh' ? [{ t: e.t, ...e.fact }] : []))
    const group = trace.flatMap((e) => (e.fact.kind === 'group.metadataRefresh' ? [{ t: e.t, ...e.fact }] : []))
    expect(producers.map((e) => e.t)).toEqual([40_000])
    expect(group.map((e) => e.t)).toEqual([35_000])
    expect(producers[0]!.partitions).toBe(12)
    expect(group[0]!.partitions).toBe(12)
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
    expect(sum.skippedByOffsetReset).toBe(0) // the group leader sees the new partitions before the producers
    expect(sum.produced).toBe(sum.consumed + sum.lag)
  })

  it('finds no violation when nothing moves (salting and routing off, no partitions added)', () => {
    expect(runFor(preset('steady'), 60_000).summary().orderingViolations).toBe(0)
  })
})
