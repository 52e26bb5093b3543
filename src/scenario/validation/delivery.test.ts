import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../defaults.ts'
import { applyOverrides, parseVariant } from '../overrides.ts'
import { validateScenario } from '../validate.ts'

const errors = (input: unknown) => {
  const r = validateScenario(input)
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`)
}

describe('producer delivery settings (optional)', () => {
  it('absent: the scenario has none of the keys, so older links replay exactly', () => {
    const r = validateScenario({})
    expect(Object.keys(r.scenario.producerConfig)).toEqual(Object.keys(defaultScenario().producerConfig))
    expect(r.scenario.producerConfig).not.toHaveProperty('acks')
  })
  it('given: kept as given', () => {
    const r = validateScenario({ producerConfig: { acks: '1', retries: 3, 'delivery.timeout.ms': 60000, 'request.timeout.ms': 10000, 'retry.backoff.ms': 50 } })
    expect(r.ok).toBe(true)
    expect(r.scenario.producerConfig).toMatchObject({ acks: '1', retries: 3, 'delivery.timeout.ms': 60000, 'request.timeout.ms': 10000, 'retry.backoff.ms': 50 })
  })
  it('reads acks as Kafka does: "-1" and -1 mean all; numbers from --set are accepted', () => {
    expect(validateScenario({ producerConfig: { acks: -1 } }).scenario.producerConfig.acks).toBe('all')
    expect(validateScenario({ producerConfig: { acks: 1 } }).scenario.producerConfig.acks).toBe('1')
    expect(validateScenario({ producerConfig: { acks: '0' } }).scenario.producerConfig.acks).toBe('0')
  })
  it('names the path of a bad value', () => {
    expect(errors({ producerConfig: { acks: 'one' } })[0]).toMatch(/^producerConfig\.acks: /)
    expect(errors({ producerConfig: { 'retry.backoff.ms': 0 } })[0]).toMatch(/^producerConfig\["retry\.backoff\.ms"\]: /)
    expect(errors({ producerConfig: { retries: -1 } })[0]).toMatch(/^producerConfig\.retries: /)
  })
  it('a long linger.ms alone is fine: the unset delivery.timeout.ms follows it', () => {
    expect(errors({ producerConfig: { 'linger.ms': 200_000 } })).toEqual([])
  })
  it('delivery.timeout.ms below linger.ms + request.timeout.ms is an error, as KafkaProducer throws', () => {
    const e = errors({ producerConfig: { 'linger.ms': 5, 'delivery.timeout.ms': 20000 } })
    expect(e).toEqual(['producerConfig["delivery.timeout.ms"]: must be ≥ linger.ms + request.timeout.ms (30005), as KafkaProducer requires'])
  })
})

describe('broker fault commands', () => {
  it('crashBroker, restartBroker and slowBroker are read with their fields', () => {
    const r = validateScenario({
      actions: [
        { atSec: 5, do: 'crashBroker', broker: 1 },
        { atSec: 30, do: 'restartBroker', broker: 1 },
        { atSec: 40, do: 'slowBroker', broker: 2, factor: 4 },
      ],
    })
    expect(r.ok).toBe(true)
    expect(r.scenario.actions.map((a) => a.do)).toEqual(['crashBroker', 'restartBroker', 'slowBroker'])
  })
  it('rejects a missing broker, broker 0 (they count from 1) and a factor below 1, with paths', () => {
    expect(errors({ actions: [{ atSec: 5, do: 'crashBroker' }] })).toEqual(['actions[0].broker: is required'])
    expect(errors({ actions: [{ atSec: 5, do: 'restartBroker', broker: 0 }] })[0]).toMatch(/^actions\[0\]\.broker: /)
    expect(errors({ actions: [{ atSec: 5, do: 'slowBroker', broker: 1, factor: 0.5 }] })[0]).toMatch(/^actions\[0\]\.factor: /)
  })
})

describe('compare variants and --set reach the delivery settings', () => {
  it("'acks 1: producerConfig.acks=1' sets acks on that side only", () => {
    const v = parseVariant('acks 1: producerConfig.acks=1')
    expect(v.ok).toBe(true)
    if (!v.ok) return
    const r = applyOverrides(defaultScenario(), v.variant.set)
    expect(r.ok && r.scenario.producerConfig.acks).toBe('1')
    const bad = applyOverrides(defaultScenario(), { 'producerConfig.acks': 2 })
    expect(bad.ok).toBe(false)
  })
})

describe('cluster fault settings and broker numbers', () => {
  it('keeps the fault settings given and checks them with paths', () => {
    const r = validateScenario({ cluster: { brokers: 3, 'broker.session.timeout.ms': 6000, 'unclean.leader.election.enable': true } })
    expect(r.ok).toBe(true)
    expect(r.scenario.cluster).toMatchObject({ 'broker.session.timeout.ms': 6000, 'unclean.leader.election.enable': true })
    expect(r.scenario.cluster).not.toHaveProperty('auto.leader.rebalance.enable')
    expect(errors({ cluster: { 'broker.heartbeat.interval.ms': 9000 } })).toEqual(['cluster["broker.heartbeat.interval.ms"]: must be < broker.session.timeout.ms (9000)'])
    expect(errors({ cluster: { 'leader.imbalance.check.interval.seconds': 0 } })[0]).toMatch(/^cluster\["leader\.imbalance\.check\.interval\.seconds"\]: /)
  })
  it('reads an older link with the ZooKeeper-only leader.imbalance.per.broker.percentage, warns, and drops it (KRaft never read it)', () => {
    const r = validateScenario({ cluster: { brokers: 3, 'leader.imbalance.per.broker.percentage': 10 } })
    if (!r.ok) throw new Error('expected the link to read')
    expect(r.scenario.cluster).not.toHaveProperty('leader.imbalance.per.broker.percentage')
    expect(r.warnings.map((w) => `${w.path}: ${w.message}`)).toEqual([
      'cluster["leader.imbalance.per.broker.percentage"]: ignored: only ZooKeeper\'s controller read it (removed in Kafka 4.0, KAFKA-18743); the KRaft controller moves every partition back whose preferred leader is in sync',
    ])
  })
  it("a broker command must name one of the cluster's brokers", () => {
    expect(errors({ actions: [{ atSec: 5, do: 'crashBroker', broker: 4 }] })).toEqual(['actions[0].broker: refers to broker 4, but the cluster has 3 brokers (numbered from 1)'])
    expect(errors({ cluster: { brokers: 5 }, actions: [{ atSec: 5, do: 'crashBroker', broker: 4 }] })).toEqual([])
  })
})
