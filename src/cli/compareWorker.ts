// A compare run on a worker thread: one job at a time from the pool in compareRuns.ts, each simulated
// by simulateRun (the code path `run` uses), so a run's summary is the same bytes either way.

import { parentPort } from 'node:worker_threads'
import { oneLine } from './args.ts'
import type { Job, WorkerReply } from './compareRuns.ts'
import { simulateRun } from './simulate.ts'

const port = parentPort
if (port === null) throw new Error('compareWorker runs on a worker thread')

port.on('message', (job: Job) => {
  let reply: WorkerReply
  try {
    let shown = -1
    const r = simulateRun({ scenario: job.scenario, seconds: job.seconds }, (fraction) => {
      // A few messages per run are enough for a progress line.
      const pct = Math.floor(fraction * 20)
      if (pct === shown) return
      shown = pct
      port.postMessage({ type: 'progress', index: job.index, fraction } satisfies WorkerReply)
    })
    reply = { type: 'done', index: job.index, summaryJson: JSON.stringify(r.summary), lag: r.lag }
  } catch (e) {
    reply = { type: 'error', index: job.index, message: oneLine(e) }
  }
  port.postMessage(reply)
})
