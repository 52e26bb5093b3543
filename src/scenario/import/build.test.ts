// buildScenario from hand-made facts: the field-by-field account, and — the oracle being the
// simulation itself — a run of the built scenario reproduces the measured per-partition rates and
// starting lag.
import { describe, expect, it } from 'vitest'
import { partitionForKey } from '../../kafka/murmur2.ts'
import { createSimulation } from '../../sim/simulation.ts'
import { decodeScenario, encodeScenario } from '../codec.ts'
import type { Scenario } from '../types.ts'
import { buildScenario } from './build.ts'
import type { ClusterFacts, ImportedField, KeySample, Provenance } from './types.ts'

const P = 12
/** Partition 5 is hot: 2400 records/s against 300/s elsewhere. */
const RATES = Array.from({ length: P }, (_, p) => (p === 5 ? 2400 : 300))
const LAGS = Array.from({ length: P }, (_, p) => (p === 5 ? 1_200_000 : p === 2 ? 40 : 0))

function facts(opts: { sample?: KeySample; consumed?: boolean } = {}): ClusterFacts {
  const prov: Record<string, Provenance> = {}
  const describe: Provenance = { source: 'paste 1', format: 'consumer-groups', how: 'measured' }
  const scrape: Provenance = { source: 'paste 2', format: 'prometheus', how: 'derived', note: 'two scrapes 60 s apart' }
  const members = Array.from({ length: 4 }, (_, i) => ({
    memberId: `consumer-orders-${i + 1}-abc`,
    clientId: `consumer-${i + 1}`,
    host: `/10.0.0.${i + 1}`,
    assignment: Array.from({ length: 3 }, (_, j) => ({ topic: 'orders', partition: i * 3 + j })),
  }))
  const partitions = RATES.map((r, p) => {
    for (const f of ['logEndOffset', 'committedOffset', 'lag', 'owner']) prov[`topics.orders.partitions.${p}.${f}`] = describe
    prov[`topics.orders.partitions.${p}.producedPerSec`] = scrape
    if (opts.consumed) prov[`topics.orders.partitions.${p}.consumedPerSec`] = scrape
    const owner = members[Math.floor(p / 3)]!.memberId
    return {
      partition: p,
      logEndOffset: 5_000_000 + LAGS[p]!,
      committedOffset: 5_000_000,
      lag: LAGS[p]!,
      owner,
      producedPerSec: r,
      ...(opts.consumed ? { consumedPerSec: p === 5 ? 1500 : r } : {}),
    }
  })
  prov['groups.billing.members'] = describe
  const f: ClusterFacts = {
    brokers: [{ id: 1 }],
    topics: [{ name: 'orders', partitions }, { name: '__consumer_offsets', partitions: [], partitionCount: 50 }],
    groups: [{ groupId: 'billing', members }],
    provenance: prov,
    notes: [],
  }
  if (opts.sample) {
    f.keySample = opts.sample
    f.provenance['keySample'] = { source: 'records.json', format: 'kcat-records', how: 'derived' }
  }
  return f
}

function field(fields: ImportedField[], path: string): ImportedField {
  const f = fields.find((x) => x.path === path)
  if (!f) throw new Error(`no field ${path} in ${fields.map((x) => x.path).join(', ')}`)
  return f
}

/** Records/s per partition over [from, to] seconds of a run, from the logs' growth. */
function measuredRates(s: Scenario, from: number, to: number): number[] {
  const sim = createSimulation(s)
  sim.advanceTo(from * 1000)
  const a = sim.summary().partitions.map((p) => p.produced)
  sim.advanceTo(to * 1000)
  return sim.summary().partitions.map((p, i) => (p.produced - a[i]!) / (to - from))
}

