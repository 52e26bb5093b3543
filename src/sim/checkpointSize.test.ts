// A checkpoint holds the world as it is, not its history: at 2 000 lanes a minute more of a steady
// run must not grow it. The page's timeline keeps one every 10 s within a byte budget, so a world
// that carried every metrics row (each with every lane's lag) grew each checkpoint by a row a
// second, and at 10 000 lanes an hour of them (288 MB) in the worker's heap.
import { describe, expect, it } from 'vitest'
import { checkpointToJson } from '../engine/checkpointJson.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSimulation } from './simulation.ts'

describe('checkpoint size', () => {
  it('a steady run at 2 000 lanes: the checkpoint at 80 s is within 2 % of the one at 20 s', () => {
    const s = defaultScenario()
    s.start = 'warm'
    s.durationSec = 100
    s.topic.partitions = 2000
    s.group.consumers = 20
    s.producers[0]!.rate = { kind: 'constant', perSec: 20_000 }
    const sim = createSimulation(s)
    const sizeAt = (sec: number): number => {
      sim.advanceTo(sec * 1000)
      sim.drainSamples() // as every adapter does: undrained rows are a queue, not history
      return checkpointToJson(sim.checkpoint()).length
    }
    const early = sizeAt(20)
    const late = sizeAt(80)
    expect(late / early).toBeLessThan(1.02)
  })
})
