// A consumer running Confluent's Parallel Consumer: its poll loop. PC's broker poller fetches
// while it holds fewer records than its queue target; its maxConcurrency workers take the held
// records in chains the ordering allows (a partition's, a key's, or any), oldest first, each chain
// on one worker (kafka/parallelConsumer.ts listSchedule). A hot or slow key's chain keeps one
// worker busy while the others go idle: head-of-line blocking, counted as blockedMs.

import { heldRecordsCap, listSchedule, unorderedOverlaps, type ProcessingOrder } from '../../kafka/parallelConsumer.ts'
import { costOfRange, fetchForConsumer } from '../consume.ts'
import { cycleMs, type SimCore } from '../core.ts'
import { schedulePoll } from '../pollLoop.ts'
import { startWaiting } from '../laneExtras.ts'
import type { WorldState } from '../worldState.ts'
import { commitPc, skippedOnRefetch } from './pcCommit.ts'
import { advance, createPcWorld, doneBy, heldRecords, pcConsumer, pcOptions, type PcChain, type PcConsumer } from './pcState.ts'

/** Replaces onPoll for a Parallel Consumer (pollLoop.ts hands over when group.parallel is set). */
export function onParallelPoll(sim: SimCore, c: number): void {
  const w = sim.w
  const cs = w.consumers[c]!
  cs.pollEvent = -1
  if (cs.status !== 'running') return
  const now = sim.kernel.now
  if (now < cs.pausedUntil) return
  const opts = pcOptions(w)!
  const pw = (w.parallel ??= createPcWorld())
  const s = pcConsumer(pw, c, cs.incarnation, now)
  // The blocked stretch of the last plan, as far as it ran before this poll replaced it.
  if (s.blockedBy !== null) pw.stats.blockedMs += Math.max(0, Math.min(now, s.blockedTo) - s.blockedFrom)
  s.blockedBy = null
  advance(pw, s, now)
  // Work of partitions taken away is dropped (PC's onPartitionsRevoked removes their shards).
  s.chains = s.chains.filter((ch) => w.owner[ch.p] === c)
  if (now - s.lastCommit >= opts.commitIntervalMs) {
    commitPc(w, c)
    s.lastCommit = now
  }
  cs.batch = []
  cs.lastPollAt = now
  sim.group.memberPolled(c)
  if (cs.status !== 'running' || cs.pollEvent >= 0) return
  const g = w.live.group
  const lat = w.live.broker.networkLatencyMs
  const m = opts.maxConcurrency
  const cap = heldRecordsCap(m)
  const room = Math.floor(cap - heldRecords(s))
  const maxRecords = Math.min(g.config['max.poll.records'], room)
  let fetched = 0
  if (maxRecords >= 1) {
    const heads = keyHeads(w, cs.owned)
    const r = fetchForConsumer(w, c, maxRecords, now, cycleMs(sim) / 2 + lat)
    fetched = r.records
    if (fetched > 0) {
      // One draw per poll that returned records, as the plain loop makes.
      const jitter = sim.rng.consume.lognormalUnitMean(g.processing.cv)
      const msPerUnit = (1000 / Math.max(1e-9, g.processing.recordsPerSec) / Math.max(1e-6, cs.speed)) * jitter
      const added = addBatch(w, s, cs.batch, heads, opts.ordering, m, msPerUnit)
      cs.busyMsWin += added / m
    }
  }
  if (fetched === 0 && s.chains.length === 0) {
    s.busy = 0
    s.blockedBy = null
    startWaiting(w, c)
    schedulePoll(sim, c, now + g.config['fetch.max.wait.ms'])
    return
  }
  if (fetched === 0 && maxRecords >= 1) startWaiting(w, c)
  else cs.waiting = false
  const plan = planWork(s, m, now)
  if (plan.busy > pw.stats.inFlightMax) pw.stats.inFlightMax = plan.busy
  // PC polls again as soon as a worker runs out of work, if it has room for a batch; else once
  // enough held records complete to make room for one.
  const roomAt = timeHeldDropsTo(s, now, cap - g.config['max.poll.records'])
  let next = Math.max(plan.firstIdle, roomAt)
  if (cs.waiting) next = Math.max(next, Math.min(g.config['fetch.max.wait.ms'], plan.makespan))
  if (next <= 0 && fetched === 0) next = Math.max(1, plan.makespan)
  schedulePoll(sim, c, now + next + lat)
}

/** Each tracked-key run's first undelivered segment on the given partitions, before a fetch. */
function keyHeads(w: WorldState, owned: readonly number[]): Map<number, number> {
  const heads = new Map<number, number>()
  for (const p of owned) for (const idx of w.partKeySegs[p]!) heads.set(idx, w.keySegs[idx]!.head)
  return heads
}

/**
 * Turns the records just fetched into chains. Returns the processing ms added. Records the last
 * commit's offset map marks complete (after a move) are skipped, not processed again.
 */
