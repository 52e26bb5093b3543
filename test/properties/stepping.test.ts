// The result is a function of scenario and seed alone: however a run is stepped (the page per
// animation frame, the CLI per call), however often frames are taken, and across a checkpoint
// written as JSON and restored into a fresh simulation, the summary is byte-identical.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from '../../src/engine/checkpointJson.ts'
import { createSimulation, restoreSimulation } from '../../src/sim/simulation.ts'
import type { SimCheckpoint, Simulation } from '../../src/sim/simulationApi.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { validateScenario } from '../../src/scenario/validate.ts'
import { FAULT_RUN_MS, faultScenario } from './faultScenario.ts'

const END_MS = FAULT_RUN_MS

function straight(s: Scenario): string {
  const sim = createSimulation(s)
  sim.advanceTo(END_MS)
  return JSON.stringify(sim.summary())
}

/** Advances by the given step sizes in turn (cycling), taking a frame after every step. */
function stepped(s: Scenario, steps: number[], checkpointAt: number | null): string {
  let sim: Simulation = createSimulation(s)
  let pending = checkpointAt
  let i = 0
  while (sim.now() < END_MS) {
    const next = Math.min(END_MS, sim.now() + steps[i++ % steps.length]!)
    if (pending !== null && pending <= next) {
      sim.advanceTo(pending)
      sim = restoreSimulation(checkpointFromJson(checkpointToJson(sim.checkpoint())) as SimCheckpoint)
      pending = null
    }
    sim.advanceTo(next)
    sim.frame(500)
    sim.drainTrace()
    sim.drainSamples()
  }
  return JSON.stringify(sim.summary())
}

describe('stepping-independent determinism (property)', () => {
  it('gives the byte-identical summary for any chunk sizes, frames taken and a JSON checkpoint round trip', () => {
    fc.assert(
      fc.property(
        faultScenario,
        fc.array(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0.5, max: 5000, noNaN: true })), { minLength: 1, maxLength: 4 }),
        fc.option(fc.integer({ min: 0, max: END_MS }), { nil: null }),
        (s, steps, checkpointAt) => {
          expect(validateScenario(s).ok).toBe(true)
          expect(stepped(s, steps, checkpointAt)).toBe(straight(s))
        },
      ),
      { numRuns: 60, seed: 20261130 },
    )
  }, 300_000)
})
