import { describe, expect, it } from 'vitest'
import { validateScenario } from '../scenario/validate.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { applyEdit, DEFAULT_HOT_KEY, hotKeyShare, producerRate, protocolChoice, withRefused, type ScenarioEdit } from './scenarioEdits.ts'

describe('applyEdit', () => {
  it('changes the producer rate live with one setRate per producer', () => {
    const r = applyEdit(defaultScenario(), { kind: 'rate', perSec: 9000 })
    expect(r.restart).toBe(false)
    expect(producerRate(r.scenario)).toBe(9000)
    expect(r.commands).toEqual([{ do: 'setRate', producer: 0, perSec: 9000 }])
  })

  it('makes a hot key live, naming it as the simulation does', () => {
    const r = applyEdit(defaultScenario(), { kind: 'hotKeyShare', share: 0.6 })
    expect(r.restart).toBe(false)
    expect(r.scenario.producers[0]?.keys).toEqual({ kind: 'hot', count: 1000, hotKey: DEFAULT_HOT_KEY, share: 0.6 })
    expect(hotKeyShare(r.scenario)).toBe(0.6)
    expect(r.commands).toEqual([{ do: 'setHotKeyShare', producer: 0, share: 0.6 }])
  })

  it('adds partitions live but restarts to remove them (Kafka cannot shrink a topic)', () => {
    const up = applyEdit(defaultScenario(), { kind: 'partitions', count: 16 })
    expect(up).toMatchObject({ restart: false, commands: [{ do: 'addPartitions', count: 4 }] })
    const down = applyEdit(defaultScenario(), { kind: 'partitions', count: 6 })
    expect(down.restart).toBe(true)
    expect(down.scenario.topic.partitions).toBe(6)
  })

  it('adds and removes consumers live', () => {
    expect(applyEdit(defaultScenario(), { kind: 'consumers', count: 5 }).commands).toEqual([{ do: 'addConsumer', count: 2 }])
    expect(applyEdit(defaultScenario(), { kind: 'consumers', count: 1 }).commands).toEqual([
      { do: 'removeConsumer' },
      { do: 'removeConsumer' },
    ])
  })

  it('an edit to the same value changes nothing', () => {
    const s = defaultScenario()
    const r = applyEdit(s, { kind: 'consumers', count: s.group.consumers })
    expect(r.scenario).toBe(s)
    expect(r.commands).toEqual([])
  })

  it('switching protocol restarts with a compatible assignor', () => {
    const coop = applyEdit(defaultScenario(), { kind: 'protocol', protocol: 'cooperative' })
    expect(coop.restart).toBe(true)
    expect(coop.scenario.group).toMatchObject({ protocol: 'cooperative', assignor: 'cooperative-sticky', staticMembership: false })
    const stat = applyEdit(coop.scenario, { kind: 'protocol', protocol: 'static' })
    expect(stat.scenario.group).toMatchObject({ protocol: 'eager', staticMembership: true })
    expect(protocolChoice(stat.scenario)).toBe('static')
  })

  it("metadata.max.age.ms (producer or consumer) is a client setting: it restarts the run with the new value", () => {
    const p = applyEdit(defaultScenario(), { kind: 'metadataMaxAge', client: 'producer', value: 15_000 })
    expect(p.restart).toBe(true)
    expect(p.scenario.producerConfig['metadata.max.age.ms']).toBe(15_000)
    expect(p.scenario.group.config['metadata.max.age.ms']).toBe(defaultScenario().group.config['metadata.max.age.ms'])
    const c = applyEdit(defaultScenario(), { kind: 'metadataMaxAge', client: 'consumer', value: 20_000 })
    expect(c.restart).toBe(true)
    expect(c.scenario.group.config['metadata.max.age.ms']).toBe(20_000)
  })

  it("the producers' acks is a client setting: it restarts the run with the new value, nothing else changed", () => {
    const r = applyEdit(defaultScenario(), { kind: 'acks', acks: '1' })
    expect(r.restart).toBe(true)
    expect(r.scenario.producerConfig).toEqual({ ...defaultScenario().producerConfig, acks: '1' })
  })

  it('timeouts and seed restart the run', () => {
    expect(applyEdit(defaultScenario(), { kind: 'timeout', key: 'session.timeout.ms', value: 10000 }).restart).toBe(true)
    const r = applyEdit(defaultScenario(), { kind: 'seed', seed: 1234 })
    expect(r.restart).toBe(true)
    expect(r.scenario.seed).toBe(1234)
  })

  it('dynamic partitioning patches merge into the scenario and go out as one setDynamic', () => {
    const r = applyEdit(defaultScenario(), { kind: 'dynamic', patch: { salting: { enabled: true } } })
    expect(r.scenario.dynamic.salting).toEqual({ enabled: true, splits: 4 })
    expect(r.commands).toEqual([{ do: 'setDynamic', dynamic: { salting: { enabled: true } } }])
  })

  it('never mutates the scenario it is given', () => {
    const s = defaultScenario()
    const before = JSON.stringify(s)
    applyEdit(s, { kind: 'hotKeyShare', share: 0.5 })
    applyEdit(s, { kind: 'dynamic', patch: { loadAware: { enabled: true } } })
    expect(JSON.stringify(s)).toBe(before)
  })

  it('every edit from the page yields a valid scenario', () => {
    const edits: ScenarioEdit[] = [
      { kind: 'rate', perSec: 50_000 },
      { kind: 'hotKeyShare', share: 0.9 },
      { kind: 'zipf', s: 1.2 },
      { kind: 'keyCount', count: 10 },
      { kind: 'hotKeyCost', cost: 3 },
      { kind: 'partitions', count: 24 },
      { kind: 'consumers', count: 6 },
      { kind: 'partitioner', partitioner: 'round-robin', ignoreKeys: false },
      { kind: 'partitioner', partitioner: null, ignoreKeys: true },
      { kind: 'dynamic', patch: { salting: { enabled: true, splits: 8 }, loadAware: { enabled: true, scope: 'all' } } },
      { kind: 'protocol', protocol: 'consumer' },
      { kind: 'protocol', protocol: 'cooperative' },
      { kind: 'assignor', assignor: 'cooperative-sticky' },
      { kind: 'timeout', key: 'max.poll.records', value: 100 },
      { kind: 'seed', seed: 99 },
    ]
    let s = defaultScenario()
    for (const e of edits) {
      s = applyEdit(s, e).scenario
      const v = validateScenario(s)
      expect(v.ok ? [] : v.errors, e.kind).toEqual([])
    }
  })
})

describe('a Partitions edit after the controller refused an add (every broker fenced)', () => {
  // The settings replay the script's add (12 → 18); the topic kept 12 (Frame.refusedPartitions 6).
  const s = defaultScenario()
  s.topic.partitions = 18
  it('counts from the 12 the topic has: 18 asked for again adds 6, 14 adds 2, 10 restarts with 10', () => {
    const at = (count: number) => applyEdit(s, withRefused({ kind: 'partitions', count }, 18, 6))
    expect(at(18).commands).toEqual([{ do: 'addPartitions', count: 6 }])
    expect(at(14).commands).toEqual([{ do: 'addPartitions', count: 2 }])
    expect(at(10).restart).toBe(true)
    expect(at(10).scenario.topic.partitions).toBe(10)
  })
  it('leaves other edits, and runs with nothing refused, as they were', () => {
    expect(withRefused({ kind: 'partitions', count: 18 }, 18, 0)).toEqual({ kind: 'partitions', count: 18 })
    expect(withRefused({ kind: 'consumers', count: 4 }, 18, 6)).toEqual({ kind: 'consumers', count: 4 })
    expect(applyEdit(s, withRefused({ kind: 'partitions', count: 18 }, 18, 0)).commands).toEqual([])
  })
})
