// The most expensive state a scenario's script can reach: the peak of every figure that drives
// the simulator's work (partitions, consumers, rates, tracked keys, salt splits...), read from the
// scenario and every scripted action. Pure. Conservative: when the script might raise a figure,
// the envelope assumes it does, and never lowers one.

import { addConsumerCount, applyCommandToScenario, targetProducers } from '../applyCommand.ts'
import type { KeySpec, ProducerSpec, RateSpec, Scenario } from '../types.ts'
import { LIMITS } from './limits.ts'

/**
 * How src/sim/keyModel.ts tracks keys (kept in step with it; a test checks the two agree): all
 * keys up to TRACK_ALL_BELOW, else 12 top Zipf ranks, 8 samples and every `key-N` with a cost,
 * plus a hot key.
 */
export const KEY_MODEL = { trackAllBelow: 24, topKeys: 12, sampleKeys: 8 } as const

/** slowConsumer's speed-up ends here (sim/commands.ts: speed = 1 / max(0.01, factor)). */
const MAX_SPEED = 100

export interface ProducerEnvelope {
  /** Routed without keys at some point (keyless keys, or a partitioner that ignores them). */
  keyless: boolean
  /** Routed by key at some point. */
  keyed: boolean
  /** Most keys the key model holds at once. */
  keyCount: number
  /** Most tracked keys at once. */
  tracked: number
  /** Peak records per second that carry a tracked key (all of them when a hot or Zipf key may lead). */
  trackedRate: number
  /** Peak records per second. */
  peakRate: number
  recordBytes: number
}

export interface Envelope {
  partitions: number
  /** Most consumers running at once (every scripted or autoscaled addition, no removal). */
  consumers: number
  /** Producer send cycles per simulated second (one per linger.ms, at least one per ms). */
  cyclesPerSec: number
  producers: ProducerEnvelope[]
  totalPeakRate: number
  /** Salt splits per flagged key when salting can be on, else 0. */
  saltSplits: number
  /** Most keys flagged hot at once (shares of all records add up to 1, so ≤ 1/threshold). */
  flaggedKeys: number
  /** Load-aware routing of every record (scope 'all') can be on. */
  loadAwareAll: boolean
  /** Adaptive partitioning (KIP-794) can decide keyless batches. */
  adaptive: boolean
  batchSize: number
  /** Consumers' heartbeats per simulated second, per consumer. */
  heartbeatsPerSec: number
  fetchMaxWaitMs: number
  networkLatencyMs: number
  maxPollRecords: number
  /** Records per second one consumer can get through at its fastest (speed-ups, cheapest keys). */
  consumerCapacity: number
}

/** Peak records per second of a rate shape. */
export function peakRate(rate: RateSpec): number {
  switch (rate.kind) {
    case 'constant':
      return rate.perSec
    case 'step':
      return Math.max(rate.perSec, rate.toPerSec)
    case 'ramp':
      return Math.max(rate.fromPerSec, rate.toPerSec)
    case 'spike':
      return rate.perSec * Math.max(1, rate.multiplier)
    case 'sine':
      return rate.perSec * (1 + rate.amplitude)
    case 'schedule':
      return rate.points.reduce((m, p) => Math.max(m, p[1]), 0)
  }
}

/** Ordinary keys (`key-0 …`): a histogram's others; its named keys are counted by namedTracked. */
function keyCountOf(keys: KeySpec): number {
  return keys.kind === 'keyless' ? 0 : keys.kind === 'histogram' ? keys.otherKeys : keys.count
}

/** A histogram's named keys the key model tracks: the top ones plus (at most) those with a cost. */
export function namedTracked(keys: KeySpec, keyCost: Readonly<Record<string, number>>): number {
  if (keys.kind !== 'histogram') return 0
  return Math.min(keys.keys.length, KEY_MODEL.topKeys + Object.keys(keyCost).length)
}

/** Tracked keys of a key model with `count` ordinary keys, a hot key or not, and `costKeys` `key-N` names with a cost. */
export function trackedKeys(count: number, hot: boolean, zipf: boolean, costKeys: number): number {
  if (count === 0) return 0
  const ordinary = count <= KEY_MODEL.trackAllBelow ? count : Math.min(count, (zipf ? KEY_MODEL.topKeys : 0) + KEY_MODEL.sampleKeys + costKeys)
  return ordinary + (hot ? 1 : 0)
}

const COST_KEY = /^key-(\d+)$/

