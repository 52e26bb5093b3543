import { describe, expect, it } from 'vitest'
import { bigDescribe } from '../../../../test/fixtures/import/bigDescribe.ts'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { importPastes } from '../fromPastes.ts'
import { parseImport } from '../parse.ts'
import { javaConfig } from '../../clientConfig/java.ts'
import { getPreset } from '../../presets/index.ts'

// A consumer.properties as deployed: comments (# and !), odd spacing and separators, an unknown key,
// a continued line, CRLF. Each was "not recognised … read as consumer-groups: expected the header".
const CONSUMER = [
  '# consumer.properties for billing',
  'bootstrap.servers = kafka-1:9092,kafka-2:9092',
  'group.id=billing',
  '  max.poll.records : 200',
  'session.timeout.ms   30000',
  'partition.assignment.strategy=org.apache.kafka.clients.consumer.CooperativeStickyAssignor',
  '! a bang comment',
  'my.custom.key=whatever',
  'group.instance.id=billing-1',
  'sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required \\',
  '    username="u" password="p";',
  'enable.auto.commit=false',
].join('\r\n')
const DESCRIBE = fixture('consumer-groups', 'describe.txt')

function build(...pastes: Array<[string, string]>) {
  const r = importPastes(pastes.map(([source, text]) => ({ source, text })))
  for (const p of r.parsed) if (!p.result.ok) throw new Error(`${p.source}: ${p.result.message}`)
  return r
}

describe("a Java client's .properties", () => {
  it('is guessed, and its settings (the last of a key) are read as Properties.load reads them; the rest named with their lines', () => {
    const r = parseImport(CONSUMER, { source: 'consumer.properties' })
    expect(r.ok && r.format).toBe('client-properties')
    if (!r.ok) return
    expect(r.facts.clientConfig?.map((x) => [x.key, x.value, x.line])).toEqual([
      ['group.id', 'billing', 3],
      ['max.poll.records', '200', 4],
      ['session.timeout.ms', '30000', 5],
      ['partition.assignment.strategy', 'org.apache.kafka.clients.consumer.CooperativeStickyAssignor', 6],
      ['group.instance.id', 'billing-1', 9],
      ['enable.auto.commit', 'false', 12],
    ])
    expect(r.facts.notes).toEqual(['connection settings (bootstrap.servers, sasl.jaas.config): not simulated (ignored)', 'not settings the simulator models (ignored): my.custom.key (line 8)'])
  })

  it('with a group paste: the consumer settings taken, each a measured row naming its file and line; what the cluster showed still wins', () => {
    const r = build(['describe.txt', DESCRIBE], ['consumer.properties', CONSUMER])
    if (r.build?.ok !== true) throw new Error(JSON.stringify(r.build))
    const { scenario: s, fields } = r.build
    expect(s.group.config).toMatchObject({ 'max.poll.records': 200, 'session.timeout.ms': 30000, 'enable.auto.commit': false })
    expect([s.group.protocol, s.group.assignor, s.group.staticMembership]).toEqual(['cooperative', 'cooperative-sticky', true])
    const row = (path: string) => fields.find((f) => f.path === path)
    expect(row('group.config["max.poll.records"]')).toEqual({ path: 'group.config["max.poll.records"]', value: 200, how: 'measured', sources: ['consumer.properties'], why: 'line 4: max.poll.records=200' })
    expect(row('group.config')).toMatchObject({ value: '(the rest: Kafka defaults)', how: 'assumed' })
    expect(row('group.groupId')).toMatchObject({ value: 'orders-app', sources: ['describe.txt'] })
    expect(r.facts?.notes).toContain('consumer.properties: not settings the simulator models (ignored): my.custom.key (line 8)')
  })

  it('what `highway config --client java` prints comes back as the settings it was printed from', () => {
    const preset = getPreset('rolling-restart-static')!.build()
    const printed = javaConfig(preset)
    const r = build(['describe.txt', DESCRIBE], ['client.properties', printed])
    if (r.build?.ok !== true) throw new Error(JSON.stringify(r.build))
    expect(r.build.scenario.group.config).toEqual({ ...r.build.scenario.group.config, ...preset.group.config })
    expect(r.build.scenario.producerConfig['linger.ms']).toBe(preset.producerConfig['linger.ms'])
  })

  it('a value of the wrong kind is refused naming the file, line and key; one out of range by the validator, naming the field', () => {
    const bad = build(['describe.txt', DESCRIBE], ['p.properties', 'linger.ms=abc\nacks=-1\n'])
    expect(bad.build).toEqual({ ok: false, message: "p.properties line 1: linger.ms 'abc' is not a whole number of milliseconds" })
    const zero = build(['describe.txt', DESCRIBE], ['p.properties', 'max.poll.records=0\n'])
    expect(zero.build).toEqual({ ok: false, message: 'the imported scenario is not valid: group.config["max.poll.records"]: must be ≥ 1' })
  })

  it('alone, it says the topic must come from the cluster’s pastes (it said "the pastes name no topic", as if unread)', () => {
    expect(build(['consumer.properties', CONSUMER]).build).toEqual({
      ok: false,
      message: "a client's .properties gives its settings, not the cluster it reads: add kafka-consumer-groups.sh --describe, kcat -L -J or a kafka_exporter scrape for the topic",
    })
  })

  it('a value Kafka has but the simulator does not run (auto.offset.reset=none) is named and Kafka’s default kept, not a refusal', () => {
    const r = build(['describe.txt', DESCRIBE], ['c.properties', 'auto.offset.reset=none\nmax.poll.records=100\n'])
    if (r.build?.ok !== true) throw new Error(JSON.stringify(r.build))
    expect(r.build.scenario.group.config['auto.offset.reset']).toBe('latest')
    expect(r.build.scenario.group.config['max.poll.records']).toBe(100)
    expect(r.facts?.notes).toContain("c.properties: line 1: auto.offset.reset=none is not simulated (it takes earliest, latest): Kafka's default is used")
  })

  it('text that only looks like key-value lines is not a client’s file', () => {
    expect(parseImport('hello world\nthis is prose\n', { format: 'client-properties', source: 'p' })).toMatchObject({ ok: false, line: 1 })
  })
})

describe("a client's .properties in a scaled copy", () => {
  it('its max.poll.records row shows the copy’s value (÷ K, as the run has it), not the file’s', () => {
    const r = importPastes([{ source: 'big.txt', text: bigDescribe(10_000, 5) }, { source: 'c.properties', text: 'max.poll.records=400\n' }], { scale: 'auto' })
    if (r.build?.ok !== true) throw new Error(JSON.stringify(r.build))
    const k = Number(String(r.build.fields.find((f) => f.path === 'scale')!.value).slice(2))
    expect(k).toBeGreaterThan(1)
    const row = r.build.fields.find((f) => f.path === 'group.config["max.poll.records"]')!
    expect(row.value).toBe(r.build.scenario.group.config['max.poll.records'])
    expect(row.value).toBe(Math.round(400 / k))
    expect(row.why).toMatch(/^line 1: max\.poll\.records=400; simulated at 1\/\d+ \(÷ \d+\)/)
    expect(r.build.fields.find((f) => f.path === 'group.config')!.value).toBe('(the rest: Kafka defaults)')
  })
})
