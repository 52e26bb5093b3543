// A single producer's tail is added lane by lane in the append loop instead of by a pass of its
// own (appendBatches.ts). The same run with a second producer that sends nothing takes the general
// path (every tail copied into the lanes' sums and chunk list): both must be the same run, records,
// latencies, costs and animation samples alike, for keyed loads with hot and costly keys.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { Scenario } from '../scenario/types.ts'
import { createSimulation } from './simulation.ts'
import type { WorldState } from './worldState.ts'

function run(s: Scenario, seconds: number) {
  const sim = createSimulation(s)
  sim.advanceTo(seconds * 1000)
  const w = (sim as unknown as { w: WorldState }).w
  const samples = w.samplesByP.map((l) => l.map((x) => [x.keyIndex, x.offset, x.producedAt, x.consumedAt, x.lagAtProduce]))
  return { summary: sim.summary(), leo: [...w.leo], samples }
}

describe('a single producer\'s tail in the append loop', () => {
  it.each([
    ['uniform keys', (s: Scenario) => void (s.producers[0]!.keys = { kind: 'uniform', count: 5000 })],
    ['a hot key', (s: Scenario) => void (s.producers[0]!.keys = { kind: 'hot', count: 2000, hotKey: 'k-hot', share: 0.2 })],
    ['zipf keys', (s: Scenario) => void (s.producers[0]!.keys = { kind: 'zipf', count: 3000, s: 1.1 })],
    ['fewer keys than lanes (lanes without records)', (s: Scenario) => {
      s.topic.partitions = 200
      s.producers[0]!.keys = { kind: 'uniform', count: 120 }
    }],
  ])('gives the run the general path gives: %s', (_, keys) => {
    const one = defaultScenario()
    one.topic.partitions = 40
    one.producers[0]!.rate = { kind: 'constant', perSec: 50_000 }
    keys(one)
    one.group.consumers = Math.min(12, one.topic.partitions)
    const two = structuredClone(one)
    two.producers.push({ ...structuredClone(one.producers[0]!), rate: { kind: 'constant', perSec: 0 } })
    const a = run(one, 12)
    const b = run(two, 12)
    expect(a.leo.reduce((x, y) => x + y, 0)).toBeGreaterThan(500_000)
    expect(a.samples.flat().length).toBeGreaterThan(1000)
    expect(a.leo).toEqual(b.leo)
    expect(a.samples).toEqual(b.samples)
    // The summary lists each producer's hot keys: the silent producer's own entry (share 0) aside, the same.
    const { hotKeys: hotA, ...restA } = a.summary as unknown as { hotKeys: Array<{ share: number }> }
    const { hotKeys: hotB, ...restB } = b.summary as unknown as { hotKeys: Array<{ share: number }> }
    expect(restA).toEqual(restB)
    expect(hotA).toEqual(hotB.filter((h, i) => i < hotA.length || h.share !== 0))
  })
})
