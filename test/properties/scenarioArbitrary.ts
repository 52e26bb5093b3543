// fast-check arbitraries for valid Scenarios (every field within the validator's rules, actions
// sorted by atSec) and for mutating them. Test-only.

import fc from 'fast-check'
import type {
  AssignorName,
  Command,
  KeySpec,
  ProducerSpec,
  RateSpec,
  RebalanceProtocol,
  Scenario,
  ScenarioAction,
} from '../../src/scenario/types.ts'
import { checkBudget } from '../../src/scenario/validation/budget.ts'
import { newCtx } from '../../src/scenario/validation/issues.ts'

/** Doubles without NaN, ±Infinity or -0 (JSON cannot carry -0). */
const double = (min: number, max: number, minExcluded = false): fc.Arbitrary<number> =>
  fc.double({ min, max, minExcluded, noNaN: true, noDefaultInfinity: true }).map((x) => (x === 0 ? 0 : x))

const int = (min: number, max: number): fc.Arbitrary<number> => fc.integer({ min, max })

/** Printable characters, including non-ASCII and astral (surrogate-pair) ones. */
const printableChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('é', 'ß', 'Ж', '日', '本', '—', '€', '🚀', '𝄞', '👍🏽'.slice(0, 2)),
)
const printable = (min: number, max: number): fc.Arbitrary<string> => fc.string({ unit: printableChar, minLength: min, maxLength: max })

const keyName = printable(1, 24).filter((k) => k !== '__proto__')
const consumerName = fc.oneof(int(0, 9).map((i) => `consumer-${i}`), printable(1, 20))
const rate = double(0, 1e8)
const seconds = double(0, 86_400)

const rateSpec: fc.Arbitrary<RateSpec> = fc.oneof(
  fc.record({ kind: fc.constant('constant' as const), perSec: rate }),
  fc.record({ kind: fc.constant('step' as const), perSec: rate, atSec: seconds, toPerSec: rate }),
  fc
    .tuple(seconds, seconds, rate, rate)
    .filter(([a, b]) => a !== b)
    .map(([a, b, fromPerSec, toPerSec]): RateSpec => ({
      kind: 'ramp',
      fromPerSec,
      toPerSec,
      startSec: Math.min(a, b),
      endSec: Math.max(a, b),
    })),
  fc.record({
    kind: fc.constant('spike' as const),
    perSec: rate,
    atSec: seconds,
    durationSec: double(0, 86_400, true),
    multiplier: double(0, 10_000),
  }),
  fc.record({ kind: fc.constant('sine' as const), perSec: rate, amplitude: double(0, 1), periodSec: double(0, 86_400, true) }),
  fc
    .array(fc.tuple(seconds, rate), { minLength: 1, maxLength: 6 })
    .map((points): RateSpec => ({ kind: 'schedule', points: [...points].sort((a, b) => a[0] - b[0]) })),
)

/** Mostly small key spaces, sometimes up to the limit (big ones often break the key-model budget). */
const keyCount = fc.oneof({ arbitrary: int(1, 1000), weight: 3 }, { arbitrary: int(1, 1_000_000), weight: 1 })
const keySpec: fc.Arbitrary<KeySpec> = fc.oneof(
  fc.record({ kind: fc.constant('uniform' as const), count: keyCount }),
  fc.record({ kind: fc.constant('zipf' as const), count: keyCount, s: double(0, 5) }),
  fc.record({ kind: fc.constant('hot' as const), count: keyCount, hotKey: keyName, share: double(0, 1) }),
  fc.constant<KeySpec>({ kind: 'keyless' }),
)

const cost = double(0, 1000, true)
const producer: fc.Arbitrary<ProducerSpec> = fc.record({
  rate: rateSpec,
  keys: keySpec,
  recordBytes: int(1, 10_000_000),
  keyCost: fc.dictionary(keyName, cost, { maxKeys: 4 }),
})

