// Parallel Consumer commits: only completed offsets; the completed ones above the commit ride in
// the metadata as PC's offset map. When the map fits, the next owner skips them; when it exceeds
// offset.metadata.max.bytes, PC commits without it and they are processed again (duplicates).
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../scenario/index.ts'
import type { Scenario } from '../../scenario/types.ts'
import { validateScenario } from '../../scenario/validate.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'

/** One lane, two consumers; key-0 is slow (50×), so its records stay incomplete behind the rest. */
function slowKey(metadataBytes: number): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.topic.partitions = 1
  s.group.consumers = 2
  s.group.config = { ...s.group.config, 'session.timeout.ms': 6000, 'heartbeat.interval.ms': 2000 }
  s.producers[0]!.rate = { kind: 'constant', perSec: 2000 }
  s.producers[0]!.keys = { kind: 'uniform', count: 20 }
  s.producers[0]!.keyCost = { 'key-0': 50 }
  s.group.processing = { ...s.group.processing, recordsPerSec: 1000, cv: 0 }
  s.group.parallel = { ordering: 'key', maxConcurrency: 16, 'offset.metadata.max.bytes': metadataBytes }
  s.actions = [{ atSec: 20, do: 'crashConsumer', consumer: 'consumer-1' }]
  const v = validateScenario(s)
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return v.scenario
}

function run(s: Scenario, ms: number) {
  const sim = createSimulation(s)
  sim.advanceTo(ms)
  return sim.summary()
}

describe('commit metadata', () => {
  const lost = run(slowKey(256), 40_000)
  const kept = run(slowKey(1_048_576), 40_000)

  it('a slow key leaves incomplete offsets above the commit', () => {
    expect(kept.parallelConsumer!.incompleteOffsetsMax).toBeGreaterThan(100)
  })

  it('an offset map that fits is not re-processed after the crash', () => {
    expect(kept.parallelConsumer!.metadataOverflows).toBe(0)
    expect(kept.parallelConsumer!.reprocessed).toBe(0)
  })

  it('an offset map beyond offset.metadata.max.bytes is dropped: completed records are processed again', () => {
    expect(lost.parallelConsumer!.metadataOverflows).toBeGreaterThan(0)
    expect(lost.parallelConsumer!.reprocessed).toBeGreaterThan(0)
    // Both re-read what was fetched after the last commit (at-least-once between commits); the lost
    // map adds the completed records below it, each one a duplicate.
    expect(lost.duplicates).toBeGreaterThanOrEqual(lost.parallelConsumer!.reprocessed)
    expect(lost.duplicates).toBeGreaterThan(kept.duplicates)
  })

  it('losing the map also costs time: the new owner works through what was already done', () => {
    expect(lost.parallelConsumer!.processed).toBeLessThan(kept.parallelConsumer!.processed)
  })

  it('commits stay at or below the position: nothing incomplete is committed past', () => {
    const sim = createSimulation(slowKey(4096))
    for (let t = 1000; t <= 15_000; t += 1000) {
      sim.advanceTo(t)
      const f = sim.frame()
      expect(f.committed[0]!).toBeLessThanOrEqual(f.position[0]!)
    }
    // The slow key holds the commit back well behind what was fetched.
    const f = sim.frame()
    expect(f.position[0]! - f.committed[0]!).toBeGreaterThan(500)
  })
})

describe('determinism', () => {
  it('a run checkpointed and restored mid-way ends identical to the straight run', () => {
    const s = slowKey(256)
    const straight = createSimulation(s)
    straight.advanceTo(30_000)
    const a = createSimulation(s)
    a.advanceTo(13_337)
    const b = restoreSimulation(a.checkpoint())
    b.advanceTo(30_000)
    expect(b.summary()).toEqual(straight.summary())
    expect(b.summary().parallelConsumer!.processed).toBeGreaterThan(0)
  })
})
