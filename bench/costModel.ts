// `npx tsx bench/costModel.ts [accepted] [seed] [seconds]`: the validator's cost estimate next to
// what the simulator really takes, on scenarios at the edges (test/properties/extremeScenario.ts)
// that the validator accepts. Re-run after the simulator changes; docs/limits.md says how to read it.
// Bench-only: reads the clock.

import fc from 'fast-check'
import { validateScenario } from '../src/scenario/validate.ts'
import { estimateCost, WORK_BUDGET_US_PER_SIM_SEC } from '../src/scenario/validation/cost.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import { extremeScenarioJson } from '../test/properties/extremeScenario.ts'

const want = Number(process.argv[2] ?? 40)
const seed = Number(process.argv[3] ?? 1)
const seconds = Number(process.argv[4] ?? 2)

let drawn = 0
let invalid = 0
let overBudget = 0
const rows: Array<{ ms: number; est: number; top: string }> = []
createSimulation(validateScenario({}).scenario).advanceTo(2000) // warm the code up first
for (const json of fc.sample(extremeScenarioJson, { numRuns: want * 50, seed })) {
  if (rows.length >= want) break
  drawn++
  const r = validateScenario(json)
  if (!r.ok) {
    if (r.errors.some((e) => /too expensive|key models|key segment lists|would peak/.test(e.message))) overBudget++
    else invalid++
    continue
  }
  const cost = estimateCost(r.scenario)
  const sim = createSimulation(r.scenario)
  const t0 = performance.now()
  sim.advanceTo(seconds * 1000)
  rows.push({ ms: (performance.now() - t0) / seconds, est: cost.usPerSimSec / 1000, top: cost.items[0]!.what })
}
rows.sort((a, b) => b.ms - a.ms)
console.log(`drawn ${drawn}: ${invalid} with a bad field, ${overBudget} over budget, ${rows.length} run for ${seconds} s each (budget ${WORK_BUDGET_US_PER_SIM_SEC / 1000} ms)`)
console.log('ms per simulated second (measured, estimated) and the costliest item:')
for (const r of rows.slice(0, 15)) console.log(`${r.ms.toFixed(0).padStart(6)} ${r.est.toFixed(0).padStart(6)}  ${r.top}`)
