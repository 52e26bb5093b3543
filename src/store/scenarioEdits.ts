// What one UI edit does to the scenario, and whether the running world can follow it live.
// Pure: scenario in, scenario + live commands out. A live edit's scenario is what
// applyCommandToScenario makes of its commands, the function the simulation runs too. Settings
// that are not live commands (protocol, assignor, Kafka timeouts, seed, fewer partitions) restart
// the run.

import { applyShareEdit, type ShareEdit } from './shareEdits.ts'
import { applyCommandToScenario } from '../scenario/applyCommand.ts'
import type {
  AssignorName,
  Command,
  ConsumerConfig,
  DynamicPartitioningSpec,
  KeySpec,
  PartitionerName,
  ProducerConfig,
  RebalanceProtocol,
  Scenario,
  ParallelConsumerSpec,
} from '../scenario/types.ts'

/** The key a live `setHotKeyShare` makes hot when the producer had no hot key yet. */
import { DEFAULT_HOT_KEY } from '../scenario/defaults.ts'
import { distinctKeys } from '../scenario/keySpecs.ts'
import { editCluster, type ClusterPatch } from '../scenario/clusterEdit.ts'
import { fitPlacement } from '../scenario/placementFit.ts'

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
  /**
   * `current`: the topic's partitions as the run has them, when fewer than the settings say (the page
   * knows from its frame): an add the controller refused (every broker fenced) leaves the topic below
   * them, and "18" asked for again must add to the 12 it has, not count as no change. See withRefused.
   */
  | { kind: 'partitions'; count: number; current?: number }
  | { kind: 'consumers'; count: number }
  | { kind: 'partitioner'; partitioner: PartitionerName | null; ignoreKeys: boolean }
  | { kind: 'dynamic'; patch: DynamicPatch }
  | { kind: 'protocol'; protocol: ProtocolChoice }
  | { kind: 'assignor'; assignor: AssignorName }
  | { kind: 'timeout'; key: TimeoutKey; value: number }
  /** metadata.max.age.ms of the producers or the consumers: a client setting, so a restart. */
  | { kind: 'metadataMaxAge'; client: 'producer' | 'consumer'; value: number }
  | { kind: 'seed'; seed: number }
  | { kind: 'autoscaler'; enabled: boolean }
  /** The brokers (issue 12): placement happens at topic creation, so a restart. */
  | { kind: 'cluster'; patch: ClusterPatch }
  /** The producers' acks (what a broker crash costs): a client setting, so a restart. */
  | { kind: 'acks'; acks: NonNullable<ProducerConfig['acks']> }
  /** Consumer group or KIP-932 share group, and a share group's settings: restart-level (shareEdits.ts). */
  | ShareEdit
  /** Confluent Parallel Consumer on every consumer (null = the plain KafkaConsumer loop): a client setting, so a restart. */
  | { kind: 'parallel'; parallel: ParallelConsumerSpec | null }

export interface EditResult {
  scenario: Scenario
  /** Commands that bring the running world in line; empty when nothing changes or on restart. */
  commands: Command[]
  /** The change cannot be made live: start a new run from `scenario`. */
  restart: boolean
  /** What the change did beyond itself, for the page to say (an imported placement dropped). */
  note?: string
}

