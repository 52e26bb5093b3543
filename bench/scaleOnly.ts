// Section f alone (real cluster sizes), for quick before/after checks while working on the engine:
// `npx tsx bench/scaleOnly.ts [full-10M|preset-scale-10k] [warmSec] [measureSec]`. Each run is a
// child process on the CLI's bundle (bench/scaleChild.ts through scripts/bundled.mjs), as in `npm run bench`.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SCALE_CASES, type ScaleCase, type ScaleResult } from './scaleWorkload.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cases = (process.argv[2] ? [process.argv[2]] : Object.keys(SCALE_CASES)) as ScaleCase[]
const warmSec = Number(process.argv[3] ?? 10)
const measureSec = Number(process.argv[4] ?? 10)
for (const c of cases) {
  if (!(c in SCALE_CASES)) throw new Error(`unknown case ${c}: one of ${Object.keys(SCALE_CASES).join(', ')}`)
  const child = spawnSync(process.execPath, [join(root, 'scripts', 'bundled.mjs'), 'benchScale', c, String(warmSec), String(measureSec), '60000', '60000'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
  if (child.status !== 0) throw new Error(`bench/scaleChild.ts failed (exit ${child.status})`)
  const r = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ScaleResult
  const x = (ms: number) => (r.simSeconds / (ms / 1000)).toFixed(2)
  console.log(`${c}: ${r.simSeconds.toFixed(1)} sim s in ${(r.wallMs / 1000).toFixed(1)} s wall (${x(r.wallMs)}× wall), ${(r.cpuMs / 1000).toFixed(1)} s CPU (${x(r.cpuMs)}× CPU), ${Math.round(r.events / r.simSeconds)} events/sim s, end lag ${r.endLag}`)
}
