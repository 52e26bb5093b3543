// What a scenario costs to simulate: an estimate of the work per simulated second, item by item,
// from the scenario's envelope (its peak over the whole script). Pure. The validator rejects a
// scenario over budget, naming the items that cost most, so that every accepted scenario runs at
// least as fast as real time (docs/limits.md: the budget, and how the coefficients were measured).

import { scenarioEnvelope, type Envelope } from './envelope.ts'
import { groupChurn } from './groupChurn.ts'
import type { Scenario } from '../types.ts'

/**
 * Work allowed per simulated second, in µs of one core of the reference machine (2 cores, shared
 * with other work). 1 s would be exactly real time; 0.6 s leaves room for the estimate's error and
 * the page's own rendering.
 */
export const WORK_BUDGET_US_PER_SIM_SEC = 600_000

/**
 * Segment lists of tracked keys (one per key and partition it reaches, kept for the run, ~250
 * bytes each before any segment): 4 M of them, from salting 1 008 flagged keys over 4 096 splits,
 * reached 1.8 GB within 30 simulated seconds.
 */
export const KEY_STREAM_LISTS_MAX = 250_000

/**
 * Keys hashed into key models in one simulated second (all producers' models at once, or the
 * rebuilds a script makes in one second): a key costs ~0.25 µs (murmur2 of "key-N"), so 0.5 s.
 */
export const KEY_MODEL_KEYS_MAX = 2_000_000

/**
 * Per-unit costs in µs, measured on the reference machine (one run per term with the others at
 * their floor; docs/limits.md) and rounded up.
 */
export const COST_US = {
  /** One producer send cycle: the event, its bookkeeping, animation samples. */
  cycle: 15,
  /** Each partition, every cycle: scans of the per-partition arrays. */
  partitionPerCycle: 0.03,
  /** Each partition that receives records in a cycle: its log segment. */
  appendPerCycle: 0.4,
  /** Each keyed producer, each partition, every cycle: the tail of keys spread by weight. */
  tailPerCycle: 0.03,
  /** Each tracked key (hot, top Zipf ranks, keys with a cost, samples), every cycle. */
  trackedKeyPerCycle: 0.3,
  /** Each salt of a flagged key that has records in a cycle: its share and carry. */
  saltLoopPerCycle: 0.005,
  /** Each salt that gets a record in a cycle: the salted key hashed and its segment kept. */
  saltPerCycle: 0.5,
  /** Finding a tracked key's segment list among those of its partition, per list looked at. */
  streamLookup: 0.005,
  /** Each keyless batch switch: the next sticky partition. */
  switch: 4,
  /** With adaptive partitioning, each partition scanned at a switch (queue sizes). */
  adaptivePerPartition: 0.008,
  /** Load-aware routing of all records: each partition's load, each producer, every cycle. */
  loadAwarePerPartition: 0.05,
  /** A poll that returns nothing: while a member joins, each one steps its protocol machine. */
  idlePoll: 100,
  /** A poll that returns records from a stable member (the machine is not stepped). */
  busyPoll: 30,
  /** Each partition a consumer owns, at each poll. */
  ownedPerPoll: 0.1,
  /** One heartbeat round trip through the member and coordinator machines. */
  heartbeat: 300,
  /** A member joins or leaves: its process started or stopped, its partitions handed over. */
  memberChange: 1000,
  /** A classic rebalance (eager or cooperative), each member: JoinGroup, SyncGroup, callbacks. */
  rebalancePerMember: 1000,
  /** A classic rebalance, each partition: assigned by the leader, revoked and resumed. */
  rebalancePerPartition: 10,
  /** A KIP-848 (or share) group's new target assignment, each member and each partition. */
  targetPerMember: 20,
  targetPerPartition: 2,
  /** Each partition, once a simulated second: metrics and pruning. */
  partitionPerSec: 2,
} as const

export interface CostItem {
  /** Where the cost comes from (the field to change). */
  path: string
  /** What it is, for the message: "idle polls of 256 consumers every 1 ms". */
  what: string
  /** Estimated µs of work per simulated second. */
  us: number
}

export interface CostEstimate {
  /** Estimated µs of work per simulated second, all items. */
  usPerSimSec: number
  /** Items, most expensive first. */
  items: CostItem[]
  /** Keys all key models hold at once, at the script's peak. */
  keyModelKeys: number
  envelope: Envelope
}

