// SUPERVISE: the worker's checkpoints for the page. The page keeps the newest one to continue the
// run from after a fault; writing one is a single piece of work that cannot stop to say the worker
// is alive, so a slow one is announced first. Reads a wall clock (the host's), never the run's.

import { checkpointToJson } from '../engine/checkpointJson.ts'
import type { TimelineApi } from '../sim/timeline.ts'
import type { WorkerResponse } from './protocol.ts'

/** A checkpoint goes to the page at most this often (wall ms) … */
export const CHECKPOINT_EVERY_WALL_MS = 2000
/** … and only after this much more sim time (ms). */
export const CHECKPOINT_EVERY_SIM_MS = 1000
/**
 * … and no sooner than this many times what the last one took to make: a world of 10 000 lanes
 * takes ~0.3–1 s to write out, which every 2 s left the worker too little time to run (and draw).
 * Small worlds (a few ms) keep the 2 s rhythm.
 */
export const CHECKPOINT_COST_MULTIPLE = 20
/** … and the timeline's own newest checkpoint goes instead of a new one when at most this far behind (sim ms). */
export const REUSE_CHECKPOINT_WITHIN_SIM_MS = 10_000
/** A checkpoint that took at least this long (wall ms) is announced the next time: the page waits 750 ms. */
export const ANNOUNCE_BUSY_FROM_MS = 100
/** An announced checkpoint may take this many times the last one before the page worries. */
export const BUSY_MARGIN = 3

export interface CheckpointPosts {
  /** A new run: nothing written or posted yet. */
  reset(): void
  /** The new run starts at sim ms `t` (0, or the checkpoint it continues from). */
  started(t: number): void
  /** Posts a checkpoint of the run now, at most every CHECKPOINT_EVERY_WALL_MS and CHECKPOINT_EVERY_SIM_MS. */
  maybePost(tl: TimelineApi | null, runId: number): void
  /**
   * Writes a checkpoint (`write`), the timeline's or the page's copy. When the last one took long
   * enough to matter, the page first hears how long this one may take (BUSY_MARGIN times the last,
   * as load varies), so a big world's checkpoint under load (1–2.5 s for 10 000 lanes and 50
   * brokers) is not taken for a stuck worker.
   */
  write<T>(write: () => T): T
}

export function createCheckpointPosts(opts: { now: () => number; post?: (msg: WorkerResponse) => void }): CheckpointPosts {
  let lastSim = 0
  let lastWall = -Infinity
  let lastCost = 0
  /** Wall ms the last checkpoint took to write; null: none yet. */
  let writeMs: number | null = null

  const write = <T>(w: () => T): T => {
    if (writeMs !== null && writeMs >= ANNOUNCE_BUSY_FROM_MS && opts.post !== undefined) {
      opts.post({ type: 'alive', busyMs: Math.ceil(BUSY_MARGIN * writeMs) })
    }
    const before = opts.now()
    const out = w()
    writeMs = opts.now() - before
    return out
  }

  return {
    reset() {
      writeMs = null
    },
    started(t) {
      lastSim = t
      lastWall = -Infinity
    },
    write,
    maybePost(tl, runId) {
      if (tl === null || opts.post === undefined) return
      const t = tl.now()
      const wall = opts.now()
      if (t - lastSim < CHECKPOINT_EVERY_SIM_MS || wall - lastWall < CHECKPOINT_EVERY_WALL_MS) return
      // PAGEFPS: the timeline's own newest checkpoint, when recent, is sent as it is: writing a world
      // of 10 000 lanes again would stall the frames a second time (~0.1 s). The page continues from
      // a checkpoint at or before its moment either way (app/simClient.ts steps on from it).
      const kept = tl.newestCheckpoint?.() ?? null
      if (kept !== null && kept.t - lastSim >= CHECKPOINT_EVERY_SIM_MS && t - kept.t <= REUSE_CHECKPOINT_WITHIN_SIM_MS) {
        lastSim = kept.t
        lastWall = wall
        opts.post({ type: 'checkpoint', runId, t: kept.t, checkpoint: kept.text })
        return
      }
      if (wall - lastWall < CHECKPOINT_COST_MULTIPLE * lastCost) return
      lastSim = t
      lastWall = wall
      const sim = tl.sim()
      const checkpoint = write(() => checkpointToJson(sim.checkpoint()))
      lastCost = opts.now() - wall
      opts.post({ type: 'checkpoint', runId, t, checkpoint })
    },
  }
}
