import { describe, expect, it } from 'vitest'
import { getPreset, type Scenario } from './index.ts'
import { defaultScenario } from './defaults.ts'
import { applyOverrides, commandsForOverrides, formatVariant, parseSet, parseVariant, parseVary, variantScenario, type Variant } from './overrides.ts'

const joins = (): Scenario => getPreset('consumer-joins-eager')!.build()

function variant(text: string): Variant {
  const r = parseVariant(text)
  if (!r.ok) throw new Error(r.message)
  return r.variant
}

describe('parseSet', () => {
  it('reads JSON values as JSON and anything else as text', () => {
    expect(parseSet('group.protocol=cooperative')).toEqual({ ok: true, path: 'group.protocol', value: 'cooperative' })
    expect(parseSet('dynamic.salting.enabled=true')).toEqual({ ok: true, path: 'dynamic.salting.enabled', value: true })
    expect(parseSet('group.config.session.timeout.ms=10000')).toEqual({ ok: true, path: 'group.config.session.timeout.ms', value: 10000 })
    expect(parseSet('name="123"')).toEqual({ ok: true, path: 'name', value: '123' })
    expect(parseSet('producerConfig.partitioner.class=null')).toEqual({ ok: true, path: 'producerConfig.partitioner.class', value: null })
    expect(parseSet('producers.0.keyCost["a=b"]=2')).toEqual({ ok: true, path: 'producers.0.keyCost["a=b"]', value: 2 })
    expect(parseSet('producers.0.rate={"kind":"constant","perSec":5}')).toMatchObject({ ok: true, value: { kind: 'constant', perSec: 5 } })
  })

  it('refuses text without "=" and malformed paths', () => {
    expect(parseSet('group.protocol')).toMatchObject({ ok: false, message: expect.stringContaining('PATH=VALUE') })
    expect(parseSet('group..protocol=eager')).toMatchObject({ ok: false, message: expect.stringContaining('group..protocol') })
    expect(parseSet('producers[0=1')).toMatchObject({ ok: false })
    expect(parseSet('=1')).toMatchObject({ ok: false })
  })
})

