import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apportion } from './apportion.ts'

const weightsArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 60 }).filter((w) => w.some((x) => x > 0)).map((w) => {
  const s = w.reduce((a, b) => a + b, 0)
  return w.map((x) => x / s)
})

function sumOf(a: ArrayLike<number>): number {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]!
  return s
}

describe('apportion', () => {
  it('splits 10 records 50/30/20 as 5, 3, 2', () => {
    expect([...apportion(10, [0.5, 0.3, 0.2], [0, 0, 0], new Float64Array(3))]).toEqual([5, 3, 2])
  })

  it('gives the odd record where the running sum reaches a half, and the next one to the other side', () => {
    const carry = [0, 0]
    expect([...apportion(1, [0.6, 0.4], carry, new Float64Array(2))]).toEqual([1, 0])
    expect(carry[0]).toBeCloseTo(-0.4, 12)
    expect([...apportion(1, [0.6, 0.4], carry, new Float64Array(2))]).toEqual([0, 1]) // 0.2 vs 0.8
  })

  it('always sums to the total, never negative, floor or ceil of each share while nothing is owed, tracking every share call after call', () => {
    fc.assert(
      fc.property(weightsArb, fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 40 }), (weights, totals) => {
        const carry = weights.map(() => 0)
        const out = new Float64Array(weights.length)
        const running = weights.map(() => 0)
        let sum = 0
        for (const t of totals) {
          const x = weights.map((w, i) => t * w + carry[i]!)
          const got = [...apportion(t, weights, carry, out)]
          expect(sumOf(got)).toBe(t)
          // Until an entry owes records (x below 0), each count is its x rounded down or up.
          const firstOwing = x.findIndex((v) => v < 0)
          got.forEach((c, i) => {
            expect(c).toBeGreaterThanOrEqual(0)
            if (firstOwing < 0 || i < firstOwing) expect(Math.abs(c - x[i]!)).toBeLessThan(1)
            expect(carry[i]).toBeCloseTo(x[i]! - c, 9)
          })
          got.forEach((c, i) => (running[i]! += c))
          sum += t
        }
        // every entry stays within a few records of its exact share, however long the run
        running.forEach((r, i) => expect(Math.abs(r - sum * weights[i]!)).toBeLessThan(4))
      }),
      { numRuns: 300, seed: 7 },
    )
  })

  it('keeps every lane of a 10 000-partition tail within a record of its share, send cycle after send cycle', () => {
    // A producer's tail over 10 000 partitions (key counts per partition over their sum, about
    // five records a lane each cycle): nothing is ever owed, so every count is its share rounded.
    const m = 10_000
    const keys = Array.from({ length: m }, (_, i) => 5 + ((i * 7919) % 11) + (i === 0 ? 1 : 0))
    const s = sumOf(keys)
    const w = keys.map((x) => x / s)
    const carry = new Float64Array(m)
    const out = new Float64Array(m)
    const running = new Float64Array(m)
    let sent = 0
    const totals = [50_000, 50_000, 49_999, 50_001, 12_345, 77_777, 3, 0, 50_000, 50_000]
    for (let cycle = 0; cycle < 20; cycle++) {
      for (const t of totals) {
        apportion(t, w, carry, out)
        expect(sumOf(out)).toBe(t)
        for (let i = 0; i < m; i++) running[i]! += out[i]!
        sent += t
      }
    }
    let worst = 0
    for (let i = 0; i < m; i++) worst = Math.max(worst, Math.abs(running[i]! - sent * w[i]!), Math.abs(carry[i]!))
    expect(worst).toBeLessThan(1)
  })

  it('evens out a low rate over many partitions: each lane gets its records in turn, none twice before the rest', () => {
    // 100 records a cycle over 1 000 even lanes: a record per lane every ten cycles, exactly.
    const m = 1000
    const w = new Array<number>(m).fill(1 / m)
    const carry = new Float64Array(m)
    const out = new Float64Array(m)
    const got = new Float64Array(m)
    for (let cycle = 0; cycle < 10; cycle++) {
      apportion(100, w, carry, out)
      for (let i = 0; i < m; i++) got[i]! += out[i]!
    }
    expect(Math.min(...got)).toBe(1)
    expect(Math.max(...got)).toBe(1)
  })

  it('takes back from the last entries what the running sum handed out too early', () => {
    // x = [2.6, -0.6]: the running sum reaches 2.6 (3 records) before the second entry's debt
    // brings it back to 2: the first entry returns the extra one.
    const carry = [0.6, -0.6]
    expect([...apportion(2, [1, 0], carry, new Float64Array(2))]).toEqual([2, 0])
    expect(carry[0]).toBeCloseTo(0.6, 12)
    expect(carry[1]).toBeCloseTo(-0.6, 12)
    // The same with nothing to send: the record the first entry got back is never a -1 for the second.
    expect([...apportion(0, [1, 0], [0.6, -0.6], new Float64Array(2))]).toEqual([0, 0])
  })

  it('is exact even when the weights do not sum to 1', () => {
    const carry = [0, 0, 0]
    for (const [t, w] of [[7, [0.2, 0.2, 0.2]], [7, [0.5, 0.5, 0.5]], [3, [0, 0, 0]], [5000, [0.001, 0, 0]]] as const) {
      const got = apportion(t, w, carry, new Float64Array(3))
      expect(sumOf(got)).toBe(t)
      for (const c of got) expect(c).toBeGreaterThanOrEqual(0)
    }
  })
})
