// Messages between the page and the simulation worker: typed unions, structured-clone friendly.
// Frames carry typed arrays whose buffers are transferred, not copied.

import type { Command, Scenario } from '../scenario/types.ts'
import type { Frame, MetricsSample, TraceEntry } from '../sim/frameTypes.ts'

/** Page → worker. Requests that expect a frame carry `id`, echoed in the answer. */
export type WorkerRequest =
  /** Starts run `runId` from `scenario` (also used to restart). Answers with a frame at t = 0. */
  | { type: 'init'; id: number; runId: number; scenario: Scenario; maxParticles: number }
  | { type: 'play' }
  | { type: 'pause' }
  /** Sim ms per wall ms; the worker sizes its catch-up chunks by it. */
  | { type: 'speed'; speed: number }
  /** Advance to sim time `toT` (ms) within the worker's time budget, then answer with a frame. */
  | { type: 'advance'; id: number; toT: number }
  /** Advance by `stepMs` of sim time regardless of budget, then answer with a frame. */
  | { type: 'step'; id: number; stepMs: number }
  /** Apply a live command at the current sim time, then answer with a frame. */
  | { type: 'command'; id: number; command: Command }
  | { type: 'dispose' }

export interface FrameMessage {
  type: 'frame'
  id: number
  runId: number
  frame: Frame
  /** Metric rows sampled since the previous frame of this run. */
  samples: MetricsSample[]
  /** Narration since the previous frame of this run. */
  trace: TraceEntry[]
  /** Wall ms the worker spent advancing and building this frame. */
  engineMs: number
  /** The worker stopped short of the requested time to stay within its budget. */
  behind: boolean
}

/** Worker → page. */
export type WorkerResponse =
  | FrameMessage
  | { type: 'error'; id: number; runId: number; message: string }

export function isWorkerResponse(x: unknown): x is WorkerResponse {
  if (typeof x !== 'object' || x === null) return false
  const t = (x as { type?: unknown }).type
  return t === 'frame' || t === 'error'
}

/** Every buffer a frame message owns, for `postMessage(msg, transfer)`. */
export function transferablesOf(msg: FrameMessage): ArrayBuffer[] {
  const f = msg.frame
  const arrays: ArrayBufferView[] = [
    f.logEndOffset,
    f.position,
    f.committed,
    f.lag,
    f.lagMs,
    f.inRate,
    f.outRate,
    f.owner,
    f.laneFlags,
    f.particles,
    ...msg.samples.map((s) => s.lag),
  ]
  const seen = new Set<ArrayBuffer>()
  for (const a of arrays) {
    const b = a.buffer
    if (b instanceof ArrayBuffer && b.byteLength > 0) seen.add(b)
  }
  return [...seen]
}
