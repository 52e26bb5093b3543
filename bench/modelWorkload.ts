// The full model under benchmark: createSimulation on a scenario sized like the anchors' target
// (256 partitions at 1 M rec/s, with and without a hot key; the 10 M rec/s stretch on 1 024).
// Driven as an adapter drives it: advanceTo in small chunks, draining samples and trace.

import { defaultScenario } from '../src/scenario/defaults.ts'
import type { Scenario } from '../src/scenario/types.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import type { Simulation } from '../src/sim/simulationApi.ts'
import { cpuMsSince } from './stats.ts'

export type ModelCase = 'uniform-1M' | 'hot-1M' | 'stretch-10M'

export interface ModelCaseSpec {
  label: string
  partitions: number
  perSec: number
  consumers: number
  consumerPerSec: number
  hot: boolean
  /** Target for simulated seconds per wall second. */
  target: number
}

export const MODEL_CASES: Record<ModelCase, ModelCaseSpec> = {
  'uniform-1M': { label: '1 M rec/s, 256 partitions, uniform 100 000 keys', partitions: 256, perSec: 1e6, consumers: 64, consumerPerSec: 20_000, hot: false, target: 10 },
  'hot-1M': { label: '1 M rec/s, 256 partitions, hot key 10 %', partitions: 256, perSec: 1e6, consumers: 64, consumerPerSec: 20_000, hot: true, target: 10 },
  'stretch-10M': { label: '10 M rec/s, 1 024 partitions, uniform', partitions: 1024, perSec: 1e7, consumers: 256, consumerPerSec: 50_000, hot: false, target: 1 },
}

export function modelScenario(c: ModelCase): Scenario {
  const spec = MODEL_CASES[c]
  const s = defaultScenario()
  s.name = `bench-${c}`
  s.durationSec = 3600
  s.topic.partitions = spec.partitions
  const p = s.producers[0]!
  p.rate = { kind: 'constant', perSec: spec.perSec }
  p.keys = spec.hot ? { kind: 'hot', hotKey: 'global-marketplace', share: 0.1, count: 100_000 } : { kind: 'uniform', count: 100_000 }
  s.group.consumers = spec.consumers
  s.group.processing.recordsPerSec = spec.consumerPerSec
  return s
}

/** Sim time per advanceTo call: what the worker asks for at ~60× speed (speed × 16 ms / 4). */
export const CHUNK_MS = 250

/** Advances to `toMs`, or stops at the first chunk boundary past `deadline` (performance.now()). */
export function advance(sim: Simulation, toMs: number, deadline = Infinity): void {
  while (sim.now() < toMs && performance.now() < deadline) {
    sim.advanceTo(Math.min(toMs, sim.now() + CHUNK_MS))
    sim.drainSamples()
    sim.drainTrace()
  }
}

export interface ModelResult {
  /** Simulated seconds timed: `measureSec`, or less when the wall-time cap cut the run short. */
  simSeconds: number
  /** Simulated seconds reached in warm-up (less than asked when its cap cut it short). */
  warmSimSeconds: number
  wallMs: number
  cpuMs: number
  events: number
  /** Total lag at the end: context for the speed (a backlog that grows is work that piles up). */
  endLag: number
}

export interface ModelRunOptions {
  warmSec: number
  measureSec: number
  /** Wall-time caps, so a slow model cannot blow the bench's time budget; speed is still sim/wall. */
  warmCapMs: number
  measureCapMs: number
  beforeTimed: () => void
}

/** Warms up (group formation, JIT) untimed, then times up to `measureSec` of simulated time. */
export function runModel(c: ModelCase, o: ModelRunOptions): ModelResult {
  const sim = createSimulation(modelScenario(c))
  advance(sim, o.warmSec * 1000, performance.now() + o.warmCapMs)
  const warmed = sim.now()
  o.beforeTimed()
  const e0 = sim.eventsProcessed()
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  advance(sim, warmed + o.measureSec * 1000, t0 + o.measureCapMs)
  const wallMs = performance.now() - t0
  return {
    simSeconds: (sim.now() - warmed) / 1000,
    warmSimSeconds: warmed / 1000,
    wallMs,
    cpuMs: cpuMsSince(c0),
    events: sim.eventsProcessed() - e0,
    endLag: sim.summary().lag,
  }
}
