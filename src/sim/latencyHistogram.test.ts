import { describe, expect, it } from 'vitest'
import { Rng } from '../engine/rng.ts'
import { bucketOf, bucketValue, createHistogram, maxValue, mergeInto, quantile, recordLatency } from './latencyHistogram.ts'

describe('latency histogram', () => {
  it('reports any percentile within ±1 % of the exact value', () => {
    const rng = Rng.create(1)
    const values: number[] = []
    const h = createHistogram()
    for (let i = 0; i < 20_000; i++) {
      const v = rng.exp(40) + 0.5
      values.push(v)
      recordLatency(h, v, 1)
    }
    values.sort((a, b) => a - b)
    for (const q of [0.5, 0.95, 0.99]) {
      const exact = values[Math.ceil(q * values.length) - 1]!
      expect(Math.abs(quantile(h, q)! - exact) / exact).toBeLessThan(0.01)
    }
  })

  it('weights by record count, as a batch of n records with one latency', () => {
    const h = createHistogram()
    recordLatency(h, 10, 99)
    recordLatency(h, 1000, 1)
    expect(quantile(h, 0.5)).toBeCloseTo(10, -0.5)
    expect(quantile(h, 0.995)).toBeGreaterThan(900)
    expect(maxValue(h)).toBeGreaterThan(980)
  })

  it('merges by adding counts', () => {
    const a = createHistogram()
    const b = createHistogram()
    recordLatency(a, 5, 1)
    recordLatency(b, 500, 3)
    mergeInto(a, b)
    expect(quantile(a, 0.5)).toBeGreaterThan(450)
  })

  it('puts every value in a bucket whose middle is within 1 % of it, and is empty-safe', () => {
    for (const v of [0.2, 1, 7.3, 120, 45_000, 3_600_000]) expect(Math.abs(bucketValue(bucketOf(v)) - v) / v).toBeLessThan(0.011)
    expect(quantile(createHistogram(), 0.99)).toBeNull() // no data, not 0 ms
  })

  it('records every latency in its own bucket through the bucket cache, repeats and slot collisions included', () => {
    const rng = Rng.create(7)
    // Send cycles 5 ms apart, repeated as a poll's partitions repeat them, plus values colliding in the cache.
    const values: number[] = []
    for (let i = 0; i < 2000; i++) {
      const base = 3 + 5 * Math.floor(rng.next() * 40)
      values.push(base, base + 5, base, base + 5, rng.next() * 10_000, 1 / 64 * i, -i, Number.NaN)
    }
    const viaCache = createHistogram()
    const direct = createHistogram()
    for (const ms of values) {
      recordLatency(viaCache, ms, 1)
      direct[bucketOf(ms)]! += 1
    }
    expect(Array.from(viaCache)).toEqual(Array.from(direct))
  })
})
