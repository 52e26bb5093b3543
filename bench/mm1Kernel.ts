// The standard workload on our Kernel: events are (time, kind, arg) with kind = arrival or
// departure and arg = the partition; the host keeps queue lengths in a typed array.

import { Kernel } from '../src/engine/kernel.ts'
import { Rng } from '../src/engine/rng.ts'
import { MEAN_INTERARRIVAL_MS, MEAN_SERVICE_MS, PARTITIONS, router, type Mm1Result, type Variant } from './mm1Workload.ts'
import { cpuMsSince } from './stats.ts'

const ARRIVAL = 0
const DEPARTURE = 1

export function runKernel(variant: Variant, events: number, seed: number): Mm1Result {
  const k = new Kernel()
  const rng = Rng.create(seed, 0)
  const r = router(variant)
  const queue = new Int32Array(PARTITIONS)
  let served = 0
  for (let p = 0; p < PARTITIONS; p++) k.after(rng.exp(MEAN_INTERARRIVAL_MS), ARRIVAL, p)
  const dispatch = (kind: number, p: number): void => {
    if (kind === ARRIVAL) {
      const dest = r.route(p, rng)
      if (++queue[dest]! === 1) k.after(rng.exp(MEAN_SERVICE_MS), DEPARTURE, dest)
      k.after(rng.exp(MEAN_INTERARRIVAL_MS), ARRIVAL, p)
    } else {
      served++
      if (--queue[p]! > 0) k.after(rng.exp(MEAN_SERVICE_MS), DEPARTURE, p)
    }
  }
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  // Arrivals are perpetual, so the queue never drains and `events` events run.
  const n = k.runUntil(Infinity, dispatch, events)
  const wallMs = performance.now() - t0
  return { events: n, wallMs, cpuMs: cpuMsSince(c0), simMs: k.now, served }
}
