// Readers for the topic, producer/broker configs, the consumer group and dynamic partitioning.
// Pure. Kafka configs keep Kafka's own constraints (ProducerConfig, ConsumerConfig,
// GroupCoordinatorConfig); cross-field rules are checked after each object is merged.

import type {
  AssignorName,
  BrokerConfig,
  ConsumerConfig,
  ConsumerGroupSpec,
  DynamicPartitioningSpec,
  ParallelConsumerSpec,
  ProducerConfig,
  RebalanceProtocol,
  TopicSpec,
} from '../types.ts'
import { at, error, warn, type Ctx } from './issues.ts'
import { JAVA_INT_MAX, LIMITS } from './limits.ts'
import { bool, fail, int, leaf, num, nullable, ok, oneOf, own, asObject, record, text, type Reader, type Rule } from './rules.ts'
import { SECONDS, SHARE } from './producers.ts'
import { DELIVERY_KEYS, readDelivery } from './delivery.ts'
import { readShareFields } from './share.ts'
import { readInitialAssignment } from './initialAssignment.ts'
import { readConsumerNames } from './consumerNames.ts'
import { PC_DEFAULTS, PROCESSING_ORDERS } from '../../kafka/parallelConsumer.ts'

/** Kafka topic names (Topic.validate): 1–249 of [a-zA-Z0-9._-], and not "." or "..". */
export const TOPIC_NAME: Rule<string> = (v) => {
  if (typeof v !== 'string') return fail('must be a string')
  if (v.length < 1 || v.length > LIMITS.topicNameChars) return fail(`must be 1–${LIMITS.topicNameChars} characters`)
  if (v === '.' || v === '..') return fail('must not be "." or ".."')
  if (!/^[a-zA-Z0-9._-]+$/.test(v)) return fail("must use only a–z, A–Z, 0–9, '.', '_' and '-'")
  return ok(v)
}

export const PARTITIONS = int(LIMITS.partitions.min, LIMITS.partitions.max)
export const CONSUMERS = int(LIMITS.consumers.min, LIMITS.consumers.max)
/** A Kafka INT config that must be ≥ 1 (atLeast(1)). */
const POSITIVE_INT = int(1, JAVA_INT_MAX)
/** A Kafka INT/LONG config that may be 0 (atLeast(0)). */
const NON_NEGATIVE_INT = int(0, JAVA_INT_MAX)
/**
 * fetch.max.wait.ms: Kafka takes 0 (the broker answers at once, and the round trip paces the next
 * fetch). The simulator sends an idle consumer's next poll fetch.max.wait.ms later, so 0 would
 * poll forever at one instant: 1 ms is its floor.
 */
const FETCH_MAX_WAIT: Rule<number> = (v) =>
  v === 0 ? fail(`must be ≥ ${LIMITS.fetchMaxWaitMs.min} here (Kafka allows 0, but an idle consumer would then re-poll in the same instant forever)`) : int(LIMITS.fetchMaxWaitMs.min, JAVA_INT_MAX)(v)
/**
 * max.poll.interval.ms: Kafka takes 1 ms, but a poll loop that must come back within a few ms
 * leaves the group at almost every poll, and a group that never settles steps every member's
 * machine on every poll and heartbeat. A second is the simulator's floor (and the page's slider's).
 */
const MAX_POLL_INTERVAL = int(LIMITS.maxPollIntervalMs.min, JAVA_INT_MAX)
/** metadata.max.age.ms: Kafka takes any LONG ≥ 0; here a positive period of at most one day. */
const METADATA_MAX_AGE = int(LIMITS.metadataMaxAgeMs.min, LIMITS.metadataMaxAgeMs.max)

export const PROTOCOLS = ['eager', 'cooperative', 'consumer'] as const satisfies readonly RebalanceProtocol[]
export const ASSIGNORS = ['range', 'roundrobin', 'sticky', 'cooperative-sticky', 'uniform', 'lag-aware'] as const satisfies readonly AssignorName[]

/** Assignors each protocol can run: KIP-429 (cooperative needs a COOPERATIVE assignor), KIP-848 server assignors. */
export const ASSIGNORS_FOR: { readonly [P in RebalanceProtocol]: readonly AssignorName[] } = {
  // lag-aware: an eager assignor (see lagAwareAssignor.ts), so the classic eager protocol only.
  eager: ['range', 'roundrobin', 'sticky', 'lag-aware'],
  cooperative: ['cooperative-sticky'],
  consumer: ['uniform', 'range'],
}

