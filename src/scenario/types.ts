// The scenario: everything a run needs, as plain JSON-able data. Pure types; no logic.
// Field names for Kafka settings are Kafka's own config names, with Kafka's defaults (see defaults.ts).
// Times written by humans (script, rate shapes) are in seconds (`…Sec`); Kafka configs keep `.ms`.

export const SCENARIO_VERSION = 1 as const

/** Producer rate over time, in records per second. */
export type RateSpec =
  | { kind: 'constant'; perSec: number }
  | { kind: 'step'; perSec: number; atSec: number; toPerSec: number }
  | { kind: 'ramp'; fromPerSec: number; toPerSec: number; startSec: number; endSec: number }
  | { kind: 'spike'; perSec: number; atSec: number; durationSec: number; multiplier: number }
  /** `amplitude` is a fraction of `perSec` (0..1): rate = perSec × (1 + amplitude·sin(2πt/period)). */
  | { kind: 'sine'; perSec: number; amplitude: number; periodSec: number }
  /** Linear between points (seconds, records/s); constant before the first and after the last. */
  | { kind: 'schedule'; points: Array<[number, number]> }

/** Which keys the records carry. Keys are named `key-0 … key-(count-1)`; the hot key by `hotKey`. */
export type KeySpec =
  | { kind: 'uniform'; count: number }
  | { kind: 'zipf'; count: number; s: number }
  /** One named key takes `share` of the records; the rest are uniform over `count` other keys. */
  | { kind: 'hot'; count: number; hotKey: string; share: number }
  /** Null keys: the built-in (sticky / adaptive) partitioner decides. */
  | { kind: 'keyless' }
  /**
   * A real key histogram (an import's key sample): the named keys share `1 - otherShare` of the
   * records in proportion to their weights; `otherShare` is uniform over `otherKeys` keys named
   * `key-0 …`. Named keys hash with murmur2 like any key, so each lands where it does in Kafka.
   */
  | { kind: 'histogram'; keys: Array<[string, number]>; otherKeys: number; otherShare: number }

export interface ProducerSpec {
  rate: RateSpec
  keys: KeySpec
  /** Serialized record size in bytes (key + value + overhead), drives batch.size switching. */
  recordBytes: number
  /** Processing cost multiplier per key name (1 = normal); e.g. the hot key costs 3×. */
  keyCost: Record<string, number>
}

export type PartitionerName = 'default' | 'uniform-sticky' | 'legacy-sticky' | 'round-robin'

export interface ProducerConfig {
  'batch.size': number
  'linger.ms': number
  'partitioner.adaptive.partitioning.enable': boolean
  'partitioner.ignore.keys': boolean
  /** null = the built-in logic (murmur2 for keys, uniform sticky for null keys). */
  'partitioner.class': PartitionerName | null
  /** How often the producer refreshes topic metadata, so when it first routes to added partitions. */
  'metadata.max.age.ms': number
  // Delivery when a partition's leader fails (BROKERFAULTS). Optional: absent = Kafka's default
  // (kafka/producerDelivery.ts DELIVERY_DEFAULTS), which changes nothing while no broker fails.
  /** 'all' (Kafka ≥ 3.0 default): acknowledged once every in-sync replica has it; '1': once the leader has; '0': never waits. */
  acks?: 'all' | '1' | '0'
  retries?: number
  'delivery.timeout.ms'?: number
  'request.timeout.ms'?: number
  'retry.backoff.ms'?: number
}

/** Kafka's assignors, plus 'lag-aware' (weighs partitions by lag and rate; not built into Kafka, eager protocol only). */
export type AssignorName = 'range' | 'roundrobin' | 'sticky' | 'cooperative-sticky' | 'uniform' | 'lag-aware'

/**
 * How the group rebalances. `eager` and `cooperative` are the classic protocol with an eager or a
 * cooperative assignor (KIP-429); `consumer` is KIP-848 (group.protocol=consumer).
 */
export type RebalanceProtocol = 'eager' | 'cooperative' | 'consumer'

