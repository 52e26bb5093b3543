// Parallel Consumer's published relation (README "Performance", 10,000 records on one partition,
// 0–5 ms per record): KEY order with 1 key ≈ PARTITION order, far slower than KEY with 10 keys,
// itself close to UNORDERED. Reproduced through the real simulation, not from the formula.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../../scenario/index.ts'
import type { ParallelConsumerSpec, Scenario } from '../../scenario/types.ts'
import { validateScenario } from '../../scenario/validate.ts'
import { createSimulation } from '../simulation.ts'

const RECORDS = 10_000

/** 10,000 records written in the first second to one partition; one consumer at 2.5 ms a record. */
function example(keys: number, parallel: ParallelConsumerSpec | undefined): Scenario {
  const s = defaultScenario()
  s.start = 'warm'
  s.topic.partitions = 1
  s.group.consumers = 1
  s.producers[0]!.rate = { kind: 'step', perSec: RECORDS, atSec: 1, toPerSec: 0 }
  s.producers[0]!.keys = { kind: 'uniform', count: keys }
  s.group.processing = { ...s.group.processing, recordsPerSec: 400, cv: 0 }
  if (parallel) s.group.parallel = parallel
  const v = validateScenario(s)
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return v.scenario
}

/** Sim seconds until every record is processed (to 50 ms). */
function secondsToProcess(s: Scenario): number {
  const sim = createSimulation(s)
  for (let t = 50; t <= 60_000; t += 50) {
    sim.advanceTo(t)
    if ((sim.summary().parallelConsumer?.processed ?? 0) >= RECORDS) return t / 1000
  }
  return Infinity
}

describe('the published relation on its example', () => {
  const partition = secondsToProcess(example(20, { ordering: 'partition', maxConcurrency: 16 }))
  const key1 = secondsToProcess(example(1, { ordering: 'key', maxConcurrency: 16 }))
  const key10 = secondsToProcess(example(10, { ordering: 'key', maxConcurrency: 16 }))
  const unordered = secondsToProcess(example(20, { ordering: 'unordered', maxConcurrency: 16 }))

  it('PARTITION order is one record at a time: the serial 25 s', () => {
    expect(partition).toBeGreaterThan(24)
    expect(partition).toBeLessThan(26.5)
  })

  it('KEY order with one key takes as long as PARTITION order', () => {
    expect(Math.abs(key1 - partition) / partition).toBeLessThan(0.05)
  })

  it('KEY order with 10 keys is far faster, and close to UNORDERED', () => {
    expect(key1 / key10).toBeGreaterThan(6)
    expect(key10 / unordered).toBeLessThan(2)
    expect(unordered).toBeLessThan(key10)
  })
})
