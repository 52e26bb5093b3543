// The worker's logic without the worker: owns one Simulation and answers requests with frames.
// Reads a wall clock only to bound how long one `advance` may take; the simulation itself sees
// sim time only. Testable in Node with a fake simulation and a fake clock.

import type { Scenario } from '../scenario/types.ts'
import type { Frame, MetricsSample } from '../sim/frameTypes.ts'
import type { Simulation } from '../sim/simulationApi.ts'
import type { FrameMessage, WorkerRequest, WorkerResponse } from './protocol.ts'

export interface SimHostOptions {
  createSimulation: (scenario: Scenario) => Simulation
  /** Wall clock in ms (performance.now in the worker). */
  now: () => number
  /** Wall ms one `advance` may spend before answering with what it has (default 12). */
  budgetMs?: number
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
    particles: f.particles.slice(),
  }
}

function detachSample(s: MetricsSample): MetricsSample {
  return { ...s, lag: s.lag.slice() }
}

export function createSimHost(opts: SimHostOptions): SimHost {
  const budgetMs = opts.budgetMs ?? 12
  let sim: Simulation | null = null
  let runId = -1
  let maxParticles = 4000
  let speed = 1

  function frameMessage(id: number, started: number, behind: boolean): FrameMessage {
    const s = sim as Simulation
    const frame = detachFrame(s.frame(maxParticles))
    const samples = s.drainSamples().map(detachSample)
    const trace = s.drainTrace()
    return {
      type: 'frame',
      id,
      runId,
      frame,
      samples,
      trace,
      engineMs: opts.now() - started,
      behind,
    }
  }

  function fail(id: number, err: unknown): WorkerResponse {
    const message = err instanceof Error ? err.message : String(err)
    return { type: 'error', id, runId, message }
  }

  function advance(toT: number, started: number): boolean {
    const s = sim as Simulation
    // Chunks sized by speed: about a quarter of a 60 Hz frame's worth of sim time each.
    const chunk = Math.max(5, (speed * 16) / 4)
    while (s.now() < toT) {
      s.advanceTo(Math.min(toT, s.now() + chunk))
      if (opts.now() - started > budgetMs) return s.now() < toT
    }
    return false
  }

  return {
    handle(req) {
      const started = opts.now()
      switch (req.type) {
        case 'init':
          try {
            runId = req.runId
            maxParticles = req.maxParticles
            sim = opts.createSimulation(req.scenario)
            return frameMessage(req.id, started, false)
          } catch (err) {
            sim = null
            return fail(req.id, err)
          }
        case 'play':
        case 'pause':
        case 'dispose':
          return null
        case 'speed':
          speed = req.speed
          return null
        case 'advance':
        case 'step':
        case 'command':
          if (sim === null) return fail(req.id, new Error('the simulation is not running'))
          try {
            let behind = false
            if (req.type === 'advance') behind = advance(req.toT, started)
            else if (req.type === 'step') sim.advanceTo(sim.now() + req.stepMs)
            else sim.apply(req.command)
            return frameMessage(req.id, started, behind)
          } catch (err) {
            return fail(req.id, err)
          }
      }
    },
  }
}
