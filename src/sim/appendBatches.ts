// The second half of a producer send cycle (produce.ts routes the records): each partition's batch
// appended to its log, as far as lane capacity, broker capacity and broker faults let it (records its
// producer held go first, each stretch with the time it waited), with its
// segment (when, where it ends, its mean cost), the brokers' counts and the owner's wake-up; then
// the tracked keys' segments and the cycle's animation samples.

import type { Chunks, ProduceContext } from './produce.ts'
import type { KeySegments, WorldState } from './worldState.ts'
import { meanRecordBytes } from './brokers/brokerLoad.ts'
import { noteBrokerAppend, planBrokerAppends, settleBrokerAppends } from './brokers/brokerCapacity.ts'
import { blockedLanes, holdBack } from './brokers/producerRetry.ts'
import { producerDelivery } from './brokers/faultState.ts'
import { pushSeg } from './segLog.ts'
import { appendAfterHeld, expireHeld, holdRecords } from './producerHeld.ts'
import { LANE_KEY_SEGS, LANE_WAKE } from './laneExtras.ts'
import { addSamples } from './produceSamples.ts'

/** What a send cycle routed, per lane of the world. Scratch: appendAll leaves `add` holding what each lane appended. */
export interface CycleBatches {
  /** Records per lane (tracked keys, keyless chunks, and every tail but a single producer's). */
  add: Float64Array
  /** Their summed cost multipliers. */
  cost: Float64Array
  /** A single producer's tail split, added after `add` lane by lane (a tail record costs 1); null when none. */
  tail: Float64Array | null
  /** flat [producer, key, partition, count] */
  keyChunks: number[]
  /** flat [partition, count]: keyless chunks and the tails of several producers. */
  tailChunks: Chunks
}

// Scratch (not state): running sums of a single producer's tail over the lanes, for the samples.
let tailSums = new Float64Array(0)

/** Appends each partition's batch (respecting an optional lane capacity) and records segments. */
export function appendAll(w: WorldState, batches: CycleBatches, ctx: ProduceContext): void {
  const { add, cost, tail, keyChunks, tailChunks } = batches
  const cap = w.live.broker.appendCapacityPerSec
  const bytesPerRecord = meanRecordBytes(w, ctx.now)
  const blocked = blockedLanes(w, ctx.now) // null unless a broker fault ran
  // Broker capacity (cluster.brokerCapacityPerSec): null, and nothing changes, when it is not set.
  // A blocked lane appends nothing this cycle, so it wants none of its leader's capacity: counted,
  // its growing buffer (acks=all waiting for a dead follower) starved the lanes that could append.
  const brokerPlan = planBrokerAppends(w, (p) => (blocked !== null && blocked[p] === 1 ? 0 : add[p]! + (tail !== null ? tail[p]! : 0) + w.buffered[p]!), ctx.dtMs)
  // Read once per send cycle rather than once for each of up to 10 000 lanes.
  const buffered = w.buffered
  const leo = w.leo
  const inWin = w.inWin
  const sentWin = w.sentWin
  const extras = w.laneExtras
  const segs = w.segs
  const leader = w.cluster.leader
  const brokers = w.cluster.brokers
  const now = ctx.now
  const held = w.held
  const expireBy = now - producerDelivery(w.live)['delivery.timeout.ms']
  const share = w.share !== undefined
  const P = w.P
  if (tail !== null && tailSums.length !== P) tailSums = new Float64Array(P)
  let tailSum = 0
  for (let p = 0; p < P; p++) {
    // The lane's records: its tracked keys' (and any keyless chunk's), then the single producer's
    // tail, one addition, as the tail's own pass added it before.
    let added = add[p]!
    let addedCost = 0
    if (tail !== null) {
      const tp = tail[p]!
      added += tp
      addedCost = tp
      tailSum += tp
      tailSums[p] = tailSum
    }
    sentWin[p]! += added
    let before = buffered[p]!
    // Held past delivery.timeout.ms since send(): they fail, and the lane holds the rest.
    if (before > 0 && held[p]![0]! <= expireBy) before = expireHeld(w, p, expireBy)
    const want = added + before
    add[p] = 0 // from here on: what the lane appended this cycle (read by the samples)
    if (want <= 0) continue
    if (blocked !== null && blocked[p] === 1) {
      // No reachable leader (or acks=all cannot be satisfied): the batch stays in the producer.
      buffered[p] = want
      holdRecords(w, p, added, now)
      holdBack(w, p, now)
      continue
    }
    let m = want
    if (cap !== null) {
      const budget = (cap * ctx.dtMs) / 1000 + w.capCarry[p]!
      m = Math.min(want, Math.floor(budget))
      w.capCarry[p] = Math.min(budget - m, cap) // unused capacity does not pile up beyond 1 s
      if (m < want && w.buffered[p] === 0) ctx.say({ kind: 'lane.saturated', partition: p, capacityPerSec: cap })
    }
    if (brokerPlan) {
      const laneAllows = m
      m = Math.min(m, brokerPlan.allow[p]!)
      noteBrokerAppend(w, brokerPlan, p, m, laneAllows)
    }
    buffered[p] = want - m
    if (m <= 0) {
      holdRecords(w, p, added, now)
      continue
    }
    add[p] = m
    // A lane whose records are all a single producer's tail costs 1 a record: (0 + t) / t exactly,
    // without reading its cost.
    const avgCost = added > 0 ? (tail !== null && added === addedCost ? 1 : (cost[p]! + addedCost) / added) : 1
    const start = leo[p]!
    const end = start + m
    leo[p] = end
    inWin[p]! += m
    // The leader's broker appended them (brokerLoad.ts counts them per window). The leader and
    // broker arrays and the time are read once per cycle, not by a helper for each of 10 000 lanes:
    // the loop took ~15 % less at full size (median cycle, interleaved runs).
    const b = leader[p]!
    if (b >= 0) {
      const broker = brokers[b]!
      broker.inWin += m
      broker.bytesInWin += m * bytesPerRecord
    }
    if (before > 0) appendAfterHeld(w, p, before, start, m, added, now, avgCost)
    else {
      pushSeg(segs, p, now, end, avgCost, 0)
      if (m < added) holdRecords(w, p, added - m, now) // the rest wait their turn
    }
    if (share || (extras[p]! & LANE_WAKE) !== 0) ctx.appended(p)
  }
  if (brokerPlan) settleBrokerAppends(w, brokerPlan, ctx.dtMs)
  // Per-key segments: where each tracked key's records of this cycle ended up.
  for (let c = 0; c < keyChunks.length; c += 4) {
    const pi = keyChunks[c]!, k = keyChunks[c + 1]!, p = keyChunks[c + 2]!, n = keyChunks[c + 3]!
    const seg = keySegmentsFor(w, pi, k, p)
    seg.t.push(ctx.now)
    seg.end.push(w.leo[p]!)
    seg.n.push(n)
  }
  addSamples(w, keyChunks, tail !== null ? { laneSums: tailSums } : { chunks: tailChunks }, add, ctx)
}

function keySegmentsFor(w: WorldState, producer: number, key: number, p: number): KeySegments {
  const list = w.partKeySegs[p]!
  for (const idx of list) {
    const s = w.keySegs[idx]!
    if (s.producer === producer && s.key === key) return s
  }
  const s: KeySegments = { producer, key, partition: p, t: [], end: [], n: [], head: 0 }
  w.keySegs.push(s)
  list.push(w.keySegs.length - 1)
  w.laneExtras[p]! |= LANE_KEY_SEGS
  return s
}
