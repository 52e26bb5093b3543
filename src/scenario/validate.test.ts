import { describe, expect, test } from 'vitest'
import { defaultScenario } from './defaults.ts'
import type { Scenario } from './types.ts'
import { validateScenario, type ValidationResult } from './validate.ts'

function errorsOf(r: ValidationResult) {
  return r.ok ? [] : r.errors
}
function warningsOf(r: ValidationResult) {
  return r.ok ? r.warnings : []
}
/** The default scenario with `edit` applied, as plain JSON. */
function edited(edit: (s: Scenario) => void): unknown {
  const s = defaultScenario()
  edit(s)
  return JSON.parse(JSON.stringify(s))
}

describe('validateScenario: merging onto the defaults', () => {
  test('the default scenario is valid, unchanged, with no warnings', () => {
    expect(validateScenario(defaultScenario())).toEqual({ ok: true, scenario: defaultScenario(), warnings: [] })
  })

  test('an empty object is the default scenario', () => {
    expect(validateScenario({})).toEqual({ ok: true, scenario: defaultScenario(), warnings: [] })
  })

  test('missing fields take defaults at every depth', () => {
    const r = validateScenario({ topic: { partitions: 24 }, group: { config: { 'max.poll.records': 50 } } })
    const expected = defaultScenario()
    expected.topic.partitions = 24
    expected.group.config['max.poll.records'] = 50
    expect(r).toEqual({ ok: true, scenario: expected, warnings: [] })
  })

  test('each producer is merged onto the default producer', () => {
    const r = validateScenario({ producers: [{ recordBytes: 512 }, { rate: { perSec: 10 } }] })
    const p = defaultScenario().producers[0]!
    expect(r.scenario.producers).toEqual([
      { ...p, recordBytes: 512 },
      { ...p, rate: { kind: 'constant', perSec: 10 } },
    ])
  })

  test('a rate of another kind is completed from that kind’s template', () => {
    const r = validateScenario({ producers: [{ rate: { kind: 'spike', multiplier: 3 } }] })
    expect(r.ok).toBe(true)
    expect(r.scenario.producers[0]!.rate).toEqual({ kind: 'spike', perSec: 3000, atSec: 30, durationSec: 10, multiplier: 3 })
  })

  test('a missing assignor takes the protocol’s Kafka default', () => {
    expect(validateScenario({ group: { protocol: 'cooperative' } }).scenario.group.assignor).toBe('cooperative-sticky')
    expect(validateScenario({ group: { protocol: 'consumer' } }).scenario.group.assignor).toBe('uniform')
    expect(validateScenario({ group: { protocol: 'eager' } }).scenario.group.assignor).toBe('range')
  })

  test('an empty producer list is allowed', () => {
    expect(validateScenario({ producers: [] })).toMatchObject({ ok: true, scenario: { producers: [] } })
  })
})

describe('validateScenario: unknown fields are warnings', () => {
  test('at the top, in nested objects, in producers and in actions', () => {
    const r = validateScenario({
      colour: 'red',
      group: { config: { 'max.poll.recrods': 5 } },
      producers: [{ rate: { perSec: 5, count: 3 } }],
      actions: [{ atSec: 1, do: 'addConsumer', extra: true }],
    })
    expect(r.ok).toBe(true)
    expect(warningsOf(r)).toEqual([
      { path: 'producers[0].rate.count', message: 'unknown field (ignored)' },
      { path: 'group.config["max.poll.recrods"]', message: 'unknown field (ignored); did you mean group.config["max.poll.records"]?' },
      { path: 'colour', message: 'unknown field (ignored)' },
      { path: 'actions[0].extra', message: 'unknown field (ignored)' },
    ])
  })

  test('a typo names the known field at that path it most likely meant, wherever it is', () => {
    const r = validateScenario({
      durationSec: 60,
      group: { consumerz: 12, autoscaler: { maxConsumer: 4 } },
      topic: { partitons: 6 },
      producers: [{ keys: { kind: 'zipf', S: 1.2 } }],
      actions: [{ atSec: 1, do: 'addConsumer', cont: 2 }, { atSec: 2, do: 'setDynamic', dynamic: { salting: { split: 4 } } }],
    })
    expect(warningsOf(r)).toEqual([
      { path: 'topic.partitons', message: 'unknown field (ignored); did you mean topic.partitions?' },
      { path: 'producers[0].keys.S', message: 'unknown field (ignored); did you mean producers[0].keys.s?' },
      { path: 'group.autoscaler.maxConsumer', message: 'unknown field (ignored); did you mean group.autoscaler.maxConsumers?' },
      { path: 'group.consumerz', message: 'unknown field (ignored); did you mean group.consumers?' },
      { path: 'actions[0].cont', message: 'unknown field (ignored); did you mean actions[0].count?' },
      { path: 'actions[1].dynamic.salting.split', message: 'unknown field (ignored); did you mean actions[1].dynamic.salting.splits?' },
    ])
    // What it meant is not guessed into the scenario: the typo is ignored, the default kept.
    expect(r.scenario.group.consumers).toBe(validateScenario({}).scenario.group.consumers)
  })

  test('a heartbeat above a third of the session timeout is a warning, as Kafka advises', () => {
    const r = validateScenario({ group: { config: { 'heartbeat.interval.ms': 20000 } } })
    expect(r.ok).toBe(true)
    expect(warningsOf(r)[0]?.path).toBe('group.config["heartbeat.interval.ms"]')
  })
})

