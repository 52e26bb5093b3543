// The page's handle on one simulation worker: sends requests, hands frames of the current run to a
// callback, and keeps at most one frame request in flight so the worker never builds a backlog.

import type { Command, Scenario } from '../scenario/types.ts'
import { isWorkerResponse, type FrameMessage, type WorkerRequest } from '../worker/protocol.ts'

/** The part of `Worker` the client uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void
  addEventListener(type: 'error', listener: (ev: ErrorEvent) => void): void
  terminate(): void
}

export interface SimClientCallbacks {
  onFrame: (msg: FrameMessage) => void
  onError: (message: string) => void
}

export interface SimClient {
  /** Starts run `runId` from `scenario`; frames of earlier runs are dropped from now on. */
  start(runId: number, scenario: Scenario): void
  /** Asks for a frame at sim time `toT`. Returns false (and sends nothing) while one is in flight. */
  advance(toT: number): boolean
  step(stepMs: number): void
  /** A live command, now or (`atT`, sim ms) at that moment. */
  command(command: Command, atT?: number): void
  setPlaying(playing: boolean): void
  setSpeed(speed: number): void
  /** True while a frame request is unanswered. */
  busy(): boolean
  dispose(): void
}

export function createSimClient(worker: WorkerLike, cb: SimClientCallbacks, maxParticles = 4000): SimClient {
  let nextId = 1
  let runId = -1
  let inFlight = 0
  let disposed = false

  worker.addEventListener('message', (ev: MessageEvent) => {
    const msg: unknown = ev.data
    if (!isWorkerResponse(msg)) return
    if (inFlight > 0) inFlight--
    if (disposed || msg.runId !== runId) return
    if (msg.type === 'frame') cb.onFrame(msg)
    else cb.onError(msg.message)
  })
  worker.addEventListener('error', (ev: ErrorEvent) => {
    inFlight = 0
    if (!disposed) cb.onError(ev.message || 'the simulation worker failed to start')
  })

  function send(req: WorkerRequest): void {
    if (disposed) return
    if ('id' in req) inFlight++
    worker.postMessage(req)
  }

  return {
    start(id, scenario) {
      runId = id
      send({ type: 'init', id: nextId++, runId: id, scenario, maxParticles })
    },
    advance(toT) {
      if (inFlight > 0) return false
      send({ type: 'advance', id: nextId++, toT })
      return true
    },
    step(stepMs) {
      send({ type: 'step', id: nextId++, stepMs })
    },
    command(command, atT) {
      // `atT` is the worker protocol's addition for compare mode (SPEC-8 C); the cast goes once the protocol names it.
      send((atT === undefined ? { type: 'command', id: nextId++, command } : { type: 'command', id: nextId++, command, atT }) as WorkerRequest)
    },
    setPlaying(playing) {
      send({ type: playing ? 'play' : 'pause' })
    },
    setSpeed(speed) {
      send({ type: 'speed', speed })
    },
    busy: () => inFlight > 0,
    dispose() {
      if (disposed) return
      send({ type: 'dispose' })
      disposed = true
      worker.terminate()
    },
  }
}
