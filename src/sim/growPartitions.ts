// A topic's new partitions in the world (Kafka only ever grows a topic): every per-partition array
// grows at the end, old partitions keep what they have.

import { growFaultState } from './brokers/faultState.ts'
import { growLedger } from './ledger.ts'
import { growSegStore } from './segLog.ts'
import { growShareWorld } from './share/shareState.ts'
import type { WorldState } from './worldState.ts'

function growF(a: Float64Array, n: number, fill = 0): Float64Array {
  const b = new Float64Array(n).fill(fill)
  b.set(a)
  return b
}

/** Adds partitions at the end (Kafka only ever grows a topic). New partitions have no committed offset (-1). */
export function growPartitions(w: WorldState, P: number): void {
  const old = w.P
  w.leo = growF(w.leo, P)
  w.pos = growF(w.pos, P)
  w.delivered = growF(w.delivered, P)
  w.skipped = growF(w.skipped, P)
  w.committed = growF(w.committed, P, -1)
  const owner = new Int32Array(P).fill(-1)
  owner.set(w.owner)
  w.owner = owner
  w.buffered = growF(w.buffered, P)
  w.capCarry = growF(w.capCarry, P)
  w.inWin = growF(w.inWin, P)
  w.sentWin = growF(w.sentWin, P)
  w.outWin = growF(w.outWin, P)
  w.inRate = growF(w.inRate, P)
  w.outRate = growF(w.outRate, P)
  const hot = new Uint8Array(P)
  hot.set(w.hotLane)
  w.hotLane = hot
  const lastOwner = new Int32Array(P).fill(-1)
  lastOwner.set(w.lastOwner)
  w.lastOwner = lastOwner
  w.movedAt = growF(w.movedAt, P, -Infinity)
  const extras = new Uint8Array(P)
  extras.set(w.laneExtras)
  w.laneExtras = extras
  growSegStore(w.segs, P)
  for (let p = old; p < P; p++) {
    w.segHead.push(0)
    w.held.push([])
    w.partKeySegs.push([])
    w.samplesByP.push([])
    w.sampleHead.push(0)
  }
  growLedger(w.ledger, P)
  if (w.faults) growFaultState(w.faults, P)
  if (w.share) growShareWorld(w.share, P)
  w.P = P
}
