// Runs compare's simulations: on worker threads (at most one per core), or in this thread when
// asked (tests that check the arithmetic, not the threads). Either way each run is simulateRun.

import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { Scenario } from '../scenario/types.ts'
import { oneLine } from './args.ts'
import { simulateRun } from './simulate.ts'

export interface Job {
  index: number
  scenario: Scenario
  seconds: number
}

export type WorkerReply =
  | { type: 'progress'; index: number; fraction: number }
  | { type: 'done'; index: number; summaryJson: string; lag: Array<[number, number]> }
  | { type: 'error'; index: number; message: string }

export interface RunOutput {
  /** Exactly what `run --json` prints for this run (without the newline). */
  summaryJson: string
  lag: Array<[number, number]>
}

export interface RunAllOptions {
  parallel: boolean
  /** Each run's fraction done (0..1), called as they advance. */
  progress?: ((fractions: readonly number[]) => void) | undefined
}

export type RunAllResult = { ok: true; runs: RunOutput[] } | { ok: false; index: number; message: string }

export function runAll(jobs: readonly Job[], opts: RunAllOptions): Promise<RunAllResult> {
  return opts.parallel ? runThreaded(jobs, opts.progress) : Promise.resolve(runHere(jobs, opts.progress))
}

function runHere(jobs: readonly Job[], progress: RunAllOptions['progress']): RunAllResult {
  const fractions = jobs.map(() => 0)
  const runs: RunOutput[] = []
  for (const job of jobs) {
    try {
      const r = simulateRun({ scenario: job.scenario, seconds: job.seconds }, (f) => {
        fractions[job.index] = f
        progress?.(fractions)
      })
      runs.push({ summaryJson: JSON.stringify(r.summary), lag: r.lag })
    } catch (e) {
      return { ok: false, index: job.index, message: oneLine(e) }
    }
  }
  return { ok: true, runs }
}

/** The compare thread's bundle, beside the CLI's own (scripts/bundled.mjs builds both). */
const BUNDLED_WORKER = 'compareWorker.js'

/**
 * A worker for compare's runs. The CLI runs as one bundle (`npm run highway`, scripts/bundled.mjs):
 * the worker is the bundle beside it. From TypeScript sources (vitest, `tsx src/cli/main.ts`) it
 * loads compareWorker.ts through tsx, as a worker does not inherit the loader its parent started with.
 */
function startWorker(): Worker {
  // A name in a variable: Vite's build would otherwise try to resolve the literal at build time.
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(BUNDLED_WORKER, import.meta.url))
  // require.resolve finds the CommonJS entry; the worker imports its ES module twin beside it.
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href
  const file = new URL('./compareWorker.ts', import.meta.url).href
  const code = `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}))`
  return new Worker(code, { eval: true })
}

function runThreaded(jobs: readonly Job[], progress: RunAllOptions['progress']): Promise<RunAllResult> {
  return new Promise((resolve) => {
    const fractions = jobs.map(() => 0)
    const runs: Array<RunOutput | undefined> = jobs.map(() => undefined)
    const workers: Worker[] = []
    let next = 0
    let done = 0
    let finished = false
    const finish = (r: RunAllResult): void => {
      if (finished) return
      finished = true
      for (const w of workers) void w.terminate()
      resolve(r)
    }
    const feed = (w: Worker): void => {
      if (next < jobs.length) w.postMessage(jobs[next++]!)
      else void w.terminate()
    }
    const size = Math.max(1, Math.min(jobs.length, availableParallelism()))
    for (let i = 0; i < size; i++) {
      const w = startWorker()
      workers.push(w)
      w.on('message', (m: WorkerReply) => {
        if (m.type === 'progress') {
          fractions[m.index] = m.fraction
          progress?.(fractions)
        } else if (m.type === 'error') finish({ ok: false, index: m.index, message: m.message })
        else {
          runs[m.index] = { summaryJson: m.summaryJson, lag: m.lag }
          fractions[m.index] = 1
          progress?.(fractions)
          if (++done === jobs.length) finish({ ok: true, runs: runs as RunOutput[] })
          else feed(w)
        }
      })
      w.on('error', (e) => finish({ ok: false, index: -1, message: `a worker thread failed: ${oneLine(e)}` }))
      feed(w)
    }
  })
}
