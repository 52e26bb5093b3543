// What one UI edit does to the scenario, and whether the running world can follow it live.
// Pure: scenario in, scenario + live commands out. Settings that are not live commands (protocol,
// assignor, Kafka timeouts, partitioner class removal, seed, fewer partitions) restart the run.

import type {
  AssignorName,
  Command,
  ConsumerConfig,
  DynamicPartitioningSpec,
  KeySpec,
  PartitionerName,
  RebalanceProtocol,
  Scenario,
} from '../scenario/types.ts'

/**
 * The key a live `setHotKeyShare` makes hot when the producer had no hot key yet. Must match the
 * simulation's choice (src/sim/simulation.ts), so the URL written after the edit replays the same run.
 */
import { DEFAULT_HOT_KEY } from '../scenario/defaults.ts'

export { DEFAULT_HOT_KEY }

/** How the page names the group protocol: the three protocols plus static membership (KIP-345). */
export type ProtocolChoice = RebalanceProtocol | 'static'

export type TimeoutKey = 'session.timeout.ms' | 'heartbeat.interval.ms' | 'max.poll.interval.ms' | 'max.poll.records'

export type DynamicPatch = { [K in keyof DynamicPartitioningSpec]?: Partial<DynamicPartitioningSpec[K]> }

export type ScenarioEdit =
  | { kind: 'rate'; perSec: number }
  | { kind: 'hotKeyShare'; share: number }
  | { kind: 'zipf'; s: number }
  | { kind: 'keyCount'; count: number }
  | { kind: 'hotKeyCost'; cost: number }
  | { kind: 'partitions'; count: number }
  | { kind: 'consumers'; count: number }
  | { kind: 'partitioner'; partitioner: PartitionerName | null; ignoreKeys: boolean }
  | { kind: 'dynamic'; patch: DynamicPatch }
  | { kind: 'protocol'; protocol: ProtocolChoice }
  | { kind: 'assignor'; assignor: AssignorName }
  | { kind: 'timeout'; key: TimeoutKey; value: number }
  | { kind: 'seed'; seed: number }
  | { kind: 'autoscaler'; enabled: boolean }

export interface EditResult {
  scenario: Scenario
  /** Commands that bring the running world in line; empty when nothing changes or on restart. */
  commands: Command[]
  /** The change cannot be made live: start a new run from `scenario`. */
  restart: boolean
}

/** The assignors each protocol can run (classic eager, classic cooperative, KIP-848 server-side). */
export const ASSIGNORS_FOR: Record<RebalanceProtocol, readonly AssignorName[]> = {
  eager: ['range', 'roundrobin', 'sticky'],
  cooperative: ['cooperative-sticky'],
  consumer: ['uniform', 'range'],
}

export function protocolChoice(s: Scenario): ProtocolChoice {
  return s.group.staticMembership && s.group.protocol !== 'consumer' ? 'static' : s.group.protocol
}

/** The key that `hotKeyShare` and `hotKeyCost` act on. */
export function hotKeyName(s: Scenario): string {
  const keys = s.producers[0]?.keys
  return keys?.kind === 'hot' ? keys.hotKey : DEFAULT_HOT_KEY
}

export function keyCount(keys: KeySpec): number {
  return keys.kind === 'keyless' ? 0 : keys.count
}

export function hotKeyShare(s: Scenario): number {
  const keys = s.producers[0]?.keys
  return keys?.kind === 'hot' ? keys.share : 0
}

export function zipfSkew(s: Scenario): number {
  const keys = s.producers[0]?.keys
  return keys?.kind === 'zipf' ? keys.s : 0
}

/** Records per second of the first producer at t = 0 (what the rate slider shows). */
export function producerRate(s: Scenario): number {
  const r = s.producers[0]?.rate
  if (r === undefined) return 0
  switch (r.kind) {
    case 'constant':
    case 'step':
    case 'spike':
    case 'sine':
      return r.perSec
    case 'ramp':
      return r.fromPerSec
    case 'schedule':
      return r.points[0]?.[1] ?? 0
  }
}

function mapProducers(s: Scenario, f: (p: Scenario['producers'][number]) => Scenario['producers'][number]): Scenario {
  return { ...s, producers: s.producers.map(f) }
}

function restart(scenario: Scenario): EditResult {
  return { scenario, commands: [], restart: true }
}

function live(scenario: Scenario, ...commands: Command[]): EditResult {
  return { scenario, commands, restart: false }
}

