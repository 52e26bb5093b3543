// Broker load, counted where it happens (a leader's append, a fetch from the leader) and checked
// against the per-partition counts the lanes keep; the broker-hotspot rule and its narration.
import { describe, expect, it } from 'vitest'
import { DEFAULT_HOT_KEY, defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario } from '../../scenario/types.ts'
import { narrationLine } from '../narration.ts'
import { createSimulation } from '../simulation.ts'
import { BROKER_HOT_TIMES_MEAN } from './brokerLoad.ts'

function scenario(hotShare: number | null): Scenario {
  const s = defaultScenario()
  s.topic.partitions = 6
  s.start = 'warm'
  s.producers[0]!.recordBytes = 250
  if (hotShare !== null) s.producers[0]!.keys = { kind: 'hot', count: 1000, hotKey: DEFAULT_HOT_KEY, share: hotShare }
  return s
}

describe('broker load', () => {
  it('counts each broker\'s appends and fetches as the sum of the lanes it leads, every second', () => {
    const sim = createSimulation(scenario(0.5))
    for (let t = 1; t <= 6; t++) {
      sim.advanceTo(t * 1000)
      const f = sim.frame()
      for (const b of f.brokers) {
        let inLed = 0
        let outLed = 0
        for (let p = 0; p < f.partitions; p++) {
          if (f.laneLeader[p] !== b.id) continue
          inLed += f.inRate[p]!
          outLed += f.outRate[p]!
        }
        expect(b.inRate).toBe(inLed)
        expect(b.outRate).toBe(outLed)
        expect(b.bytesInRate).toBe(inLed * 250)
      }
      const total = f.brokers.reduce((a, b) => a + b.inRate, 0)
      expect(total).toBeGreaterThan(2000) // 3000 rec/s produced: the brokers saw the appends
    }
  })

  it('prints the same figures in run --json as the frame shows (mean over the last 1 s window)', () => {
    const sim = createSimulation(scenario(0.5))
    sim.advanceTo(5000)
    const f = sim.frame()
    expect(sim.summary().brokers).toEqual(
      f.brokers.map((b) => ({
        broker: b.id + 1,
        leaders: b.leaders,
        replicas: b.replicas,
        recordsInPerSec: Math.round(b.inRate * 100) / 100,
        bytesInPerSec: Math.round(b.bytesInRate * 100) / 100,
        recordsOutPerSec: Math.round(b.outRate * 100) / 100,
        hot: b.hot,
        coordinator: b.coordinator,
        slowFactor: b.slowFactor,
        extraAppendMs: 0,
      })),
    )
    expect(sim.summary().brokers.map((b) => b.leaders)).toEqual([2, 2, 2])
  })

  it('flags the broker leading the hot key\'s lane as hot, and narrates it', () => {
    const sim = createSimulation(scenario(0.6))
    sim.advanceTo(4000)
    const s = sim.summary()
    const f = sim.frame()
    const hotLane = s.hotKeys[0]!.partitions[0]!
    const hotBroker = f.laneLeader[hotLane]!
    expect(f.brokers.filter((b) => b.hot).map((b) => b.id)).toEqual([hotBroker])
    const mean = f.brokers.reduce((a, b) => a + b.inRate, 0) / f.brokers.length
    expect(f.brokers[hotBroker]!.inRate).toBeGreaterThan(BROKER_HOT_TIMES_MEAN * mean)
    const facts = sim.drainTrace().map((e) => e.fact).filter((x) => x.kind === 'broker.hot')
    expect(facts).toEqual([expect.objectContaining({ kind: 'broker.hot', broker: hotBroker, leaders: expect.arrayContaining([hotLane]) })])
  })

  it('flags no broker when the keys are spread evenly', () => {
    const sim = createSimulation(scenario(null))
    sim.advanceTo(4000)
    expect(sim.frame().brokers.some((b) => b.hot)).toBe(false)
    expect(sim.drainTrace().some((e) => e.fact.kind === 'broker.hot')).toBe(false)
  })

  it('says a hot broker that crashed is no longer counted as hot because it is down, not by its last rate', () => {
    const s = scenario(0.6)
    const probe = createSimulation(s)
    probe.advanceTo(2000)
    const hotBroker = probe.frame().brokers.find((b) => b.hot)!.id
    // Crashed mid-window: that second still holds 0.7 s of its appends, above the mean.
    const sim = createSimulation({ ...s, actions: [{ do: 'crashBroker', broker: hotBroker + 1, atSec: 2.7 }] })
    sim.advanceTo(3500)
    const cooled = sim.drainTrace().filter((e) => e.fact.kind === 'broker.cooled')
    expect(cooled.map((e) => e.fact)).toEqual([expect.objectContaining({ broker: hotBroker, down: true })])
    expect(narrationLine(cooled[0]!)).toContain(`broker ${hotBroker + 1} no longer counted as hot: it is down`)
  })
})
