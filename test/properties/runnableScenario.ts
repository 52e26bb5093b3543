// fast-check arbitrary for scenarios small enough to simulate many times in a test, yet wide:
// every protocol and assignor, static membership, faults, partition growth and strategy switches.
// Test-only.

import fc from 'fast-check'
import { defaultScenario } from '../../src/scenario/defaults.ts'
import type { AssignorName, KeySpec, RebalanceProtocol, Scenario, ScenarioAction } from '../../src/scenario/types.ts'

const keys: fc.Arbitrary<KeySpec> = fc.oneof(
  fc.record({ kind: fc.constant('uniform' as const), count: fc.integer({ min: 1, max: 2000 }) }),
  fc.record({ kind: fc.constant('zipf' as const), count: fc.integer({ min: 1, max: 2000 }), s: fc.double({ min: 0, max: 2, noNaN: true }) }),
  fc.record({ kind: fc.constant('hot' as const), count: fc.integer({ min: 1, max: 2000 }), hotKey: fc.constant('hot'), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.constant({ kind: 'keyless' as const }),
)

const at = fc.integer({ min: 0, max: 25 })
const who = fc.constantFrom('consumer-1', 'consumer-2', 'consumer-3')

const action: fc.Arbitrary<ScenarioAction> = fc.oneof(
  fc.record({ atSec: at, do: fc.constant('addConsumer' as const) }),
  fc.record({ atSec: at, do: fc.constant('removeConsumer' as const) }),
  fc.record({ atSec: at, do: fc.constant('crashConsumer' as const), consumer: who }),
  fc.record({ atSec: at, do: fc.constant('gcPause' as const), consumer: who, durationMs: fc.integer({ min: 0, max: 30_000 }) }),
  fc.record({ atSec: at, do: fc.constant('slowConsumer' as const), consumer: who, factor: fc.constantFrom(0.5, 1, 4, 20) }),
  fc.record({ atSec: at, do: fc.constant('restartConsumer' as const), consumer: who, downMs: fc.integer({ min: 0, max: 15_000 }) }),
  fc.record({ atSec: at, do: fc.constant('rollingRestart' as const), downMs: fc.integer({ min: 0, max: 5000 }), intervalMs: fc.integer({ min: 0, max: 8000 }) }),
  fc.record({ atSec: at, do: fc.constant('addPartitions' as const), count: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ atSec: at, do: fc.constant('setRate' as const), multiplier: fc.double({ min: 0, max: 4, noNaN: true }) }),
  fc.record({ atSec: at, do: fc.constant('setHotKeyShare' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ atSec: at, do: fc.constant('setKeyCount' as const), count: fc.integer({ min: 1, max: 500 }) }),
  fc.record({
    atSec: at,
    do: fc.constant('setDynamic' as const),
    dynamic: fc.record({ salting: fc.record({ enabled: fc.boolean(), splits: fc.integer({ min: 1, max: 8 }) }), loadAware: fc.record({ enabled: fc.boolean() }) }),
  }),
  fc.record({ atSec: at, do: fc.constant('setPartitioner' as const), partitioner: fc.constantFrom(null, 'default' as const, 'uniform-sticky' as const, 'legacy-sticky' as const, 'round-robin' as const) }),
  fc.record({ atSec: at, do: fc.constant('setAutoscaler' as const), enabled: fc.boolean() }),
)

const protocolAndAssignor: fc.Arbitrary<{ protocol: RebalanceProtocol; assignor: AssignorName }> = fc.oneof(
  fc.constantFrom<AssignorName>('range', 'roundrobin', 'sticky').map((assignor) => ({ protocol: 'eager' as const, assignor })),
  fc.constant({ protocol: 'cooperative' as const, assignor: 'cooperative-sticky' as const }),
  fc.constantFrom<AssignorName>('uniform', 'range').map((assignor) => ({ protocol: 'consumer' as const, assignor })),
)

export const runnableScenario: fc.Arbitrary<Scenario> = fc
  .record({
    seed: fc.integer({ min: 0, max: 10_000 }),
    partitions: fc.integer({ min: 1, max: 24 }),
    consumers: fc.integer({ min: 0, max: 5 }),
    rate: fc.integer({ min: 0, max: 8000 }),
    keys,
    cap: fc.option(fc.integer({ min: 100, max: 4000 }), { nil: null }),
    linger: fc.integer({ min: 0, max: 40 }),
    recordsPerSec: fc.integer({ min: 50, max: 8000 }),
    cv: fc.constantFrom(0, 0.3),
    pa: protocolAndAssignor,
    staticMembership: fc.boolean(),
    salting: fc.boolean(),
    loadAware: fc.boolean(),
    commitMode: fc.constantFrom('auto' as const, 'after-processing' as const),
    commitOnRevoke: fc.boolean(),
    maxPollInterval: fc.constantFrom(3000, 300_000),
    offsetReset: fc.constantFrom('earliest' as const, 'latest' as const),
    metadataAge: fc.constantFrom(2000, 300_000),
    autoscaler: fc.boolean(),
    actions: fc.array(action, { maxLength: 6 }),
  })
  .map((r) => {
    const s = defaultScenario()
    s.seed = r.seed
    s.topic.partitions = r.partitions
    s.group.consumers = r.consumers
    s.group.protocol = r.pa.protocol
    s.group.assignor = r.pa.assignor
    s.group.staticMembership = r.staticMembership && r.pa.protocol !== 'consumer'
    s.producers[0]!.rate = { kind: 'constant', perSec: r.rate }
    s.producers[0]!.keys = r.keys
    s.broker.appendCapacityPerSec = r.cap
    s.producerConfig['linger.ms'] = r.linger
    s.producerConfig['metadata.max.age.ms'] = r.metadataAge
    s.group.config['metadata.max.age.ms'] = r.metadataAge
    s.group.config['max.poll.interval.ms'] = r.maxPollInterval
    s.group.config['auto.offset.reset'] = r.offsetReset
    s.group.config['session.timeout.ms'] = 10_000
    s.group.config['heartbeat.interval.ms'] = 3000
    s.group.processing.recordsPerSec = r.recordsPerSec
    s.group.processing.cv = r.cv
    s.group.processing.commitMode = r.commitMode
    s.group.processing.commitOnRevoke = r.commitOnRevoke
    s.group.autoscaler = { enabled: r.autoscaler, lagThreshold: 2000, scaleInBelowLag: 100, cooldownSec: 5, minConsumers: 1, maxConsumers: 6 }
    s.dynamic.salting.enabled = r.salting
    s.dynamic.loadAware.enabled = r.loadAware
    s.actions = [...r.actions].sort((a, b) => a.atSec - b.atSec)
    s.durationSec = 30
    return s
  })