/** 1234567 → "1,234,567"; small figures to two significant digits. (Not toLocaleString: slow.) */
export function fmtCount(n: number): string {
  if (!Number.isFinite(n)) return '∞'
  if (n < 100) return String(+n.toPrecision(2))
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${fmtCount(n)} ${n === 1 ? one : many}`
}

function producerItems(e: Envelope, items: CostItem[]): void {
  const P = e.partitions
  const cycles = e.cyclesPerSec
  e.producers.forEach((p, i) => {
    const perCycle = p.peakRate / cycles
    if (p.keyed) {
      const us = cycles * (P * COST_US.tailPerCycle + p.tracked * COST_US.trackedKeyPerCycle)
      items.push({ path: `producers[${i}].keys`, what: `producers[${i}]'s keys over ${plural(P, 'partition')} (${plural(p.tracked, 'tracked key')}), ${fmtCount(cycles)} times a second`, us })
    }
    if (p.keyless) {
      // A sticky batch ends every batch.size bytes, and holds at least one record.
      const switches = Math.min(1_000_000, Math.ceil(Math.min(perCycle, (perCycle * p.recordBytes) / e.batchSize)) + 1)
      const each = COST_US.switch + (e.adaptive ? P * COST_US.adaptivePerPartition : 0)
      items.push({ path: 'producerConfig["batch.size"]', what: `producers[${i}]'s keyless batches (${fmtCount(switches)} batch switches per send cycle${e.adaptive ? ` over ${plural(P, 'partition')}` : ''})`, us: cycles * switches * each })
    }
    if (e.loadAwareAll) {
      items.push({ path: 'dynamic.loadAware.scope', what: `load-aware routing of every record of producers[${i}] over ${plural(P, 'partition')}`, us: cycles * P * COST_US.loadAwarePerPartition })
    }
  })
}

/**
 * Key segment lists: one per tracked key and partition it ever reached (keys that move, keyless or
 * load-aware, reach every partition; a salted key up to `splits` of them). They are kept for the run.
 */
export function keyStreamLists(e: Envelope): number {
  const lists = e.producers.reduce((sum, p) => sum + p.tracked * (e.loadAwareAll || p.keyless ? e.partitions : 1), 0)
  return lists + e.flaggedKeys * Math.min(e.saltSplits, e.partitions)
}

/**
 * Salting and the per-key order checks. A send cycle looks at each flagged key's salts only when
 * the key has records in it, hashes one salted key per salt that gets a record, and finds each
 * chunk's segment list by scanning the lists of its partition.
 */
function keyItems(e: Envelope, items: CostItem[]): void {
  const P = e.partitions
  const cycles = e.cyclesPerSec
  const tracked = e.producers.reduce((sum, p) => sum + p.tracked, 0)
  if (tracked === 0) return
  const trackedPerCycle = e.producers.reduce((sum, p) => sum + p.trackedRate, 0) / cycles
  const salted = e.saltSplits > 0 ? e.flaggedKeys : 0
  if (salted > 0) {
    const keysWithRecords = Math.min(salted, trackedPerCycle)
    items.push({
      path: 'dynamic.salting.splits',
      what: `salting ${plural(salted, 'flagged key')} over ${plural(e.saltSplits, 'split')}, ${fmtCount(cycles)} times a second`,
      us: cycles * (keysWithRecords * e.saltSplits * COST_US.saltLoopPerCycle + Math.min(salted * e.saltSplits, trackedPerCycle) * COST_US.saltPerCycle),
    })
  }
  const chunks = Math.min(tracked + salted * e.saltSplits, trackedPerCycle)
  const perPartition = Math.ceil(keyStreamLists(e) / P)
  items.push({
    path: salted > 0 ? 'dynamic.salting.splits' : 'producers',
    what: `order checks of ${plural(tracked, 'tracked key')} (${fmtCount(perPartition)} key streams per partition)`,
    us: cycles * chunks * perPartition * COST_US.streamLookup,
  })
}

function consumerItems(s: Scenario, e: Envelope, items: CostItem[]): void {
  const n = e.consumers
  if (n === 0) return
  const P = e.partitions
  const owned = Math.ceil(P / n) * COST_US.ownedPerPoll
  // Idle: a poll every fetch.max.wait.ms.
  const idle = n * (1000 / Math.max(1, e.fetchMaxWaitMs))
  items.push({ path: 'group.config["fetch.max.wait.ms"]', what: `idle polls of ${plural(n, 'consumer')} every ${e.fetchMaxWaitMs} ms`, us: idle * (COST_US.idlePoll + owned) })
  // Busy: a consumer that keeps up is woken by send cycles and polls again after processing plus
  // a round trip, so at utilisation u it polls about (1 − u)/latency times a ms; one that falls
  // behind polls full batches of max.poll.records. Never more often than the round trip allows.
  const active = Math.min(n, P)
  const drained = Math.min(e.totalPeakRate / active, e.consumerCapacity)
  const u = e.consumerCapacity > 0 ? Math.min(1, drained / e.consumerCapacity) : 1
  const wakes = Math.min(e.cyclesPerSec, e.totalPeakRate / active)
  const lat = e.networkLatencyMs
  const keepingUp = Math.min(2 * wakes, lat > 0 ? (1000 * (1 - u)) / lat : Infinity)
  const busyEach = Math.min(lat > 0 ? 1000 / lat : Infinity, Math.max(keepingUp, drained / e.maxPollRecords))
  items.push({
    path: 'group.config["max.poll.records"]',
    what: `busy polls of ${plural(active, 'consumer')} (${fmtCount(busyEach)} a second each, ${fmtCount(e.maxPollRecords)} records at most per poll, ${lat} ms network latency)`,
    us: active * busyEach * (COST_US.busyPoll + owned),
  })
  items.push({ path: 'group.config["heartbeat.interval.ms"]', what: `heartbeats of ${plural(n, 'consumer')} (${fmtCount(e.heartbeatsPerSec)} a second each)`, us: n * e.heartbeatsPerSec * COST_US.heartbeat })
  groupItem(s, e, items)
}

