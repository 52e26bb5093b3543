// One producer send cycle (every linger.ms): records produced since the last cycle are split into
// per-partition batches the way the Java producer would route them, then appended to the logs.
// Work per cycle grows with partitions and tracked keys, never with the record rate.

import { partitionForKey } from '../kafka/murmur2.ts'
import { hashesKeys } from '../kafka/partitioners/partitioner.ts'
import type { Rng } from '../engine/rng.ts'
import { apportion } from './apportion.ts'
import { partitionerName, routeKeyless } from './keylessRouting.ts'
import { rateAt } from './rate.ts'
import type { ProducerState, WorldState } from './worldState.ts'
import { saltedKey } from './keyModel.ts'
import type { Fact } from './narration.ts'
import { appendAll } from './appendBatches.ts'

export { initialKeylessRouting } from './keylessRouting.ts'

export interface ProduceContext {
  now: number
  dtMs: number
  rng: Rng
  /** Called for each partition that received records whose owner may be idle in its long poll (wakes it). */
  appended: (p: number) => void
  /** Narration. */
  say: (fact: Fact) => void
}


// Scratch arrays reused across ticks (not state: rebuilt on size change, never checkpointed).
let scratchAdd = new Float64Array(0)
let scratchCost = new Float64Array(0)

/**
 * A cycle's flat chunk list ([partition, count] or [producer, key, partition, count]) in a reused
 * typed buffer: at 10 000 partitions a fresh JS array per cycle was most of the engine's garbage.
 * `cum[i]` is the running sum of the first i + 1 counts, kept as the chunks are pushed: the
 * animation samples draw from it (produceSamples.ts), and summing 10 000 chunks again there was
 * a pass of its own each send cycle.
 */
export interface Chunks {
  a: Float64Array
  n: number
  cum: Float64Array
}
const tailScratch: Chunks = { a: new Float64Array(1024), n: 0, cum: new Float64Array(512) }
function push2(c: Chunks, x: number, y: number): void {
  if (c.n + 2 > c.a.length) {
    const b = new Float64Array(c.a.length * 2)
    b.set(c.a)
    c.a = b
    const cum = new Float64Array(c.cum.length * 2)
    cum.set(c.cum)
    c.cum = cum
  }
  const i = c.n >> 1
  c.cum[i] = i > 0 ? c.cum[i - 1]! + y : y
  c.a[c.n++] = x
  c.a[c.n++] = y
}

export function produceTick(w: WorldState, ctx: ProduceContext): void {
  const logs = w.P
  if (scratchAdd.length !== logs) {
    scratchAdd = new Float64Array(logs)
    scratchCost = new Float64Array(logs)
  }
  // Producers route over the partitions of their last metadata refresh, which may lag the broker's.
  const P = w.producerPartitions
  const add = scratchAdd
  const cost = scratchCost
  add.fill(0)
  cost.fill(0)
  const keyChunks: number[] = [] // flat [producer, key, partition, count]
  const tailChunks = tailScratch // flat [partition, count]
  tailChunks.n = 0
  let total = 0
  const cfg = w.live.producerConfig
  const ignoreKeys = !hashesKeys(partitionerName(w), cfg['partitioner.ignore.keys'])
  const dyn = w.live.dynamic
  // Adding a producer's tail lane by lane in the append loop keeps every lane's sums in the order the
  // producers give them only when there is one producer (its tracked keys, then its tail).
  const single = w.producers.length === 1
  let tailLanes: Float64Array | null = null

  for (let i = 0; i < w.producers.length; i++) {
    const ps = w.producers[i]!
    const spec = w.live.producers[i]!
    const rate = rateAt(spec.rate, ctx.now - ctx.dtMs / 2)
    const x = (rate * ctx.dtMs) / 1000 + ps.carry
    const n = Math.floor(x)
    ps.carry = x - n
    if (n <= 0) continue
    total += n
    w.producedWin += n
    w.ledger.generated += n
    const m = ps.model
    if (m.keyless || ignoreKeys) {
      const chunks = routeKeyless(w, ps, n, spec.recordBytes, ctx.rng)
      for (let c = 0; c < chunks.length; c += 2) {
        add[chunks[c]!]! += chunks[c + 1]!
        cost[chunks[c]!]! += chunks[c + 1]!
        push2(tailChunks, chunks[c]!, chunks[c + 1]!)
      }
      // Tracked keys ride along with the chunks the sticky logic chose: their order is lost.
      for (let k = 0; k < m.tracked.length; k++) {
        const tk = m.tracked[k]!
        const xk = n * tk.prob + ps.trackedCarry[k]!
        const ck = Math.min(Math.floor(xk), n)
        ps.trackedCarry[k] = xk - ck
        if (ck <= 0 || chunks.length === 0) continue
        const chunk = ((k + ps.rideAlong++) % (chunks.length / 2)) * 2
        const p = chunks[chunk]!
        keyChunks.push(i, k, p, ck)
        cost[p]! += ck * (tk.cost - 1)
        ps.keyWin[k]! += ck
        if (tk.role === 'sample') ps.sampleProduced += ck
      }
      continue
    }
    // Keyed records: split exactly among the tracked keys and the tail, then the tail among the
    // partitions by its per-partition weights, so every record of the cycle is routed now.
    const T = m.tracked.length
    const counts = splitAmongKeys(ps, n)
    let leastLoaded = -1
    for (let k = 0; k < T; k++) {
      const tk = m.tracked[k]!
      const ck = counts[k]!
      if (ck <= 0) continue
      ps.keyWin[k]! += ck
      if (tk.role === 'sample') ps.sampleProduced += ck
      const flagged = ps.flagged[k]!
      if (dyn.loadAware.enabled && (dyn.loadAware.scope === 'all' || flagged)) {
        if (leastLoaded < 0) leastLoaded = leastLoadedLane(w)
        keyChunks.push(i, k, leastLoaded, ck)
        add[leastLoaded]! += ck
        cost[leastLoaded]! += ck * tk.cost
      } else if (dyn.salting.enabled && flagged) {
        const splits = Math.max(1, dyn.salting.splits)
        const carry = ps.saltCarry[k]!
        while (carry.length < splits) carry.push(0)
        carry.length = splits
        const perSalt = apportion(ck, evenWeights(splits), carry, scratchFor('salt', splits))
        for (let s = 0; s < splits; s++) {
          const cs = perSalt[s]!
          if (cs <= 0) continue
          const p = partitionForKey(saltedKey(tk.name, s), P)
          keyChunks.push(i, k, p, cs)
          add[p]! += cs
          cost[p]! += cs * tk.cost
        }
      } else {
        keyChunks.push(i, k, tk.partition, ck)
        add[tk.partition]! += ck
        cost[tk.partition]! += ck * tk.cost
      }
    }
    const tail = m.tailProb > 0 ? counts[T]! : 0
    if (tail > 0) {
      ps.tailProduced += tail
      const weights = dyn.loadAware.enabled && dyn.loadAware.scope === 'all' ? inverseLoadWeights(w) : m.tailWeights
      if (single) {
        // The one producer's tail stays where the split writes it: the append loop adds it to each
        // lane after its tracked keys, as the copy below would have (the same sums in the same
        // order), without a pass of its own over 10 000 lanes or their chunk list.
        tailLanes = apportion(tail, weights, ps.tailCarry, tailScratchFor(w.P, P))
        continue
      }
      const perPartition = apportion(tail, weights, ps.tailCarry, scratchFor('tail', P))
      for (let p = 0; p < P; p++) {
        const cp = perPartition[p]!
        if (cp > 0) {
          add[p]! += cp
          cost[p]! += cp
          push2(tailChunks, p, cp)
        }
      }
    }
  }
  if (total === 0 && !hasBuffered(w)) return
  appendAll(w, { add, cost, tail: tailLanes, keyChunks, tailChunks }, ctx)
}