/** Applies one edit. Pure; never mutates `s`. */
export function applyEdit(s: Scenario, e: ScenarioEdit): EditResult {
  switch (e.kind) {
    case 'rate':
      return live(
        mapProducers(s, (p) => ({ ...p, rate: { kind: 'constant', perSec: e.perSec } })),
        ...s.producers.map((_, i): Command => ({ do: 'setRate', producer: i, perSec: e.perSec })),
      )
    case 'hotKeyShare': {
      const next = mapProducers(s, (p) => ({
        ...p,
        keys: {
          kind: 'hot',
          count: p.keys.kind === 'keyless' ? 1000 : p.keys.count,
          hotKey: p.keys.kind === 'hot' ? p.keys.hotKey : DEFAULT_HOT_KEY,
          share: e.share,
        },
      }))
      return live(next, ...s.producers.map((_, i): Command => ({ do: 'setHotKeyShare', producer: i, share: e.share })))
    }
    case 'zipf': {
      const next = mapProducers(s, (p) => ({
        ...p,
        // As the simulation does: Zipf even at s = 0 (which is uniform), so the link replays the same draws.
        keys: { kind: 'zipf', count: p.keys.kind === 'keyless' ? 1000 : p.keys.count, s: Math.max(0, e.s) },
      }))
      return live(next, ...s.producers.map((_, i): Command => ({ do: 'setZipf', producer: i, s: e.s })))
    }
    case 'keyCount': {
      const count = Math.max(1, Math.round(e.count))
      const next = mapProducers(s, (p) => ({
        ...p,
        keys: p.keys.kind === 'keyless' ? { kind: 'uniform', count } : { ...p.keys, count },
      }))
      return live(next, ...s.producers.map((_, i): Command => ({ do: 'setKeyCount', producer: i, count })))
    }
    case 'hotKeyCost': {
      const key = hotKeyName(s)
      const next = mapProducers(s, (p) => ({ ...p, keyCost: { ...p.keyCost, [key]: e.cost } }))
      return live(next, ...s.producers.map((_, i): Command => ({ do: 'setKeyCost', producer: i, key, cost: e.cost })))
    }
    case 'partitions': {
      const count = Math.max(1, Math.round(e.count))
      const delta = count - s.topic.partitions
      const next = { ...s, topic: { ...s.topic, partitions: count } }
      if (delta === 0) return live(s)
      // Kafka can add partitions to a topic but never remove them.
      return delta > 0 ? live(next, { do: 'addPartitions', count: delta }) : restart(next)
    }
    case 'consumers': {
      const count = Math.max(0, Math.round(e.count))
      const delta = count - s.group.consumers
      const next = { ...s, group: { ...s.group, consumers: count } }
      if (delta === 0) return live(s)
      if (delta > 0) return live(next, { do: 'addConsumer', count: delta })
      return live(next, ...Array.from({ length: -delta }, (): Command => ({ do: 'removeConsumer' })))
    }
    case 'partitioner': {
      const next = {
        ...s,
        producerConfig: { ...s.producerConfig, 'partitioner.class': e.partitioner, 'partitioner.ignore.keys': e.ignoreKeys },
      }
      return live(next, { do: 'setPartitioner', partitioner: e.partitioner, ignoreKeys: e.ignoreKeys })
    }
    case 'dynamic': {
      const d = s.dynamic
      const next: Scenario = {
        ...s,
        dynamic: {
          hotspotDetection: { ...d.hotspotDetection, ...e.patch.hotspotDetection },
          salting: { ...d.salting, ...e.patch.salting },
          loadAware: { ...d.loadAware, ...e.patch.loadAware },
        },
      }
      return live(next, { do: 'setDynamic', dynamic: e.patch })
    }
    case 'protocol': {
      const protocol: RebalanceProtocol = e.protocol === 'static' ? 'eager' : e.protocol
      const allowed = ASSIGNORS_FOR[protocol]
      const assignor = allowed.includes(s.group.assignor) ? s.group.assignor : (allowed[0] ?? 'range')
      return restart({
        ...s,
        group: { ...s.group, protocol, assignor, staticMembership: e.protocol === 'static' },
      })
    }
    case 'assignor':
      return restart({ ...s, group: { ...s.group, assignor: e.assignor } })
    case 'timeout': {
      const config: ConsumerConfig = { ...s.group.config, [e.key]: Math.max(1, Math.round(e.value)) }
      return restart({ ...s, group: { ...s.group, config } })
    }
    case 'seed':
      return restart({ ...s, seed: Math.trunc(e.seed) >>> 0 })
    case 'autoscaler':
      return live({ ...s, group: { ...s.group, autoscaler: { ...s.group.autoscaler, enabled: e.enabled } } }, { do: 'setAutoscaler', enabled: e.enabled })
  }
}