export interface ConsumerConfig {
  'session.timeout.ms': number
  'heartbeat.interval.ms': number
  'max.poll.interval.ms': number
  'max.poll.records': number
  'enable.auto.commit': boolean
  'auto.commit.interval.ms': number
  'fetch.max.wait.ms': number
  'auto.offset.reset': 'earliest' | 'latest'
  /** How often the consumer refreshes metadata; the group leader sees added partitions then and rejoins. */
  'metadata.max.age.ms': number
}

export interface BrokerConfig {
  'group.initial.rebalance.delay.ms': number
  'group.consumer.session.timeout.ms': number
  'group.consumer.heartbeat.interval.ms': number
  /** Optional lane capacity: records/s one partition can append (null = unlimited). */
  appendCapacityPerSec: number | null
  /** One-way network latency between clients and brokers, ms. */
  networkLatencyMs: number
}

/**
 * The brokers the topic lives on (issue 12). Absent from a scenario = DEFAULT_CLUSTER (defaults.ts),
 * which changes nothing that ran before brokers existed: no capacity, so brokers only report load.
 */
export interface ClusterSpec {
  /** 1..64 brokers, ids 0..brokers-1 (shown as b1…). */
  brokers: number
  /** 1..brokers; Kafka's default.replication.factor = 1. */
  'replication.factor': number
  /** 1..replication.factor; Kafka's default 1. */
  'min.insync.replicas': number
  /** Records/s one broker can append as leader over all its partitions (null = unlimited). */
  brokerCapacityPerSec: number | null
  // The controller's broker-fault settings (BROKERFAULTS). Optional: absent = Kafka's default
  // (sim/brokers/faultState.ts FAULT_DEFAULTS), which changes nothing while no broker fails.
  /** KRaft: a broker without heartbeats this long is fenced (default 9000). */
  'broker.session.timeout.ms'?: number
  /** KRaft: how often a broker heartbeats the controller (default 2000). */
  'broker.heartbeat.interval.ms'?: number
  /** Elect a leader outside the ISR when none in it is alive, losing records (default false). */
  'unclean.leader.election.enable'?: boolean
  /** Move leaders back to preferred replicas on a timer (default true). */
  'auto.leader.rebalance.enable'?: boolean
  /** KRaft: a leader-imbalance check runs this long after leaders moved away from their preferred replicas (default 300). */
  'leader.imbalance.check.interval.seconds'?: number
  /**
   * The topic's replicas as a real cluster placed them (an import of kafka-topics.sh --describe or
   * kcat -L -J): one entry per partition, each `replication.factor` distinct broker numbers 1..brokers
   * (as the page shows them), the first the preferred leader as in Kafka. Absent: KRaft's
   * StripedReplicaPlacer places them from the seed (older links replay exactly). Partitions added
   * during the run are placed by the placer, continuing after these.
   */
  assignment?: number[][]
  /**
   * Who leads each partition at 0 s (broker numbers, one per partition, each one of its replicas)
   * when that differs from the preferred leader somewhere: a cluster printed before its preferred
   * leaders were elected back. Only with `assignment`; absent = the preferred leaders lead. The
   * controller's auto.leader.rebalance then moves leaders back at its imbalance check (sim/brokers/leaderBalance.ts).
   */
  leaders?: number[]
}

export interface ProcessingSpec {
  /** Records per second one consumer processes at cost multiplier 1. */
  recordsPerSec: number
  /** Coefficient of variation of per-poll processing time (log-normal jitter). */
  cv: number
  /** 'auto' = enable.auto.commit semantics; 'after-processing' = commitSync after each poll's batch. */
  commitMode: 'auto' | 'after-processing'
  /** Commit processed offsets in onPartitionsRevoked (reduces duplicates after a rebalance). */
  commitOnRevoke: boolean
}

export interface AutoscalerSpec {
  enabled: boolean
  /** Add a consumer when total lag (records) exceeds this, as KEDA's Kafka scaler does. */
  lagThreshold: number
  /** Remove one when total lag stays below this. */
  scaleInBelowLag: number
  cooldownSec: number
  minConsumers: number
  maxConsumers: number
}

