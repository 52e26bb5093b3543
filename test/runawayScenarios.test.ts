// Scenarios that once ran away, end to end: each is either rejected by the validator with a message
// naming what makes it too expensive, or runs with finite counts and bounded work.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LivelockError } from '../src/engine/kernel.ts'
import { defaultScenario } from '../src/scenario/defaults.ts'
import type { KeySpec } from '../src/scenario/types.ts'
import { validateScenario } from '../src/scenario/validate.ts'
import { namedTracked, trackedKeys } from '../src/scenario/validation/envelope.ts'
import { buildKeyModel } from '../src/sim/keyModel.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import { extremeScenarioJson } from './properties/extremeScenario.ts'

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
  it('chained setRate multipliers stop at the schema\'s rate limit (10⁸/s): counts stay finite and conserved', () => {
    // 10 000¹⁰⁰ overflows to Infinity; the carry then turns every count into NaN (null in JSON).
    const s = valid({ actions: Array.from({ length: 100 }, (_, i) => ({ do: 'setRate', multiplier: 10_000, atSec: i / 100 })) })
    const sim = createSimulation(s)
    sim.advanceTo(3000)
    const summary = sim.summary()
    expect(nonFinite(summary)).toEqual([])
    // 3 000/s × 10⁴ = 3·10⁷/s, then every further ×10⁴ stops at LIMITS.ratePerSec.max = 10⁸/s.
    expect(summary.produced).toBeGreaterThan(2.9e8)
    expect(summary.produced).toBeLessThanOrEqual(3e8)
    expect(summary.produced).toBe(summary.consumed + summary.lag + summary.producerBuffered)
  })

  it('fetch.max.wait.ms = 0, were it to get past the validator, stops with a livelock error instead of hanging', () => {
    const s = defaultScenario()
    expect(errorsOf(JSON.parse(JSON.stringify({ group: { config: { 'fetch.max.wait.ms': 0 } } }))).map((e) => e.path)).toEqual(['group.config["fetch.max.wait.ms"]'])
    s.group.config['fetch.max.wait.ms'] = 0
    s.producers = [] // nothing to fetch: every poll comes back empty and re-polls at once
    const sim = createSimulation(s)
    // The kernel's guard counts events at one instant, so it throws after the same work on any
    // machine; a hang instead would hit this test's timeout.
    expect(() => sim.advanceTo(10_000)).toThrow(LivelockError)
  }, 30_000)

  it("the validator's count of tracked keys agrees with the key model's", () => {
    const specs: Array<[KeySpec, Record<string, number>]> = [
      [{ kind: 'uniform', count: 10 }, {}],
      [{ kind: 'uniform', count: 24 }, { 'key-3': 2 }],
      [{ kind: 'uniform', count: 25 }, {}],
      [{ kind: 'zipf', count: 1000, s: 1 }, { 'key-500': 2, 'key-5': 3, 'key-99999': 2, other: 4 }],
      [{ kind: 'hot', count: 5, hotKey: 'constructor', share: 0.5 }, { constructor: 2 }],
      [{ kind: 'hot', count: 5000, hotKey: 'h', share: 0.5 }, Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`key-${i * 13}`, 2]))],
      [{ kind: 'keyless' }, { 'key-1': 2 }],
      [{ kind: 'histogram', keys: Array.from({ length: 40 }, (_, i): [string, number] => [`tenant-${i}`, 40 - i]), otherKeys: 500, otherShare: 0.3 }, { 'tenant-30': 2 }],
      [{ kind: 'histogram', keys: [['key-3', 5], ['a', 1]], otherKeys: 10, otherShare: 0.5 }, {}],
    ]
    for (const [keys, cost] of specs) {
      const count = keys.kind === 'keyless' ? 0 : keys.kind === 'histogram' ? keys.otherKeys : keys.count
      const costKeys = Object.keys(cost).filter((k) => /^key-(\d+)$/.test(k)).length
      const expected = buildKeyModel(keys, cost, 12).tracked.length
      // The validator may count a cost key beyond the key count (it cannot know), or a named
      // histogram key that is also an ordinary `key-N` twice, never fewer.
      const got = trackedKeys(count, keys.kind === 'hot', keys.kind === 'zipf', costKeys) + namedTracked(keys, cost)
      const twice = keys.kind === 'histogram' ? keys.keys.filter(([k]) => /^key-\d+$/.test(k)).length : 0
      expect(got, JSON.stringify(keys)).toBeGreaterThanOrEqual(expected)
      expect(got - expected, JSON.stringify(keys)).toBeLessThanOrEqual(costKeys + twice)
    }
  })

  // How fast they run against the validator's cost model is measured by `npm run bench`
  // (bench/costModel.ts), not here: a wall-clock bound failed whenever the machine was busy.
  it('scenarios at the edges that the validator accepts run a simulated second with finite counts', () => {
    const accepted = fc
      .sample(extremeScenarioJson, { numRuns: 400, seed: 42 })
      .map((j) => validateScenario(j))
      .filter((r) => r.ok)
      .slice(0, 8)
    expect(accepted.length).toBe(8)
    for (const r of accepted) {
      const sim = createSimulation(r.scenario)
      sim.advanceTo(1000)
      expect(sim.now()).toBe(1000)
      expect(nonFinite({ produced: sim.summary().produced, lag: sim.summary().lag })).toEqual([])
    }
  }, 60_000)
})
