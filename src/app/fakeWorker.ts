// A simulation worker for tests: answers every frame request at once with a fixture frame at the
// asked moment, and keeps what it was sent. No simulation runs.

import { makeFrame } from '../view/frameFixture.ts'
import type { FrameMessage, WorkerRequest } from '../worker/protocol.ts'
import type { WorkerLike } from './simClient.ts'

export interface FakeWorker extends WorkerLike {
  sent: WorkerRequest[]
}

export function fakeWorker(partitions = 6): FakeWorker {
  let listener: ((ev: MessageEvent) => void) | null = null
  let runId = -1
  let t = 0
  let latest = 0
  const w: FakeWorker = {
    sent: [],
    postMessage(m: WorkerRequest) {
      w.sent.push(m)
      if (m.type === 'ping') listener?.({ data: { type: 'pong', n: m.n } } as MessageEvent)
      if (!('id' in m)) return
      if (m.type === 'init') {
        runId = m.runId
        t = 0
        latest = 0
      } else if (m.type === 'seek') t = Math.max(0, Math.min(latest, m.toT)) // as the real worker: clamped to the furthest moment
      else if (m.type === 'advance') t = Math.floor(m.toT) // as the real worker: whole milliseconds
      else if (m.type === 'step') t += m.stepMs
      else if (m.type === 'command') t = Math.max(t, m.atT ?? t)
      latest = Math.max(latest, t)
      const timeline = { latest, checkpointBytes: 0, ...(m.type === 'seek' ? { seeked: true } : {}) }
      const msg: FrameMessage = { type: 'frame', id: m.id, runId, frame: makeFrame({ t, partitions }), samples: [], trace: [], engineMs: 1, behind: false, timeline }
      listener?.({ data: msg } as MessageEvent)
    },
    addEventListener(type: string, l: (ev: never) => void) {
      if (type === 'message') listener = l as (ev: MessageEvent) => void
    },
    terminate() {},
  }
  return w
}

export interface ManualWorker extends WorkerLike {
  sent: WorkerRequest[]
  terminated: boolean
  /** While true (the default) pings are answered at once, as an idle live worker does. */
  answersPings: boolean
  /** Delivers `msg` to the page as the worker's answer (through `deliver`, e.g. React's act). */
  reply(msg: unknown): void
  /** Fires the worker's `error` event, as an uncaught throw inside it does. */
  fail(message: string): void
}

/**
 * A worker for tests that answers nothing by itself (except pings): the test replies with whatever
 * it needs. Terminated, it says nothing more.
 */
export function manualWorker(deliver: (f: () => void) => void = (f) => f()): ManualWorker {
  const listeners: Array<(ev: MessageEvent) => void> = []
  const errorListeners: Array<(ev: ErrorEvent) => void> = []
  const w: ManualWorker = {
    sent: [],
    terminated: false,
    answersPings: true,
    postMessage: (m: WorkerRequest) => {
      w.sent.push(m)
      if (m.type === 'ping' && w.answersPings && !w.terminated) w.reply({ type: 'pong', n: m.n })
    },
    addEventListener: (type: string, l: (ev: never) => void) => {
      if (type === 'message') listeners.push(l as (ev: MessageEvent) => void)
      if (type === 'error') errorListeners.push(l as (ev: ErrorEvent) => void)
    },
    terminate: () => {
      w.terminated = true
    },
    reply: (msg: unknown) => deliver(() => listeners.forEach((l) => l({ data: msg } as MessageEvent))),
    fail: (message: string) => deliver(() => errorListeners.forEach((l) => l({ message, preventDefault() {} } as unknown as ErrorEvent))),
  }
  return w
}
