// How far a moment link's run advances per request on its way to the moment (mountHighway.tsx).
// Each request is answered with a frame, and the supervisor takes a worker that does not answer a
// step within ANSWER_WITHIN_MS (supervisor.ts) for a stuck one: 20 simulated seconds of a
// 10 000-partition run are seconds of work, so such a link's page stopped its simulation at 0 s.
// The chunk is sized by the scenario's estimated cost (scenario/validation/cost.ts). Pure.

import type { Scenario } from '../scenario/types.ts'
import { estimateCost } from '../scenario/validation/cost.ts'

/** The chunk of a cheap run (the default scenario's 20 s take a few ms). */
export const OPEN_CHUNK_MAX_MS = 20_000
/** The smallest chunk: a request per 100 simulated ms at worst. */
export const OPEN_CHUNK_MIN_MS = 100
/**
 * Work one chunk may take by the estimate (µs on the reference machine): a third of the 750 ms the
 * supervisor waits, so a machine two or three times slower, or busy, still answers in time.
 */
export const OPEN_CHUNK_WORK_US = 250_000

/** Sim ms to advance per request toward a link's moment; whole hundreds of ms. */
export function openChunkMs(s: Scenario): number {
  const usPerSimSec = estimateCost(s).usPerSimSec
  const ms = Math.floor((OPEN_CHUNK_WORK_US / Math.max(1, usPerSimSec)) * 10) * 100
  return Math.min(OPEN_CHUNK_MAX_MS, Math.max(OPEN_CHUNK_MIN_MS, ms))
}
