import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { apportion } from './apportion.ts'

/** Textbook largest remainder with carries, by a full sort: the reference. */
function reference(total: number, weights: readonly number[], carry: number[]): number[] {
  const x = weights.map((w, i) => total * w + carry[i]!)
  const out = x.map((v) => (v > 0 ? Math.floor(v) : 0))
  let rem = total - out.reduce((a, b) => a + b, 0)
  const frac = x.map((v, i) => v - out[i]!)
  const order = weights.map((_, i) => i).sort((a, b) => frac[b]! - frac[a]! || a - b)
  for (let j = 0; rem > 0; j = (j + 1) % order.length, rem--) {
    out[order[j]!]! += 1
    frac[order[j]!]! -= 1
  }
  frac.forEach((f, i) => (carry[i] = f))
  return out
}

const weightsArb = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 60 }).filter((w) => w.some((x) => x > 0)).map((w) => {
  const s = w.reduce((a, b) => a + b, 0)
  return w.map((x) => x / s)
})

describe('apportion', () => {
  it('splits 10 records 50/30/20 as 5, 3, 2', () => {
    expect([...apportion(10, [0.5, 0.3, 0.2], [0, 0, 0], new Float64Array(3))]).toEqual([5, 3, 2])
  })

  it('gives the odd record to the largest remainder, and the next one to the other side', () => {
    const carry = [0, 0]
    expect([...apportion(1, [0.6, 0.4], carry, new Float64Array(2))]).toEqual([1, 0])
    expect([...apportion(1, [0.6, 0.4], carry, new Float64Array(2))]).toEqual([0, 1]) // 0.2 vs 0.8
  })

  it('always sums to the total, never negative, and matches the full-sort reference, call after call', () => {
    fc.assert(
      fc.property(weightsArb, fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 30 }), (weights, totals) => {
        const carry = weights.map(() => 0)
        const refCarry = weights.map(() => 0)
        const out = new Float64Array(weights.length)
        const running = weights.map(() => 0)
        let sum = 0
        for (const t of totals) {
          const got = [...apportion(t, weights, carry, out)]
          expect(got).toEqual(reference(t, weights, refCarry))
          expect(got.reduce((a, b) => a + b, 0)).toBe(t)
          for (const c of got) expect(c).toBeGreaterThanOrEqual(0)
          got.forEach((c, i) => (running[i]! += c))
          sum += t
        }
        // every entry stays within two records of its exact share
        running.forEach((r, i) => expect(Math.abs(r - sum * weights[i]!)).toBeLessThan(2))
      }),
      { numRuns: 300, seed: 7 },
    )
  })

  it('is exact even when the weights do not sum to 1', () => {
    const carry = [0, 0, 0]
    for (const [t, w] of [[7, [0.2, 0.2, 0.2]], [7, [0.5, 0.5, 0.5]], [3, [0, 0, 0]]] as const) {
      const got = apportion(t, w, carry, new Float64Array(3))
      expect(got.reduce((a, b) => a + b, 0)).toBe(t)
    }
  })

  it("finds the same cut through the remainders' histogram at a topic's size (ties, shares below 0, more records than entries)", () => {
    // Lengths from BIN_SELECT_FROM up; weights in few distinct values (remainders tie) or many (several
    // distinct remainders share a bin); totals below, near and above the entry count (whole rounds leave negative remainders).
    const longWeights = fc
      .tuple(fc.integer({ min: 256, max: 3000 }), fc.oneof(fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 1, maxLength: 9 }), fc.array(fc.integer({ min: 0, max: 1e6 }), { minLength: 300, maxLength: 600 })))
      .map(([m, levels]) => {
        const raw = Array.from({ length: m }, (_, i) => levels[(i * 7919) % levels.length]!)
        const s = raw.reduce((a, b) => a + b, 0) || 1
        return raw.map((x) => x / s)
      })
    fc.assert(
      fc.property(longWeights, fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 6 }), (weights, totals) => {
        const carry = weights.map(() => 0)
        const refCarry = weights.map(() => 0)
        const out = new Float64Array(weights.length)
        for (const t of totals) expect([...apportion(t, weights, carry, out)]).toEqual(reference(t, weights, refCarry))
        expect(carry).toEqual(refCarry)
      }),
      { numRuns: 60, seed: 11 },
    )
  })

  it('matches the reference send cycle after send cycle over 10 000 partitions, the cut bin staying or moving', () => {
    // A producer's tail over 10 000 partitions: the same total each cycle keeps the cut in one bin
    // (or two by turns); a changed rate moves it.
    // Key counts per partition over their sum, half of it sent a cycle: remainders near 0 and 0.5,
    // as a tail of uniform keys gives them.
    const m = 10_000
    const keys = Array.from({ length: m }, (_, i) => 5 + ((i * 7919) % 11) + (i === 0 ? 1 : 0))
    const s = keys.reduce((a, b) => a + b, 0)
    const w = keys.map((x) => x / s)
    const carry = new Float64Array(m)
    const refCarry = w.map(() => 0)
    const out = new Float64Array(m)
    const half = s / 2
    const totals = [half, half, half, half, half, half, half - 1, half, 12_345, 12_345, 77_777, 3, half, half, half, 0, half, half]
    for (const t of totals) expect([...apportion(t, w, carry, out)]).toEqual(reference(t, w, refCarry))
    expect([...carry]).toEqual(refCarry)
  })

  it("finds the cut when remainders sit exactly on the histogram's bin edges (even splits over 2^k partitions)", () => {
    for (const m of [256, 1024, 2048]) {
      const weights = Array.from({ length: m }, () => 1 / m)
      const carry = weights.map(() => 0)
      const refCarry = weights.map(() => 0)
      const out = new Float64Array(m)
      for (const t of [1, 3, 255, 257, 513, 1000, 1023, 1025, 4097, 50_000]) expect([...apportion(t, weights, carry, out)]).toEqual(reference(t, weights, refCarry))
      expect(carry).toEqual(refCarry)
    }
  })

  it("keeps a bin's lower edge out of the bin below it (the cut just under remainders of exactly 0.5)", () => {
    // 512 even shares of 512 records: one each, so the carries alone make the remainders. 100 sit
    // at 0.5 (bin 512's lower edge), 300 just under (bin 511), 112 owe 0.9 and get nothing: 112 to
    // hand out, so the cut is the 12th largest of bin 511.
    const m = 512
    const weights = Array.from({ length: m }, () => 1 / m)
    const start = weights.map((_, i) => (i < 100 ? 0.5 : i < 400 ? 0.5 - (i + 1) * 1e-7 : -0.9))
    const carry = [...start]
    const refCarry = [...start]
    expect([...apportion(m, weights, carry, new Float64Array(m))]).toEqual(reference(m, weights, refCarry))
    expect(carry).toEqual(refCarry)
  })
})
