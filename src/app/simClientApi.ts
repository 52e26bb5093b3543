// The page's handle on a simulation worker, as its users see it (src/app/simClient.ts builds it):
// requests, callbacks, and what worker supervision reports.

import type { Command, Scenario } from '../scenario/types.ts'
import type { LaneView } from '../sim/frameTypes.ts'
import type { DebugFaultKind, FrameMessage, WorkerRequest } from '../worker/protocol.ts'

/** The part of `Worker` the client uses (a fake in tests). */
export interface WorkerLike {
  postMessage(message: WorkerRequest): void
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void
  addEventListener(type: 'error', listener: (ev: ErrorEvent) => void): void
  addEventListener(type: 'messageerror', listener: (ev: MessageEvent) => void): void
  terminate(): void
}

/** What supervision did, for the page's banner. Moments are sim ms. */
export type SupervisionEvent =
  | { kind: 'recovering'; momentMs: number; what: string; detail: string }
  | { kind: 'recovered'; momentMs: number }
  | { kind: 'stopped'; momentMs: number; what: string; detail: string; firstDetail: string }

export interface SimClientCallbacks {
  onFrame: (msg: FrameMessage) => void
  /** The run stopped for good (only when `onSupervision` is not given). */
  onError: (message: string) => void
  onSupervision?: (e: SupervisionEvent) => void
}

/** Wall clock and repeating timer for supervision (the page's; a fake in tests). */
export interface SupervisionClock {
  now(): number
  every(ms: number, fn: () => void): () => void
}

export interface SimClientOptions {
  maxParticles?: number
  /** Without it nothing watches the worker's liveness (errors are still handled). */
  clock?: SupervisionClock
  /** The page has `debug=faults`: `debugFault` requests go out and the worker accepts them. */
  debugFaults?: boolean
}

export interface SimClient {
  /** Starts run `runId` from `scenario` in a fresh worker; frames of earlier runs are dropped from now on. */
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
  /** Test hook (pages with `debug=faults`): the worker fails now, or when the run reaches `atSec` (again after each retry). */
  debugFault?(kind: DebugFaultKind, atSec?: number): void
  /**
   * PAGESCALE: how the page shows a big topic's lanes (grouping, open group, inspected lane). Kept
   * for every later run and worker; with `refresh` (the default) a running one answers at once
   * with a frame of the moment shown (a small topic's page has nothing to redraw).
   */
  setLaneView?(view: LaneView, refresh?: boolean): void
  /** True while a frame request is unanswered. */
  busy(): boolean
  dispose(): void
}
