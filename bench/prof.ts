// CPU profile of the scale run's timed part (after warm-up), for finding where the time goes:
// `npx tsx bench/prof.ts [full-10M|preset-scale-10k] [warmSec] [measureSec] [out.cpuprofile]`.
// Bench-only (node:inspector, wall clock).
import { Session } from 'node:inspector/promises'
import { writeFileSync } from 'node:fs'
import { SCALE_CASES, type ScaleCase } from './scaleWorkload.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import { advance } from './modelWorkload.ts'

const c = (process.argv[2] ?? 'full-10M') as ScaleCase
const warmSec = Number(process.argv[3] ?? 2)
const measureSec = Number(process.argv[4] ?? 3)
const out = process.argv[5] ?? '/tmp/scale.cpuprofile'
const sim = createSimulation(SCALE_CASES[c].build())
let t0 = performance.now()
advance(sim, warmSec * 1000)
console.log('warm', sim.now(), (performance.now() - t0).toFixed(0), 'ms')
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.start')
const e0 = sim.eventsProcessed()
const c0 = process.cpuUsage()
t0 = performance.now()
advance(sim, sim.now() + measureSec * 1000)
const w = performance.now() - t0
const cu = process.cpuUsage(c0)
const cpu = (cu.user + cu.system) / 1000
const { profile } = await session.post('Profiler.stop')
writeFileSync(out, JSON.stringify(profile))
console.log(`timed ${measureSec} sim s: ${w.toFixed(0)} ms wall (${((measureSec * 1000) / w).toFixed(2)}×), ${cpu.toFixed(0)} ms CPU (${((measureSec * 1000) / cpu).toFixed(2)}×), events ${sim.eventsProcessed() - e0}`)
