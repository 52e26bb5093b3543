// Defaults for every scenario field. Kafka settings carry Kafka's own defaults, cited beside them
// (../shared/kafka-semantics.md §5). Simulator-only knobs are chosen so the default page is calm.

import { SCENARIO_VERSION, type ClusterSpec, type Scenario, type ShareGroupSpec } from './types.ts'

/** The hot key a "Hot-key share" control introduces when the keys had none: the seed's global marketplace. */
export const DEFAULT_HOT_KEY = 'global-marketplace'

/**
 * The cluster a scenario without `cluster` runs on. 3 brokers is the simulator's choice (a small
 * cluster a workshop can see); the replication settings are Kafka's broker defaults
 * (ServerLogConfigs: default.replication.factor = 1, min.insync.replicas = 1).
 */
export const DEFAULT_CLUSTER: Readonly<ClusterSpec> = Object.freeze({
  brokers: 3,
  'replication.factor': 1,
  'min.insync.replicas': 1,
  brokerCapacityPerSec: null,
})

/** The scenario's cluster, or the default one when the field is absent. */
export function clusterOf(s: Pick<Scenario, 'cluster'>): ClusterSpec {
  return s.cluster ?? { ...DEFAULT_CLUSTER }
}

export function defaultScenario(): Scenario {
  return {
    version: SCENARIO_VERSION,
    name: 'steady',
    seed: 42,
    durationSec: 120,
    topic: { name: 'orders', partitions: 12 },
    producers: [
      {
        rate: { kind: 'constant', perSec: 3000 },
        keys: { kind: 'uniform', count: 1000 },
        recordBytes: 100,
        keyCost: {},
      },
    ],
    producerConfig: {
      'batch.size': 16384, // ProducerConfig
      'linger.ms': 5, // 5 since Kafka 4.0 (KIP-1030)
      'partitioner.adaptive.partitioning.enable': true, // KIP-794
      'partitioner.ignore.keys': false,
      'partitioner.class': null,
      // 5 min (ProducerConfig METADATA_MAX_AGE_CONFIG, https://kafka.apache.org/documentation/#producerconfigs_metadata.max.age.ms)
      'metadata.max.age.ms': 300000,
    },
    broker: {
      'group.initial.rebalance.delay.ms': 3000, // GroupCoordinatorConfig, KIP-134
      'group.consumer.session.timeout.ms': 45000, // KIP-848
      'group.consumer.heartbeat.interval.ms': 5000, // KIP-848
      appendCapacityPerSec: null,
      networkLatencyMs: 2,
    },
    group: {
      groupId: 'highway',
      consumers: 3,
      protocol: 'eager',
      assignor: 'range', // the Java consumer's effective default: [Range, CooperativeSticky] → eager range
      staticMembership: false,
      config: {
        'session.timeout.ms': 45000, // KIP-735 (3.0)
        'heartbeat.interval.ms': 3000,
        'max.poll.interval.ms': 300000, // KIP-62
        'max.poll.records': 500,
        'enable.auto.commit': true,
        'auto.commit.interval.ms': 5000,
        'fetch.max.wait.ms': 500,
        'auto.offset.reset': 'latest',
        // 5 min (ConsumerConfig METADATA_MAX_AGE_CONFIG, https://kafka.apache.org/documentation/#consumerconfigs_metadata.max.age.ms)
        'metadata.max.age.ms': 300000,
      },
      processing: { recordsPerSec: 2000, cv: 0.2, commitMode: 'auto', commitOnRevoke: false },
      autoscaler: {
        enabled: false,
        lagThreshold: 50000,
        scaleInBelowLag: 0,
        cooldownSec: 30,
        minConsumers: 1,
        maxConsumers: 24,
      },
    },
    dynamic: {
      hotspotDetection: { enabled: true, keyShareThreshold: 0.2, partitionSkewThreshold: 2 },
      salting: { enabled: false, splits: 4 },
      loadAware: { enabled: false, scope: 'hot-keys' },
    },
    actions: [],
  }
}

/**
 * A share group's settings when the scenario gives none: Kafka's broker defaults (ShareGroupConfig,
 * Kafka 4.2: record locks 2000 per partition, raised from 200 in 4.0) and an application that
 * accepts every record.
 */
export function defaultShareGroup(): ShareGroupSpec {
  return {
    'group.share.record.lock.duration.ms': 30000,
    'group.share.delivery.count.limit': 5,
    'group.share.partition.max.record.locks': 2000,
    releaseShare: 0,
    rejectShare: 0,
  }
}
