// Per-lane bits (WorldState.laneExtras) that let the data plane skip what most lanes lack: per-key
// segments, samples waiting, an owner idle in its long poll. A bit may be set with nothing behind
// it (that only costs a look), never clear with something behind it (src/sim/laneExtras.test.ts).

import type { WorldState } from './worldState.ts'

/** partKeySegs[p] is not empty: first deliveries check per-key order there. */
export const LANE_KEY_SEGS = 1
/** samplesByP[p] may hold samples not yet delivered (set when one is added, cleared once none is). */
export const LANE_SAMPLES = 2
/**
 * The lane's owner may be idle in its long poll, so an append must look (pollLoop.wakeOwner).
 * Set on every lane a consumer owns when it starts waiting and on a lane that changes owner;
 * cleared by wakeOwner once the owner is not waiting. At 10 000 lanes a send cycle otherwise
 * asked every lane's owner, 2 M times a simulated second, whether it was waiting.
 */
export const LANE_WAKE = 4

/** Consumer c starts waiting in its long poll (fetch.max.wait.ms): an append to any of its lanes wakes it. */
export function startWaiting(w: WorldState, c: number): void {
  const cs = w.consumers[c]!
  cs.waiting = true
  for (const p of cs.owned) w.laneExtras[p]! |= LANE_WAKE
}

/**
 * A checkpoint from before laneExtras: the key bit from the lists, the samples and wake bits set
 * on every lane (a set bit only costs a look, which then clears it).
 */
export function migrateLaneExtras<W extends WorldState>(w: W): W {
  if (w.laneExtras !== undefined) return w
  w.laneExtras = new Uint8Array(w.P)
  for (let p = 0; p < w.P; p++) w.laneExtras[p] = (w.partKeySegs[p]!.length > 0 ? LANE_KEY_SEGS : 0) | LANE_SAMPLES | LANE_WAKE
  return w
}
