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
  /**
   * Asks for a frame at sim time `toT`; with `pauseAtRebalance` the worker stops at a rebalance
   * start on the way. Returns false (and sends nothing) while a frame request is in flight.
   */
  advance(toT: number, pauseAtRebalance?: boolean): boolean
  step(stepMs: number): void
  /** A live command, now or (`atT`, sim ms) at that moment; the worker records it as an action. */
  command(command: Command, atT?: number): void
  /**
   * Asks for the frame at exactly `toT` (sim ms). While a request is in flight only the newest seek
   * waits and goes out when it is answered, so dragging the scrubber never queues up replays.
   */
  seek(toT: number): void
  setPlaying(playing: boolean): void
  setSpeed(speed: number): void
  /**
   * EXPORT: this run's csv or json replayed from 0 s to sim ms `toT` in the worker (rejects with
   * the worker's message). `onProgress` gets fractions 0..1 while it replays.
   */
  exportRun?(kind: 'csv' | 'json', toT: number, onProgress?: (fraction: number) => void): Promise<string>
  /** True while a frame request is unanswered. */
  busy(): boolean
  dispose(): void
}

export function createSimClient(worker: WorkerLike, cb: SimClientCallbacks, maxParticles = 4000): SimClient {
  let nextId = 1
  let runId = -1
  let inFlight = 0
  let disposed = false
  let pendingSeek: number | null = null
  const exports = new Map<number, { resolve: (text: string) => void; reject: (e: Error) => void; progress?: ((f: number) => void) | undefined }>()
  const failExports = (message: string): void => {
    for (const e of exports.values()) e.reject(new Error(message))
    exports.clear()
  }

  worker.addEventListener('message', (ev: MessageEvent) => {
    const msg: unknown = ev.data
    if (!isWorkerResponse(msg)) return
    if (msg.type === 'exportProgress') {
      exports.get(msg.id)?.progress?.(msg.fraction)
      return
    }
    if (inFlight > 0) inFlight--
    const ex = exports.get(msg.id)
    if (ex !== undefined) {
      // An export's answer (or its error) goes to whoever asked, whichever run it was for.
      exports.delete(msg.id)
      if (msg.type === 'export') ex.resolve(msg.text)
      else ex.reject(new Error(msg.type === 'error' ? msg.message : 'unexpected answer to an export'))
    } else if (!disposed && msg.runId === runId) {
      if (msg.type === 'frame') cb.onFrame(msg)
      else if (msg.type === 'error') cb.onError(msg.message)
    }
    if (inFlight === 0 && pendingSeek !== null) {
      const toT = pendingSeek
      pendingSeek = null
      send({ type: 'seek', id: nextId++, toT })
    }
  })
  worker.addEventListener('error', (ev: ErrorEvent) => {
    inFlight = 0
    failExports(ev.message || 'the simulation worker failed')
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
      pendingSeek = null
      send({ type: 'init', id: nextId++, runId: id, scenario, maxParticles })
    },
    advance(toT, pauseAtRebalance) {
      if (inFlight > 0) return false
      send(pauseAtRebalance === true ? { type: 'advance', id: nextId++, toT, pauseAtRebalance } : { type: 'advance', id: nextId++, toT })
      return true
    },
    step(stepMs) {
      send({ type: 'step', id: nextId++, stepMs })
    },
    command(command, atT) {
      send(atT === undefined ? { type: 'command', id: nextId++, command } : { type: 'command', id: nextId++, command, atT })
    },
    seek(toT) {
      if (inFlight > 0) pendingSeek = toT
      else send({ type: 'seek', id: nextId++, toT })
    },
    setPlaying(playing) {
      send({ type: playing ? 'play' : 'pause' })
    },
    setSpeed(speed) {
      send({ type: 'speed', speed })
    },
    exportRun(kind, toT, onProgress) {
      if (disposed) return Promise.reject(new Error('the simulation has stopped'))
      const id = nextId++
      return new Promise<string>((resolve, reject) => {
        exports.set(id, { resolve, reject, progress: onProgress })
        send({ type: 'export', id, kind, toT })
      })
    },
    busy: () => inFlight > 0,
    dispose() {
      if (disposed) return
      failExports('the simulation has stopped')
      send({ type: 'dispose' })
      disposed = true
      worker.terminate()
    },
  }
}
