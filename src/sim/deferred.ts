// Work scheduled for later by the world itself: a command issued by another command (a rolling
// restart's steps), a restarted consumer coming back up, a client's metadata refresh.
// Items live in the world state (plain data) so a checkpoint carries them.

import { EV, type SimCore } from './core.ts'
import type { Deferred } from './worldState.ts'

export function defer(sim: SimCore, at: number, item: Deferred): void {
  sim.w.deferred.push(item)
  sim.kernel.at(at, EV.deferred, sim.w.deferred.length - 1)
}
