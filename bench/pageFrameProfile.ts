// Where the simulation worker's time goes per frame of a big topic (PAGEFPS), in Node: the run's
// advance by one 60 Hz frame of sim time at `speed`, the live frame (sim.liveFrame) and the page's
// rows made from it (worker/laneView.ts), as the worker does them for every answer.
// `npx tsx bench/pageFrameProfile.ts [preset] [speed] [frames]`

import { performance } from 'node:perf_hooks'
import { getPreset } from '../src/scenario/index.ts'
import { Timeline } from '../src/sim/timeline.ts'
import { createLaneViewState } from '../src/worker/laneView.ts'

const name = process.argv[2] ?? 'scale-10k'
const speed = Number(process.argv[3] ?? 10)
const frames = Number(process.argv[4] ?? 300)
const preset = getPreset(name)
if (!preset) throw new Error(`no preset ${name}`)
const tl = new Timeline(preset.build())
const lanes = createLaneViewState(() => performance.now())
const ms = { advance: [] as number[], liveFrame: [] as number[], rows: [] as number[] }
let toT = 0
for (let i = 0; i < frames; i++) {
  toT += (1000 / 60) * speed
  const a = performance.now()
  tl.advanceTo(Math.floor(toT))
  const b = performance.now()
  const live = tl.sim().liveFrame(4000)
  const c = performance.now()
  lanes.frame(live)
  for (const s of tl.drainSamples()) lanes.sample(s)
  const d = performance.now()
  // The first 30 frames warm the JIT.
  if (i < 30) continue
  ms.advance.push(b - a)
  ms.liveFrame.push(c - b)
  ms.rows.push(d - c)
}
const q = (xs: number[], f: number): string => [...xs].sort((x, y) => x - y)[Math.floor(f * (xs.length - 1))]!.toFixed(2)
for (const [k, xs] of Object.entries(ms)) console.log(`${k}: median ${q(xs, 0.5)} ms, p90 ${q(xs, 0.9)}, max ${q(xs, 1)}`)
