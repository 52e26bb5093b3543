// Section f alone (real cluster sizes), for quick before/after checks while working on the engine:
// `npx tsx bench/scaleOnly.ts [full-10M|preset-scale-10k] [warmSec] [measureSec]`. Each run is a
// child process on the CLI's bundle (bench/scaleChild.ts through scripts/bundled.mjs), as in `npm run bench`.
import { runScaleBundled } from './scaleBundled.ts'
import { SCALE_CASES, type ScaleCase } from './scaleWorkload.ts'

const cases = (process.argv[2] ? [process.argv[2]] : Object.keys(SCALE_CASES)) as ScaleCase[]
const warmSec = Number(process.argv[3] ?? 10)
const measureSec = Number(process.argv[4] ?? 10)
for (const c of cases) {
  if (!(c in SCALE_CASES)) throw new Error(`unknown case ${c}: one of ${Object.keys(SCALE_CASES).join(', ')}`)
  const r = runScaleBundled(c, { warmSec, measureSec, warmCapMs: 60_000, measureCapMs: 60_000 })
  const x = (ms: number) => (r.simSeconds / (ms / 1000)).toFixed(2)
  console.log(`${c}: ${r.simSeconds.toFixed(1)} sim s in ${(r.wallMs / 1000).toFixed(1)} s wall (${x(r.wallMs)}× wall), ${(r.cpuMs / 1000).toFixed(1)} s CPU (${x(r.cpuMs)}× CPU), ${Math.round(r.events / r.simSeconds)} events/sim s, end lag ${r.endLag}`)
}