/** The single producer's tail split: one entry per lane of the world, zero past the producer's metadata. */
let tailScratch1 = new Float64Array(0)
function tailScratchFor(lanes: number, P: number): Float64Array {
  if (tailScratch1.length !== lanes) tailScratch1 = new Float64Array(lanes)
  if (P < lanes) tailScratch1.fill(0, P)
  return tailScratch1
}

const scratch: Record<'keys' | 'salt' | 'tail' | 'keyWeights' | 'keyCarry' | 'even', Float64Array> = {
  keys: new Float64Array(0),
  salt: new Float64Array(0),
  tail: new Float64Array(0),
  keyWeights: new Float64Array(0),
  keyCarry: new Float64Array(0),
  even: new Float64Array(0),
}
function scratchFor(name: keyof typeof scratch, n: number): Float64Array {
  if (scratch[name].length !== n) scratch[name] = new Float64Array(n)
  return scratch[name]
}

function evenWeights(n: number): Float64Array {
  const e = scratchFor('even', n)
  if (e[0] !== 1 / n) e.fill(1 / n)
  return e
}

/**
 * A cycle's `n` keyed records split among the tracked keys and (last entry) the tail, exactly.
 * The tracked keys keep their carries in `trackedCarry`; the tail's is what makes all carries sum
 * to zero, so it needs no state of its own. Without a tail, only the tracked keys share.
 */
function splitAmongKeys(ps: ProducerState, n: number): Float64Array {
  const m = ps.model
  const T = m.tracked.length
  const entries = m.tailProb > 0 ? T + 1 : T
  const weights = scratchFor('keyWeights', entries)
  const carry = scratchFor('keyCarry', entries)
  let carried = 0
  for (let k = 0; k < T; k++) {
    weights[k] = m.tracked[k]!.prob
    carry[k] = ps.trackedCarry[k]!
    carried += carry[k]!
  }
  if (entries > T) {
    weights[T] = m.tailProb
    carry[T] = -carried
  }
  const counts = apportion(n, weights, carry, scratchFor('keys', entries))
  for (let k = 0; k < T; k++) ps.trackedCarry[k] = carry[k]!
  return counts
}

function hasBuffered(w: WorldState): boolean {
  for (let p = 0; p < w.P; p++) if (w.buffered[p]! > 0) return true
  return false
}

/** Lane load as a producer-side router sees it: records not yet delivered plus records queued. */
function laneLoad(w: WorldState, p: number): number {
  return w.leo[p]! - w.delivered[p]! + w.buffered[p]!
}

function leastLoadedLane(w: WorldState): number {
  let best = 0
  let bestLoad = Infinity
  for (let p = 0; p < w.producerPartitions; p++) {
    const l = laneLoad(w, p)
    if (l < bestLoad) {
      bestLoad = l
      best = p
    }
  }
  return best
}

function inverseLoadWeights(w: WorldState): Float64Array {
  const P = w.producerPartitions
  const out = new Float64Array(P)
  let sum = 0
  for (let p = 0; p < P; p++) {
    out[p] = 1 / (1 + laneLoad(w, p) / 1000)
    sum += out[p]!
  }
  for (let p = 0; p < P; p++) out[p]! /= sum
  return out
}