describe('validateScenario: errors name the path and the rule', () => {
  const cases: Array<[string, unknown, string, string]> = [
    ['negative rate', { producers: [{ rate: { perSec: -1 } }] }, 'producers[0].rate.perSec', 'must be ≥ 0'],
    ['rate above 1e8', { producers: [{ rate: { perSec: 2e8 } }] }, 'producers[0].rate.perSec', 'must be ≤ 100000000'],
    ['rate as a string', { producers: [{ rate: { perSec: '5' } }] }, 'producers[0].rate.perSec', 'must be a number'],
    ['fractional partitions', { topic: { partitions: 2.5 } }, 'topic.partitions', 'must be an integer'],
    ['zero partitions', { topic: { partitions: 0 } }, 'topic.partitions', 'must be ≥ 1'],
    ['too many partitions', { topic: { partitions: 10_001 } }, 'topic.partitions', 'must be ≤ 10000'],
    ['too many consumers', { group: { consumers: 1001 } }, 'group.consumers', 'must be ≤ 1000'],
    ['share above 1', { producers: [{ keys: { kind: 'hot', share: 1.5 } }] }, 'producers[0].keys.share', 'must be ≤ 1'],
    ['zipf s above 5', { producers: [{ keys: { kind: 'zipf', s: 6 } }] }, 'producers[0].keys.s', 'must be ≤ 5'],
    ['zero keys', { producers: [{ keys: { count: 0 } }] }, 'producers[0].keys.count', 'must be ≥ 1'],
    ['zero-byte records', { producers: [{ recordBytes: 0 }] }, 'producers[0].recordBytes', 'must be ≥ 1'],
    ['unknown rate kind', { producers: [{ rate: { kind: 'burst' } }] }, 'producers[0].rate.kind', 'must be one of constant, step, ramp, spike, sine, schedule'],
    ['unknown protocol', { group: { protocol: 'lazy' } }, 'group.protocol', 'must be one of eager, cooperative, consumer'],
    ['infinite duration', { durationSec: Infinity }, 'durationSec', 'must be a finite number > 0 and ≤ 86400'],
    ['zero duration', { durationSec: 0 }, 'durationSec', 'must be > 0'],
    ['a day and a second', { durationSec: 86401 }, 'durationSec', 'must be ≤ 86400'],
    ['negative seed', { seed: -1 }, 'seed', 'must be ≥ 0'],
    ['seed past 2^32-1', { seed: 2 ** 32 }, 'seed', 'must be ≤ 4294967295'],
    ['long name', { name: 'x'.repeat(81) }, 'name', 'must be at most 80 characters'],
    ['control character in name', { name: 'a\u0007b' }, 'name', 'must be printable text (no control or invisible characters)'],
    ['lone surrogate in name', { name: 'a\ud800' }, 'name', 'must be printable text (no control or invisible characters)'],
    ['session timeout below the broker minimum', { group: { config: { 'session.timeout.ms': 5999 } } }, 'group.config["session.timeout.ms"]', 'must be ≥ 6000'],
    ['session timeout above the broker maximum', { group: { config: { 'session.timeout.ms': 1_800_001 } } }, 'group.config["session.timeout.ms"]', 'must be ≤ 1800000'],
    ['max.poll.records of 0', { group: { config: { 'max.poll.records': 0 } } }, 'group.config["max.poll.records"]', 'must be ≥ 1'],
    ['negative batch.size', { producerConfig: { 'batch.size': -1 } }, 'producerConfig["batch.size"]', 'must be ≥ 0'],
    ['negative linger.ms', { producerConfig: { 'linger.ms': -5 } }, 'producerConfig["linger.ms"]', 'must be ≥ 0'],
    ['metadata.max.age.ms of 0', { producerConfig: { 'metadata.max.age.ms': 0 } }, 'producerConfig["metadata.max.age.ms"]', 'must be ≥ 1'],
    ['consumer metadata.max.age.ms above a day', { group: { config: { 'metadata.max.age.ms': 86_400_001 } } }, 'group.config["metadata.max.age.ms"]', 'must be ≤ 86400000'],
    ['fractional metadata.max.age.ms', { producerConfig: { 'metadata.max.age.ms': 1.5 } }, 'producerConfig["metadata.max.age.ms"]', 'must be an integer'],
    ['boolean as a string', { producerConfig: { 'partitioner.ignore.keys': 'yes' } }, 'producerConfig["partitioner.ignore.keys"]', 'must be true or false'],
    ['KIP-848 session timeout out of range', { broker: { 'group.consumer.session.timeout.ms': 30000 } }, 'broker["group.consumer.session.timeout.ms"]', 'must be ≥ 45000'],
    ['bad topic name', { topic: { name: 'my topic' } }, 'topic.name', "must use only a–z, A–Z, 0–9, '.', '_' and '-'"],
    ['topic named ..', { topic: { name: '..' } }, 'topic.name', 'must not be "." or ".."'],
    ['producers not an array', { producers: {} }, 'producers', 'must be an array'],
    ['group not an object', { group: 3 }, 'group', 'must be an object'],
    ['newer scenario version', { version: 2 }, 'version', 'scenario version 2 is newer than this app (1)'],
    ['version as a string', { version: '1' }, 'version', 'must be 1'],
    ['ramp that ends before it starts', { producers: [{ rate: { kind: 'ramp', startSec: 50, endSec: 10 } }] }, 'producers[0].rate.endSec', 'must be > startSec (50)'],
    ['schedule out of order', { producers: [{ rate: { kind: 'schedule', points: [[10, 1], [5, 2]] } }] }, 'producers[0].rate.points[1][0]', "must be ≥ the previous point's time (10)"],
    ['zero key cost', { producers: [{ keyCost: { a: 0 } }] }, 'producers[0].keyCost.a', 'must be > 0'],
    ['reserved key name', { producers: [{ keyCost: JSON.parse('{"__proto__": 2}') as unknown }] }, 'producers[0].keyCost.__proto__', 'key name is a reserved name'],
    ['processing at 0 rec/s', { group: { processing: { recordsPerSec: 0 } } }, 'group.processing.recordsPerSec', 'must be > 0'],
  ]
  test.each(cases)('%s', (_, input, path, message) => {
    const r = validateScenario(input)
    expect(r.ok).toBe(false)
    expect(errorsOf(r)).toContainEqual({ path, message })
  })

  test('the input root must be an object', () => {
    for (const input of [null, undefined, 3, 'x', [], new Date(0)]) {
      expect(validateScenario(input)).toEqual({ ok: false, errors: [{ path: 'scenario', message: 'must be an object' }], scenario: defaultScenario() })
    }
  })

  // A limit is there to be pasted back: JSON (and --set) take 10000, not "10_000" or "10 000".
  test.each<[string, (x: number) => unknown, (s: Scenario) => number]>([
    ['topic.partitions', (x) => ({ topic: { partitions: x } }), (s) => s.topic.partitions],
    ['durationSec', (x) => ({ durationSec: x }), (s) => s.durationSec],
    ['seed', (x) => ({ seed: x }), (s) => s.seed],
    ['producers[0].rate.perSec', (x) => ({ producers: [{ rate: { perSec: x } }] }), (s) => (s.producers[0]!.rate as { perSec: number }).perSec],
    ['broker["group.consumer.session.timeout.ms"]', (x) => ({ broker: { 'group.consumer.session.timeout.ms': x } }), (s) => s.broker['group.consumer.session.timeout.ms']],
  ])('the limit a message names for %s pastes back into the scenario\'s JSON and is accepted', (_path, withValue, read) => {
    for (const tooFar of [1e13, -1]) {
      const message = errorsOf(validateScenario(withValue(tooFar)))[0]?.message ?? ''
      const limit = /^must be [≤≥>] (.+)$/.exec(message)?.[1]
      expect(limit, message).toBeDefined()
      const value = JSON.parse(limit!) as unknown // throws on "10_000" or "10 000"
      expect(typeof value).toBe('number')
      if (message.startsWith('must be >')) continue // an exclusive minimum is itself refused
      const pasted = validateScenario(withValue(value as number))
      expect(pasted.ok, `${limit!} pasted`).toBe(true)
      expect(read(pasted.scenario)).toBe(value)
    }
  })

  test('heartbeat.interval.ms must be below session.timeout.ms', () => {
    const r = validateScenario({ group: { config: { 'session.timeout.ms': 10000, 'heartbeat.interval.ms': 10000 } } })
    expect(errorsOf(r)).toEqual([
      { path: 'group.config["heartbeat.interval.ms"]', message: 'must be < group.config["session.timeout.ms"] (10000)' },
    ])
    expect(r.scenario.group.config['heartbeat.interval.ms']).toBe(3000)
  })

  test.each([
    ['cooperative', 'range', 'cooperative-sticky'],
    ['eager', 'cooperative-sticky', 'range or roundrobin or sticky or lag-aware'],
    ['consumer', 'sticky', 'uniform or range'],
  ])('protocol %s with assignor %s is an error naming both paths', (protocol, assignor, needs) => {
    const r = validateScenario({ group: { protocol, assignor } })
    expect(errorsOf(r)).toEqual([
      { path: 'group.assignor', message: `'${assignor}' does not work with group.protocol '${protocol}' (it needs ${needs})` },
    ])
  })

  test('autoscaler bounds must be ordered', () => {
    const r = validateScenario({ group: { autoscaler: { minConsumers: 10, maxConsumers: 5, lagThreshold: 10, scaleInBelowLag: 20 } } })
    expect(errorsOf(r).map((e) => e.path)).toEqual(['group.autoscaler.maxConsumers', 'group.autoscaler.scaleInBelowLag'])
  })

  test('arrays and maps are bounded so a hostile input cannot blow memory', () => {
    const many = <T>(n: number, x: T) => Array.from({ length: n }, () => x)
    expect(errorsOf(validateScenario({ producers: many(65, {}) }))).toEqual([{ path: 'producers', message: 'must have at most 64 producers (got 65)' }])
    expect(errorsOf(validateScenario({ actions: many(1001, { atSec: 1, do: 'addConsumer' }) }))).toEqual([
      { path: 'actions', message: 'must have at most 1000 actions (got 1001)' },
    ])
    const keyCost = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, 2]))
    expect(errorsOf(validateScenario({ producers: [{ keyCost }] }))).toEqual([
      { path: 'producers[0].keyCost', message: 'must have at most 1000 entries (got 1001)' },
    ])
    expect(errorsOf(validateScenario({ name: 'x'.repeat(10_000_000) }))).toEqual([{ path: 'name', message: 'must be at most 80 characters' }])
  })

  test('issue lists are capped, with a last entry counting the rest', () => {
    const input = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`unknown${i}`, i]))
    const r = validateScenario(input)
    expect(warningsOf(r)).toHaveLength(101)
    expect(warningsOf(r)[100]).toEqual({ path: 'scenario', message: 'and 400 more warnings' })
  })

  test('reads own properties only, never the prototype chain', () => {
    const proto = { topic: { partitions: 0 } }
    const r = validateScenario(Object.create(proto) as unknown)
    expect(r.ok).toBe(false)
    const withInherited = Object.assign(Object.create(null) as object, { seed: 7 })
    expect(validateScenario(withInherited)).toMatchObject({ ok: true, scenario: { seed: 7 } })
  })

  test('a throwing getter is reported, not thrown', () => {
    const input = { get topic(): unknown { throw new Error('boom') } }
    expect(validateScenario(input)).toEqual({ ok: false, errors: [{ path: 'scenario', message: 'could not be read (boom)' }], scenario: defaultScenario() })
  })
})

