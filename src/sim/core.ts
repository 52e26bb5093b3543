// What the simulation's parts share: the world, the clock, the random streams, the group runtime
// and the narration sink. simulation.ts owns one; every module under sim/ takes it as `sim`.

import type { Kernel } from '../engine/kernel.ts'
import type { Rng } from '../engine/rng.ts'
import type { GroupRuntime } from './group/groupRuntime.ts'
import type { Fact } from './narration.ts'
import type { WorldState } from './worldState.ts'

/** Engine event kinds (the kernel's `kind`); `arg` is a consumer slot, an action index, a token… */
export const EV = {
  produce: 1,
  poll: 2,
  metrics: 3,
  // 4 was a scripted action; actions now run between events (simulation.ts advanceTo).
  group: 5,
  resume: 6,
  deferred: 7,
  /** A share-partition's acquisition locks expire (arg = partition; share/shareDataPlane.ts). */
  share: 8,
} as const

/** One seeded stream per concern, so adding draws in one never shifts another's. */
export interface SimRngs {
  produce: Rng
  consume: Rng
  group: Rng
  /** Replica placement of added partitions (stream 4). */
  brokers: Rng
}

export interface SimCore {
  readonly w: WorldState
  readonly kernel: Kernel
  readonly rng: SimRngs
  readonly group: GroupRuntime
  /** Records a fact for the narration, stamped with the current sim time. */
  say(fact: Fact): void
}

/** The producer send cycle: linger.ms (at least 1 ms, so linger.ms=0 still batches per ms). */
export function cycleMs(sim: SimCore): number {
  return Math.max(1, sim.w.live.producerConfig['linger.ms'])
}
