// The worker's logic without the worker: owns one run's Timeline (the simulation, its checkpoints
// and recorded script) and answers requests with frames. Reads a wall clock only to bound how long
// one `advance` may take; the simulation itself sees sim time only. Testable in Node with a fake
// timeline and a fake clock.

import type { Scenario } from '../scenario/types.ts'
import type { Frame, MetricsSample } from '../sim/frameTypes.ts'
import { Timeline, type TimelineApi } from '../sim/timeline.ts'
import { exportText } from './exportRun.ts'
import { createLaneViewState } from './laneView.ts'
import { createCheckpointPosts } from './checkpointPosts.ts'
import type { FrameMessage, TimelineInfo, WorkerRequest, WorkerResponse } from './protocol.ts'

export interface SimHostOptions {
  /** Default: a real Timeline over a real simulation (continued from `resumeFrom` when given). */
  createTimeline?: (scenario: Scenario, resumeFrom?: string, aroundKeep?: (write: () => void) => void) => TimelineApi
  /** Wall clock in ms (performance.now in the worker). */
  now: () => number
  /** Wall ms one `advance` may spend before answering with what it has (default 12). */
  budgetMs?: number
  /** Posts a message while a long request (an export's replay) is still running. */
  post?: (msg: WorkerResponse) => void
}

export interface SimHost {
  /** Handles one request; returns the answer to post, if any. */
  handle(req: WorkerRequest): WorkerResponse | null
}

/** Copies a frame's typed arrays, so transferring them never detaches the simulation's own buffers. */
export function detachFrame(f: Frame): Frame {
  return {
    ...f,
    logEndOffset: f.logEndOffset.slice(),
    position: f.position.slice(),
    committed: f.committed.slice(),
    lag: f.lag.slice(),
    lagMs: f.lagMs.slice(),
    inRate: f.inRate.slice(),
    outRate: f.outRate.slice(),
    owner: f.owner.slice(),
    laneFlags: f.laneFlags.slice(),
    laneLeader: f.laneLeader.slice(),
    laneNoLeader: f.laneNoLeader.slice(),
    particles: f.particles.slice(),
  }
}

function detachSample(s: MetricsSample): MetricsSample {
  return { ...s, lag: s.lag.slice() }
}

/** Weight of the previous estimate of a cost (a frame's, a simulated ms's) against the newest measure. */
const COST_SMOOTHING = 0.75

/** The estimate `prev` (null: none yet) moved toward the newest measure `x`. */
function smooth(prev: number | null, x: number): number {
  return prev === null ? x : COST_SMOOTHING * prev + (1 - COST_SMOOTHING) * x
}
/** While a long request runs, `alive` goes out this often (wall ms): the page's patience is 750 ms. */
export const ALIVE_EVERY_MS = 200
/**
 * A step runs in pieces, so it can say it is alive between them: at most this long (sim ms), and
 * no longer than ALIVE_EVERY_MS of work by what the run has cost per simulated ms (a second of
 * 10 000 lanes is ~0.35 s of work, and over a second on a busy machine: longer than the page's
 * patience, so a moment link's page took the worker for a stuck one).
 */
const STEP_PIECE_MS = 1000
/** A step's first piece while the run's cost is not yet known (sim ms). */
const STEP_FIRST_PIECE_MS = 100