/**
 * Each consumer runs Confluent's Parallel Consumer over its KafkaConsumer (names after
 * ParallelConsumerOptions). Absent = the plain KafkaConsumer poll loop.
 */
export interface ParallelConsumerSpec {
  /** ProcessingOrder: PARTITION / KEY (PC's default) / UNORDERED. */
  ordering: 'partition' | 'key' | 'unordered'
  /** Worker threads per consumer (PC's default 16). */
  maxConcurrency: number
  /** PC's commitInterval: how often it commits what is complete (default 5000 ms). */
  commitIntervalMs?: number
  /** The commit-metadata limit PC's offset map must fit (Kafka's offset.metadata.max.bytes, default 4096). */
  'offset.metadata.max.bytes'?: number
}

export interface ConsumerGroupSpec {
  groupId: string
  consumers: number
  protocol: RebalanceProtocol
  assignor: AssignorName
  /** Static membership (KIP-345): each consumer has a group.instance.id. */
  staticMembership: boolean
  config: ConsumerConfig
  processing: ProcessingSpec
  autoscaler: AutoscalerSpec
  /** Parallel Consumer per consumer (absent = plain KafkaConsumer loop, as before). */
  parallel?: ParallelConsumerSpec
  /**
   * `share` (KIP-932): members read the same partitions together, acquiring records under a lock
   * and acknowledging each one. Absent = 'consumer', today's consumer groups.
   */
  type?: GroupType
  /** Share-group settings; read only when `type` is 'share' (absent = Kafka's defaults). */
  share?: ShareGroupSpec
  /**
   * Who owns which partitions at a warm start (consumer i owns entry i), as an import measured it.
   * Used only when it fits the run: one entry per consumer, every partition owned once (another
   * consumer or partition count, e.g. a compare side, leaves it to the assignor). Absent = the
   * assignor's, as before.
   */
  initialAssignment?: number[][]
  /**
   * What the scenario's consumers are called (consumer i is entry i), e.g. an import's client ids,
   * so cards, lane owners, narration and exports name them as the cluster does. Consumers past the
   * list, and consumers started later in the run, are `consumer-N`. Absent = all `consumer-N`.
   */
  consumerNames?: string[]
}

export type GroupType = 'consumer' | 'share'

/**
 * A share group's broker settings (ShareGroupConfig, KIP-932) and what the application does with
 * the records it receives. Acknowledgement is implicit (share.acknowledgement.mode=implicit, the
 * default): a poll accepts the records the previous poll returned, except those the application
 * released or rejected.
 */
export interface ShareGroupSpec {
  /** How long acquired records stay locked to one member before they become available again. */
  'group.share.record.lock.duration.ms': number
  /** Deliveries after which a record that is released or whose lock expires is archived instead. */
  'group.share.delivery.count.limit': number
  /** In-flight records (between the share-partition start and end offsets) per partition. */
  'group.share.partition.max.record.locks': number
  /** Simulator: fraction of processed records the application releases (redelivered later). */
  releaseShare: number
  /** Simulator: fraction of processed records the application rejects (archived, never redelivered). */
  rejectShare: number
}

/** Dynamic partitioning: the strategies a teacher switches on and compares. */
export interface DynamicPartitioningSpec {
  /** Flag a key whose share of traffic exceeds keyShareThreshold, or a partition above skewThreshold × mean rate. */
  hotspotDetection: { enabled: boolean; keyShareThreshold: number; partitionSkewThreshold: number }
  /** Spread each flagged key over `splits` partitions (key salting: "key#0" … "key#k-1"). */
  salting: { enabled: boolean; splits: number }
  /** Send records that may move to the least-loaded lane: flagged hot keys only, or every record. */
  loadAware: { enabled: boolean; scope: 'hot-keys' | 'all' }
}

