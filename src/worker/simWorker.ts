// Web Worker entry: wires a SimHost to the worker's message port. One simulation per worker;
// the page creates one worker per highway it shows.

import type { WorkerRequest } from './protocol.ts'
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

scope.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  const req = ev.data
  if (req.type === 'dispose') {
    scope.close()
    return
  }
  const res = host.handle(req)
  if (res === null) return
  if (res.type === 'frame') scope.postMessage(res, transferablesOf(res))
  else scope.postMessage(res)
}
