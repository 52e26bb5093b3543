// Memory over a long run, in its own process so the number is clean:
//   node --expose-gc --import tsx bench/memory.ts [simMinutes] [sampleEveryMinutes] [wallCapSec]
// Runs the 1 M rec/s, 256-partition scenario and samples RSS and heap after a full GC every
// `sampleEveryMinutes` of simulated time, stopping early (reported) if the wall-time cap is hit.
// Prints one JSON line (MemoryReport) on stdout.

import { advance, modelScenario } from './modelWorkload.ts'
import { createSimulation } from '../src/sim/simulation.ts'

export interface MemorySample {
  simMin: number
  wallS: number
  rssMB: number
  heapUsedMB: number
  arrayBuffersMB: number
}

export interface MemoryReport {
  scenario: string
  simMinutes: number
  /** Simulated minutes actually reached (less than simMinutes when the wall cap stopped it). */
  reachedSimMinutes: number
  samples: MemorySample[]
  peakRssMB: number
  wallS: number
}

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')

const simMinutes = Number(process.argv[2] ?? 60)
const every = Number(process.argv[3] ?? 5)
const wallCapSec = Number(process.argv[4] ?? Infinity)
const MB = 1048576

const t0 = performance.now()
const sample = (simMin: number): MemorySample => {
  gc()
  const m = process.memoryUsage()
  const r = (x: number) => Math.round((x / MB) * 10) / 10
  return { simMin, wallS: Math.round((performance.now() - t0) / 100) / 10, rssMB: r(m.rss), heapUsedMB: r(m.heapUsed), arrayBuffersMB: r(m.arrayBuffers) }
}

const deadline = t0 + wallCapSec * 1000
const sim = createSimulation(modelScenario('uniform-1M'))
const samples: MemorySample[] = [sample(0)]
for (let min = every; min <= simMinutes && performance.now() < deadline; min += every) {
  advance(sim, min * 60_000, deadline)
  samples.push(sample(Math.round((sim.now() / 60_000) * 100) / 100))
  process.stderr.write(`  memory: ${samples.at(-1)!.simMin}/${simMinutes} sim min, rss ${samples.at(-1)!.rssMB} MB\n`)
}
const report: MemoryReport = {
  scenario: 'uniform-1M',
  simMinutes,
  reachedSimMinutes: samples.at(-1)!.simMin,
  samples,
  peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  wallS: Math.round((performance.now() - t0) / 100) / 10,
}
process.stdout.write(`${JSON.stringify(report)}\n`)
