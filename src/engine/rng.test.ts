// The generator's contract: reproducible per (seed, stream), restorable mid-sequence, and drawing
// from the distributions its names promise. Statistical bounds are loose; the seeds are fixed.
import { describe, expect, it } from 'vitest'
import { Rng } from './rng.ts'

function draws(r: Rng, n: number, f: (r: Rng) => number = (x) => x.nextU32()): number[] {
  return Array.from({ length: n }, () => f(r))
}

function mean(xs: number[]): number {
  return xs.reduce((s, x) => s + x, 0) / xs.length
}

function variance(xs: number[]): number {
  const m = mean(xs)
  return xs.reduce((s, x) => s + (x - m) * (x - m), 0) / (xs.length - 1)
}

describe('Rng', () => {
  it('gives the same sequence for the same seed and stream', () => {
    expect(draws(Rng.create(7, 3), 1000)).toEqual(draws(Rng.create(7, 3), 1000))
  })

  it('gives different sequences for different streams of one seed, and for different seeds', () => {
    const base = draws(Rng.create(7, 0), 100)
    expect(draws(Rng.create(7, 1), 100)).not.toEqual(base)
    expect(draws(Rng.create(8, 0), 100)).not.toEqual(base)
    // Not just different: streams share no leading outputs.
    const s1 = new Set(draws(Rng.create(7, 1), 1000))
    expect(draws(Rng.create(7, 0), 1000).filter((x) => s1.has(x)).length).toBeLessThan(3)
  })

  it('continues exactly where it was after save and restore', () => {
    const r = Rng.create(42, 5)
    draws(r, 137)
    const st = r.save()
    const copy = Rng.restore(JSON.parse(JSON.stringify(st)) as typeof st)
    expect(draws(copy, 500)).toEqual(draws(r, 500))
  })

  it('saves a value, not a view: drawing after save does not change the checkpoint', () => {
    const r = Rng.create(1)
    const st = r.save()
    const frozen = [...st]
    draws(r, 10)
    expect([...st]).toEqual(frozen)
  })

  it('is xoshiro128**: state [1, 2, 3, 4] gives the reference outputs', () => {
    // Outputs of the reference C implementation (Blackman & Vigna, prng.di.unimi.it) from s = {1, 2, 3, 4}.
    expect(draws(Rng.restore([1, 2, 3, 4]), 6)).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492])
  })

  it('pins the first five outputs of Rng.create(42) (no-regression snapshot)', () => {
    expect(draws(Rng.create(42), 5)).toEqual([210842890, 876836001, 2355943248, 3920359167, 889693925])
  })

  it('never has an all-zero state, which would emit zeros forever', () => {
    const r = Rng.restore([0, 0, 0, 0])
    expect(draws(r, 20).some((x) => x !== 0)).toBe(true)
  })

  it('draws next() in [0, 1)', () => {
    const r = Rng.create(3)
    let min = 1, max = 0
    for (let i = 0; i < 200_000; i++) {
      const x = r.next()
      if (x < min) min = x
      if (x > max) max = x
    }
    expect(min).toBeGreaterThanOrEqual(0)
    expect(max).toBeLessThan(1)
    expect(min).toBeLessThan(1e-4)
    expect(max).toBeGreaterThan(1 - 1e-4)
  })

  it('draws int(n) in [0, n) and roughly uniformly (chi-square, loose bound)', () => {
    const r = Rng.create(11)
    for (const n of [1, 2, 7, 10, 1000]) {
      const counts = new Array<number>(n).fill(0)
      const N = 100_000
      let outside = 0
      for (let i = 0; i < N; i++) {
        const x = r.int(n)
        if (Number.isInteger(x) && x >= 0 && x < n) counts[x]!++
        else outside++
      }
      expect(outside).toBe(0)
      const e = N / n
      const chi2 = counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0)
      // df = n − 1 has mean n − 1 and sd √(2(n−1)); six sd above the mean is a loose bound.
      expect(chi2).toBeLessThanOrEqual(n - 1 + 6 * Math.sqrt(2 * Math.max(1, n - 1)))
    }
  })

  it('draws exp(mean) with that mean, all positive', () => {
    const xs = draws(Rng.create(5), 200_000, (r) => r.exp(2.5))
    expect(xs.every((x) => x >= 0 && Number.isFinite(x))).toBe(true)
    expect(mean(xs)).toBeCloseTo(2.5, 1)
    expect(Math.abs(mean(xs) / 2.5 - 1)).toBeLessThan(0.02)
    expect(Math.sqrt(variance(xs)) / 2.5).toBeCloseTo(1, 1)
  })

  it('draws lognormalUnitMean(cv) with mean ≈ 1 and the requested coefficient of variation', () => {
    for (const cv of [0.2, 0.5, 1]) {
      const xs = draws(Rng.create(9, Math.round(cv * 10)), 200_000, (r) => r.lognormalUnitMean(cv))
      expect(xs.every((x) => x > 0)).toBe(true)
      expect(Math.abs(mean(xs) - 1)).toBeLessThan(0.01 + 0.02 * cv)
      expect(Math.abs(Math.sqrt(variance(xs)) / mean(xs) - cv)).toBeLessThan(0.05 * cv + 0.01)
    }
  })

  it('returns exactly 1 from lognormalUnitMean when cv ≤ 0, without drawing', () => {
    const r = Rng.create(2)
    const before = r.save()
    expect(r.lognormalUnitMean(0)).toBe(1)
    expect(r.lognormalUnitMean(-1)).toBe(1)
    expect(r.save()).toEqual(before)
  })

  it('draws lognormalUnitMean from the cv of each call when the cv changes between calls (a slider moved)', () => {
    // Its constants are kept for the last cv; a call with another cv must not reuse them.
    const r = Rng.create(21)
    const got = [0.3, 0.3, 1.2, 0.3, 0].map((cv) => r.lognormalUnitMean(cv))
    const fresh = Rng.create(21)
    const want = [0.3, 0.3, 1.2, 0.3, 0].map((cv) => {
      if (cv <= 0) return 1
      const s2 = Math.log(1 + cv * cv)
      return Math.exp(Math.sqrt(s2) * fresh.normal() - s2 / 2)
    })
    expect(got).toEqual(want)
    expect(new Set(got.slice(0, 4)).size).toBe(4)
  })

  it('draws poisson(3) with mean and variance ≈ 3 (Knuth branch)', () => {
    const xs = draws(Rng.create(13), 100_000, (r) => r.poisson(3))
    expect(xs.every((x) => Number.isInteger(x) && x >= 0)).toBe(true)
    expect(Math.abs(mean(xs) - 3)).toBeLessThan(0.03)
    expect(Math.abs(variance(xs) - 3)).toBeLessThan(0.1)
  })

  it('draws poisson(300) with mean and variance ≈ 300 (normal branch)', () => {
    const xs = draws(Rng.create(17), 100_000, (r) => r.poisson(300))
    expect(xs.every((x) => Number.isInteger(x) && x >= 0)).toBe(true)
    expect(Math.abs(mean(xs) - 300)).toBeLessThan(0.5)
    expect(Math.abs(variance(xs) / 300 - 1)).toBeLessThan(0.05)
  })

  it('returns 0 from poisson(m) for m ≤ 0', () => {
    const r = Rng.create(1)
    expect(r.poisson(0)).toBe(0)
    expect(r.poisson(-4)).toBe(0)
  })

  it('draws standard normals with mean 0 and variance 1', () => {
    const xs = draws(Rng.create(21), 200_000, (r) => r.normal())
    expect(Math.abs(mean(xs))).toBeLessThan(0.01)
    expect(Math.abs(variance(xs) - 1)).toBeLessThan(0.02)
  })

  it('gives nextInt32 as the signed view of the same uint32', () => {
    const u = draws(Rng.create(4), 100)
    const s = draws(Rng.create(4), 100, (r) => r.nextInt32())
    expect(s).toEqual(u.map((x) => x | 0))
  })
})
