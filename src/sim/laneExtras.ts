// Per-lane bits (WorldState.laneExtras) that say whether a lane has per-key segments or samples
// waiting, so the fetch path reads those lists only where they exist.

import type { WorldState } from './worldState.ts'

/** partKeySegs[p] is not empty: first deliveries check per-key order there. */
export const LANE_KEY_SEGS = 1
/** samplesByP[p] may hold samples not yet delivered (set when one is added, cleared once none is). */
export const LANE_SAMPLES = 2

/**
 * A checkpoint from before laneExtras: the key bit from the lists, the samples bit set on every
 * lane (a set bit only costs a look at the list, which then clears it).
 */
export function migrateLaneExtras<W extends WorldState>(w: W): W {
  if (w.laneExtras !== undefined) return w
  w.laneExtras = new Uint8Array(w.P)
  for (let p = 0; p < w.P; p++) w.laneExtras[p] = (w.partKeySegs[p]!.length > 0 ? LANE_KEY_SEGS : 0) | LANE_SAMPLES
  return w
}
