// Under random clusters, capacities, key skews and added partitions: each broker's in/out per
// window equals the sum over the lanes it leads (two counts kept in different places), no broker
// appends beyond its capacity, and every generated record is in a log or a producer's buffer.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DEFAULT_HOT_KEY, defaultScenario } from '../../scenario/defaults.ts'
import type { Scenario } from '../../scenario/types.ts'
import { validateScenario } from '../../scenario/validate.ts'
import { createSimulation } from '../simulation.ts'
import type { WorldState } from '../worldState.ts'

const arb = fc
  .record({
    brokers: fc.integer({ min: 1, max: 8 }),
    rfPick: fc.nat(),
    partitions: fc.integer({ min: 1, max: 24 }),
    added: fc.integer({ min: 0, max: 10 }),
    capacity: fc.option(fc.integer({ min: 200, max: 6000 }), { nil: null }),
    share: fc.double({ min: 0, max: 0.9, noNaN: true }),
    rate: fc.integer({ min: 100, max: 8000 }),
    seed: fc.nat({ max: 1000 }),
  })
  .map((a): Scenario => {
    const s = defaultScenario()
    s.seed = a.seed
    s.start = 'warm'
    s.topic.partitions = a.partitions
    s.producers[0]!.rate = { kind: 'constant', perSec: a.rate }
    s.producers[0]!.keys = { kind: 'hot', count: 500, hotKey: DEFAULT_HOT_KEY, share: a.share }
    s.cluster = { brokers: a.brokers, 'replication.factor': 1 + (a.rfPick % a.brokers), 'min.insync.replicas': 1, brokerCapacityPerSec: a.capacity }
    if (a.added > 0) s.actions = [{ do: 'addPartitions', count: a.added, atSec: 1.2 }]
    return s
  })

describe('broker load (property)', () => {
  it('brokers count what their lanes count, stay within capacity, and lose nothing', () => {
    fc.assert(
      fc.property(arb, (s) => {
        expect(validateScenario(s).ok).toBe(true)
        const sim = createSimulation(s)
        const cap = s.cluster!.brokerCapacityPerSec
        for (let t = 1; t <= 3; t++) {
          sim.advanceTo(t * 1000)
          const f = sim.frame()
          const bad: string[] = []
          for (const b of f.brokers) {
            let inLed = 0
            let outLed = 0
            for (let p = 0; p < f.partitions; p++) {
              if (f.laneLeader[p] !== b.id) continue
              inLed += f.inRate[p]!
              outLed += f.outRate[p]!
            }
            if (b.inRate !== inLed || b.outRate !== outLed) bad.push(`t=${t} broker ${b.id}: in ${b.inRate} vs ${inLed}, out ${b.outRate} vs ${outLed}`)
            // One second's appends: the capacity plus at most one second of carried-over capacity.
            if (cap !== null && b.inRate > 2 * cap) bad.push(`t=${t} broker ${b.id} appended ${b.inRate} > 2 × ${cap}`)
          }
          const w = (sim as unknown as { w: WorldState }).w
          let kept = 0
          for (let p = 0; p < w.P; p++) kept += w.leo[p]! + w.buffered[p]!
          if (kept !== w.ledger.generated) bad.push(`t=${t}: generated ${w.ledger.generated}, in logs or buffers ${kept}`)
          expect(bad).toEqual([])
        }
      }),
      { numRuns: 14, seed: 20261201 },
    )
  }, 30_000)
})