function producerEnvelopes(s: Scenario, ignoreKeysEver: boolean): ProducerEnvelope[] {
  const n = s.producers.length
  const count = s.producers.map((p) => keyCountOf(p.keys))
  const keyless = s.producers.map((p) => p.keys.kind === 'keyless' || ignoreKeysEver)
  const keyed = s.producers.map((p) => p.keys.kind !== 'keyless')
  const hot = s.producers.map((p) => p.keys.kind === 'hot')
  const zipf = s.producers.map((p) => p.keys.kind === 'zipf')
  const named = s.producers.map((p) => namedTracked(p.keys, p.keyCost))
  const namedKeys = s.producers.map((p) => (p.keys.kind === 'histogram' ? p.keys.keys.length : 0))
  const costNames = s.producers.map((p: ProducerSpec) => new Set(Object.keys(p.keyCost).filter((k) => COST_KEY.test(k))))
  const rate = s.producers.map((p) => peakRate(p.rate))
  // Each producer's settings after each scripted command, by the simulation's own rule
  // (applyCommandToScenario), and the largest of each over the script.
  let cur = s
  for (const a of s.actions) {
    if (a.do !== 'setRate' && a.do !== 'setHotKeyShare' && a.do !== 'setKeyCount' && a.do !== 'setZipf' && a.do !== 'setKeyCost') continue
    cur = applyCommandToScenario(cur, a)
    for (const i of targetProducers(cur, a.producer)) {
      const p = cur.producers[i]!
      count[i] = Math.max(count[i]!, keyCountOf(p.keys))
      if (p.keys.kind !== 'keyless') keyed[i] = true
      if (p.keys.kind === 'hot') hot[i] = true
      if (p.keys.kind === 'zipf') zipf[i] = true
      named[i] = Math.max(named[i]!, namedTracked(p.keys, p.keyCost))
      if (a.do === 'setKeyCost' && COST_KEY.test(a.key)) costNames[i]!.add(a.key)
      rate[i] = Math.max(rate[i]!, peakRate(p.rate))
    }
  }
  return Array.from({ length: n }, (_, i) => {
    const tracked = trackedKeys(count[i]!, hot[i]!, zipf[i]!, costNames[i]!.size) + named[i]!
    const peak = rate[i]!
    // Uniform keys: tracked ones carry their share of the records; a hot or Zipf head may carry all.
    const share = hot[i] || zipf[i] || named[i]! > 0 || count[i]! === 0 ? 1 : Math.min(1, tracked / count[i]!)
    return { keyless: keyless[i]!, keyed: keyed[i]!, keyCount: count[i]! + namedKeys[i]!, tracked, trackedRate: peak * share, peakRate: peak, recordBytes: s.producers[i]!.recordBytes }
  })
}

/** The envelope of `s` (a validated scenario) over its whole script. */
export function scenarioEnvelope(s: Scenario): Envelope {
  const acts = s.actions
  let partitions = s.topic.partitions
  let consumers = s.group.consumers
  let saltOn = s.dynamic.salting.enabled
  let splits = s.dynamic.salting.splits
  let threshold = s.dynamic.hotspotDetection.keyShareThreshold
  let loadAwareAll = s.dynamic.loadAware.enabled && s.dynamic.loadAware.scope === 'all'
  let ignoreKeys = s.producerConfig['partitioner.ignore.keys'] || (s.producerConfig['partitioner.class'] ?? 'default') !== 'default'
  let adaptive = s.producerConfig['partitioner.adaptive.partitioning.enable'] && s.producerConfig['partitioner.class'] === null
  let autoscaler = s.group.autoscaler.enabled
  let minSlowFactor = 1
  let minCost = 1
  for (const p of s.producers) for (const c of Object.values(p.keyCost)) minCost = Math.min(minCost, c)
  for (const a of acts) {
    switch (a.do) {
      case 'addPartitions':
        partitions += a.count
        break
      case 'addConsumer':
        consumers += addConsumerCount(a)
        break
      case 'setDynamic': {
        const d = a.dynamic
        if (d.salting?.enabled === true) saltOn = true
        if (d.salting?.splits !== undefined) splits = Math.max(splits, d.salting.splits)
        if (d.hotspotDetection?.keyShareThreshold !== undefined) threshold = Math.min(threshold, d.hotspotDetection.keyShareThreshold)
        if (d.loadAware?.enabled === true && (d.loadAware.scope ?? s.dynamic.loadAware.scope) === 'all') loadAwareAll = true
        if (d.loadAware?.scope === 'all' && s.dynamic.loadAware.enabled) loadAwareAll = true
        break
      }
      case 'setPartitioner':
        if (a.partitioner !== null && a.partitioner !== 'default') ignoreKeys = true
        if (a.ignoreKeys === true) ignoreKeys = true
        if (a.partitioner === null) adaptive = adaptive || s.producerConfig['partitioner.adaptive.partitioning.enable']
        break
      case 'setAutoscaler':
        if (a.enabled) autoscaler = true
        break
      case 'slowConsumer':
        minSlowFactor = Math.min(minSlowFactor, a.factor)
        break
      case 'setKeyCost':
        minCost = Math.min(minCost, a.cost)
        break
      default:
        break
    }
  }
  if (autoscaler) consumers = Math.max(consumers, s.group.autoscaler.maxConsumers)
  const producers = producerEnvelopes(s, ignoreKeys)
  const tracked = producers.reduce((sum, p) => sum + p.tracked, 0)
  const cfg = s.group.config
  const heartbeatMs = s.group.protocol === 'consumer' ? s.broker['group.consumer.heartbeat.interval.ms'] : cfg['heartbeat.interval.ms']
  return {
    partitions: Math.min(partitions, LIMITS.partitions.max),
    consumers,
    cyclesPerSec: 1000 / Math.max(1, s.producerConfig['linger.ms']),
    producers,
    totalPeakRate: producers.reduce((sum, p) => sum + p.peakRate, 0),
    saltSplits: saltOn ? splits : 0,
    flaggedKeys: threshold > 0 ? Math.min(tracked, Math.floor(1 / threshold)) : tracked,
    loadAwareAll,
    adaptive,
    batchSize: Math.max(1, s.producerConfig['batch.size']),
    heartbeatsPerSec: 1000 / Math.max(1, heartbeatMs),
    fetchMaxWaitMs: cfg['fetch.max.wait.ms'],
    networkLatencyMs: s.broker.networkLatencyMs,
    maxPollRecords: cfg['max.poll.records'],
    consumerCapacity: (s.group.processing.recordsPerSec * Math.min(MAX_SPEED, 1 / Math.max(0.01, minSlowFactor))) / minCost,
  }
}
