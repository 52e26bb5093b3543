// The consumer side of the data plane: fetching up to max.poll.records from owned partitions,
// first deliveries (latency, per-key order, samples) versus re-deliveries after a rebalance
// (duplicates, as at-least-once gives them), and committing offsets.

import { recordLatency } from './latencyHistogram.ts'
import { noteHanded } from './ledger.ts'
import { noteFetch } from './brokers/brokerLoad.ts'
import { commitPc } from './parallel/pcCommit.ts'
import type { WorldState } from './worldState.ts'
import { readableEnd } from './brokers/producerRetry.ts'
import { LANE_KEY_SEGS, LANE_SAMPLES } from './laneExtras.ts'
import { DETAILED, OWN, POOL_SLOT, segCost, segEnd, segTime, segWait } from './segLog.ts'
import { mergeFrontSegs } from './segLogFront.ts'

export interface FetchResult {
  records: number
  /** Sum of per-record cost multipliers (1 = an ordinary record). */
  costUnits: number
}

/**
 * Fetches for consumer `c` from the partitions it owns, rotating the start
 * partition between polls as the fetcher does. Advances positions; for a Parallel Consumer, fills `batch` with the
 * ranges handed to the application.
 */
export function fetchForConsumer(w: WorldState, c: number, maxRecords: number, now: number, extraLatencyMs: number): FetchResult {
  const cs = w.consumers[c]!
  const owned = cs.owned
  const n = owned.length
  // Reused: a fresh array per poll was garbage at 1 000 consumers. Emptied only when it is not
  // (the length setter is a builtin call, and onPoll has usually emptied it already).
  if (cs.batch.length !== 0) cs.batch.length = 0
  // Only a Parallel Consumer reads what a poll returned (pcPoll.ts); a classic consumer's batch is
  // the records and the time to process them. Filling it anyway regrew the array every poll, as
  // emptying it gives its storage back.
  const batch = w.live.group.parallel ? cs.batch : null
  // Read once per poll rather than once per lane, and the common delivery written out in this loop
  // rather than behind deliver(), noteHanded, noteFetch, collapseDelivered and afterFirstDelivery
  // (each their common case only; the rest goes to them): a full-size run fetches from a million
  // lanes a simulated second, and with each helper reloading the world's arrays for each lane the
  // median poll took ~10 % longer (consume.test.ts pins the written-out copies).
  const pos = w.pos
  const leo = w.leo
  const faulted = w.faults !== undefined
  const delivered = w.delivered
  const segHead = w.segHead
  const segs = w.segs
  const segN = segs.n
  const segFlags = segs.flags
  const pool = segs.pool
  const outWin = w.outWin
  const hist = w.latencyWin
  const ledger = w.ledger
  const handed = ledger.handed
  const handedOnce = ledger.handedOnce
  const open = ledger.open!
  const leader = w.cluster.leader
  const brokers = w.cluster.brokers
  const extras = w.laneExtras
  let remaining = maxRecords
  let costUnits = 0
  let next = cs.rr
  let i = cs.rr - 1
  for (let j = 0; j < n && remaining > 0; j++) {
    if (++i >= n) i = 0 // (rr + j) % n
    const p = owned[i]!
    const from = pos[p]!
    const avail = (faulted ? readableEnd(w, p, now) : leo[p]!) - from // the log end, unless a broker fault holds it back
    if (avail <= 0) continue
    const take = Math.min(avail, remaining)
    const to = from + take
    remaining -= take
    next = i + 1
    pos[p] = to
    if (batch !== null) batch.push(p, from, to)
    // noteHanded: nearly every fetch extends the lane's newest handed range.
    if (from >= 0 && open[2 * p + 1] === from) {
      handed[p]! += to - from
      open[2 * p + 1] = to
      handedOnce[p]! += to - from
    } else noteHanded(ledger, p, from, to)
    // segArray and segBase, from one read of the lane's flags byte, which the DETAILED test below
    // reads too: calling them (three reads) ran the full size ~2 % slower in interleaved pairs.
    const f = segFlags[p]!
    const a = (f & OWN) === 0 ? pool : segs.own[p]!
    const base = (f & OWN) === 0 ? p * POOL_SLOT : 0
    const sn = segN[p]!
    let h = segHead[p]!
    // The common case, a fetch continuing where the lane's first deliveries ended (costOfRange would
    // find `from` in segment h, the first undelivered one), on a lane whose records all cost 1 and
    // never waited in a producer. Anything else: deliver().
    if ((f & DETAILED) !== 0 || from !== delivered[p]! || h >= sn || a[base + h * 2 + 1]! <= from || (h > 0 && a[base + h * 2 - 1]! > from)) {
      costUnits += deliver(w, p, from, to, now, extraLatencyMs)
      continue
    }
    // firstDelivery's latency loop: each segment's latency, segHead past what is delivered.
    let prevEnd = h > 0 ? a[base + h * 2 - 1]! : from
    while (h < sn) {
      const o = base + h * 2
      const end = a[o + 1]!
      const lo = Math.max(prevEnd, from)
      const hi = Math.min(end, to)
      if (hi > lo) recordLatency(hist, now - a[o]! + extraLatencyMs, hi - lo)
      if (end > to) break
      prevEnd = end
      h++
    }
    // Merge the delivered segments now rather than at the next prune: a lane then holds a few
    // segments instead of a metrics window's worth, which keeps 10 000 lanes' logs in cache. Only
    // the last delivered end is ever read again (see collapseDelivered), so results are unchanged.
    // Bounded: the bound is high because a consumer a few polls behind takes max.poll.records at
    // once, dozens of segments per lane: at 8, a tenth of a full-size run's lanes kept them until
    // the prune, in arrays of their own that pushed the lanes' working set out of cache.
    if (h >= 2 && h <= EAGER_COLLAPSE_MAX) {
      mergeFrontSegs(a, base, h, sn)
      segN[p] = sn - (h - 1)
      h = 1
    }
    segHead[p] = h
    costUnits += take // every record costs 1
    outWin[p]! += take
    const b = leader[p]! // noteFetch: fetched from the partition's leader
    if (b >= 0) brokers[b]!.outWin += take
    // afterFirstDelivery; most lanes have no tracked keys, samples or sleeper to look at.
    if (extras[p] !== 0) afterFirstDelivery(w, p, to, now)
    else delivered[p] = to
  }
  cs.rr = n > 0 ? next % n : 0
  return { records: maxRecords - remaining, costUnits }
}

