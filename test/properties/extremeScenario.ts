// fast-check arbitrary for scenario-shaped JSON at the edges of what the validator allows: tiny
// periods, huge counts and rates, salting, many keys, busy scripts. Test-only. Most of these are
// rejected as too expensive; those accepted must run in real time (scenarioBudget.test.ts).

import fc from 'fast-check'

const pick = <T,>(...xs: T[]) => fc.constantFrom(...xs)
const keyCost = fc.integer({ min: 0, max: 1000 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`key-${i * 7}`, i % 2 === 0 ? 0.001 : 50])))

const keys = fc.oneof(
  fc.record({ kind: fc.constant('uniform'), count: pick(1, 24, 1000, 100_000, 1_000_000) }),
  fc.record({ kind: fc.constant('zipf'), count: pick(25, 1000, 1_000_000), s: pick(0, 1, 5) }),
  fc.record({ kind: fc.constant('hot'), count: pick(1, 1000, 1_000_000), hotKey: pick('constructor', 'toString', 'hot'), share: pick(0, 0.5, 1) }),
  fc.constant({ kind: 'keyless' }),
)
const rate = fc.oneof(
  fc.record({ kind: fc.constant('constant'), perSec: pick(0, 1, 3000, 1_000_000, 1e8) }),
  fc.record({ kind: fc.constant('spike'), perSec: pick(1000, 1e8), atSec: pick(0, 0.5), durationSec: pick(1, 100), multiplier: pick(1, 10_000) }),
)
const producer = fc.record({ rate, keys, recordBytes: pick(1, 100, 10_000_000), keyCost }, { requiredKeys: [] })

const action = fc.oneof(
  fc.record({ do: fc.constant('addConsumer'), count: pick(1, 64, 256) }),
  fc.record({ do: fc.constant('addPartitions'), count: pick(1, 100, 4095) }),
  fc.record({ do: fc.constant('setRate'), multiplier: pick(0.5, 10_000) }),
  fc.record({ do: fc.constant('setKeyCount'), count: pick(10, 1_000_000) }),
  fc.record({ do: fc.constant('setKeyCost'), key: pick('key-3', 'constructor', '__proto__'), cost: pick(0.001, 1000) }),
  fc.record({ do: fc.constant('setDynamic'), dynamic: fc.record({ salting: fc.record({ enabled: fc.constant(true), splits: pick(2, 64, 4096) }), hotspotDetection: fc.record({ keyShareThreshold: pick(0, 0.2) }) }) }),
  fc.record({ do: fc.constant('slowConsumer'), consumer: fc.constant('consumer-1'), factor: pick(0.001, 10) }),
  fc.record({ do: fc.constant('gcPause'), consumer: fc.constant('consumer-1'), durationMs: pick(1, 5000) }),
  fc.record({ do: fc.constant('setPartitioner'), partitioner: pick(null, 'round-robin', 'legacy-sticky'), ignoreKeys: fc.boolean() }),
).chain((a) => pick(0, 0.2, 0.9).map((atSec) => ({ ...a, atSec })))

/** Scenario-shaped JSON at the edges (not necessarily valid or affordable). */
export const extremeScenarioJson = fc.record(
  {
    topic: fc.record({ name: fc.constant('t'), partitions: pick(1, 12, 256, 4096) }),
    producers: fc.oneof(fc.array(producer, { maxLength: 3 }), fc.array(producer, { minLength: 64, maxLength: 64 })),
    producerConfig: fc.record(
      {
        'batch.size': pick(0, 1, 16384),
        'linger.ms': pick(0, 1, 5, 100),
        'partitioner.adaptive.partitioning.enable': fc.boolean(),
        'partitioner.class': pick(null, 'round-robin', 'uniform-sticky', 'legacy-sticky'),
        'partitioner.ignore.keys': fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    broker: fc.record({ networkLatencyMs: pick(0, 1, 2, 50), 'group.initial.rebalance.delay.ms': pick(0, 3000), appendCapacityPerSec: pick(null, 1, 1e8) }, { requiredKeys: [] }),
    group: fc.record(
      {
        consumers: pick(0, 3, 64, 256),
        protocol: pick('eager', 'cooperative', 'consumer'),
        staticMembership: fc.boolean(),
        config: fc.record(
          {
            'heartbeat.interval.ms': pick(1, 10, 100, 3000),
            'fetch.max.wait.ms': pick(1, 5, 500),
            'max.poll.records': pick(1, 500, 1_000_000),
            'max.poll.interval.ms': pick(1, 300_000),
            'auto.commit.interval.ms': pick(0, 5000),
            'metadata.max.age.ms': pick(1, 300_000),
          },
          { requiredKeys: [] },
        ),
        processing: fc.record({ recordsPerSec: pick(0.001, 2000, 1e8), cv: pick(0, 10), commitMode: pick('auto', 'after-processing') }, { requiredKeys: [] }),
        autoscaler: fc.record({ enabled: fc.boolean(), lagThreshold: pick(0, 50_000), cooldownSec: pick(0, 30), maxConsumers: pick(24, 256) }, { requiredKeys: [] }),
      },
      { requiredKeys: [] },
    ),
    dynamic: fc.record(
      {
        hotspotDetection: fc.record({ enabled: fc.boolean(), keyShareThreshold: pick(0, 0.01, 0.2) }),
        salting: fc.record({ enabled: fc.boolean(), splits: pick(2, 64, 4096) }),
        loadAware: fc.record({ enabled: fc.boolean(), scope: pick('hot-keys', 'all') }),
      },
      { requiredKeys: [] },
    ),
    actions: fc.array(action, { maxLength: 6 }),
  },
  { requiredKeys: [] },
)
