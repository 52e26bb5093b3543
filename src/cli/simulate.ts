// The one way the CLI turns a scenario into a summary: `run` and every run of `compare` (on a worker
// thread) call simulateRun, so the same overrides, seconds and seed give the same bytes.

import { checkpointFromJson, checkpointToJson } from '../engine/checkpointJson.ts'
import { variantScenario, type Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import { runDataCsv } from '../sim/csv.ts'
import { createSimulation, restoreSimulation } from '../sim/simulation.ts'
import type { RunSummary, SimCheckpoint, Simulation } from '../sim/simulationApi.ts'

export interface RunSpec {
  /** The scenario after its overrides (see withOverrides). */
  scenario: Scenario
  seconds: number
  /** How far each advanceTo goes; the result does not depend on it (a tested property). */
  stepMs?: number | undefined
  /** Checkpoint to JSON and continue from the copy at this simulated ms. */
  checkpointAtMs?: number | null | undefined
}

/** The default stepping: at least 1 s, at most 200 steps. */
export function defaultStepMs(seconds: number): number {
  return Math.max(1000, (seconds * 1000) / 200)
}

/**
 * The scenario a run simulates: the loaded one, its overrides (a variant may make them timed
 * actions), then --seed. Fails naming the override's path. `note`: what the overrides did to an
 * imported placement (dropped, cut, grown: placementFit.ts), for the command to warn of.
 */
export function withOverrides(base: Scenario, v: Pick<Variant, 'set' | 'atSec' | 'actions'>, seed: number | undefined): { ok: true; scenario: Scenario; note?: string } | { ok: false; path: string; message: string } {
  const r = variantScenario(base, { label: '', ...v })
  if (!r.ok) return r
  if (seed !== undefined) r.scenario.seed = seed
  return r
}

export interface RunResult {
  /** What `run --json` prints (with the events count). */
  summary: RunSummary
  /** Total lag sampled every simulated second: [t ms, records]. Reading samples changes nothing in the run. */
  lag: Array<[number, number]>
}

/** Simulates `spec`. Throws only if the simulation does. */
export function simulateRun(spec: RunSpec, progress?: (fraction: number, simSeconds: number) => void): RunResult {
  const endMs = spec.seconds * 1000
  const lag: Array<[number, number]> = []
  const sim = runSteps(createSimulation(spec.scenario), endMs, spec.stepMs ?? defaultStepMs(spec.seconds), spec.checkpointAtMs ?? null, lag, progress)
  const summary = sim.summary()
  summary.events = sim.eventsProcessed()
  return { summary, lag }
}

/** `run --csv`: the run data of `spec` (src/sim/csv.ts), the text the page's export gives too. */
export function simulateCsv(spec: Pick<RunSpec, 'scenario' | 'seconds'>, progress?: (fraction: number, simSeconds: number) => void): string {
  const sim = createSimulation(spec.scenario)
  return runDataCsv(sim, spec.seconds * 1000, progress === undefined ? undefined : (f) => progress(f, sim.now() / 1000))
}

function drainLag(sim: Simulation, into: Array<[number, number]>): void {
  for (const m of sim.drainSamples()) into.push([m.t, m.totalLag])
}

/**
 * Advances in `stepMs` chunks to `endMs`. At `checkpointAt` the run is checkpointed, written as
 * JSON text, read back into a fresh simulation and continued there, as a saved run would be.
 * However the run is stepped or checkpointed, the result is the same (a tested property).
 */
function runSteps(first: Simulation, endMs: number, stepMs: number, checkpointAt: number | null, lag: Array<[number, number]>, progress?: (fraction: number, simSeconds: number) => void): Simulation {
  let sim = first
  let pending = checkpointAt
  let lastShown = -1
  for (let i = 1; sim.now() < endMs || pending !== null; i++) {
    const next = Math.min(i * stepMs, endMs)
    if (pending !== null && pending <= next) {
      sim.advanceTo(pending)
      drainLag(sim, lag)
      const text = checkpointToJson(sim.checkpoint())
      sim = restoreSimulation(checkpointFromJson(text) as SimCheckpoint)
      pending = null
    }
    sim.advanceTo(next)
    drainLag(sim, lag)
    const shown = Math.floor((100 * next) / endMs)
    if (shown !== lastShown) {
      lastShown = shown
      progress?.(next / endMs, sim.now() / 1000)
    }
  }
  return sim
}