describe('validateScenario: the fallback keeps the valid parts', () => {
  test('bad fields take their defaults while good ones are kept', () => {
    const r = validateScenario({ seed: 7, topic: { partitions: -3, name: 'payments' }, group: { consumers: 5, protocol: 'x' } })
    expect(r.ok).toBe(false)
    expect(r.scenario.seed).toBe(7)
    expect(r.scenario.topic).toEqual({ name: 'payments', partitions: 12 })
    expect(r.scenario.group.consumers).toBe(5)
    expect(r.scenario.group.protocol).toBe('eager')
    expect(validateScenario(r.scenario).ok).toBe(true)
  })

  test('an assignor that does not fit falls back to the protocol’s default', () => {
    const r = validateScenario({ group: { protocol: 'cooperative', assignor: 'range' } })
    expect(r.scenario.group).toMatchObject({ protocol: 'cooperative', assignor: 'cooperative-sticky' })
  })
})

describe('validateScenario: actions', () => {
  test('are sorted by atSec, stably', () => {
    const r = validateScenario({
      actions: [
        { atSec: 30, do: 'addConsumer' },
        { atSec: 10, do: 'crashConsumer', consumer: 'consumer-1' },
        { atSec: 30, do: 'removeConsumer' },
        { atSec: 10, do: 'addPartitions', count: 2 },
      ],
    })
    expect(r.ok).toBe(true)
    expect(r.scenario.actions).toEqual([
      { atSec: 10, do: 'crashConsumer', consumer: 'consumer-1' },
      { atSec: 10, do: 'addPartitions', count: 2 },
      { atSec: 30, do: 'addConsumer' },
      { atSec: 30, do: 'removeConsumer' },
    ])
  })

  test('unknown, incomplete or malformed actions are errors at their input index, and left out', () => {
    const r = validateScenario({
      actions: [
        { atSec: 5, do: 'explode' },
        { do: 'crashConsumer', consumer: 'consumer-1' },
        { atSec: 5, do: 'gcPause', consumer: 'consumer-1' },
        { atSec: 5, do: 'setRate' },
        { atSec: 5, do: 'setRate', producer: 1, perSec: 5 },
        { atSec: 5, do: 'setDynamic', dynamic: { salting: { splits: 0 } } },
        { atSec: 5, do: 'setPartitioner' },
        'addConsumer',
        { atSec: 6, do: 'setPartitioner', partitioner: null },
      ],
    })
    expect(errorsOf(r)).toEqual([
      { path: 'actions[0].do', message: expect.stringMatching(/^must be one of addConsumer, removeConsumer, /) as unknown },
      { path: 'actions[1].atSec', message: 'is required' },
      { path: 'actions[2].durationMs', message: 'is required' },
      { path: 'actions[3]', message: 'setRate needs perSec or multiplier' },
      { path: 'actions[4].producer', message: 'refers to producers[1], but the scenario has 1 producer' },
      { path: 'actions[5].dynamic.salting.splits', message: 'must be ≥ 1' },
      { path: 'actions[6].partitioner', message: 'is required' },
      { path: 'actions[7]', message: 'must be an object' },
    ])
    expect(r.scenario.actions).toEqual([{ atSec: 6, do: 'setPartitioner', partitioner: null }])
  })

  test('a partial setDynamic keeps only the fields given', () => {
    const r = validateScenario({ actions: [{ atSec: 1, do: 'setDynamic', dynamic: { salting: { enabled: true } } }] })
    expect(r.scenario.actions).toEqual([{ atSec: 1, do: 'setDynamic', dynamic: { salting: { enabled: true } } }])
  })

  test('partitions added over the run may not pass 10 000', () => {
    const r = validateScenario(
      edited((s) => {
        s.topic.partitions = 9950
        s.actions = [
          { atSec: 20, do: 'addPartitions', count: 50 },
          { atSec: 10, do: 'addPartitions', count: 50 },
        ]
      }),
    )
    expect(errorsOf(r)).toEqual([{ path: 'actions[0].count', message: 'would take the topic to 10050 partitions (at most 10000)' }])
    expect(r.scenario.actions).toEqual([{ atSec: 10, do: 'addPartitions', count: 50 }])
  })

  test('an action after the end of the run is a warning', () => {
    const r = validateScenario({ durationSec: 60, actions: [{ atSec: 90, do: 'addConsumer' }] })
    expect(warningsOf(r)).toEqual([{ path: 'actions[0].atSec', message: 'is after the run ends (durationSec 60)' }])
  })
})

describe('validateScenario: start', () => {
  test("'warm' is kept; 'cold' and absent are the same scenario (no field)", () => {
    expect(validateScenario({ start: 'warm' }).scenario.start).toBe('warm')
    const cold = validateScenario({ start: 'cold' })
    expect(cold).toEqual({ ok: true, scenario: defaultScenario(), warnings: [] })
    expect('start' in cold.scenario).toBe(false)
  })

  test('anything else is an error at `start` saying what the two modes are', () => {
    const r = validateScenario({ start: 'hot' })
    expect(errorsOf(r)).toEqual([{ path: 'start', message: expect.stringMatching(/must be one of warm, cold: 'warm' begins with the group formed/) }])
    expect('start' in r.scenario).toBe(false)
  })
})
