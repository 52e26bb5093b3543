// Per event kind, the wall time of each dispatch in the scale run's timed part: percentiles, not a
// total, so a neighbour's burst on a shared machine shows as a tail and the median stays usable
// for before/after checks that CPU totals are too noisy for (±5 % between runs on 2 shared cores).
// `npx tsx bench/eventTimes.ts [full-10M|preset-scale-10k] [warmSec] [measureSec]`. Bench-only (wall clock).
import { SCALE_CASES, type ScaleCase } from './scaleWorkload.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import { EV } from '../src/sim/core.ts'
import { advance } from './modelWorkload.ts'

const c = (process.argv[2] ?? 'full-10M') as ScaleCase
const warmSec = Number(process.argv[3] ?? 8)
const measureSec = Number(process.argv[4] ?? 6)
const sim = createSimulation(SCALE_CASES[c].build())
advance(sim, warmSec * 1000)
// The simulation hands its dispatch to the kernel on every advance: wrapped here, it is timed.
const host = sim as unknown as { dispatch: (kind: number, arg: number, id: number) => void }
const inner = host.dispatch
const times = new Map<number, number[]>()
host.dispatch = (kind, arg, id) => {
  const t0 = performance.now()
  inner(kind, arg, id)
  const dt = performance.now() - t0
  let a = times.get(kind)
  if (!a) times.set(kind, (a = []))
  a.push(dt)
}
advance(sim, (warmSec + measureSec) * 1000)
const names = new Map<number, string>(Object.entries(EV).map(([k, v]) => [v, k]))
for (const [k, a] of [...times].sort((x, y) => x[0] - y[0])) {
  a.sort((x, y) => x - y)
  const q = (f: number) => (a[Math.floor(f * (a.length - 1))]! * 1000).toFixed(1)
  const perSimSec = a.reduce((s, x) => s + x, 0) / measureSec
  console.log(`${(names.get(k) ?? String(k)).padEnd(9)} ${String(Math.round(a.length / measureSec)).padStart(7)}/sim s  p10 ${q(0.1)}  median ${q(0.5)}  p90 ${q(0.9)} µs  (total ${perSimSec.toFixed(0)} ms/sim s)`)
}
