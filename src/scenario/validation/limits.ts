// The bounds a scenario must stay within. Kafka's own limits where Kafka has one (cited);
// otherwise simulator bounds chosen so that a hostile link cannot exhaust memory or time.

/** Java's Integer.MAX_VALUE: the ceiling of Kafka's INT-typed configs. */
export const JAVA_INT_MAX = 2_147_483_647

export const LIMITS = {
  /**
   * Partitions of the topic: the "real cluster sizes" (10 000 partitions, 1 000 consumers).
   * Kafka itself caps neither (KRaft aims at millions of partitions per cluster, KIP-500;
   * group.consumer.max.size / group.max.size default to Integer.MAX_VALUE); memory stays bounded by
   * MAX_TOTAL_PENDING_SEGMENTS (sim/consume.ts), and the work budget (cost.ts) still rejects sizes
   * that would run slower than real time.
   */
  partitions: { min: 1, max: 10_000 },
  consumers: { min: 0, max: 1000 },
  producers: { max: 64 },
  /** Brokers of the simulated cluster (issue 12: up to 64); ids are 0..brokers-1. */
  brokers: { min: 1, max: 64 },
  actions: { max: 1000 },
  keyCostEntries: { max: 1000 },
  schedulePoints: { max: 1000 },
  /** Records per second, for producer rates and consumer processing. */
  ratePerSec: { max: 1e8 },
  keyCount: { min: 1, max: 1_000_000 },
  /** Named keys of a key histogram: one per partition at most when an import synthesizes them from per-partition rates. */
  histogramKeys: { max: 4096 },
  /** Records waiting in one partition at t = 0 (topic.initialLag): a lag of a trillion is exact in a double. */
  initialLag: { max: 1e12 },
  zipfS: { min: 0, max: 5 },
  recordBytes: { min: 1, max: 10_000_000 },
  /** Processing cost multiplier of a key, and the slowConsumer factor. */
  cost: { max: 1000 },
  rateMultiplier: { max: 10_000 },
  /**
   * A producer's peak rate, spikes and scripted multipliers included: 64 producers at this rate
   * for a day stay below 2^53 records, so every count is an exact integer.
   */
  peakRatePerSec: { max: 1e9 },
  seed: { min: 0, max: 2 ** 32 - 1 },
  /** Scenario run length and any time written in seconds. */
  seconds: { max: 86_400 },
  /** A scripted pause or downtime, ms. */
  downMs: { max: 3_600_000 },
  networkLatencyMs: { max: 60_000 },
  /** fetch.max.wait.ms: the simulator's floor (Kafka allows 0; see world.ts). */
  fetchMaxWaitMs: { min: 1 },
  /** max.poll.interval.ms: the simulator's floor (Kafka allows 1; see world.ts). */
  maxPollIntervalMs: { min: 1000 },
  /** metadata.max.age.ms (producer and consumer): Kafka allows any LONG ≥ 0; a simulator bound of one day. */
  metadataMaxAgeMs: { min: 1, max: 86_400_000 },
  /** retry.backoff.ms: Kafka allows 0; the simulator's floor, so a retrying client advances in time. */
  retryBackoffMs: { min: 1 },
  /** Broker numbers a command may name (1-based, as the page shows them): a cluster has at most 64 brokers. */
  brokerNumber: { min: 1, max: 64 },
  /** slowBroker factor: how many times slower a broker's disk appends (simulator bound). */
  slowDiskFactor: { max: 1000 },
  nameChars: 80,
  keyNameChars: 200,
  consumerNameChars: 100,
  groupIdChars: 255,
  /** Broker group.min.session.timeout.ms / group.max.session.timeout.ms defaults (GroupCoordinatorConfig). */
  sessionTimeoutMs: { min: 6000, max: 1_800_000 },
  /** KIP-848 allowed ranges: group.consumer.min/max.session.timeout.ms and heartbeat equivalents. */
  consumerGroupSessionTimeoutMs: { min: 45_000, max: 60_000 },
  consumerGroupHeartbeatIntervalMs: { min: 5000, max: 15_000 },
  /** group.share.record.lock.duration.ms: ShareGroupConfig's between(1000, 3_600_000) (KIP-932). */
  shareRecordLockDurationMs: { min: 1000, max: 3_600_000 },
  /** group.share.delivery.count.limit: ShareGroupConfig's between(2, 10). */
  shareDeliveryCountLimit: { min: 2, max: 10 },
  /** group.share.partition.max.record.locks: ShareGroupConfig's between(100, 10_000). */
  sharePartitionMaxRecordLocks: { min: 100, max: 10_000 },
  /**
   * Parallel Consumer worker threads per consumer (ParallelConsumerOptions.maxConcurrency: any int ≥ 1).
   * A simulator bound: each poll plans every held chain over the workers, and a thousand threads
   * per client is already far past what PC's docs suggest ("much higher than core count").
   */
  pcMaxConcurrency: { min: 1, max: 1000 },
  /** Parallel Consumer commitInterval, ms (a simulator bound of a minute; PC takes any Duration). */
  pcCommitIntervalMs: { min: 1, max: 3_600_000 },
  /** offset.metadata.max.bytes: Kafka's broker config is an INT ≥ 0 (default 4096); here 1 byte to 1 MiB. */
  offsetMetadataMaxBytes: { min: 1, max: 1_048_576 },
  /** Kafka topic names: 1–249 characters of [a-zA-Z0-9._-], not "." or ".." (Topic.validate). */
  topicNameChars: 249,
  /**
   * rebalanceCluster's throttle, bytes/s: kafka-reassign-partitions --throttle sets
   * leader/follower.replication.throttled.rate (a LONG ≥ 0; 0 would never finish a move here, so ≥ 1).
   * Up to 100 GB/s, beyond any broker's network.
   */
  throttleBytesPerSec: { min: 1, max: 1e11 },
  /**
   * rebalanceCluster actions in one script: each plans the whole cluster (up to ~1 s of work at the
   * largest topics), so a link cannot make a run spend minutes planning. A simulator bound.
   */
  rebalanceClusterActions: { max: 20 },
} as const