/** Kafka's default per protocol: the Java consumer's [Range, CooperativeSticky] → range; KIP-848 group.consumer.assignors → uniform. */
export const DEFAULT_ASSIGNOR: { readonly [P in RebalanceProtocol]: AssignorName } = {
  eager: 'range',
  cooperative: 'cooperative-sticky',
  consumer: 'uniform',
}

export const PARTITIONER_NAMES = ['default', 'uniform-sticky', 'legacy-sticky', 'round-robin'] as const

const readTopicFields = record<Omit<TopicSpec, 'initialLag'>>({ name: leaf(TOPIC_NAME), partitions: leaf(PARTITIONS) }, ['initialLag'])

/** Records waiting per partition at t = 0: whole counts, at most one per partition. */
function readInitialLag(ctx: Ctx, v: unknown, partitions: number, path: string): number[] | undefined {
  if (!Array.isArray(v)) return void error(ctx, path, 'must be an array of record counts, one per partition')
  if (v.length > partitions) return void error(ctx, path, `must have at most one count per partition (${partitions}, got ${v.length})`)
  const rule = int(0, LIMITS.initialLag.max)
  const out: number[] = []
  for (let i = 0; i < v.length; i++) {
    const r = rule(v[i])
    if (!r.ok) return void error(ctx, at(path, i), r.message)
    out.push(r.value)
  }
  return out
}

/** The topic; `initialLag` is kept only when given (absent = empty logs, as links before it). */
export const readTopic: Reader<TopicSpec> = (ctx, v, base, path) => {
  const t = readTopicFields(ctx, v, base, path)
  const o = asObject(v)
  const raw = o === undefined ? undefined : own(o, 'initialLag')
  const lag = raw === undefined ? base.initialLag : readInitialLag(ctx, raw, t.partitions, at(path, 'initialLag'))
  return lag === undefined ? t : { ...t, initialLag: lag }
}

const readProducerConfigFields = record<Omit<ProducerConfig, (typeof DELIVERY_KEYS)[number]>>(
  {
    'batch.size': leaf(NON_NEGATIVE_INT),
    'linger.ms': leaf(NON_NEGATIVE_INT),
    'partitioner.adaptive.partitioning.enable': leaf(bool),
    'partitioner.ignore.keys': leaf(bool),
    'partitioner.class': leaf(nullable(oneOf(PARTITIONER_NAMES))),
    'metadata.max.age.ms': leaf(METADATA_MAX_AGE),
  },
  DELIVERY_KEYS,
)

/** The producer config; its optional delivery settings (acks, retries, …) are read by delivery.ts. */
export const readProducerConfig: Reader<ProducerConfig> = (ctx, v, base, path) =>
  readDelivery(ctx, v, readProducerConfigFields(ctx, v, base, path), base, path)

export const readBroker: Reader<BrokerConfig> = record<BrokerConfig>({
  'group.initial.rebalance.delay.ms': leaf(NON_NEGATIVE_INT),
  'group.consumer.session.timeout.ms': leaf(int(LIMITS.consumerGroupSessionTimeoutMs.min, LIMITS.consumerGroupSessionTimeoutMs.max)),
  'group.consumer.heartbeat.interval.ms': leaf(
    int(LIMITS.consumerGroupHeartbeatIntervalMs.min, LIMITS.consumerGroupHeartbeatIntervalMs.max),
  ),
  appendCapacityPerSec: leaf(nullable(num(0, LIMITS.ratePerSec.max, { minExclusive: true }))),
  networkLatencyMs: leaf(int(0, LIMITS.networkLatencyMs.max)),
})

const readConsumerConfigFields = record<ConsumerConfig>({
  'session.timeout.ms': leaf(int(LIMITS.sessionTimeoutMs.min, LIMITS.sessionTimeoutMs.max)),
  'heartbeat.interval.ms': leaf(POSITIVE_INT),
  'max.poll.interval.ms': leaf(MAX_POLL_INTERVAL),
  'max.poll.records': leaf(POSITIVE_INT),
  'enable.auto.commit': leaf(bool),
  'auto.commit.interval.ms': leaf(NON_NEGATIVE_INT),
  'fetch.max.wait.ms': leaf(FETCH_MAX_WAIT),
  'auto.offset.reset': leaf(oneOf(['earliest', 'latest'])),
  'metadata.max.age.ms': leaf(METADATA_MAX_AGE),
})