describe('buildScenario', () => {
  it('takes the topic the group reads (not the internal one), its partitions, lag, rates and members, and says where each came from', () => {
    const r = buildScenario(facts())
    if (!r.ok) throw new Error(r.message)
    const s = r.scenario
    expect(s.topic).toEqual({ name: 'orders', partitions: 12, initialLag: [0, 0, 40, 0, 0, 1_200_000] })
    expect(s.start).toBe('warm')
    expect(s.group).toMatchObject({ groupId: 'billing', consumers: 4 })
    expect(s.producers[0]!.rate).toEqual({ kind: 'constant', perSec: 5700 })
    expect(field(r.fields, 'topic.partitions')).toMatchObject({ how: 'measured', sources: ['paste 1', 'paste 2'] })
    expect(field(r.fields, 'topic.initialLag')).toMatchObject({ how: 'measured', sources: ['paste 1'] })
    expect(field(r.fields, 'producers[0].rate.perSec')).toMatchObject({ how: 'derived', sources: ['paste 2'] })
    expect(field(r.fields, 'group.consumers')).toMatchObject({ how: 'measured', value: 4, sources: ['paste 1'] })
    // not measured: Kafka's defaults, each with a reason
    for (const path of ['group.protocol', 'group.config', 'producerConfig', 'group.processing.recordsPerSec', 'producers[0].recordBytes']) {
      expect(field(r.fields, path)).toMatchObject({ how: 'assumed', sources: [] })
      expect(field(r.fields, path).why.length).toBeGreaterThan(10)
    }
    expect(s.group.protocol).toBe('eager')
    // the result is a normal scenario: it survives a link
    expect(decodeScenario(encodeScenario(s))).toMatchObject({ ok: true, scenario: s })
  })

  it('without a key sample, synthesizes keys so a run reproduces every partition\'s measured rate (±3 %)', () => {
    const r = buildScenario(facts())
    if (!r.ok) throw new Error(r.message)
    const got = measuredRates(r.scenario, 10, 70)
    got.forEach((x, p) => expect(Math.abs(x - RATES[p]!) / RATES[p]!, `partition ${p}: ${x} vs ${RATES[p]}`).toBeLessThan(0.03))
  })

  it('starts the run with the measured lag on each partition', () => {
    const r = buildScenario(facts())
    if (!r.ok) throw new Error(r.message)
    const sim = createSimulation(r.scenario)
    sim.advanceTo(0)
    const sum = sim.summary()
    expect(sum.partitions.map((p) => p.produced)).toEqual(Array.from({ length: P }, (_, p) => LAGS[p]!))
    expect(sum.produced).toBe(1_200_040)
  })

  it('with a key sample, carries the real keys as a histogram: the hot key lands where murmur2 puts it', () => {
    const hot = 'tenant-42'
    const hotP = partitionForKey(hot, P)
    const keys = [
      { key: hot, count: 3100, partitions: [hotP] },
      ...Array.from({ length: 300 }, (_, i) => ({ key: `user-${i}`, count: 23, partitions: [partitionForKey(`user-${i}`, P)] })),
      { key: null, count: 0, partitions: [] },
    ]
    const r = buildScenario(facts({ sample: { records: 10_000, keys, meanRecordBytes: 412.4 } }))
    if (!r.ok) throw new Error(r.message)
    const spec = r.scenario.producers[0]!.keys
    expect(spec.kind).toBe('histogram')
    if (spec.kind !== 'histogram') return
    expect(spec.keys[0]).toEqual([hot, 3100])
    expect(spec.keys).toHaveLength(100)
    expect(spec.otherKeys).toBe(201)
    expect(spec.otherShare).toBeCloseTo((201 * 23) / 10_000, 12)
    expect(r.scenario.producers[0]!.recordBytes).toBe(412)
    expect(field(r.fields, 'producers[0].keys')).toMatchObject({ how: 'derived', sources: ['records.json'] })
    expect(field(r.fields, 'producers[0].keys').why).not.toContain('another partition')
    // The hot key's lane gets its share in a run (the rest of the keys spread over all lanes).
    const got = measuredRates(r.scenario, 5, 35)
    const total = got.reduce((a, b) => a + b, 0)
    expect(got[hotP]! / total).toBeGreaterThan(0.31)
  })

  it('says so when the sample shows keys on other partitions than murmur2 puts them (a custom partitioner)', () => {
    const keys = Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, count: 10, partitions: [(partitionForKey(`k${i}`, P) + (i < 10 ? 1 : 0)) % P] }))
    const r = buildScenario(facts({ sample: { records: 500, keys } }))
    if (!r.ok) throw new Error(r.message)
    expect(field(r.fields, 'producers[0].keys').why).toContain('20 % of the sampled keyed records sat on another partition than murmur2 puts their key')
  })

  it('derives one consumer\'s processing rate from a consumer that fell behind', () => {
    const r = buildScenario(facts({ consumed: true }))
    if (!r.ok) throw new Error(r.message)
    // consumer-2 owns 3, 4, 5: 300 + 300 + 1500 consumed while 3000 arrived
    expect(field(r.fields, 'group.processing.recordsPerSec')).toMatchObject({ how: 'derived', value: 2100, sources: ['paste 2'] })
    expect(field(r.fields, 'group.processing.recordsPerSec').why).toContain('consumer-2')
  })

  it('reads the protocol and assignor the tool shows; static members from group.instance.id', () => {
    const f = facts()
    f.groups[0]!.assignor = 'cooperative-sticky'
    f.groups[0]!.members[0]!.instanceId = 'billing-1'
    f.provenance['groups.billing.assignor'] = { source: 'paste 3', format: 'consumer-groups-state', how: 'measured' }
    const r = buildScenario(f)
    if (!r.ok) throw new Error(r.message)
    expect(r.scenario.group).toMatchObject({ protocol: 'cooperative', assignor: 'cooperative-sticky', staticMembership: true })
    expect(field(r.fields, 'group.assignor')).toMatchObject({ how: 'measured', sources: ['paste 3'] })
  })

  it('says which other topics and groups the pastes held, and how to pick one', () => {
    const f = facts()
    f.topics.push({ name: 'clicks', partitionCount: 3, partitions: [] })
    f.groups.push({ groupId: 'etl', members: [] })
    const r = buildScenario(f)
    if (!r.ok) throw new Error(r.message)
    // __consumer_offsets is Kafka's own topic: not offered.
    expect(field(r.fields, 'topic.name').why).toBe("the topic the pastes describe; the pastes also name topic 'clicks' (Topic in the dialog or --topic picks another)")
    expect(field(r.fields, 'group.groupId').why).toBe("the group that reads the topic; the pastes also name group 'etl' (--group in the CLI picks another)")
    const one = buildScenario(facts())
    if (!one.ok) throw new Error(one.message)
    expect(field(one.fields, 'topic.name').why).toBe('the topic the pastes describe')
  })

  it('refuses another group than the one whose offsets the topic carries, instead of giving it that group\'s lag', () => {
    const f = facts()
    f.topics[0]!.group = 'billing'
    f.groups.push({ groupId: 'audit', members: [{ memberId: 'a-1', assignment: [] }] })
    expect(buildScenario(f, { group: 'audit' })).toEqual({
      ok: false,
      message: "topic 'orders': the pastes hold the offsets of group 'billing', not of 'audit' (a paste keeps one group's offsets per topic); import the output of kafka-consumer-groups.sh --describe --group audit on its own",
    })
    const r = buildScenario(f)
    if (!r.ok) throw new Error(r.message)
    expect(r.scenario.group.groupId).toBe('billing')
    expect(field(r.fields, 'group.groupId').why).toBe("the group that reads the topic; the pastes also name group 'audit' (their offsets for 'orders' are not used, as a topic keeps one group's offsets: import a group's own --describe --group)")
    expect(buildScenario(f, { group: 'billing' }).ok).toBe(true)
  })

  it('--group alone picks the topic that group reads (a --describe --all-groups paste of two groups on two topics)', () => {
    // The offsets of 'audit' are in the paste, on its own topic 'clicks': picking the group must
    // not stay on the default topic and then refuse the group for lacking offsets there.
    const f = facts()
    f.topics[0]!.group = 'billing'
    f.topics.push({ name: 'clicks', group: 'audit', partitions: [0, 1, 2].map((p) => ({ partition: p, lag: 7 * p, logEndOffset: 100, committedOffset: 100 - 7 * p })) })
    f.groups.push({ groupId: 'audit', members: [{ memberId: 'a-1', clientId: 'audit-1', assignment: [0, 1, 2].map((partition) => ({ topic: 'clicks', partition })) }] })
    const r = buildScenario(f, { group: 'audit' })
    if (!r.ok) throw new Error(r.message)
    expect(r.scenario.topic).toMatchObject({ name: 'clicks', partitions: 3, initialLag: [0, 7, 14] })
    expect(r.scenario.group).toMatchObject({ groupId: 'audit', consumers: 1 })
    // The default build names 'audit' as a group the paste does hold, reading 'clicks'.
    const d = buildScenario(f)
    if (!d.ok) throw new Error(d.message)
    expect(d.scenario.topic.name).toBe('orders')
    expect(field(d.fields, 'group.groupId').why).toBe("the group that reads the topic; the pastes also name group 'audit' (--group in the CLI picks another)")
    // A named topic still wins: the group's offsets for it are not in the paste.
    expect(buildScenario(f, { group: 'audit', topic: 'orders' })).toMatchObject({ ok: false, message: expect.stringContaining("hold the offsets of group 'billing', not of 'audit'") })
  })

  it('says in one line what is missing or too big', () => {
    expect(buildScenario({ brokers: [], topics: [], groups: [], provenance: {}, notes: [] })).toEqual({
      ok: false,
      message: 'the pastes name no topic: paste kafka-consumer-groups.sh --describe, kcat -L -J or a kafka_exporter scrape',
    })
    expect(buildScenario(facts(), { topic: 'payments' })).toEqual({ ok: false, message: "topic 'payments' is not in the pastes (they name 'orders', '__consumer_offsets')" })
    expect(buildScenario(facts(), { group: 'x' })).toEqual({ ok: false, message: "group 'x' is not in the pastes (they name 'billing')" })
    // A record sample alone, or --members / --state alone, names what it did read.
    const sampleOnly: ClusterFacts = { brokers: [], topics: [], groups: [], provenance: {}, notes: [], keySample: { topic: 'orders', records: 10, keys: [{ key: 'a', count: 10, partitions: [1] }] } }
    expect(buildScenario(sampleOnly)).toEqual({
      ok: false,
      message: "the record sample of topic 'orders' gives its key mix, not its partitions: add kafka-consumer-groups.sh --describe, kcat -L -J or a kafka_exporter scrape for them",
    })
    const groupsOnly: ClusterFacts = { brokers: [], topics: [], groups: [{ groupId: 'billing', members: [] }], provenance: {}, notes: [] }
    expect(buildScenario(groupsOnly)).toMatchObject({ ok: false, message: expect.stringMatching(/^the pastes name group 'billing' but not the topic it reads: add /) })
    const big = facts()
    big.topics[0]!.partitionCount = 10_001
    expect(buildScenario(big)).toEqual({ ok: false, message: "topic 'orders' has 10001 partitions; the simulator runs at most 10000" })
  })
})
