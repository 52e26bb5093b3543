// Web Worker entry: wires a SimHost to the worker's message port. One simulation per worker;
// the page creates one worker per highway it shows (and a fresh one after a fault: src/app/simClient.ts).

import type { DebugFaultKind, WorkerRequest } from './protocol.ts'
import { transferablesOf } from './protocol.ts'
import { createSimHost } from './simHost.ts'

/** The part of DedicatedWorkerGlobalScope used here (the app's tsconfig has the DOM lib, not WebWorker). */
interface WorkerScope {
  onmessage: ((ev: MessageEvent<WorkerRequest>) => void) | null
  postMessage(message: unknown, transfer?: Transferable[]): void
  close(): void
}

const scope = self as unknown as WorkerScope
const host = createSimHost({ now: () => performance.now(), post: (msg) => scope.postMessage(msg) })

// Test-only faults (the page sends them only with `debug=faults` in its URL, and this worker
// accepts them only when its init said so): the three ways a worker dies, and a livelock.
let debugFaults = false
let armed: { kind: DebugFaultKind; atMs: number } | null = null

function fail(kind: DebugFaultKind): void {
  switch (kind) {
    case 'close':
      scope.close()
      return
    case 'throw':
      // Uncaught, outside any message handler: the page sees the worker's `error` event.
      setTimeout(() => {
        throw new Error('debug fault: an uncaught throw in the simulation worker')
      }, 0)
      return
    case 'throwInHandler':
      throw new Error('debug fault: a throw inside the worker’s message handler')
    case 'livelock':
      for (;;) {
        // Busy forever, as a simulation that never advances: only terminate() ends it.
      }
  }
}

scope.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  const req = ev.data
  if (req.type === 'dispose') {
    scope.close()
    return
  }
  if (req.type === 'init') debugFaults = req.debugFaults === true
  if (req.type === 'debugFault') {
    if (!debugFaults) return
    if (req.atSec === undefined) fail(req.kind)
    else armed = { kind: req.kind, atMs: req.atSec * 1000 }
    return
  }
  const res = host.handle(req)
  if (res === null) return
  if (res.type === 'frame') {
    if (armed !== null && res.frame.t >= armed.atMs) {
      const kind = armed.kind
      armed = null
      fail(kind)
      return
    }
    scope.postMessage(res, transferablesOf(res))
  } else scope.postMessage(res)
}
