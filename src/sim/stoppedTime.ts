// Stopped partition-time: partition-milliseconds with nobody consuming (the partition is unowned,
// or its owner is down or in a GC pause), in total and per rebalance.
//
// The invariant, in one place: who is stopped, and which rebalance is open, change only while an
// engine event (or a command) runs. So `accrueStopped` runs first in every event and charges the
// interval since the previous one at the count and the open rebalance that held over it; code that
// may change who is stopped calls `recountStopped` afterwards. Readers (summary, frame) add the
// interval still pending without storing it. The figures are therefore a function of the events
// alone: stepping a run in other chunks, or asking for frames more often, never changes them.

import type { GroupRuntime } from './group/groupRuntime.ts'
import type { SimCore } from './core.ts'
import type { WorldState } from './worldState.ts'
import { runningReader } from './share/shareState.ts'

/** Index of the rebalance in progress in the runtime's log, or -1. */
export function openRebalance(group: GroupRuntime): number {
  const log = group.rebalanceLog()
  const i = log.length - 1
  return i >= 0 && log[i]!.endMs === null ? i : -1
}

export function accrueStopped(sim: SimCore): void {
  const w = sim.w
  const now = sim.kernel.now
  if (now <= w.stoppedSince) return
  if (w.stoppedCount > 0) {
    const ms = w.stoppedCount * (now - w.stoppedSince)
    w.stoppedPartitionMs += ms
    const open = openRebalance(sim.group)
    if (open >= 0) w.rebalanceStoppedMs[open] = (w.rebalanceStoppedMs[open] ?? 0) + ms
  }
  w.stoppedSince = now
}

function isStopped(w: WorldState, p: number, now: number): boolean {
  // A share group's lane stops only when none of its several members reads it.
  if (w.share) return runningReader(w, p, now) < 0
  const c = w.owner[p]!
  if (c < 0) return true
  const cs = w.consumers[c]!
  return cs.status !== 'running' || now < cs.pausedUntil
}

export function recountStopped(sim: SimCore): void {
  const w = sim.w
  let n = 0
  for (let p = 0; p < w.P; p++) if (isStopped(w, p, sim.kernel.now)) n++
  w.stoppedCount = n
}

/** Stopped partition-ms up to `now`, including the interval not yet accrued. */
export function stoppedMsAt(w: WorldState, now: number): number {
  return w.stoppedPartitionMs + pending(w, now)
}

/** Stopped partition-ms charged to rebalance `i` up to `now` (`open`: the one in progress, or -1). */
export function rebalanceStoppedMsAt(w: WorldState, i: number, open: number, now: number): number {
  return (w.rebalanceStoppedMs[i] ?? 0) + (i === open ? pending(w, now) : 0)
}

function pending(w: WorldState, now: number): number {
  return now > w.stoppedSince ? w.stoppedCount * (now - w.stoppedSince) : 0
}
