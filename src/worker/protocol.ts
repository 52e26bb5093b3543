// Messages between the page and the simulation worker: typed unions, structured-clone friendly.
// Frames carry typed arrays whose buffers are transferred, not copied.

import type { Command, Scenario, ScenarioAction } from '../scenario/types.ts'
import type { Frame, LaneView, MetricsSample, TraceEntry } from '../sim/frameTypes.ts'
import type { TimelineMarker } from '../sim/timeline.ts'

export type { TimelineMarker }

/** Page → worker. Requests that expect a frame carry `id`, echoed in the answer. */
export type WorkerRequest =
  /** Starts run `runId` from `scenario` (also used to restart). Answers with a frame at t = 0. */
  /**
   * SUPERVISE: `resume` continues the run from a checkpoint the worker posted earlier (exact: a
   * checkpoint restores the straight run); `debugFaults` lets this worker accept `debugFault`.
   */
  /** PAGESCALE: `lanes`, what the page shows of a big topic (else groups by consumer). */
  | { type: 'init'; id: number; runId: number; scenario: Scenario; maxParticles: number; resume?: ResumePoint; debugFaults?: boolean; lanes?: LaneView }
  | { type: 'play' }
  | { type: 'pause' }
  /** Sim ms per wall ms; the worker sizes its catch-up chunks by it. */
  | { type: 'speed'; speed: number }
  /**
   * Advance to sim time `toT` (ms) within the worker's time budget, then answer with a frame. With
   * `pauseAtRebalance`, stop just after the next rebalance starts (the frame says `pausedAt`).
   */
  | { type: 'advance'; id: number; toT: number; pauseAtRebalance?: boolean }
  /** Advance by `stepMs` of sim time regardless of budget, then answer with a frame. */
  | { type: 'step'; id: number; stepMs: number }
  /** Show moment `toT` (clamped to [0, latest]) exactly as the straight run has it; answers with a frame there. */
  | { type: 'seek'; id: number; toT: number }
  /**
   * Apply a live command at sim ms `atT` (default: now; advancing there first), record it in the
   * script, then answer with a frame. Given after a seek back, it forks the run there.
   */
  | { type: 'command'; id: number; command: Command; atT?: number }
  | { type: 'dispose' }
  /**
   * PAGESCALE: the page groups, opens or inspects a big topic's lanes differently. With `id` it
   * answers with a frame of now; without (a small topic's page), it only keeps the view for later.
   */
  | { type: 'lanes'; id?: number; view: LaneView }
  // EXPORT: the run data (csv) or summary (json) of this run replayed from 0 s to sim ms `toT` in a
  // fresh simulation (src/worker/exportRun.ts). Answered with `export` (progress on the way).
  | { type: 'export'; id: number; kind: 'csv' | 'json'; toT: number }
  // SUPERVISE: a liveness probe, answered with `pong` as soon as the worker is free.
  | { type: 'ping'; n: number }
  // SUPERVISE (tests only, pages with `debug=faults`): make this worker fail, now or when its run
  // first reaches `atSec` (then the frame there is never sent).
  | { type: 'debugFault'; kind: DebugFaultKind; atSec?: number }

/** How a test makes the worker fail: `self.close()`, an uncaught throw outside or inside the message handler, a busy loop. */
export type DebugFaultKind = 'close' | 'throw' | 'throwInHandler' | 'livelock'

/** A run's checkpoint as the worker posts it: JSON text (engine/checkpointJson.ts) at sim ms `t`. */
export interface ResumePoint {
  t: number
  checkpoint: string
}

export interface TimelineInfo {
  /** The furthest sim ms reached on this branch of the run (the scrubber's end). */
  latest: number
  /** Present when they changed since the previous message of this run (the full list, time-ordered). */
  markers?: TimelineMarker[]
  /** Present when the script changed: every action, scripted and recorded (what a link must carry). */
  actions?: ScenarioAction[]
  /** This frame answers a seek: keep metric rows and narration up to frame.t, then append newer ones. */
  seeked?: boolean
  /** The run paused itself just after a rebalance started (advance with pauseAtRebalance). */
  pausedAt?: 'rebalance'
  /** Bytes the run's checkpoints hold (bounded; see sim/timeline.ts). */
  checkpointBytes: number
}

export interface FrameMessage {
  type: 'frame'
  id: number
  runId: number
  frame: Frame
  /** Metric rows sampled since the previous frame of this run. */
  samples: MetricsSample[]
  /** Narration since the previous frame of this run. */
  trace: TraceEntry[]
  timeline: TimelineInfo
  /** Wall ms the worker spent advancing and building this frame. */
  engineMs: number
  /** The worker stopped short of the requested time to stay within its budget. */
  behind: boolean
}

/** Worker → page. */
export type WorkerResponse =
  | FrameMessage
  | { type: 'error'; id: number; runId: number; message: string }
  // EXPORT: the text asked for by `export` request `id`, and how far its replay has come.
  | { type: 'export'; id: number; runId: number; kind: 'csv' | 'json'; text: string }
  | { type: 'exportProgress'; id: number; runId: number; fraction: number }
  // SUPERVISE: the answer to `ping`; `alive` while a long request (a step, an export) still runs;
  // the newest checkpoint of run `runId` (a few per wall minute), to continue from after a fault.
  | { type: 'pong'; n: number }
  /** `busyMs`: the worker is about to be busy this long (writing a checkpoint) without a word. */
  | { type: 'alive'; busyMs?: number }
  | { type: 'checkpoint'; runId: number; t: number; checkpoint: string }

const RESPONSE_TYPES: ReadonlySet<unknown> = new Set(['frame', 'error', 'export', 'exportProgress', 'pong', 'alive', 'checkpoint'])

export function isWorkerResponse(x: unknown): x is WorkerResponse {
  if (typeof x !== 'object' || x === null) return false
  return RESPONSE_TYPES.has((x as { type?: unknown }).type)
}

/** Messages that answer no request (they carry no `id` the page waits for). */
export function isSideMessage(msg: WorkerResponse): boolean {
  return msg.type === 'exportProgress' || msg.type === 'pong' || msg.type === 'alive' || msg.type === 'checkpoint'
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
    f.laneLeader,
    f.laneNoLeader,
    f.particles,
    ...(f.heldLanes ? [f.heldLanes] : []),
    ...(f.grouped ? [f.grouped.rowLane] : []),
    ...msg.samples.map((s) => s.lag),
  ]
  const seen = new Set<ArrayBuffer>()
  for (const a of arrays) {
    const b = a.buffer
    if (b instanceof ArrayBuffer && b.byteLength > 0) seen.add(b)
  }
  return [...seen]
}