/**
 * The group protocol at the script's busiest second: each member that joins or leaves, and each
 * rebalance (classic) or target assignment (KIP-848, share) that follows. A stable group costs
 * only its heartbeats; every run is charged at least one rebalance a second (a cold start, a
 * command from the page).
 */
function groupItem(s: Scenario, e: Envelope, items: CostItem[]): void {
  const n = e.consumers
  const P = e.partitions
  const churn = groupChurn(s, n, e.heartbeatsPerSec)
  const classic = s.group.protocol !== 'consumer' && s.group.type !== 'share'
  const each = classic ? n * COST_US.rebalancePerMember + P * COST_US.rebalancePerPartition : n * COST_US.targetPerMember + P * COST_US.targetPerPartition
  const r = churn.rebalancesPerSec
  const kind = classic ? plural(r, 'rebalance') : plural(r, 'target assignment')
  const driven = churn.changesPerSec > 0 ? `${kind} a second, ${plural(churn.changesPerSec, 'member')} joining or leaving within a second (${churn.source})` : `${kind} a second, as one command from the page can cause`
  items.push({
    path: r > 1 ? churn.path : 'group.consumers',
    what: `the group protocol of ${plural(n, 'consumer')} over ${plural(P, 'partition')} (${driven})`,
    us: churn.changesPerSec * COST_US.memberChange + r * each,
  })
}

/** Estimated work per simulated second of a validated scenario, item by item. Pure. */
export function estimateCost(s: Scenario): CostEstimate {
  const e = scenarioEnvelope(s)
  const P = e.partitions
  const cycles = e.cyclesPerSec
  const items: CostItem[] = []
  const touched = Math.min(P, e.totalPeakRate / cycles)
  items.push({
    path: 'producerConfig["linger.ms"]',
    what: `${fmtCount(cycles)} producer send cycles a second over ${plural(P, 'partition')}`,
    us: cycles * (COST_US.cycle + P * COST_US.partitionPerCycle + touched * COST_US.appendPerCycle),
  })
  producerItems(e, items)
  keyItems(e, items)
  consumerItems(s, e, items)
  items.push({ path: 'topic.partitions', what: `per-second metrics of ${plural(P, 'partition')}`, us: P * COST_US.partitionPerSec })
  items.sort((a, b) => b.us - a.us)
  const usPerSimSec = items.reduce((sum, i) => sum + i.us, 0)
  return { usPerSimSec, items, keyModelKeys: e.producers.reduce((sum, p) => sum + p.keyCount, 0), envelope: e }
}

/** Actions that make the simulator rebuild producers' key models (sim/producers.ts rebuildProducer). */
const REBUILDS = new Set(['setHotKeyShare', 'setKeyCount', 'setZipf', 'setKeyCost', 'addPartitions'])

/**
 * Keys hashed into key models within one simulated second, at the script's busiest second: the
 * initial build in second 0, then each action that rebuilds (addPartitions counts twice: the
 * producers' refresh hashes every key under the old and the new count, then rebuilds). Every
 * rebuild is charged its producer's peak key count.
 */
export function keyBuildPeak(s: Scenario, e: Envelope): { keys: number; atSec: number } {
  const bySecond = new Map<number, number>()
  const add = (sec: number, keys: number) => bySecond.set(sec, (bySecond.get(sec) ?? 0) + keys)
  const all = e.producers.reduce((sum, p) => sum + p.keyCount, 0)
  add(0, all)
  for (const a of s.actions) {
    if (!REBUILDS.has(a.do)) continue
    const sec = Math.floor(a.atSec)
    if (a.do === 'addPartitions') add(sec, 2 * all)
    else if ('producer' in a && a.producer !== undefined) add(sec, e.producers[a.producer]?.keyCount ?? 0)
    else add(sec, all)
  }
  let peak = { keys: 0, atSec: 0 }
  for (const [atSec, keys] of bySecond) if (keys > peak.keys) peak = { keys, atSec }
  return peak
}