const EAGER_COLLAPSE_MAX = 256

/**
 * Hands offsets [from, to) of partition p to the application, in general (fetchForConsumer writes
 * out the common case itself): re-deliveries counted as duplicates, then first deliveries. Returns
 * their cost units.
 */
export function deliver(w: WorldState, p: number, from: number, to: number, now: number, extraLatencyMs: number): number {
  const seen = w.delivered[p]!
  const cost = costOfRange(w, p, from, to)
  w.outWin[p]! += to - from
  noteFetch(w.cluster, p, to - from) // fetched from the partition's leader
  if (from < seen) w.duplicates += Math.min(to, seen) - from
  if (to > seen) firstDelivery(w, p, Math.max(from, seen), to, now, extraLatencyMs)
  return cost
}

function firstDelivery(w: WorldState, p: number, from: number, to: number, now: number, extraLatencyMs: number): void {
  // Latency of every record, at segment granularity (one segment per producer send cycle, and per
  // stretch of records held in the producer): from send(), so the time a record waited in its
  // producer (a leader away or at capacity) counts, as it does for a consumer reading CreateTime.
  const s = w.segs
  let h = w.segHead[p]!
  let prevEnd = h > 0 ? segEnd(s, p, h - 1) : from
  while (h < s.n[p]!) {
    const end = segEnd(s, p, h)
    const lo = Math.max(prevEnd, from)
    const hi = Math.min(end, to)
    if (hi > lo) recordLatency(w.latencyWin, now - segTime(s, p, h) + segWait(s, p, h) + extraLatencyMs, hi - lo)
    if (end > to) break
    prevEnd = end
    h++
  }
  w.segHead[p] = h
  afterFirstDelivery(w, p, to, now)
}

/** Per-key order, animation samples and the delivery frontier, once records up to `to` are first delivered. */
function afterFirstDelivery(w: WorldState, p: number, to: number, now: number): void {
  // Per-key order: a tracked key's records consumed after a later record of the same key. A share
  // group checks it when members finish processing instead (share/shareOrdering.ts).
  const extras = w.laneExtras[p]!
  if (!w.share && (extras & LANE_KEY_SEGS) !== 0) keyOrderOnFirstDelivery(w, p, to)
  // Animation samples leave the lane.
  if ((extras & LANE_SAMPLES) !== 0) {
    const list = w.samplesByP[p]!
    let sh = w.sampleHead[p]!
    while (sh < list.length && list[sh]!.offset < to) {
      list[sh]!.consumedAt = now
      sh++
    }
    w.sampleHead[p] = sh
    if (sh >= list.length) w.laneExtras[p] = extras & ~LANE_SAMPLES
  }
  w.delivered[p] = to
}

function keyOrderOnFirstDelivery(w: WorldState, p: number, to: number): void {
  for (const idx of w.partKeySegs[p]!) {
    const s = w.keySegs[idx]!
    const ps = w.producers[s.producer]
    if (!ps) continue
    while (s.head < s.end.length && s.end[s.head]! <= to) {
      const t = s.t[s.head]!
      const n = s.n[s.head]!
      if (t < ps.maxDeliveredT[s.key]!) ps.violations[s.key]! += n
      else ps.maxDeliveredT[s.key] = t
      s.head++
    }
  }
}

/** Mean cost multiplier of offsets [from, to), from the kept segments (1 where none is kept). */
export function costOfRange(w: WorldState, p: number, from: number, to: number): number {
  const s = w.segs
  const n = s.n[p]!
  // first segment whose end > from: usually the first one not yet delivered (a first delivery
  // starts there), so check it before searching every kept segment.
  const h = w.segHead[p]!
  let lo = 0
  let hi = n
  if (h < hi && segEnd(s, p, h) > from && (h === 0 || segEnd(s, p, h - 1) <= from)) lo = hi = h
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (segEnd(s, p, mid) > from) hi = mid
    else lo = mid + 1
  }
  let cost = 0
  let covered = 0
  let prevEnd = lo > 0 ? segEnd(s, p, lo - 1) : from
  for (let i = lo; i < n; i++) {
    const end = segEnd(s, p, i)
    const a = Math.max(prevEnd, from)
    const b = Math.min(end, to)
    if (b > a) {
      cost += (b - a) * segCost(s, p, i)
      covered += b - a
    }
    if (end >= to) break
    prevEnd = end
  }
  return cost + (to - from - covered)
}

/** Commits the position of every partition `c` owns (what poll() returned is processed by now). */
export function commitOwned(w: WorldState, c: number): void {
  // Hook: a Parallel Consumer commits only completed offsets (sim/parallel/pcCommit.ts).
  if (w.live.group.parallel) return commitPc(w, c)
  for (const p of w.consumers[c]!.owned) w.committed[p] = w.pos[p]!
}
