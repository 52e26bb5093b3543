// Nothing lost: over random scenarios (loads, keys, faults, partition growth), every record
// appended is either delivered or still in its log, per partition, at every checked instant.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../src/scenario/defaults.ts'
import type { KeySpec, Scenario, ScenarioAction } from '../../src/scenario/types.ts'
import { createSimulation } from '../../src/sim/simulation.ts'

const keys: fc.Arbitrary<KeySpec> = fc.oneof(
  fc.record({ kind: fc.constant('uniform' as const), count: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ kind: fc.constant('zipf' as const), count: fc.integer({ min: 1, max: 3000 }), s: fc.double({ min: 0, max: 2, noNaN: true }) }),
  fc.record({ kind: fc.constant('hot' as const), count: fc.integer({ min: 1, max: 3000 }), hotKey: fc.constant('hot'), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.constant({ kind: 'keyless' as const }),
)

const action: fc.Arbitrary<ScenarioAction> = fc.oneof(
  fc.record({ atSec: fc.integer({ min: 1, max: 25 }), do: fc.constant('addConsumer' as const) }),
  fc.record({ atSec: fc.integer({ min: 1, max: 25 }), do: fc.constant('crashConsumer' as const), consumer: fc.constantFrom('consumer-1', 'consumer-2') }),
  fc.record({ atSec: fc.integer({ min: 1, max: 25 }), do: fc.constant('removeConsumer' as const) }),
  fc.record({ atSec: fc.integer({ min: 1, max: 25 }), do: fc.constant('addPartitions' as const), count: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ atSec: fc.integer({ min: 1, max: 25 }), do: fc.constant('gcPause' as const), consumer: fc.constant('consumer-1'), durationMs: fc.integer({ min: 0, max: 60_000 }) }),
  fc.record({ atSec: fc.integer({ min: 1, max: 25 }), do: fc.constant('setRate' as const), multiplier: fc.double({ min: 0, max: 5, noNaN: true }) }),
)

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 1000 }),
    partitions: fc.integer({ min: 1, max: 32 }),
    consumers: fc.integer({ min: 0, max: 6 }),
    rate: fc.integer({ min: 0, max: 20_000 }),
    keys,
    cap: fc.option(fc.integer({ min: 100, max: 5000 }), { nil: null }),
    linger: fc.integer({ min: 0, max: 50 }),
    recordsPerSec: fc.integer({ min: 50, max: 10_000 }),
    salting: fc.boolean(),
    loadAware: fc.boolean(),
    commitMode: fc.constantFrom('auto' as const, 'after-processing' as const),
    actions: fc.array(action, { maxLength: 5 }),
  })
  .map((r) => {
    const s = defaultScenario()
    s.seed = r.seed
    s.topic.partitions = r.partitions
    s.group.consumers = r.consumers
    s.producers[0]!.rate = { kind: 'constant', perSec: r.rate }
    s.producers[0]!.keys = r.keys
    s.broker.appendCapacityPerSec = r.cap
    s.producerConfig['linger.ms'] = r.linger
    s.group.processing.recordsPerSec = r.recordsPerSec
    s.group.processing.commitMode = r.commitMode
    s.dynamic.salting.enabled = r.salting
    s.dynamic.loadAware.enabled = r.loadAware
    s.group.config['session.timeout.ms'] = 10_000
    s.actions = [...r.actions].sort((a, b) => a.atSec - b.atSec)
    return s
  })

describe('conservation (property)', () => {
  it('produced = consumed + lag per partition, and no count goes negative, at every checkpoint', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const sim = createSimulation(s)
        for (const t of [7_000, 19_000, 31_000]) {
          sim.advanceTo(t)
          const sum = sim.summary()
          expect(sum.produced).toBe(sum.consumed + sum.lag)
          for (const p of sum.partitions) {
            expect(p.produced).toBe(p.consumed + p.lag)
            expect(p.lag).toBeGreaterThanOrEqual(0)
          }
          expect(sum.duplicates).toBeGreaterThanOrEqual(0)
          expect(sum.orderingViolations).toBeGreaterThanOrEqual(0)
          expect(sum.producerBuffered).toBeGreaterThanOrEqual(0)
        }
      }),
      { numRuns: 40, seed: 20261130 },
    )
  }, 60_000)
})
