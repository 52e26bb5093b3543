// fast-check arbitrary for short, small-rate runs under random fault schedules, over every group
// protocol (eager, cooperative, static membership, KIP-848 consumer), every partitioner, both
// offset-reset policies, strategy switches and the autoscaler: cheap enough to run hundreds of
// times. Test-only; the conservation and stepping properties share it.
import fc from 'fast-check'
import { defaultScenario } from '../../src/scenario/defaults.ts'
import type { AssignorName, KeySpec, PartitionerName, RebalanceProtocol, Scenario, ScenarioAction } from '../../src/scenario/types.ts'

/** Simulated length of one run: the actions fall inside it. */
export const FAULT_RUN_MS = 24_000

const names = ['consumer-1', 'consumer-2', 'consumer-3', 'consumer-4']
const at = fc.integer({ min: 1, max: 20 })

const keys: fc.Arbitrary<KeySpec> = fc.oneof(
  fc.record({ kind: fc.constant('uniform' as const), count: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ kind: fc.constant('zipf' as const), count: fc.integer({ min: 1, max: 500 }), s: fc.double({ min: 0, max: 2, noNaN: true }) }),
  fc.record({ kind: fc.constant('hot' as const), count: fc.integer({ min: 1, max: 500 }), hotKey: fc.constant('hot'), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.constant({ kind: 'keyless' as const }),
)

const partitioner: fc.Arbitrary<PartitionerName | null> = fc.constantFrom(null, 'default' as const, 'uniform-sticky' as const, 'legacy-sticky' as const, 'round-robin' as const)

export const faultAction: fc.Arbitrary<ScenarioAction> = fc.oneof(
  fc.record({ atSec: at, do: fc.constant('addConsumer' as const) }),
  fc.record({ atSec: at, do: fc.constant('crashConsumer' as const), consumer: fc.constantFrom(...names) }),
  fc.record({ atSec: at, do: fc.constant('removeConsumer' as const) }),
  fc.record({ atSec: at, do: fc.constant('restartConsumer' as const), consumer: fc.constantFrom(...names), downMs: fc.integer({ min: 0, max: 8000 }) }),
  fc.record({ atSec: at, do: fc.constant('rollingRestart' as const), downMs: fc.integer({ min: 0, max: 4000 }), intervalMs: fc.integer({ min: 500, max: 5000 }) }),
  fc.record({ atSec: at, do: fc.constant('gcPause' as const), consumer: fc.constantFrom(...names), durationMs: fc.integer({ min: 1, max: 15_000 }) }),
  fc.record({ atSec: at, do: fc.constant('slowConsumer' as const), consumer: fc.constantFrom(...names), factor: fc.double({ min: 0.5, max: 20, noNaN: true }) }),
  fc.record({ atSec: at, do: fc.constant('addPartitions' as const), count: fc.integer({ min: 1, max: 4 }) }),
  // Broker faults: numbers past the cluster's brokers are dropped below (the validator rejects them).
  fc.record({ atSec: at, do: fc.constant('crashBroker' as const), broker: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ atSec: at, do: fc.constant('shutdownBroker' as const), broker: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ atSec: at, do: fc.constant('restartBroker' as const), broker: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ atSec: at, do: fc.constant('setRate' as const), multiplier: fc.double({ min: 0, max: 3, noNaN: true }) }),
  fc.record({ atSec: at, do: fc.constant('setKeyCount' as const), count: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ atSec: at, do: fc.constant('setHotKeyShare' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ atSec: at, do: fc.constant('setAutoscaler' as const), enabled: fc.boolean() }),
  fc.record({ atSec: at, do: fc.constant('setPartitioner' as const), partitioner, ignoreKeys: fc.boolean() }),
  fc.record({
    atSec: at,
    do: fc.constant('setDynamic' as const),
    dynamic: fc.record({ salting: fc.record({ enabled: fc.boolean(), splits: fc.integer({ min: 1, max: 6 }) }), loadAware: fc.record({ enabled: fc.boolean(), scope: fc.constantFrom('hot-keys' as const, 'all' as const) }) }),
  }),
)

const group: fc.Arbitrary<{ protocol: RebalanceProtocol; assignor: AssignorName; staticMembership: boolean }> = fc.oneof(
  fc.record({ protocol: fc.constant('eager' as const), assignor: fc.constantFrom<AssignorName>('range', 'roundrobin', 'sticky', 'lag-aware'), staticMembership: fc.boolean() }),
  fc.record({ protocol: fc.constant('cooperative' as const), assignor: fc.constant<AssignorName>('cooperative-sticky'), staticMembership: fc.boolean() }),
  fc.record({ protocol: fc.constant('consumer' as const), assignor: fc.constantFrom<AssignorName>('uniform', 'range'), staticMembership: fc.boolean() }),
)

export const faultScenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 100_000 }),
    partitions: fc.integer({ min: 1, max: 10 }),
    consumers: fc.integer({ min: 0, max: 4 }),
    rate: fc.integer({ min: 0, max: 2000 }),
    recordBytes: fc.constantFrom(100, 1000, 16384, 40_000),
    keys,
    partitioner,
    ignoreKeys: fc.boolean(),
    cap: fc.option(fc.integer({ min: 20, max: 400 }), { nil: null }),
    linger: fc.integer({ min: 0, max: 50 }),
    recordsPerSec: fc.integer({ min: 50, max: 3000 }),
    cv: fc.constantFrom(0, 0.3),
    autoscaler: fc.boolean(),
    group,
    autoCommit: fc.boolean(),
    commitMode: fc.constantFrom('auto' as const, 'after-processing' as const),
    commitOnRevoke: fc.boolean(),
    reset: fc.constantFrom('earliest' as const, 'latest' as const),
    maxPollRecords: fc.integer({ min: 1, max: 500 }),
    maxPollIntervalMs: fc.constantFrom(2000, 300_000),
    metadataAgeMs: fc.constantFrom(1000, 5000, 300_000),
    salting: fc.boolean(),
    loadAware: fc.boolean(),
    actions: fc.array(faultAction, { maxLength: 6 }),
    warm: fc.boolean(),
    cluster: fc.option(
      fc.integer({ min: 1, max: 3 }).chain((brokers) =>
        fc.integer({ min: 1, max: brokers }).chain((rf) => fc.record({ brokers: fc.constant(brokers), rf: fc.constant(rf), minIsr: fc.integer({ min: 1, max: rf }) })),
      ),
      { nil: null },
    ),
    acks: fc.constantFrom('all' as const, '1' as const, '0' as const),
    deliveryTimeoutMs: fc.constantFrom(2000, 120_000),
  })
  .map((r) => {
    const s = defaultScenario()
    s.seed = r.seed
    s.durationSec = FAULT_RUN_MS / 1000
    s.topic.partitions = r.partitions
    const p = s.producers[0]!
    p.rate = { kind: 'constant', perSec: r.rate }
    p.keys = r.keys
    p.recordBytes = r.recordBytes
    s.producerConfig['partitioner.class'] = r.partitioner
    s.producerConfig['partitioner.ignore.keys'] = r.ignoreKeys
    s.producerConfig['linger.ms'] = r.linger
    s.producerConfig['metadata.max.age.ms'] = r.metadataAgeMs
    s.broker.appendCapacityPerSec = r.cap
    s.broker['group.initial.rebalance.delay.ms'] = 500
    s.broker['group.consumer.session.timeout.ms'] = 45_000
    const g = s.group
    g.consumers = r.consumers
    g.protocol = r.group.protocol
    g.assignor = r.group.assignor
    g.staticMembership = r.group.staticMembership
    g.config['session.timeout.ms'] = 6000
    g.config['heartbeat.interval.ms'] = 1000
    g.config['max.poll.interval.ms'] = r.maxPollIntervalMs
    g.config['max.poll.records'] = r.maxPollRecords
    g.config['enable.auto.commit'] = r.autoCommit
    g.config['auto.commit.interval.ms'] = 1000
    g.config['auto.offset.reset'] = r.reset
    g.config['metadata.max.age.ms'] = r.metadataAgeMs
    g.processing.recordsPerSec = r.recordsPerSec
    g.processing.cv = r.cv
    g.autoscaler = { enabled: r.autoscaler, lagThreshold: 500, scaleInBelowLag: 50, cooldownSec: 3, minConsumers: 1, maxConsumers: 5 }
    g.processing.commitMode = r.commitMode
    g.processing.commitOnRevoke = r.commitOnRevoke
    s.dynamic.salting.enabled = r.salting
    s.dynamic.loadAware.enabled = r.loadAware
    const brokers = r.cluster?.brokers ?? 3
    s.actions = [...r.actions].filter((a) => !('broker' in a) || a.broker <= brokers).sort((a, b) => a.atSec - b.atSec)
    if (r.cluster) s.cluster = { brokers: r.cluster.brokers, 'replication.factor': r.cluster.rf, 'min.insync.replicas': r.cluster.minIsr, brokerCapacityPerSec: null }
    Object.assign(s.producerConfig, { acks: r.acks, 'request.timeout.ms': 1000, 'delivery.timeout.ms': Math.max(r.deliveryTimeoutMs, r.linger + 1000) })
    if (r.warm) s.start = 'warm'
    return s
  })
