// Animation samples go where the records went: every draw of a send cycle lands in a lane that
// received records in that cycle, in proportion to them. A lane that received none never gets
// one, and no draw is lost between chunks (each cycle's draws find their chunk in the running
// sums kept as chunks are pushed, past the buffer's first growth at 512 chunks).
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSimulation } from './simulation.ts'
import type { WorldState } from './worldState.ts'
import { MAX_PARTICLES_PER_SEC } from './produceSamples.ts'

describe('animation samples', () => {
  it.each([
    ['300 keys over 900 lanes (most lanes get none)', 300, 150, 400],
    ['20 000 keys over 900 lanes (more chunks a cycle than the buffer first holds)', 20_000, 899, 901],
  ])('land only in lanes that received records, every draw kept, in proportion to the records: %s', (_, keys, minLanes, maxLanes) => {
    const s = defaultScenario()
    s.topic.partitions = 900
    s.producers[0]!.rate = { kind: 'constant', perSec: 200_000 }
    s.producers[0]!.keys = { kind: 'uniform', count: keys }
    s.group.consumers = 0 // nothing consumed: samples stay in their lanes
    const sim = createSimulation(s)
    const w = (sim as unknown as { w: WorldState }).w
    sim.advanceTo(2_000)
    let samples = 0
    let recordsInSampledLanes = 0
    let withRecords = 0
    for (let p = 0; p < w.P; p++) {
      const list = w.samplesByP[p]!
      samples += list.length
      if (w.leo[p]! > 0) withRecords++
      else expect(list.length, `lane ${p} got no records`).toBe(0)
      for (const x of list) expect(x.offset).toBeLessThan(w.leo[p]!)
      if (list.length > 0) recordsInSampledLanes += w.leo[p]!
    }
    expect(withRecords).toBeGreaterThanOrEqual(minLanes)
    expect(withRecords).toBeLessThanOrEqual(maxLanes)
    // MAX_PARTICLES_PER_SEC draws a simulated second, none lost (a draw outside every chunk is dropped).
    expect(samples).toBeGreaterThanOrEqual(Math.floor(MAX_PARTICLES_PER_SEC * 2 * 0.99))
    // The sampled lanes hold nearly all records (draws follow the records, not the lane count).
    let all = 0
    for (let p = 0; p < w.P; p++) all += w.leo[p]!
    expect(recordsInSampledLanes / all).toBeGreaterThan(0.95)
  })
})