const protocolAndAssignor: fc.Arbitrary<{ protocol: RebalanceProtocol; assignor: AssignorName }> = fc.oneof(
  fc.record({ protocol: fc.constant('eager' as const), assignor: fc.constantFrom<AssignorName>('range', 'roundrobin', 'sticky', 'lag-aware') }),
  fc.record({ protocol: fc.constant('cooperative' as const), assignor: fc.constant<AssignorName>('cooperative-sticky') }),
  fc.record({ protocol: fc.constant('consumer' as const), assignor: fc.constantFrom<AssignorName>('uniform', 'range') }),
)

const INT_MAX = 2_147_483_647
const sessionAndHeartbeat = int(6000, 1_800_000).chain((session) =>
  int(1, session - 1).map((heartbeat) => ({ session, heartbeat })),
)

const commandFor = (producers: number): fc.Arbitrary<Command> => {
  const producerIndex = producers > 0 ? fc.option(int(0, producers - 1), { nil: undefined }) : fc.constant(undefined)
  const withProducer = <C extends object>(c: C, p: number | undefined): C => (p === undefined ? c : { ...c, producer: p })
  const opt = <T,>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined })
  const ms = (min: number) => int(min, 3_600_000)
  return fc.oneof(
    opt(int(1, 256)).map((count): Command => (count === undefined ? { do: 'addConsumer' } : { do: 'addConsumer', count })),
    opt(consumerName).map((consumer): Command => (consumer === undefined ? { do: 'removeConsumer' } : { do: 'removeConsumer', consumer })),
    consumerName.map((consumer): Command => ({ do: 'crashConsumer', consumer })),
    fc.record({ do: fc.constant('gcPause' as const), consumer: consumerName, durationMs: ms(1) }),
    fc.record({ do: fc.constant('slowConsumer' as const), consumer: consumerName, factor: double(0, 1000, true) }),
    fc.record({ do: fc.constant('restartConsumer' as const), consumer: consumerName, downMs: ms(0) }),
    fc.record({ do: fc.constant('rollingRestart' as const), downMs: ms(0), intervalMs: ms(1) }),
    fc
      .tuple(producerIndex, opt(rate), opt(double(0, 10_000)))
      .filter(([, perSec, multiplier]) => perSec !== undefined || multiplier !== undefined)
      .map(([p, perSec, multiplier]): Command => {
        const c: Command = { do: 'setRate' }
        if (perSec !== undefined) c.perSec = perSec
        if (multiplier !== undefined) c.multiplier = multiplier
        return withProducer(c, p)
      }),
    fc.tuple(producerIndex, double(0, 1)).map(([p, share]): Command => withProducer({ do: 'setHotKeyShare', share }, p)),
    fc.tuple(producerIndex, keyCount).map(([p, count]): Command => withProducer({ do: 'setKeyCount', count }, p)),
    fc.tuple(producerIndex, double(0, 5)).map(([p, s]): Command => withProducer({ do: 'setZipf', s }, p)),
    fc.tuple(producerIndex, keyName, cost).map(([p, key, c]): Command => withProducer({ do: 'setKeyCost', key, cost: c }, p)),
    int(1, 8).map((count): Command => ({ do: 'addPartitions', count })),
    // CLUSTERBAL: a cluster rebalance (leader and replica moves) never changes what the logs hold.
    opt(int(1, INT_MAX)).map((t): Command => (t === undefined ? { do: 'rebalanceCluster' } : { do: 'rebalanceCluster', throttleBytesPerSec: t })),
    fc
      .record(
        {
          hotspotDetection: fc.record(
            { enabled: fc.boolean(), keyShareThreshold: double(0, 1), partitionSkewThreshold: double(1, 4096) },
            { requiredKeys: [] },
          ),
          salting: fc.record({ enabled: fc.boolean(), splits: int(1, 4096) }, { requiredKeys: [] }),
          loadAware: fc.record({ enabled: fc.boolean(), scope: fc.constantFrom('hot-keys' as const, 'all' as const) }, { requiredKeys: [] }),
        },
        { requiredKeys: [] },
      )
      .map((dynamic): Command => ({ do: 'setDynamic', dynamic })),
    fc
      .tuple(fc.constantFrom(null, 'default' as const, 'uniform-sticky' as const, 'legacy-sticky' as const, 'round-robin' as const), opt(fc.boolean()))
      .map(([partitioner, ignoreKeys]): Command =>
        ignoreKeys === undefined ? { do: 'setPartitioner', partitioner } : { do: 'setPartitioner', partitioner, ignoreKeys },
      ),
  )
}

