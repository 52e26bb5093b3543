// The page's exports, computed in the worker: the run (its scenario and every action so far) is
// replayed from 0 s in a fresh simulation up to the moment shown, through the same code the CLI
// uses, so the CSV equals `highway run --scenario LINK --seconds T --csv` and the JSON equals
// `run --json` byte for byte. Reads no clock; progress is reported per simulated second.

import type { Scenario } from '../scenario/types.ts'
import { runDataCsv } from '../sim/csv.ts'
import { createSimulation } from '../sim/simulation.ts'

export type ExportKind = 'csv' | 'json'

/** The text of export `kind` of `scenario` run to sim ms `toT`; `progress` gets fractions 0..1. */
export function exportText(scenario: Scenario, kind: ExportKind, toT: number, progress?: (fraction: number) => void): string {
  const endMs = Math.max(0, Math.round(toT))
  const sim = createSimulation(scenario)
  if (kind === 'csv') return runDataCsv(sim, endMs, progress)
  // Whole seconds, then the rest: how a run is stepped changes nothing in it (a tested property).
  for (let t = 1000; t < endMs; t += 1000) {
    sim.advanceTo(t)
    progress?.(t / endMs)
  }
  sim.advanceTo(endMs)
  const summary = sim.summary()
  summary.events = sim.eventsProcessed()
  return `${JSON.stringify(summary)}\n`
}
