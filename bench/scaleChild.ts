// One scale run (section f) in a process of its own, from the same bundle as the CLI
// (`node scripts/bundled.mjs benchScale <case> <warmSec> <measureSec> <warmCapMs> <measureCapMs>`):
// the engine as the CLI and the page's worker run it, one bundle, and a fresh heap for each run.
// Prints the ScaleResult as one JSON line.
import { SCALE_CASES, runScale, type ScaleCase } from './scaleWorkload.ts'
import { fullGc } from './stats.ts'

const [c, warmSec, measureSec, warmCapMs, measureCapMs] = process.argv.slice(2)
if (!c || !(c in SCALE_CASES)) throw new Error(`unknown case ${c}: one of ${Object.keys(SCALE_CASES).join(', ')}`)
const r = runScale(c as ScaleCase, { warmSec: Number(warmSec), measureSec: Number(measureSec), warmCapMs: Number(warmCapMs), measureCapMs: Number(measureCapMs), beforeTimed: fullGc })
process.stdout.write(`${JSON.stringify(r)}\n`)
