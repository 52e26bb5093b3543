// Test-only fault injection (issue 10's browser tests): with `debug=faults` in the page URL (query
// or hash), `window.__highwayDebug.fault(kind, atSec?, side?)` makes a simulation worker fail:
// 'close' (self.close()), 'throw' (an uncaught throw), 'throwInHandler' (a throw inside its
// message handler) or 'livelock' (busy forever). Without `atSec` it fails at once; with it, when
// its run reaches that moment, and again in the fresh worker after a retry (a fault "at the same
// moment"). A new run (Restart, a preset) clears it. Pages without `debug=faults` get no hook and
// their workers refuse the request.

import type { DebugFaultKind } from '../worker/protocol.ts'
import type { SimClient } from './simClient.ts'

const KINDS: readonly DebugFaultKind[] = ['close', 'throw', 'throwInHandler', 'livelock']

export function debugFaultsOn(loc: { search: string; hash: string }): boolean {
  const inQuery = new URLSearchParams(loc.search).getAll('debug').includes('faults')
  const inHash = loc.hash.replace(/^#/, '').split('&').includes('debug=faults')
  return inQuery || inHash
}

export interface DebugHook {
  fault(kind: DebugFaultKind, atSec?: number, side?: number): boolean
}

/** Installs the hook on `win` for these clients (a side index picks one); returns its removal. */
export function exposeDebugFaults(win: Window, clients: () => readonly SimClient[]): () => void {
  const hook: DebugHook = {
    fault(kind, atSec, side = 0) {
      const client = clients()[side]
      if (!KINDS.includes(kind) || client?.debugFault === undefined) return false
      client.debugFault(kind, atSec)
      return true
    },
  }
  const w = win as unknown as { __highwayDebug?: DebugHook }
  w.__highwayDebug = hook
  return () => {
    if (w.__highwayDebug === hook) delete w.__highwayDebug
  }
}