export function createSimHost(opts: SimHostOptions): SimHost {
  const budgetMs = opts.budgetMs ?? 12
  const createTimeline =
    opts.createTimeline ??
    ((s: Scenario, resumeFrom?: string, aroundKeep?: (write: () => void) => void) => new Timeline(s, { ...(resumeFrom === undefined ? {} : { resumeFrom }), ...(aroundKeep === undefined ? {} : { aroundKeep }) }))
  let tl: TimelineApi | null = null
  let runId = -1
  let maxParticles = 4000
  let speed = 1
  let sentMarkers = -1
  let sentActions = -1
  // PAGESCALE: a big topic's frames carry the rows the page draws, not every lane.
  const lanes = createLaneViewState(opts.now)
  /** Wall ms building a frame message takes (smoothed): the advance leaves room for it. */
  let frameCostMs: number | null = null
  /** Wall ms the run takes per simulated ms (smoothed): sizes the advance's chunks. */
  let wallPerSimMs: number | null = null

  // SUPERVISE: the page keeps the newest checkpoint of the run to continue from after a fault.
  const checkpoints = createCheckpointPosts(opts)
  let lastAlive = -Infinity
  /** During a long request: tells the page this worker is busy, not gone. */
  function alive(): void {
    const wall = opts.now()
    if (opts.post === undefined || wall - lastAlive < ALIVE_EVERY_MS) return
    lastAlive = wall
    opts.post({ type: 'alive' })
  }

  function timelineInfo(extra: Partial<TimelineInfo>): TimelineInfo {
    const t = tl as TimelineApi
    const info: TimelineInfo = { latest: t.latest(), checkpointBytes: t.checkpointBytes(), ...extra }
    if (t.markersVersion() !== sentMarkers) {
      sentMarkers = t.markersVersion()
      info.markers = [...t.markers()]
    }
    if (t.actionsVersion() !== sentActions) {
      sentActions = t.actionsVersion()
      info.actions = [...t.actions()]
    }
    return info
  }

  function frameMessage(id: number, started: number, behind: boolean, extra: Partial<TimelineInfo> = {}): FrameMessage {
    const t = tl as TimelineApi
    const building = opts.now()
    // The run's own arrays, read once: a big topic's become new arrays of rows (laneView.ts),
    // a small topic's are copied here to transfer. Either way nothing of the run is transferred.
    const live = t.sim().liveFrame(maxParticles)
    const shown = lanes.frame(live)
    const frame = shown === live ? detachFrame(live) : shown
    const samples = t.drainSamples().map((s) => {
      const folded = lanes.sample(s)
      return folded === s ? detachSample(s) : folded
    })
    const trace = t.drainTrace()
    const done = opts.now()
    frameCostMs = smooth(frameCostMs, done - building)
    return {
      type: 'frame',
      id,
      runId,
      frame,
      samples,
      trace,
      timeline: timelineInfo(extra),
      engineMs: opts.now() - started,
      behind,
    }
  }

  function fail(id: number, err: unknown): WorkerResponse {
    const message = err instanceof Error ? err.message : String(err)
    return { type: 'error', id, runId, message }
  }

  /**
   * Advances toward `toT` within the wall budget; says whether it fell behind or paused at a
   * rebalance. The budget holds for the whole answer: the frame still to build (frameCostMs, counted
   * up to half the budget) is set aside, and each chunk is sized by what the run costs per simulated
   * ms to fit in what is left. A frame of 10 000 lanes takes a few ms to build and 100 simulated ms
   * of it ~20 ms to run: an answer late for the page's next animation frame halves its frame rate.
   */
  /** A step's next piece (sim ms): ALIVE_EVERY_MS of work at the run's cost so far, within 1..STEP_PIECE_MS. */
  function stepPieceMs(): number {
    if (wallPerSimMs === null) return STEP_FIRST_PIECE_MS
    if (!(wallPerSimMs > 0)) return STEP_PIECE_MS
    return Math.max(1, Math.min(STEP_PIECE_MS, Math.floor(ALIVE_EVERY_MS / wallPerSimMs)))
  }

  function advance(toT: number, started: number, pauseAtRebalance: boolean): { behind: boolean; paused: boolean } {
    const t = tl as TimelineApi
    // Chunks sized by speed: about a quarter of a 60 Hz frame's worth of sim time each, or less when
    // that would not fit. Whole milliseconds, so live commands (which land on whole ms) never need a
    // step of their own.
    const most = Math.max(5, Math.round((speed * 16) / 4))
    const reserve = Math.min(frameCostMs ?? 0, budgetMs / 2)
    const end = Math.floor(toT)
    let first = true
    while (t.now() < end) {
      const left = budgetMs - (opts.now() - started) - reserve
      // Unknown or too cheap to measure: the whole chunk fits while any budget is left.
      const fits = wallPerSimMs === null || !(wallPerSimMs > 0) ? (left > 0 ? most : 0) : Math.floor(left / wallPerSimMs)
      // The first chunk always runs (every answer moves the run on); later ones only if they fit.
      if (!first && fits < 1) return { behind: true, paused: false }
      first = false
      const from = t.now()
      const before = opts.now()
      if (t.advanceTo(Math.min(end, Math.floor(from) + Math.max(1, Math.min(most, fits))), pauseAtRebalance)) return { behind: false, paused: true }
      const ran = t.now() - from
      if (ran > 0) wallPerSimMs = smooth(wallPerSimMs, (opts.now() - before) / ran)
    }
    return { behind: false, paused: false }
  }

  return {
    handle(req) {
      const started = opts.now()
      switch (req.type) {
        case 'init':
          try {
            runId = req.runId
            maxParticles = req.maxParticles
            sentMarkers = -1
            sentActions = -1
            if (req.lanes !== undefined) lanes.set(req.lanes)
            checkpoints.reset()
            tl = createTimeline(req.scenario, req.resume?.checkpoint, checkpoints.write)
            checkpoints.started(tl.now())
            return frameMessage(req.id, started, false)
          } catch (err) {
            tl = null
            return fail(req.id, err)
          }
        case 'ping':
          return { type: 'pong', n: req.n }
        case 'play':
        case 'pause':
        case 'dispose':
        case 'debugFault':
          return null
        case 'speed':
          speed = req.speed
          return null
        case 'export': {
          if (tl === null) return fail(req.id, new Error('the simulation is not running'))
          // The run as a link carries it: the t = 0 settings and every action, scripted and recorded.
          const scenario = { ...tl.sim().scenario, actions: [...tl.actions()] }
          let shown = -1
          const progress = (f: number): void => {
            alive()
            const pct = Math.floor(f * 100)
            if (pct === shown || opts.post === undefined) return
            shown = pct
            opts.post({ type: 'exportProgress', id: req.id, runId, fraction: f })
          }
          try {
            return { type: 'export', id: req.id, runId, kind: req.kind, text: exportText(scenario, req.kind, req.toT, progress) }
          } catch (err) {
            return fail(req.id, err)
          }
        }
        case 'lanes':
          lanes.set(req.view)
          if (req.id === undefined) return null
          if (tl === null) return fail(req.id, new Error('the simulation is not running'))
          try {
            return frameMessage(req.id, started, false)
          } catch (err) {
            return fail(req.id, err)
          }
        case 'advance':
        case 'step':
        case 'seek':
        case 'command':
          if (tl === null) return fail(req.id, new Error('the simulation is not running'))
          try {
            switch (req.type) {
              case 'advance': {
                const r = advance(req.toT, started, req.pauseAtRebalance === true)
                checkpoints.maybePost(tl, runId)
                return frameMessage(req.id, started, r.behind, r.paused ? { pausedAt: 'rebalance' } : {})
              }
              case 'step': {
                const end = tl.now() + req.stepMs
                while (tl.now() < end) {
                  const before = tl.now()
                  const wallBefore = opts.now()
                  tl.advanceTo(Math.min(end, before + stepPieceMs()))
                  const ran = tl.now() - before
                  if (ran > 0) wallPerSimMs = smooth(wallPerSimMs, (opts.now() - wallBefore) / ran)
                  alive()
                  if (tl.now() <= before) break
                }
                checkpoints.maybePost(tl, runId)
                return frameMessage(req.id, started, false)
              }
              case 'seek':
                tl.seek(req.toT)
                return frameMessage(req.id, started, false, { seeked: true })
              case 'command': {
                const before = tl.now()
                tl.apply(req.command, req.atT)
                // A command for a moment this worker had passed went back there: a seeked frame.
                return frameMessage(req.id, started, false, tl.now() < before ? { seeked: true } : {})
              }
            }
          } catch (err) {
            return fail(req.id, err)
          }
      }
    },
  }
}
