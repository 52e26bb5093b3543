// Conservation under the Parallel Consumer: Kafka's redeliveries after a crash are split into
// duplicates (completed records processed again) and the records PC did not process again
// (skipped by its offset map, or never completed): the check holds with both counted, and fails
// when the second count is dropped.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../src/scenario/defaults.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { validateScenario } from '../../src/scenario/validate.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { conservationErrors, conservationErrorsAt, worldOf } from './conservationCheck.ts'

/** One or two lanes, two consumers, a slow key; consumer-1 crashes, so records come back. */
function crashRun(ordering: 'partition' | 'key' | 'unordered', partitions: number, metadataBytes: number, seed: number): Scenario {
  const s = defaultScenario()
  s.seed = seed
  s.start = 'warm'
  s.topic.partitions = partitions
  s.group.consumers = 2
  s.group.config = { ...s.group.config, 'session.timeout.ms': 6000, 'heartbeat.interval.ms': 2000 }
  s.producers[0]!.rate = { kind: 'constant', perSec: 2000 }
  s.producers[0]!.keys = { kind: 'uniform', count: 20 }
  s.producers[0]!.keyCost = { 'key-0': 50 }
  s.group.processing = { ...s.group.processing, recordsPerSec: 1000 }
  s.group.parallel = { ordering, maxConcurrency: 8, 'offset.metadata.max.bytes': metadataBytes }
  s.actions = [{ atSec: 6, do: 'crashConsumer', consumer: 'consumer-1' }]
  const v = validateScenario(s)
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return v.scenario
}

describe('conservation with the Parallel Consumer', () => {
  it('holds through a crash for every ordering, lane count and metadata limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('partition' as const, 'key' as const, 'unordered' as const),
        fc.integer({ min: 1, max: 2 }),
        fc.constantFrom(64, 4096),
        fc.integer({ min: 0, max: 1000 }),
        (ordering, partitions, bytes, seed) => {
          expect(conservationErrorsAt(createSimulation(crashRun(ordering, partitions, bytes, seed)), [5000, 13_000])).toEqual([])
        },
      ),
      { numRuns: 4, seed: 20261201 },
    )
  })

  it('fails when the records PC did not process again are dropped from the count', () => {
    const sim = createSimulation(crashRun('key', 1, 4096, 1))
    sim.advanceTo(13_000)
    const w = worldOf(sim)
    expect(w.parallel!.stats.notDuplicates).toBeGreaterThan(0)
    expect(conservationErrors(w)).toEqual([])
    w.parallel!.stats.notDuplicates = 0
    expect(conservationErrors(w).join('\n')).toMatch(/redelivered \d+ \(from fetched ranges\) ≠ duplicates/)
  })
})