/** A change to the running world: scripted in the scenario or sent live by the UI. */
export type Command =
  | { do: 'addConsumer'; count?: number }
  | { do: 'removeConsumer'; consumer?: string }
  | { do: 'crashConsumer'; consumer: string }
  | { do: 'gcPause'; consumer: string; durationMs: number }
  /** `factor` = how many times slower it processes from now on (2 = half speed, 1 = normal again). */
  | { do: 'slowConsumer'; consumer: string; factor: number }
  | { do: 'restartConsumer'; consumer: string; downMs: number }
  /**
   * A crashed (or closed) consumer's process is started again: it joins the group anew (dynamic
   * membership: a new member.id; static: the same group.instance.id). No setting changes.
   */
  | { do: 'reviveConsumer'; consumer: string }
  | { do: 'rollingRestart'; downMs: number; intervalMs: number }
  /** `perSec` replaces the rate with a constant; `multiplier` scales it (both: set, then scale). */
  | { do: 'setRate'; producer?: number; perSec?: number; multiplier?: number }
  | { do: 'setHotKeyShare'; producer?: number; share: number }
  | { do: 'setKeyCount'; producer?: number; count: number }
  | { do: 'setZipf'; producer?: number; s: number }
  | { do: 'setKeyCost'; producer?: number; key: string; cost: number }
  /** `count` partitions are added (not the new total); Kafka can only grow a topic. */
  | { do: 'addPartitions'; count: number }
  | { do: 'setDynamic'; dynamic: Partial<{ [K in keyof DynamicPartitioningSpec]: Partial<DynamicPartitioningSpec[K]> }> }
  | { do: 'setPartitioner'; partitioner: PartitionerName | null; ignoreKeys?: boolean }
  /** Turns the KEDA-style autoscaler (group.autoscaler) on or off. */
  | { do: 'setAutoscaler'; enabled: boolean }
  /** The broker's process dies: no heartbeats to the controller, no requests served. `broker` counts from 1, as shown. */
  | { do: 'crashBroker'; broker: number }
  /**
   * A graceful stop (controlled.shutdown.enable, as in a rolling upgrade): the controller moves the
   * broker's leaderships to in-sync replicas and drops it from the ISRs, then lets it stop.
   */
  | { do: 'shutdownBroker'; broker: number }
  /** A crashed (or shut down) broker starts again: it registers, catches up its replicas and rejoins their ISRs. */
  | { do: 'restartBroker'; broker: number }
  /** Slow disk: the broker's appends take `factor` times longer from now on (1 = normal again). */
  | { do: 'slowBroker'; broker: number; factor: number }
  /**
   * Runs the cluster balancer's plan (src/kafka/clusterBalancer.ts) at this moment: leader moves at
   * once, replica moves one after another, each copying its log under the replication throttle
   * (kafka-reassign-partitions --throttle, bytes/s; absent = the simulator's 50 MB/s, see reassign.ts).
   */
  | { do: 'rebalanceCluster'; throttleBytesPerSec?: number }

export type ScenarioAction = Command & { atSec: number }

/**
 * How the run begins. `cold` (also when absent): the consumers start at t = 0 and the group forms
 * (initial rebalance delay, JoinGroup / SyncGroup or KIP-848 joins). `warm`: the group is already
 * formed and Stable at t = 0, every consumer owning its share with lag zero.
 */
export type StartMode = 'warm' | 'cold'

export interface TopicSpec {
  name: string
  partitions: number
  /**
   * Records already in each partition and not yet consumed at t = 0 (a measured lag, e.g. from an
   * import): the log starts that long, the group's committed offset at 0. Index = partition;
   * partitions past the end start empty. Absent = empty logs, so older links replay exactly.
   */
  initialLag?: number[]
}

export interface Scenario {
  version: typeof SCENARIO_VERSION
  name: string
  seed: number
  /** Absent = 'cold', so links made before warm starts existed replay exactly. */
  start?: StartMode
  /** Default run length for the CLI and the "what to notice" story. */
  durationSec: number
  topic: TopicSpec
  producers: ProducerSpec[]
  producerConfig: ProducerConfig
  broker: BrokerConfig
  /** Absent = DEFAULT_CLUSTER (3 brokers, RF 1, no capacity), so older links replay exactly. */
  cluster?: ClusterSpec
  group: ConsumerGroupSpec
  dynamic: DynamicPartitioningSpec
  actions: ScenarioAction[]
}