/** The assignors each protocol can run (classic eager, classic cooperative, KIP-848 server-side). */
export const ASSIGNORS_FOR: Record<RebalanceProtocol, readonly AssignorName[]> = {
  // lag-aware: an eager assignor (see lagAwareAssignor.ts), so the classic eager protocol only.
  eager: ['range', 'roundrobin', 'sticky', 'lag-aware'],
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
  return distinctKeys(keys)
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

function restart(scenario: Scenario, note: string | null = null): EditResult {
  return note === null ? { scenario, commands: [], restart: true } : { scenario, commands: [], restart: true, note }
}

/** A live edit: the commands the running world gets, and the scenario after the very same commands. */
function live(s: Scenario, ...commands: Command[]): EditResult {
  return { scenario: commands.reduce(applyCommandToScenario, s), commands, restart: false }
}

/** One command per producer (the page's controls act on every producer alike). */
function perProducer(s: Scenario, make: (producer: number) => Command): Command[] {
  return s.producers.map((_, i) => make(i))
}

/** Applies one edit. Pure; never mutates `s`. */
export function applyEdit(s: Scenario, e: ScenarioEdit): EditResult {
  switch (e.kind) {
    case 'rate':
      return live(s, ...perProducer(s, (producer) => ({ do: 'setRate', producer, perSec: e.perSec })))
    case 'hotKeyShare':
      return live(s, ...perProducer(s, (producer) => ({ do: 'setHotKeyShare', producer, share: e.share })))
    case 'zipf':
      return live(s, ...perProducer(s, (producer) => ({ do: 'setZipf', producer, s: e.s })))
    case 'keyCount': {
      const count = Math.max(1, Math.round(e.count))
      return live(s, ...perProducer(s, (producer) => ({ do: 'setKeyCount', producer, count })))
    }
    case 'hotKeyCost': {
      const key = hotKeyName(s)
      return live(s, ...perProducer(s, (producer) => ({ do: 'setKeyCost', producer, key, cost: e.cost })))
    }
    case 'partitions': {
      const delta = Math.max(1, Math.round(e.count)) - (e.current ?? s.topic.partitions)
      if (delta === 0) return live(s)
      // Kafka can add partitions to a topic but never remove them.
      if (delta > 0) return live(s, { do: 'addPartitions', count: delta })
      // An imported placement keeps its first partitions (placementFit.ts).
      const fewer = fitPlacement(s, { ...s, topic: { ...s.topic, partitions: Math.max(1, Math.round(e.count)) } })
      return restart(fewer.scenario, fewer.note)
    }
    case 'consumers': {
      const delta = Math.max(0, Math.round(e.count)) - s.group.consumers
      if (delta >= 0) return delta === 0 ? live(s) : live(s, { do: 'addConsumer', count: delta })
      return live(s, ...Array.from({ length: -delta }, (): Command => ({ do: 'removeConsumer' })))
    }
    case 'partitioner':
      return live(s, { do: 'setPartitioner', partitioner: e.partitioner, ignoreKeys: e.ignoreKeys })
    case 'dynamic':
      return live(s, { do: 'setDynamic', dynamic: e.patch })
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
    case 'parallel': {
      const { parallel: _off, ...group } = s.group
      return restart({ ...s, group: e.parallel ? { ...group, parallel: e.parallel } : group })
    }
    case 'timeout': {
      const config: ConsumerConfig = { ...s.group.config, [e.key]: Math.max(1, Math.round(e.value)) }
      return restart({ ...s, group: { ...s.group, config } })
    }
    case 'metadataMaxAge': {
      const ms = Math.max(1, Math.round(e.value))
      return e.client === 'producer'
        ? restart({ ...s, producerConfig: { ...s.producerConfig, 'metadata.max.age.ms': ms } })
        : restart({ ...s, group: { ...s.group, config: { ...s.group.config, 'metadata.max.age.ms': ms } } })
    }
    case 'acks':
      return restart({ ...s, producerConfig: { ...s.producerConfig, acks: e.acks } })
    case 'seed':
      return restart({ ...s, seed: Math.trunc(e.seed) >>> 0 })
    case 'cluster': {
      const edited = editCluster(s, e.patch)
      return restart(edited.scenario, edited.note)
    }
    case 'groupType':
    case 'shareSetting':
      return restart(applyShareEdit(s, e))
    case 'autoscaler':
      return live(s, { do: 'setAutoscaler', enabled: e.enabled })
  }
}

/**
 * A Partitions edit against a run that refused `refused` partitions so far (Frame.refusedPartitions):
 * counted from what the topic has, `settings` less them. Other edits, or none refused, as they are.
 * The controller adds this from its store (the page's field would pass a count a frame old: read
 * before the worker had the first of two commits of one typed value, it made them two adds).
 */
export function withRefused(e: ScenarioEdit, settings: number, refused: number): ScenarioEdit {
  return e.kind === 'partitions' && refused > 0 ? { ...e, current: partitionsHad(settings, refused) } : e
}

/** The topic's partitions as the run has them: the settings' count less the adds the controller refused. */
export function partitionsHad(settings: number, refused: number): number {
  return Math.max(1, settings - refused)
}
