// Scenarios that once ran away, end to end: each is either rejected by the validator with a message
// naming what makes it too expensive, or runs with finite counts and bounded work.
import { describe, expect, it } from 'vitest'
import { validateScenario } from '../src/scenario/validate.ts'
import { createSimulation } from '../src/sim/simulation.ts'

function valid(input: unknown) {
  const r = validateScenario(input)
  expect(r.ok ? [] : r.errors).toEqual([])
  return r.scenario
}

function errorsOf(input: unknown) {
  const r = validateScenario(input)
  return r.ok ? [] : r.errors
}

/** Every number in a JSON-able value, with its path (null stands for a NaN or ±Infinity that JSON lost). */
function nonFinite(v: unknown, path = ''): string[] {
  if (typeof v === 'number') return Number.isFinite(v) ? [] : [path]
  if (Array.isArray(v)) return v.flatMap((x, i) => nonFinite(x, `${path}[${i}]`))
  if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, x]) => nonFinite(x, `${path}.${k}`))
  return []
}

describe('runaway scenarios', () => {
  it('chained setRate multipliers stop at the limit: counts stay finite and conserved', () => {
    // 10 000¹⁰⁰ overflows to Infinity; the carry then turns every count into NaN (null in JSON).
    const s = valid({ actions: Array.from({ length: 100 }, (_, i) => ({ do: 'setRate', multiplier: 10_000, atSec: i / 100 })) })
    const sim = createSimulation(s)
    sim.advanceTo(3000)
    const summary = sim.summary()
    expect(nonFinite(summary)).toEqual([])
    expect(summary.produced).toBeGreaterThan(3000 * 10_000) // the multiplier did apply, up to 10⁴
    expect(summary.produced).toBeLessThan(3 * 3000 * 10_000)
    expect(summary.produced).toBe(summary.consumed + summary.lag + summary.producerBuffered)
  })
})