const actionsFor = (producers: number): fc.Arbitrary<ScenarioAction[]> =>
  fc
    .array(
      fc.tuple(fc.oneof(seconds, int(0, 120)), commandFor(producers)).map(([atSec, c]): ScenarioAction => ({ ...c, atSec })),
      { maxLength: 8 },
    )
    .map((actions) => [...actions].sort((a, b) => a.atSec - b.atSec))

/**
 * A Scenario whose every field is valid; the validator accepts it unchanged (and without warnings)
 * when it is also within the cost budget (affordableScenarioArbitrary).
 */
export const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    name: printable(0, 80),
    seed: fc.oneof(int(0, 2 ** 32 - 1), fc.constantFrom(0, 2 ** 32 - 1)),
    durationSec: double(0, 86_400, true),
    topic: fc.record({
      name: fc.stringMatching(/^[a-zA-Z0-9._-]{1,40}$/).filter((n) => n !== '.' && n !== '..'),
      partitions: fc.oneof({ arbitrary: int(1, 64), weight: 3 }, { arbitrary: int(1, 4000), weight: 1 }),
    }),
    producers: fc.array(producer, { maxLength: 3 }),
    producerConfig: fc.record({
      'batch.size': int(0, INT_MAX),
      'linger.ms': int(0, INT_MAX),
      'partitioner.adaptive.partitioning.enable': fc.boolean(),
      'partitioner.ignore.keys': fc.boolean(),
      'partitioner.class': fc.constantFrom(null, 'default' as const, 'uniform-sticky' as const, 'legacy-sticky' as const, 'round-robin' as const),
      'metadata.max.age.ms': int(1, 86_400_000),
    }),
    broker: fc.record({
      'group.initial.rebalance.delay.ms': int(0, INT_MAX),
      'group.consumer.session.timeout.ms': int(45_000, 60_000),
      'group.consumer.heartbeat.interval.ms': int(5000, 15_000),
      appendCapacityPerSec: fc.option(double(0, 1e8, true), { nil: null }),
      networkLatencyMs: int(0, 60_000),
    }),
    protocolAndAssignor,
    sessionAndHeartbeat,
    groupId: printable(1, 30),
    consumers: fc.oneof({ arbitrary: int(0, 16), weight: 3 }, { arbitrary: int(0, 256), weight: 1 }),
    staticMembership: fc.boolean(),
    warm: fc.boolean(),
    config: fc.record({
      'max.poll.interval.ms': int(1000, INT_MAX),
      'max.poll.records': int(1, INT_MAX),
      'enable.auto.commit': fc.boolean(),
      'auto.commit.interval.ms': int(0, INT_MAX),
      'fetch.max.wait.ms': int(1, INT_MAX),
      'auto.offset.reset': fc.constantFrom('earliest' as const, 'latest' as const),
      'metadata.max.age.ms': int(1, 86_400_000),
    }),
    processing: fc.record({
      recordsPerSec: double(0, 1e8, true),
      cv: double(0, 10),
      commitMode: fc.constantFrom('auto' as const, 'after-processing' as const),
      commitOnRevoke: fc.boolean(),
    }),
    autoscaler: fc
      .record({
        enabled: fc.boolean(),
        lags: fc.tuple(double(0, 1e12), double(0, 1e12)),
        cooldownSec: seconds,
        bounds: fc.tuple(int(0, 256), int(0, 256)),
      })
      .map(({ enabled, lags, cooldownSec, bounds }) => ({
        enabled,
        lagThreshold: Math.max(...lags),
        scaleInBelowLag: Math.min(...lags),
        cooldownSec,
        minConsumers: Math.min(...bounds),
        maxConsumers: Math.max(...bounds),
      })),
    dynamic: fc.record({
      hotspotDetection: fc.record({ enabled: fc.boolean(), keyShareThreshold: double(0, 1), partitionSkewThreshold: double(1, 4096) }),
      salting: fc.record({ enabled: fc.boolean(), splits: fc.oneof({ arbitrary: int(1, 16), weight: 3 }, { arbitrary: int(1, 4096), weight: 1 }) }),
      loadAware: fc.record({ enabled: fc.boolean(), scope: fc.constantFrom('hot-keys' as const, 'all' as const) }),
    }),
  })
  .chain((r) =>
    actionsFor(r.producers.length).map((actions): Scenario => {
      const group = {
        groupId: r.groupId,
        consumers: r.autoscaler.enabled ? Math.min(Math.max(r.consumers, r.autoscaler.minConsumers), r.autoscaler.maxConsumers) : r.consumers,
        ...r.protocolAndAssignor,
        staticMembership: r.staticMembership,
        config: {
          ...r.config,
          'session.timeout.ms': r.sessionAndHeartbeat.session,
          // ≤ 1/3 of the session timeout, so the "Kafka advises" warning stays out of the way.
          'heartbeat.interval.ms': Math.max(1, Math.floor(r.sessionAndHeartbeat.heartbeat / 3)),
        },
        processing: r.processing,
        autoscaler: r.autoscaler,
      }
      const durationSec = Math.max(r.durationSec, ...actions.map((a) => a.atSec))
      return {
        version: 1,
        name: r.name,
        seed: r.seed,
        ...(r.warm ? { start: 'warm' as const } : {}),
        durationSec: durationSec === 0 ? 1 : durationSec,
        topic: r.topic,
        producers: r.producers,
        producerConfig: r.producerConfig,
        broker: r.broker,
        group,
        dynamic: r.dynamic,
        actions: trimPartitions(actions, r.topic.partitions),
      }
    }),
  )

