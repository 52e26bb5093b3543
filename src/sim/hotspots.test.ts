import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { addPartitionsScenario } from '../scenario/presets/addPartitions.ts'
import { brokerFailureScenario } from '../scenario/presets/brokerFailure.ts'
import { brokerHotspotScenario } from '../scenario/presets/brokerHotspot.ts'
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

describe('a catch-up burst after a leader change', () => {
  it('is not a hot lane: the broker-failure preset\'s lanes that lost their leader append 2–3× the mean for a second, with no hot key', () => {
    const s = brokerFailureScenario()
    expect(s.dynamic.hotspotDetection.enabled).toBe(true)
    const sim = createSimulation(s)
    sim.advanceTo(28_900)
    const resumed = sim.drainTrace().find((e) => e.fact.kind === 'broker.clientsResumed')
    const moved = resumed?.fact.kind === 'broker.clientsResumed' ? resumed.fact.moved.map((m) => m.partition) : []
    expect(moved.length).toBeGreaterThan(0)
    // The window that closes at 29 s holds the burst: those lanes append far above the mean...
    sim.advanceTo(29_000)
    const inRate = sim.frame(0).inRate
    const mean = inRate.reduce((a, b) => a + b, 0) / inRate.length
    for (const p of moved) expect(inRate[p]!, `p${p}`).toBeGreaterThan(s.dynamic.hotspotDetection.partitionSkewThreshold * mean)
    // ...and none of them (nor any lane) is called hot.
    sim.advanceTo(40_000)
    expect(sim.drainTrace().filter((e) => e.fact.kind === 'hotspot.laneFlagged').map((e) => e.fact)).toEqual([])
  })

  it('a hot key\'s lane behind a broker at its capacity is still hot (its producers send it 5× the mean)', () => {
    const sim = createSimulation(brokerHotspotScenario())
    sim.advanceTo(5_000)
    const hot = sim.drainTrace().flatMap((e) => (e.fact.kind === 'hotspot.laneFlagged' ? [e.fact.partition] : []))
    expect(hot).toEqual([6])
  })
})
