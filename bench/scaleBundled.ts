// One scale run (section f) in a child process on the CLI's bundle: bench/scaleChild.ts through
// scripts/bundled.mjs, the engine as `highway run` and the page's worker run it, with a fresh heap.
// Used by `npm run bench` (bench/run.ts) and bench/scaleOnly.ts. Bench-only (spawns node).
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ScaleCase, ScaleResult } from './scaleWorkload.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

export function runScaleBundled(c: ScaleCase, o: { warmSec: number; measureSec: number; warmCapMs: number; measureCapMs: number }): ScaleResult {
  const args = [join(root, 'scripts', 'bundled.mjs'), 'benchScale', c, String(o.warmSec), String(o.measureSec), String(o.warmCapMs), String(o.measureCapMs)]
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`bench/scaleChild.ts failed (exit ${r.status})`)
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as ScaleResult
}
