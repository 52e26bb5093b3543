import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { addPartitionsScenario } from '../scenario/presets/addPartitions.ts'
import { scale10kScenario } from '../scenario/presets/scale10k.ts'
import type { Scenario } from '../scenario/types.ts'
import { createSimulation } from './simulation.ts'

function detecting(s: Scenario): Scenario {
  return { ...s, dynamic: { ...s.dynamic, hotspotDetection: { ...s.dynamic.hotspotDetection, enabled: true } } }
}

describe('hot lanes after partitions are added', () => {
  it('no old lane is flagged hot when the producers learn of the new partitions (the new lanes have no full window yet)', () => {
    const sim = createSimulation(detecting(addPartitionsScenario()))
    sim.advanceTo(60_000)
    const trace = sim.drainTrace()
    // The test is about the moment the producers switch: it must be in the run.
    expect(trace.some((e) => e.fact.kind === 'producer.metadataRefresh')).toBe(true)
    expect(trace.filter((e) => e.fact.kind === 'hotspot.laneFlagged').map((e) => e.t)).toEqual([])
  })

  it('a lane that really is hot is still flagged', () => {
    const s = detecting(defaultScenario())
    s.producers = s.producers.map((p) => ({ ...p, keys: { kind: 'hot', count: 1000, hotKey: 'k-hot', share: 0.6 } }))
    const sim = createSimulation(s)
    sim.advanceTo(5_000)
    expect(sim.drainTrace().some((e) => e.fact.kind === 'hotspot.laneFlagged')).toBe(true)
  })
})

describe('lanes near the threshold', () => {
  it('a lane flagged hot is not flagged again and again while its rate hovers near the threshold (10 000 lanes, a few keys each)', () => {
    const s = detecting(scale10kScenario())
    // The default threshold (the preset raises it to 10 for its story): many lanes sit near 2× the mean.
    s.dynamic.hotspotDetection.partitionSkewThreshold = 2
    const sim = createSimulation(s)
    sim.advanceTo(30_000)
    const flagged = sim.drainTrace().flatMap((e) => (e.fact.kind === 'hotspot.laneFlagged' ? [e.fact.partition] : []))
    // Some lanes really are about twice the mean (more keys hash there), and the hot key's lane is far above it.
    expect(flagged.length).toBeGreaterThan(1)
    const again = flagged.filter((p, i) => flagged.indexOf(p) !== i)
    expect(again).toEqual([])
  })
})

describe('the hot-key share follows the slider', () => {
  function run(): ReturnType<typeof createSimulation> {
    const s = detecting(defaultScenario())
    s.producers = s.producers.map((p) => ({ ...p, keys: { kind: 'hot', count: 1000, hotKey: 'k-hot', share: 0.05 } }))
    // Mid-window (windows close on whole seconds): the share goes from 5 % to 60 %.
    s.actions = [{ atSec: 20.3, do: 'setHotKeyShare', share: 0.6 }]
    return createSimulation(s)
  }
  const hot = (sim: ReturnType<typeof createSimulation>) => sim.frame(0).hotKeys.find((k) => k.key === 'k-hot')!

  it('the shown share is the one measured since the change, before the window closes', () => {
    const sim = run()
    sim.advanceTo(20_250)
    expect(hot(sim).share).toBeLessThan(0.1)
    sim.advanceTo(20_800)
    expect(hot(sim).share).toBeGreaterThan(0.5)
    expect(hot(sim).share).toBeLessThan(0.7)
  })

  it('the key is flagged with the new share at the first window close, not a mix of old and new', () => {
    const sim = run()
    sim.advanceTo(21_500)
    const flagged = sim.drainTrace().find((e) => e.fact.kind === 'hotspot.keyFlagged')
    expect(flagged?.t).toBe(21_000)
    const share = flagged?.fact.kind === 'hotspot.keyFlagged' ? flagged.fact.share : 0
    expect(share).toBeGreaterThan(0.5)
  })
})

describe('lanes far below a record a second', () => {
  it('none is flagged hot: 1 000 lanes at 75 records/s put each second’s records on a few lanes, each "13× the mean" (a big cluster imported at a fraction of its rate)', () => {
    const s = detecting(defaultScenario())
    s.topic.partitions = 1000
    s.group.consumers = 10
    s.producers = s.producers.map((p) => ({ ...p, rate: { kind: 'constant', perSec: 75 }, keys: { kind: 'uniform', count: 100_000 } }))
    const sim = createSimulation(s)
    sim.advanceTo(10_000)
    expect(sim.drainTrace().filter((e) => e.fact.kind === 'hotspot.laneFlagged')).toEqual([])
    expect(sim.summary().partitions.some((p) => p.produced > 0)).toBe(true)
  })
})
