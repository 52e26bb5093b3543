// Real cluster sizes (issue 12 §5): the engine on the full size (10 000 partitions, 1 000
// consumers, 50 brokers, 10 M records/s) and on the scale-10k preset the page opens. Built here
// without the validator: the full size is over its work budget on purpose (test/scale.test.ts).
// Speed = simulated seconds per wall second from a warm start (the group formed, logs filling),
// with CPU seconds beside it: on a shared machine wall time measures the neighbours too.

import { defaultScenario } from '../src/scenario/defaults.ts'
import { scale10kScenario } from '../src/scenario/presets/scale10k.ts'
import type { Scenario } from '../src/scenario/types.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import { advance } from './modelWorkload.ts'
import { cpuMsSince } from './stats.ts'

export type ScaleCase = 'full-10M' | 'preset-scale-10k'

export const SCALE_CASES: Record<ScaleCase, { label: string; target: number; build: () => Scenario }> = {
  'full-10M': { label: '10 M rec/s, 10 000 partitions, 1 000 consumers, 50 brokers (RF 3)', target: 5, build: fullScenario },
  'preset-scale-10k': { label: 'scale-10k preset: 100 k rec/s, 10 000 partitions, 10 consumers', target: 5, build: scale10kScenario },
}

export function fullScenario(): Scenario {
  const s = defaultScenario()
  s.name = 'bench-scale-full'
  s.start = 'warm'
  s.durationSec = 3600
  s.topic.partitions = 10_000
  s.cluster = { brokers: 50, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }
  const p = s.producers[0]!
  p.rate = { kind: 'constant', perSec: 10_000_000 }
  p.keys = { kind: 'uniform', count: 100_000 }
  s.group.consumers = 1000
  // 25 % headroom over the 10 000 rec/s each consumer's ten partitions bring.
  s.group.processing.recordsPerSec = 12_500
  return s
}

export interface ScaleResult {
  simSeconds: number
  warmSimSeconds: number
  wallMs: number
  cpuMs: number
  events: number
  endLag: number
}

/** Warms up (untimed, capped), then times up to `measureSec` simulated seconds (capped by wall time). */
export function runScale(c: ScaleCase, o: { warmSec: number; measureSec: number; warmCapMs: number; measureCapMs: number; beforeTimed: () => void }): ScaleResult {
  const sim = createSimulation(SCALE_CASES[c].build())
  advance(sim, o.warmSec * 1000, performance.now() + o.warmCapMs)
  const warmed = sim.now()
  o.beforeTimed()
  const e0 = sim.eventsProcessed()
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  advance(sim, warmed + o.measureSec * 1000, t0 + o.measureCapMs)
  const wallMs = performance.now() - t0
  return { simSeconds: (sim.now() - warmed) / 1000, warmSimSeconds: warmed / 1000, wallMs, cpuMs: cpuMsSince(c0), events: sim.eventsProcessed() - e0, endLag: sim.summary().lag }
}