/** A valid Scenario within the simulator's cost budget (validation/cost.ts): the validator accepts it unchanged. */
export const affordableScenarioArbitrary: fc.Arbitrary<Scenario> = scenarioArbitrary.filter((s) => withinBudget(s))

/** Whether the cost check passes (the field rules are the arbitrary's own business). */
export function withinBudget(s: Scenario): boolean {
  const ctx = newCtx()
  return checkBudget(ctx, s)
}

/** Keeps the total after every addPartitions within 4096. */
function trimPartitions(actions: ScenarioAction[], start: number): ScenarioAction[] {
  let partitions = start
  return actions.filter((a) => {
    if (a.do !== 'addPartitions') return true
    if (partitions + a.count > 4096) return false
    partitions += a.count
    return true
  })
}

/** A path into a JSON value and a replacement: for mutating valid scenarios field by field. */
export type Mutation = { path: Array<string | number>; value: unknown }

/** Replaces one nested value of `root` (a JSON copy) with `value`; paths that do not exist add a field. */
export function mutate(root: unknown, m: Mutation): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(root))
  if (m.path.length === 0) return m.value
  let node: unknown = copy
  for (let i = 0; i < m.path.length - 1; i++) {
    const key = m.path[i] as string | number
    if (typeof node !== 'object' || node === null) return copy
    node = (node as Record<string | number, unknown>)[key]
  }
  if (typeof node === 'object' && node !== null) (node as Record<string | number, unknown>)[m.path[m.path.length - 1] as string | number] = m.value
  return copy
}

/** Every path to a leaf of a JSON value (objects and arrays walked). */
export function leafPaths(v: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(v)) return v.length === 0 ? [prefix] : v.flatMap((x, i) => leafPaths(x, [...prefix, i]))
  if (typeof v === 'object' && v !== null) {
    const keys = Object.keys(v)
    return keys.length === 0 ? [prefix] : keys.flatMap((k) => leafPaths((v as Record<string, unknown>)[k], [...prefix, k]))
  }
  return [prefix]
}
