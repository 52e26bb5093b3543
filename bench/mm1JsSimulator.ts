// The standard workload on npm js-simulator 1.0.17, written as its README does it: each source
// and each server is a SimEvent "agent" whose update() reschedules itself with scheduleOnceIn,
// driven by `scheduler.update()` (which fires all events at the next time, shuffling ties).
// Agents are reused (one arrival agent per source, one departure agent per partition), which is
// the library's own idiom and the fairest setting for it. Same model and draws as mm1Kernel.ts.

import jssim from 'js-simulator'
import { Rng } from '../src/engine/rng.ts'
import { MEAN_INTERARRIVAL_MS, MEAN_SERVICE_MS, PARTITIONS, router, type Mm1Result, type Variant } from './mm1Workload.ts'
import { cpuMsSince } from './stats.ts'

export function runJsSimulator(variant: Variant, events: number, seed: number): Mm1Result {
  const scheduler = new jssim.Scheduler()
  const rng = Rng.create(seed, 0)
  const r = router(variant)
  const queue = new Int32Array(PARTITIONS)
  let fired = 0
  let served = 0

  class Departure extends jssim.SimEvent {
    constructor(readonly p: number) {
      super(1)
    }
    override update(): void {
      fired++
      served++
      if (--queue[this.p]! > 0) scheduler.scheduleOnceIn(this, rng.exp(MEAN_SERVICE_MS))
    }
  }
  const departures = Array.from({ length: PARTITIONS }, (_, p) => new Departure(p))

  class Arrival extends jssim.SimEvent {
    constructor(readonly src: number) {
      super(1)
    }
    override update(): void {
      fired++
      const dest = r.route(this.src, rng)
      if (++queue[dest]! === 1) scheduler.scheduleOnceIn(departures[dest]!, rng.exp(MEAN_SERVICE_MS))
      scheduler.scheduleOnceIn(this, rng.exp(MEAN_INTERARRIVAL_MS))
    }
  }
  for (let p = 0; p < PARTITIONS; p++) scheduler.scheduleOnceIn(new Arrival(p), rng.exp(MEAN_INTERARRIVAL_MS))

  const c0 = process.cpuUsage()
  const t0 = performance.now()
  while (fired < events) scheduler.update()
  const wallMs = performance.now() - t0
  return { events: fired, wallMs, cpuMs: cpuMsSince(c0), simMs: scheduler.current_time ?? 0, served }
}
