// Animation samples of a send cycle: a few records a simulated second (at most 2 400 over all
// lanes) drawn from the cycle's chunks, in proportion to where the records went, so the highway
// shows traffic where it is. Drawn from the produce stream, after the cycle's appends.

import type { Chunks, ProduceContext } from './produce.ts'
import type { WorldState } from './worldState.ts'
import { LANE_SAMPLES } from './laneExtras.ts'

/** Animation samples per simulated second, over all lanes. */
export const PARTICLES_PER_SEC_PER_LANE = 40
export const MAX_PARTICLES_PER_SEC = 2400
/** Colours for ordinary (tail) keys start at this index. */
export const TAIL_COLOR_BASE = 16
export const TAIL_COLORS = 6
const MAX_PENDING_SAMPLES = 600

/**
 * Where the cycle's untracked records went, as running sums: of the tail chunks in order
 * (`chunks.cum`), or of a single producer's tail over every lane (`laneSums[p]`: a lane without
 * records adds nothing, so a draw lands on the same lane either way).
 */
export type TailSums = { chunks: Chunks } | { laneSums: Float64Array }

/** `appended[p]`: the records lane p appended this cycle (the log grew from leo[p] - appended[p]). */
export function addSamples(w: WorldState, keyChunks: number[], tails: TailSums, appended: Float64Array, ctx: ProduceContext): void {
  const perSec = Math.min(MAX_PARTICLES_PER_SEC, PARTICLES_PER_SEC_PER_LANE * w.P)
  w.sampleCarry += (perSec * ctx.dtMs) / 1000
  let want = Math.floor(w.sampleCarry)
  if (want <= 0) return
  w.sampleCarry -= want
  let keyTotal = 0
  for (let c = 3; c < keyChunks.length; c += 4) keyTotal += keyChunks[c]!
  // Running sums of the tail chunks (kept as they were pushed): a draw finds its chunk by binary
  // search, the same chunk a scan that subtracts each count would find (a scan over 10 000 lanes
  // per sample was the cost). Counts are whole numbers, so the sums are exact in any order.
  const chunks = 'chunks' in tails ? tails.chunks : null
  const T = chunks !== null ? chunks.n / 2 : w.P
  const tailCum = chunks !== null ? chunks.cum : (tails as { laneSums: Float64Array }).laneSums
  const total = keyTotal + (T > 0 ? tailCum[T - 1]! : 0)
  if (total <= 0) return
  want = Math.min(want, total)
  const allKeyless = w.producers.every((x) => x.model.keyless)
  for (let s = 0; s < want; s++) {
    let r = ctx.rng.int(total)
    let p = -1
    let keyIndex = -1
    for (let c = 0; c < keyChunks.length && p < 0; c += 4) {
      if (r < keyChunks[c + 3]!) {
        p = keyChunks[c + 2]!
        keyIndex = w.producers[keyChunks[c]!]!.model.keyless ? -1 : keyChunks[c + 1]!
      } else r -= keyChunks[c + 3]!
    }
    if (p < 0 && T > 0) {
      // first tail chunk (or lane) whose running sum exceeds r
      let lo = 0
      let hi = T - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (tailCum[mid]! > r) hi = mid
        else lo = mid + 1
      }
      if (r < tailCum[lo]!) {
        p = chunks !== null ? chunks.a[2 * lo]! : lo
        keyIndex = allKeyless ? -1 : TAIL_COLOR_BASE + ctx.rng.int(TAIL_COLORS)
      }
    }
    if (p < 0) continue
    const hi = w.leo[p]!
    const lo = hi - appended[p]!
    if (hi <= lo) continue // still queued in the producer
    const offset = lo + Math.floor(ctx.rng.next() * (hi - lo))
    const list = w.samplesByP[p]!
    if (list.length - w.sampleHead[p]! > MAX_PENDING_SAMPLES) continue // a jammed lane shows its queue, not every record
    w.laneExtras[p]! |= LANE_SAMPLES
    list.push({ partition: p, keyIndex, producedAt: ctx.now - ctx.rng.next() * ctx.dtMs, consumedAt: -1, offset, lagAtProduce: lo - w.delivered[p]! })
  }
}
