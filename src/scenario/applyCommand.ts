// What a command does to the scenario's settings: the one implementation, used by the simulation
// for its live copy of the scenario and by the page for the scenario it writes into the link.
// Pure; never mutates its input. Faults (crash, GC pause, slow down, restarts) change no setting.

import { DEFAULT_HOT_KEY } from './defaults.ts'
import { distinctKeys, topHistogramKey, withKeyCount } from './keySpecs.ts'
import type { Command, KeySpec, ProducerSpec, RateSpec, Scenario } from './types.ts'
import { LIMITS } from './validation/limits.ts'

/** At most this many consumers join with one addConsumer command. */
export const MAX_CONSUMERS_PER_COMMAND = 64

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, Number.isFinite(x) ? x : lo))
const ratePerSec = (x: number): number => clamp(x, 0, LIMITS.ratePerSec.max)

/** A rate spec scaled by `m` (a live "load ×m"), each rate clamped to the schema's limit. */
export function scaleRate(r: RateSpec, m: number): RateSpec {
  const k = clamp(m, 0, LIMITS.rateMultiplier.max)
  switch (r.kind) {
    case 'constant':
      return { ...r, perSec: ratePerSec(r.perSec * k) }
    case 'step':
      return { ...r, perSec: ratePerSec(r.perSec * k), toPerSec: ratePerSec(r.toPerSec * k) }
    case 'ramp':
      return { ...r, fromPerSec: ratePerSec(r.fromPerSec * k), toPerSec: ratePerSec(r.toPerSec * k) }
    case 'spike':
    case 'sine':
      return { ...r, perSec: ratePerSec(r.perSec * k) }
    case 'schedule':
      return { ...r, points: r.points.map(([t, v]): [number, number] => [t, ratePerSec(v * k)]) }
  }
}

/** A producer's rate after a setRate: `perSec` replaces it with a constant, then `multiplier` scales it. */
export function rateAfter(rate: RateSpec, cmd: Extract<Command, { do: 'setRate' }>): RateSpec {
  let r = rate
  if (cmd.perSec !== undefined) r = { kind: 'constant', perSec: ratePerSec(cmd.perSec) }
  if (cmd.multiplier !== undefined) r = scaleRate(r, cmd.multiplier)
  return r
}

function keyCountOf(keys: KeySpec): number {
  return keys.kind === 'keyless' ? 1000 : Math.min(LIMITS.keyCount.max, Math.max(LIMITS.keyCount.min, distinctKeys(keys)))
}

/** The producer indices a producer-scoped command acts on. */
export function targetProducers(s: Scenario, producer: number | undefined): number[] {
  if (producer === undefined) return s.producers.map((_, i) => i)
  return producer >= 0 && producer < s.producers.length ? [producer] : []
}

function producerAfter(p: ProducerSpec, cmd: Command): ProducerSpec {
  switch (cmd.do) {
    case 'setRate':
      return { ...p, rate: rateAfter(p.rate, cmd) }
    case 'setHotKeyShare': {
      // A histogram's slider takes over its most frequent key, the one the room is looking at.
      const hotKey = p.keys.kind === 'hot' ? p.keys.hotKey : (topHistogramKey(p.keys) ?? DEFAULT_HOT_KEY)
      return { ...p, keys: { kind: 'hot', count: keyCountOf(p.keys), hotKey, share: clamp(cmd.share, 0, 1) } }
    }
    case 'setKeyCount': {
      const count = Math.round(clamp(cmd.count, LIMITS.keyCount.min, LIMITS.keyCount.max))
      return { ...p, keys: withKeyCount(p.keys, count) }
    }
    case 'setZipf':
      // Zipf even at s = 0 (which is uniform), so a link replays the same draws as the live run.
      return { ...p, keys: { kind: 'zipf', count: keyCountOf(p.keys), s: clamp(cmd.s, LIMITS.zipfS.min, LIMITS.zipfS.max) } }
    case 'setKeyCost': {
      // Computed keys define own properties: a key named "__proto__" is just a key here.
      const keyCost: Record<string, number> = { ...p.keyCost }
      Object.defineProperty(keyCost, cmd.key, { value: clamp(cmd.cost, 0, LIMITS.cost.max), enumerable: true, writable: true, configurable: true })
      return { ...p, keyCost }
    }
    default:
      return p
  }
}

/** The scenario after `cmd`. Values outside the schema's limits are clamped to them. */
export function applyCommandToScenario(s: Scenario, cmd: Command): Scenario {
  switch (cmd.do) {
    case 'setRate':
    case 'setHotKeyShare':
    case 'setKeyCount':
    case 'setZipf':
    case 'setKeyCost': {
      const targets = new Set(targetProducers(s, cmd.producer))
      return { ...s, producers: s.producers.map((p, i) => (targets.has(i) ? producerAfter(p, cmd) : p)) }
    }
    case 'addPartitions': {
      const partitions = Math.min(LIMITS.partitions.max, s.topic.partitions + Math.max(0, Math.floor(cmd.count)))
      return { ...s, topic: { ...s.topic, partitions } }
    }
    case 'addConsumer': {
      const n = addConsumerCount(cmd)
      return { ...s, group: { ...s.group, consumers: Math.min(LIMITS.consumers.max, s.group.consumers + n) } }
    }
    case 'removeConsumer':
      return { ...s, group: { ...s.group, consumers: Math.max(0, s.group.consumers - 1) } }
    case 'setDynamic': {
      const d = s.dynamic
      const p = cmd.dynamic
      return {
        ...s,
        dynamic: {
          hotspotDetection: { ...d.hotspotDetection, ...p.hotspotDetection },
          salting: { ...d.salting, ...p.salting },
          loadAware: { ...d.loadAware, ...p.loadAware },
        },
      }
    }
    case 'setPartitioner': {
      const producerConfig = { ...s.producerConfig, 'partitioner.class': cmd.partitioner }
      if (cmd.ignoreKeys !== undefined) producerConfig['partitioner.ignore.keys'] = cmd.ignoreKeys
      return { ...s, producerConfig }
    }
    case 'setAutoscaler':
      return { ...s, group: { ...s.group, autoscaler: { ...s.group.autoscaler, enabled: cmd.enabled } } }
    case 'crashConsumer':
    case 'gcPause':
    case 'slowConsumer':
    case 'restartConsumer':
    case 'reviveConsumer':
    case 'rollingRestart':
    case 'crashBroker':
    case 'shutdownBroker':
    case 'restartBroker':
    case 'slowBroker':
    case 'rebalanceCluster':
      return s
  }
}

/** Consumers one addConsumer command starts (1 to MAX_CONSUMERS_PER_COMMAND). */
export function addConsumerCount(cmd: Extract<Command, { do: 'addConsumer' }>): number {
  return Math.round(clamp(cmd.count ?? 1, 1, MAX_CONSUMERS_PER_COMMAND))
}

/**
 * The settings in force at sim ms `tMs`: every action that has run by then (those at or before
 * it, whole ms as the simulation runs them) folded over the t = 0 settings. What the page's
 * controls show; the actions list itself is left as it is.
 */
export function settingsAt(s: Scenario, tMs: number): Scenario {
  let out = s
  for (const a of s.actions) {
    if (Math.round(a.atSec * 1000) > tMs) break
    out = applyCommandToScenario(out, a)
  }
  return out === s ? s : { ...out, actions: s.actions }
}