/** heartbeat.interval.ms must be below session.timeout.ms (Kafka rejects otherwise); ≤ 1/3 is advised. */
const readConsumerConfig: Reader<ConsumerConfig> = (ctx, v, base, path) => {
  const c = readConsumerConfigFields(ctx, v, base, path)
  const session = c['session.timeout.ms']
  const heartbeat = c['heartbeat.interval.ms']
  const hbPath = at(path, 'heartbeat.interval.ms')
  if (heartbeat >= session) {
    error(ctx, hbPath, `must be < ${at(path, 'session.timeout.ms')} (${session})`)
    const fallback = base['heartbeat.interval.ms'] < session ? base['heartbeat.interval.ms'] : Math.floor(session / 3)
    return { ...c, 'heartbeat.interval.ms': fallback }
  }
  if (heartbeat * 3 > session) warn(ctx, hbPath, `should be ≤ 1/3 of session.timeout.ms (${Math.floor(session / 3)}), as Kafka advises`)
  return c
}

const readProcessing = record<ConsumerGroupSpec['processing']>({
  recordsPerSec: leaf(num(0, LIMITS.ratePerSec.max, { minExclusive: true })),
  cv: leaf(num(0, 10)),
  commitMode: leaf(oneOf(['auto', 'after-processing'])),
  commitOnRevoke: leaf(bool),
})

const readAutoscalerFields = record<ConsumerGroupSpec['autoscaler']>({
  enabled: leaf(bool),
  lagThreshold: leaf(num(0, 1e12)),
  scaleInBelowLag: leaf(num(0, 1e12)),
  cooldownSec: leaf(SECONDS),
  minConsumers: leaf(CONSUMERS),
  maxConsumers: leaf(CONSUMERS),
})

const readAutoscaler: Reader<ConsumerGroupSpec['autoscaler']> = (ctx, v, base, path) => {
  const a = readAutoscalerFields(ctx, v, base, path)
  let out = a
  if (a.minConsumers > a.maxConsumers) {
    error(ctx, at(path, 'maxConsumers'), `must be ≥ ${at(path, 'minConsumers')} (${a.minConsumers})`)
    out = { ...out, maxConsumers: a.minConsumers }
  }
  if (a.scaleInBelowLag > a.lagThreshold) {
    error(ctx, at(path, 'scaleInBelowLag'), `must be ≤ ${at(path, 'lagThreshold')} (${a.lagThreshold})`)
    out = { ...out, scaleInBelowLag: Math.min(base.scaleInBelowLag, a.lagThreshold) }
  }
  return out
}

/** Parallel Consumer options; given at all = on, merged onto PC's defaults (kafka/parallelConsumer.ts). */
const readParallelFields = record<ParallelConsumerSpec>({
  ordering: leaf(oneOf(PROCESSING_ORDERS)),
  maxConcurrency: leaf(int(LIMITS.pcMaxConcurrency.min, LIMITS.pcMaxConcurrency.max)),
  commitIntervalMs: optionalLeaf(int(LIMITS.pcCommitIntervalMs.min, LIMITS.pcCommitIntervalMs.max)),
  'offset.metadata.max.bytes': optionalLeaf(int(LIMITS.offsetMetadataMaxBytes.min, LIMITS.offsetMetadataMaxBytes.max)),
})

/** An optional leaf: a bad value is reported and the field stays as it was (absent = the default applies). */
function optionalLeaf<T>(rule: Rule<T>): Reader<T | undefined> {
  return (ctx, v, base, path) => {
    const r = rule(v)
    if (r.ok) return r.value
    error(ctx, path, r.message)
    return base
  }
}

/** `null` switches it off (a compare side or --set can undo a scenario's Parallel Consumer). */
const readParallel: Reader<ParallelConsumerSpec | undefined> = (ctx, v, base, path) => {
  if (v === null) return undefined
  const o = readParallelFields(ctx, v, base ?? { ordering: PC_DEFAULTS.ordering, maxConcurrency: PC_DEFAULTS.maxConcurrency }, path)
  return withoutUndefined(o)
}