describe('applyOverrides', () => {
  it('resolves dotted Kafka config names to their own keys (longest key wins)', () => {
    const r = applyOverrides(joins(), { 'group.config.session.timeout.ms': 10000, 'group.config.heartbeat.interval.ms': 2000 })
    expect(r.ok && r.scenario.group.config['session.timeout.ms']).toBe(10000)
    expect(r.ok && r.scenario.group.config['heartbeat.interval.ms']).toBe(2000)
  })

  it('prefers the longest key when a shorter one also exists', () => {
    const s = joins()
    s.producers[0]!.keyCost = { a: 1, 'a.b': 2 }
    const r = applyOverrides(s, { 'producers.0.keyCost.a.b': 5 })
    expect(r.ok && r.scenario.producers[0]!.keyCost).toEqual({ a: 1, 'a.b': 5 })
  })

  it('indexes arrays with .0 or [0], and takes bracketed keys as written', () => {
    const a = applyOverrides(joins(), { 'producers.0.rate.perSec': 900 })
    const b = applyOverrides(joins(), { 'producers[0].rate.perSec': 900 })
    const c = applyOverrides(joins(), { 'group.config["max.poll.records"]': 100 })
    expect(a.ok && a.scenario.producers[0]!.rate).toEqual({ kind: 'constant', perSec: 900 })
    expect(b).toEqual(a)
    expect(c.ok && c.scenario.group.config['max.poll.records']).toBe(100)
  })

  it('sets whole objects from JSON, and keys of open maps such as keyCost', () => {
    const r = applyOverrides(joins(), { 'producers.0.rate': { kind: 'step', perSec: 100, atSec: 10, toPerSec: 200 }, 'producers.0.keyCost.key-7': 3 })
    expect(r.ok && r.scenario.producers[0]!.rate).toEqual({ kind: 'step', perSec: 100, atSec: 10, toPerSec: 200 })
    expect(r.ok && r.scenario.producers[0]!.keyCost).toEqual({ 'key-7': 3 })
  })

  it('does not touch its input', () => {
    const s = joins()
    const before = JSON.stringify(s)
    applyOverrides(s, { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' })
    expect(JSON.stringify(s)).toBe(before)
  })

  it('fails on an unknown field inside a value given whole (it was dropped without a word: a typo, or a 20 000-deep object a link carried on)', () => {
    expect(applyOverrides(joins(), { topic: { partitions: 6, partitionz: 3 } })).toEqual({ ok: false, path: 'topic', message: 'has an unknown field topic.partitionz; did you mean topic.partitions?' })
    let deep: unknown = 1
    for (let i = 0; i < 20_000; i++) deep = { a: deep }
    expect(applyOverrides(joins(), { 'producers.0': deep })).toEqual({ ok: false, path: 'producers.0', message: 'has an unknown field producers[0].a' })
    expect(applyOverrides(joins(), { 'group.config': { 'session.timeout.ms': 10_000, colour: 'red' } })).toMatchObject({ ok: false, path: 'group.config', message: expect.stringMatching(/^has an unknown field group\.config\.colour/) })
    // Known fields given whole still apply.
    expect(applyOverrides(joins(), { topic: { partitions: 6 } })).toMatchObject({ ok: true, scenario: { topic: { partitions: 6 } } })
  })

  it('fails on an unknown path, naming it', () => {
    expect(applyOverrides(joins(), { 'group.config.session.timeout.msx': 1 })).toEqual({
      ok: false,
      path: 'group.config.session.timeout.msx',
      message: 'unknown path (group.config has no field "session.timeout.msx"; did you mean group.config["session.timeout.ms"]?)',
    })
    expect(applyOverrides(joins(), { 'group.consumerz': 4 })).toMatchObject({ ok: false, message: 'unknown path (group has no field "consumerz"; did you mean group.consumers?)' })
    expect(applyOverrides(joins(), { 'group.colour': 4 })).toMatchObject({ ok: false, message: 'unknown path (group has no field "colour")' })
    expect(applyOverrides(joins(), { 'grup.protocol': 'eager' })).toMatchObject({ ok: false, path: 'grup.protocol', message: expect.stringContaining('unknown path') })
    expect(applyOverrides(joins(), { 'producers.3.rate.perSec': 1 })).toMatchObject({ ok: false, path: 'producers.3.rate.perSec', message: expect.stringContaining('no [3]') })
    expect(applyOverrides(joins(), { 'group.protocol.x': 1 })).toMatchObject({ ok: false, path: 'group.protocol.x', message: expect.stringContaining('not an object') })
    expect(applyOverrides(joins(), { 'producers.x': 1 })).toMatchObject({ ok: false, path: 'producers.x', message: expect.stringContaining('expected an index') })
  })

  it("fails on a value the validator rejects, with the validator's message for that path", () => {
    expect(applyOverrides(joins(), { 'group.protocol': 'bogus' })).toEqual({ ok: false, path: 'group.protocol', message: 'must be one of eager, cooperative, consumer' })
    expect(applyOverrides(joins(), { 'group.config.session.timeout.ms': 'soon' })).toMatchObject({ ok: false, path: 'group.config.session.timeout.ms' })
    // A string that looks like a number is JSON, so a name must be quoted to stay text.
    expect(applyOverrides(joins(), { name: 123 })).toMatchObject({ ok: false, path: 'name' })
    // A cross-field rule still names the path that was set.
    const r = applyOverrides(joins(), { 'group.protocol': 'cooperative' })
    expect(r).toMatchObject({ ok: false, path: 'group.protocol', message: expect.stringContaining('group.assignor') })
  })
})

describe('variants', () => {
  it('parses labels, @SEC and values with commas or colons inside JSON strings', () => {
    expect(variant('cooperative: group.protocol=cooperative, group.assignor=cooperative-sticky')).toEqual({
      label: 'cooperative',
      set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' },
    })
    expect(variant('eager + static membership: group.staticMembership=true').label).toBe('eager + static membership')
    expect(variant('salted@40: dynamic.salting.enabled=true')).toEqual({ label: 'salted', atSec: 40, set: { 'dynamic.salting.enabled': true } })
    expect(variant('x: name="a, b: c", producers.0.rate={"kind":"constant","perSec":5}').set).toEqual({ name: 'a, b: c', 'producers.0.rate': { kind: 'constant', perSec: 5 } })
    expect(variant('eager:')).toEqual({ label: 'eager', set: {} })
  })

  it('refuses a missing label, a repeated path and unclosed quotes', () => {
    expect(parseVariant('group.protocol=eager')).toMatchObject({ ok: false, message: expect.stringContaining('LABEL:') })
    expect(parseVariant(': group.protocol=eager')).toMatchObject({ ok: false, message: expect.stringContaining('label') })
    // A stranger's 5 000-character label (it overran its side's header and table) is refused with the limit.
    expect(parseVariant(`${'x'.repeat(5000)}: group.consumers=4`)).toMatchObject({ ok: false, message: expect.stringMatching(/^a variant's label is at most 80 characters, got 5000 \("x+…"\)$/) })
    expect(parseVariant(`${'x'.repeat(80)}: group.consumers=4`).ok).toBe(true)
    expect(parseVariant('a: name=x, name=y')).toMatchObject({ ok: false, message: expect.stringContaining('name is given twice') })
    expect(parseVariant('a: name="x, y')).toMatchObject({ ok: false, message: expect.stringContaining('unclosed quote') })
  })

  it('refuses a label with control or invisible characters, quoting it escaped (a NUL split the page’s list of labels, an ESC reached the terminal)', () => {
    const cases: Array<[string, string]> = [
      ['x\u0000y', 'x\\u0000y'],
      ['b\u001b[2Jc', 'b\\u001b[2Jc'],
      ['abc\u202eDEF', 'abc\\u202eDEF'],
      ['a\u200bb', 'a\\u200bb'],
    ]
    for (const [label, shown] of cases) {
      expect(parseVariant(`${label}: group.consumers=4`)).toEqual({ ok: false, message: `a variant's label must be printable text (no control or invisible characters), got "${shown}"` })
    }
    // A message quoting a variant's text quotes it escaped too.
    expect(parseVariant('bad\u001b[31m text')).toEqual({ ok: false, message: 'a variant is "LABEL: PATH=VALUE, …", got "bad\\u001b[31m text"' })
    expect(variant('café ☕ 🔥 <b>: group.consumers=4').label).toBe('café ☕ 🔥 <b>')
  })

  it('refuses a mistyped moment after "@" instead of reading it as part of the label (the overrides would apply from 0 s)', () => {
    for (const text of ['salted@30s: group.consumers=3', 'salted@-5: group.consumers=3', 'salted@1e3: group.consumers=3', 'salted@.5x: group.consumers=3']) {
      expect(parseVariant(text), text).toMatchObject({ ok: false, message: expect.stringMatching(/the moment after "@" must be a plain decimal number of seconds/) })
    }
    expect(variant('salted@30: group.consumers=3')).toEqual({ label: 'salted', atSec: 30, set: { 'group.consumers': 3 } })
    // A label that merely holds an "@" stays a label.
    expect(variant('team@home: group.consumers=3')).toEqual({ label: 'team@home', set: { 'group.consumers': 3 } })
  })

  it('formatVariant round-trips through parseVariant, quoting what must be quoted', () => {
    const cases: Variant[] = [
      { label: 'eager', set: {} },
      { label: 'coop', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
      { label: 'late', atSec: 42.5, set: { 'dynamic.salting.enabled': true, 'dynamic.salting.splits': 4 } },
      { label: 'keys', set: { 'producers[0].keyCost["a=b, c: d"]': 2 } },
      { label: 'odd', set: { name: 'a, b: "c"', 'producers.0.keyCost.key-1': 2.5, x: '123', y: 'true', z: null, w: [1, 'a,b'], v: { a: ',' }, e: '' } },
    ]
    for (const v of cases) expect(parseVariant(formatVariant(v))).toEqual({ ok: true, variant: v })
    expect(formatVariant(cases[1]!)).toBe('coop: group.protocol=cooperative, group.assignor=cooperative-sticky')
  })

  it('parseVary splits values on commas outside JSON', () => {
    expect(parseVary('group.config.session.timeout.ms=10000,45000')).toEqual({ ok: true, path: 'group.config.session.timeout.ms', values: [10000, 45000] })
    expect(parseVary('name="a,b",c,[1,2]')).toEqual({ ok: true, path: 'name', values: ['a,b', 'c', [1, 2]] })
    expect(parseVary('name=a,,b')).toMatchObject({ ok: false, message: expect.stringContaining('empty value') })
  })
})

describe('variantScenario', () => {
  it('without @SEC, applies the overrides from the start', () => {
    const r = variantScenario(joins(), variant('c: group.protocol=cooperative, group.assignor=cooperative-sticky'))
    expect(r.ok && [r.scenario.group.protocol, r.scenario.group.assignor]).toEqual(['cooperative', 'cooperative-sticky'])
  })

  it('with @SEC, appends the live commands at that second, after the script already there', () => {
    const r = variantScenario(joins(), variant('later@30: dynamic.salting.enabled=true, group.consumers=6, topic.partitions=14, producers.0.rate.perSec=800, producerConfig.partitioner.ignore.keys=true'))
    expect(r.ok).toBe(true)
    if (!r.ok) return
    // The start settings stay as they were; the preset's addConsumer at 30 s makes 4, so two more reach 6.
    expect(r.scenario.dynamic.salting.enabled).toBe(false)
    expect(r.scenario.group.consumers).toBe(3)
    expect(r.scenario.actions).toEqual([
      { atSec: 30, do: 'addConsumer' },
      { atSec: 30, do: 'setDynamic', dynamic: { salting: { enabled: true } } },
      { atSec: 30, do: 'addConsumer', count: 2 },
      { atSec: 30, do: 'addPartitions', count: 2 },
      { atSec: 30, do: 'setRate', producer: 0, perSec: 800 },
      { atSec: 30, do: 'setPartitioner', partitioner: null, ignoreKeys: true },
    ])
  })

  it('commandsForOverrides works from the settings at that moment (what a fork sends live)', () => {
    // At 40 s the preset's script has already added the fourth consumer.
    expect(commandsForOverrides(joins(), 40, { 'group.consumers': 5, 'dynamic.loadAware.scope': 'all' })).toEqual({
      ok: true,
      commands: [{ do: 'addConsumer', count: 1 }, { do: 'setDynamic', dynamic: { loadAware: { scope: 'all' } } }],
    })
    expect(commandsForOverrides(joins(), 10, { 'group.consumers': 5 })).toEqual({ ok: true, commands: [{ do: 'addConsumer', count: 2 }] })
    expect(commandsForOverrides(joins(), 10, { 'dynamic.loadAware.scope': 'some' })).toMatchObject({ ok: false, path: 'dynamic.loadAware.scope' })
  })

  it('removes consumers one command at a time, and refuses to shrink a topic', () => {
    const r = variantScenario(joins(), variant('fewer@10: group.consumers=1'))
    expect(r.ok && r.scenario.actions.filter((a) => a.atSec === 10)).toEqual([
      { atSec: 10, do: 'removeConsumer' },
      { atSec: 10, do: 'removeConsumer' },
    ])
    expect(variantScenario(joins(), variant('x@10: topic.partitions=6'))).toMatchObject({ ok: false, path: 'topic.partitions', message: expect.stringContaining('only add partitions') })
  })

  it('refuses a path with no live command, and a rejected value, naming the path', () => {
    expect(variantScenario(joins(), variant('c@40: group.protocol=cooperative'))).toMatchObject({ ok: false, path: 'group.protocol', message: expect.stringContaining('cannot change during a run') })
    expect(variantScenario(joins(), variant('c@40: dynamic.salting.splits=-3'))).toMatchObject({ ok: false, path: 'dynamic.salting.splits' })
    expect(variantScenario(joins(), variant('c@40: dynamic.nope=1'))).toMatchObject({ ok: false, path: 'dynamic.nope' })
  })
})

describe('start through the override path', () => {
  it('`--set start=warm` makes a warm run; `start=cold` takes it back to the default form', () => {
    const p = parseSet('start=warm')
    if (!p.ok) throw new Error(p.message)
    const r = applyOverrides(defaultScenario(), { [p.path]: p.value })
    expect(r.ok && r.scenario.start).toBe('warm')
    const back = applyOverrides({ ...defaultScenario(), start: 'warm' }, { start: 'cold' })
    expect(back.ok && 'start' in back.scenario).toBe(false)
  })

  it('a bad value names the path', () => {
    const r = applyOverrides(defaultScenario(), { start: 'tepid' })
    expect(r).toMatchObject({ ok: false, path: 'start', message: expect.stringContaining('must be one of warm, cold') })
  })
})