function addBatch(w: WorldState, s: PcConsumer, batch: readonly number[], heads: Map<number, number>, ordering: ProcessingOrder, m: number, msPerUnit: number): number {
  let added = 0
  for (let i = 0; i < batch.length; i += 3) {
    const p = batch[i]!, from = batch[i + 1]!, to = batch[i + 2]!
    let recs = to - from
    let units = costOfRange(w, p, from, to)
    const skipped = skippedOnRefetch(w, p, from, to)
    if (skipped > 0) {
      units *= 1 - skipped / recs
      recs -= skipped
    }
    if (recs <= 1e-9) continue
    added += units * msPerUnit
    if (ordering === 'partition') {
      addTo(s, `p${p}`, p, from, to, recs, units * msPerUnit)
      continue
    }
    const keys = keyCounts(w, p, heads)
    if (ordering === 'unordered') {
      const k = Math.max(1, Math.min(m, Math.ceil(recs)))
      for (const kc of keys) {
        const ps = w.producers[kc.producer]
        if (ps) ps.violations[kc.key]! += unorderedOverlaps(kc.n, recs, k)
      }
      for (let j = 0; j < k; j++) addTo(s, `p${p}#u${j}`, p, from, to, recs / k, (units * msPerUnit) / k)
      continue
    }
    // KEY: one chain per tracked key (one key = one chain, whichever producer wrote it), the
    // untracked keys shared over as many chains as they can fill (each key alone is rare).
    let keyed = 0, keyedUnits = 0
    const byName = new Map<string, { n: number; units: number }>()
    for (const kc of keys) {
      const e = byName.get(kc.name) ?? { n: 0, units: 0 }
      e.n += kc.n
      e.units += kc.n * kc.cost
      byName.set(kc.name, e)
    }
    for (const [name, e] of byName) {
      const n = Math.min(e.n, recs - keyed)
      if (n <= 0) continue
      const u = Math.min(e.units, units - keyedUnits)
      addTo(s, `p${p}:${name}`, p, from, to, n, u * msPerUnit)
      keyed += n
      keyedUnits += u
    }
    const rest = recs - keyed
    if (rest > 1e-9) {
      const k = Math.max(1, Math.min(m, Math.ceil(rest), tailKeysOn(w, p)))
      const u = Math.max(0, units - keyedUnits)
      for (let j = 0; j < k; j++) addTo(s, `p${p}#~${j}`, p, from, to, rest / k, (u * msPerUnit) / k)
    }
  }
  return added
}

/** Appends records to a chain (its id names the key or partition), or starts the chain. */
function addTo(s: PcConsumer, id: string, p: number, from: number, to: number, recs: number, work: number): void {
  const ch = s.chains.find((x) => x.id === id)
  if (ch) {
    ch.recs += recs
    ch.work += work
    ch.hi = to
    return
  }
  s.chains.push({ id, p, work, recs, lo: from, hi: to, start: 0, end: 0 })
}

interface KeyCount {
  producer: number
  key: number
  name: string
  cost: number
  n: number
}

/** Tracked-key records first delivered by the fetch on partition p: the segments its heads passed. */
function keyCounts(w: WorldState, p: number, heads: Map<number, number>): KeyCount[] {
  const out: KeyCount[] = []
  for (const idx of w.partKeySegs[p]!) {
    const seg = w.keySegs[idx]!
    const before = heads.get(idx) ?? seg.head
    let n = 0
    for (let h = before; h < seg.head; h++) n += seg.n[h]!
    if (n <= 0) continue
    const tk = w.producers[seg.producer]?.model.tracked[seg.key]
    if (!tk) continue
    out.push({ producer: seg.producer, key: seg.key, name: tk.name, cost: tk.cost, n })
  }
  return out
}

/** How many untracked keys land on partition p (1 for null keys: PC shards them as one key). */
function tailKeysOn(w: WorldState, p: number): number {
  let n = 0
  for (const ps of w.producers) {
    if (ps.model.keyless) continue
    n += ps.model.tailKeys * (ps.model.tailWeights[p] ?? 0)
  }
  return Math.max(1, Math.floor(n))
}

/** Lays the held chains on the workers, oldest first; notes who holds the rest back. */
function planWork(s: PcConsumer, m: number, now: number): { firstIdle: number; makespan: number; busy: number } {
  const lengths = s.chains.map((ch) => ch.work)
  const plan = listSchedule(lengths, m)
  let longest: PcChain | null = null
  s.chains.forEach((ch, j) => {
    ch.start = now + plan.start[j]!
    ch.end = now + plan.end[j]!
    // Only an ordering chain can hold records back: shares of unordered or untracked-key records
    // are split only for the plan, and an idle worker could take any of them.
    if (isOrderingChain(ch) && (!longest || ch.end > longest.end)) longest = ch
  })
  s.busy = plan.busyWorkers
  // Blocked: a worker will sit idle while a chain still has records queued behind its current one.
  const l = longest as PcChain | null
  s.blockedBy = l && plan.firstIdle < l.end - now && l.recs > 1 ? l.id : null
  s.blockedFrom = now + plan.firstIdle
  s.blockedTo = l ? l.end : now
  return { firstIdle: plan.firstIdle, makespan: plan.makespan, busy: plan.busyWorkers }
}

/** A partition's chain (PARTITION order) or one key's (KEY order): `p3`, `p3:key-7`, not a share `p3#u5`. */
export function isOrderingChain(ch: PcChain): boolean {
  return /^p\d+(:|$)/.test(ch.id)
}

/** When the records held fall to `target` under the current plan (ms from now; 0 if already). */
function timeHeldDropsTo(s: PcConsumer, now: number, target: number): number {
  const heldAt = (t: number) => {
    let n = 0
    for (const ch of s.chains) {
      n += ch.recs * (1 - doneBy(ch, t))
    }
    return n
  }
  if (heldAt(now) <= target) return 0
  let lo = now
  let hi = now
  for (const ch of s.chains) if (ch.end > hi) hi = ch.end
  for (let i = 0; i < 40 && hi - lo > 0.01; i++) {
    const mid = (lo + hi) / 2
    if (heldAt(mid) <= target) hi = mid
    else lo = mid
  }
  return hi - now
}

export type { PcConsumer }