/** Optional fields left out stay out (a scenario is plain JSON data: no keys holding undefined). */
function withoutUndefined<T extends object>(o: T): T {
  const out = { ...o }
  for (const k of Object.keys(out) as Array<keyof T>) if (out[k] === undefined) delete out[k]
  return out
}

const readGroupFields = record<Omit<ConsumerGroupSpec, 'type' | 'share' | 'initialAssignment' | 'consumerNames'>>({
  groupId: leaf(text(1, LIMITS.groupIdChars)),
  consumers: leaf(CONSUMERS),
  protocol: leaf(oneOf(PROTOCOLS)),
  assignor: leaf(oneOf(ASSIGNORS)),
  staticMembership: leaf(bool),
  config: readConsumerConfig,
  processing: readProcessing,
  autoscaler: readAutoscaler,
  parallel: readParallel,
}, ['type', 'share', 'initialAssignment', 'consumerNames'])

/**
 * The group. A missing assignor takes Kafka's default for the protocol; an assignor the protocol
 * cannot run is an error naming both fields, and the fallback uses the protocol's default.
 */
export const readGroup: Reader<ConsumerGroupSpec> = (ctx, v, base, path) => {
  const o = asObject(v)
  // The optional share-group fields (KIP-932) are read apart, so a group without them stays as it was.
  const g = { ...readGroupFields(ctx, v, base, path), ...readShareFields(ctx, o, base, path), ...readInitialAssignment(ctx, o, base, path), ...readConsumerNames(ctx, o, base, path) }
  const assignorGiven = o !== undefined && own(o, 'assignor') !== undefined
  const out = withoutUndefined(assignorGiven ? g : { ...g, assignor: DEFAULT_ASSIGNOR[g.protocol] })
  const fits = ASSIGNORS_FOR[out.protocol]
  if (!fits.includes(out.assignor)) {
    error(
      ctx,
      at(path, 'assignor'),
      `'${out.assignor}' does not work with ${at(path, 'protocol')} '${out.protocol}' (it needs ${fits.join(' or ')})` +
        (out.assignor === 'lag-aware' ? "; lag-aware is an eager, client-side assignor (not built into Kafka): use protocol 'eager'" : ''),
    )
    return { ...out, assignor: DEFAULT_ASSIGNOR[out.protocol] }
  }
  const a = out.autoscaler
  if (a.enabled && (out.consumers < a.minConsumers || out.consumers > a.maxConsumers)) {
    warn(ctx, at(path, 'consumers'), `is outside the autoscaler's range ${a.minConsumers}..${a.maxConsumers}`)
  }
  return out
}

/** Leaf rules of dynamic partitioning, shared with the setDynamic command. */
export const DYNAMIC_RULES = {
  hotspotDetection: { enabled: bool, keyShareThreshold: SHARE, partitionSkewThreshold: num(1, LIMITS.partitions.max) },
  salting: { enabled: bool, splits: int(1, LIMITS.partitions.max) },
  loadAware: { enabled: bool, scope: oneOf(['hot-keys', 'all']) },
} as const satisfies { [K in keyof DynamicPartitioningSpec]: { [F in keyof DynamicPartitioningSpec[K]]-?: Rule<DynamicPartitioningSpec[K][F]> } }

const leaves = <T extends object>(rules: { [K in keyof T]-?: Rule<T[K]> }): Reader<T> => {
  const fields = {} as { [K in keyof T]-?: Reader<T[K]> }
  for (const k of Object.keys(rules) as Array<keyof T>) fields[k] = leaf(rules[k])
  return record<T>(fields)
}

export const readDynamic: Reader<DynamicPartitioningSpec> = record<DynamicPartitioningSpec>({
  hotspotDetection: leaves<DynamicPartitioningSpec['hotspotDetection']>(DYNAMIC_RULES.hotspotDetection),
  salting: leaves<DynamicPartitioningSpec['salting']>(DYNAMIC_RULES.salting),
  loadAware: leaves<DynamicPartitioningSpec['loadAware']>(DYNAMIC_RULES.loadAware),
})

