import { describe, expect, it } from 'vitest'
import { DELIVERY_DEFAULTS, deliveryConfig, deliveryTimeoutProblem, failsAt, learnsLeaderAt, produceOutcome, retryBackoff, unreplicatedFate } from './producerDelivery.ts'

describe('producer delivery defaults (ProducerConfig)', () => {
  it('fills what the scenario leaves out with Kafka defaults', () => {
    expect(deliveryConfig({})).toEqual(DELIVERY_DEFAULTS)
    expect(deliveryConfig({ acks: '1' }).acks).toBe('1')
    expect(DELIVERY_DEFAULTS.acks).toBe('all')
    expect(DELIVERY_DEFAULTS['delivery.timeout.ms']).toBe(120_000)
  })
  it('raises an unset delivery.timeout.ms to linger.ms + request.timeout.ms, as KafkaProducer does', () => {
    expect(deliveryConfig({ 'linger.ms': 100_000 })['delivery.timeout.ms']).toBe(130_000)
    expect(deliveryConfig({ 'linger.ms': 5 })['delivery.timeout.ms']).toBe(120_000)
  })
  it('rejects delivery.timeout.ms below linger.ms + request.timeout.ms', () => {
    expect(deliveryTimeoutProblem(deliveryConfig({ 'delivery.timeout.ms': 30_004 }), 5)).toMatch(/30005/)
    expect(deliveryTimeoutProblem(deliveryConfig({ 'delivery.timeout.ms': 30_005 }), 5)).toBeNull()
  })
})

describe('retry backoff (KIP-580)', () => {
  it('doubles from retry.backoff.ms up to retry.backoff.max.ms', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => retryBackoff(n, 100))).toEqual([100, 200, 400, 800, 1000, 1000])
    expect(retryBackoff(3, 2000)).toBe(2000)
  })
  it('a client learns the new leader at its first refresh at or after the election', () => {
    // Lost at 0; refreshes at 100, 300, 700, 1500, 2500, … 9500, 10500
    expect(learnsLeaderAt(0, 9000, 100)).toEqual({ at: 9500, failedAttempts: 12 })
    expect(learnsLeaderAt(0, 300, 100)).toEqual({ at: 300, failedAttempts: 2 })
    expect(learnsLeaderAt(500, 500, 100).at).toBe(500)
  })
})

describe('failsAt', () => {
  it('is delivery.timeout.ms after the record started waiting when retries are unbounded', () => {
    expect(failsAt(1000, deliveryConfig({}))).toBe(121_000)
  })
  it('is earlier when retries run out first', () => {
    // retries=2: attempts after backoffs 100, 200, 400 → the third failure at 700 ms
    expect(failsAt(0, deliveryConfig({ retries: 2 }))).toBe(700)
    expect(failsAt(0, deliveryConfig({ retries: 0 }))).toBe(100)
  })
})

describe('acks', () => {
  it('acks=all needs min.insync.replicas in sync; acks=1 and 0 do not', () => {
    expect(produceOutcome('all', true, 1, 2)).toBe('notEnoughReplicas')
    expect(produceOutcome('all', true, 2, 2)).toBe('appended')
    expect(produceOutcome('1', true, 1, 2)).toBe('appended')
    expect(produceOutcome('0', true, 1, 3)).toBe('appended')
    expect(produceOutcome('all', false, 3, 2)).toBe('notLeader')
  })
  it('unreplicated records are retried under acks=all and lost under acks=1 or 0', () => {
    expect(unreplicatedFate('all')).toBe('retried')
    expect(unreplicatedFate('1')).toBe('lost')
    expect(unreplicatedFate('0')).toBe('lost')
  })
})
