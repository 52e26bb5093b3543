// Properties of validateScenario: total on any input, fixed point on valid scenarios, and a
// fallback that always validates cleanly.

import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { startingNames } from '../../src/scenario/consumerNames.ts'
import { validateScenario } from '../../src/scenario/validate.ts'
import { affordableScenarioArbitrary, leafPaths, mutate, scenarioArbitrary, withinBudget } from './scenarioArbitrary.ts'

/** The shape every result has, whatever the input. */
function expectWellFormed(r: ReturnType<typeof validateScenario>): void {
  expect(r.scenario.version).toBe(1)
  if (r.ok) expect(Array.isArray(r.warnings)).toBe(true)
  else {
    expect(r.errors.length).toBeGreaterThan(0)
    for (const e of r.errors) expect(e.path.length * e.message.length).toBeGreaterThan(0)
    expect(validateScenario(r.scenario).ok).toBe(true)
  }
}

describe('validateScenario (properties)', () => {
  test('never throws for any value, and a failure carries a fallback that validates', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withSparseArray: true }), (v) => {
        expectWellFormed(validateScenario(v))
      }),
      { numRuns: 1000 },
    )
  })

  test('never throws for objects shaped like scenarios with random values', () => {
    const anyScenarioish = fc.record(
      {
        name: fc.anything(),
        topic: fc.anything(),
        producers: fc.array(fc.anything(), { maxLength: 3 }),
        group: fc.anything(),
        actions: fc.array(fc.record({ do: fc.anything(), atSec: fc.anything(), count: fc.anything(), consumer: fc.anything() }), { maxLength: 4 }),
      },
      { requiredKeys: [] },
    )
    fc.assert(fc.property(anyScenarioish, (v) => expectWellFormed(validateScenario(v))), { numRuns: 500 })
  })

  test('a valid scenario comes back unchanged, with no errors and no warnings but for actions naming a consumer it never has', () => {
    fc.assert(
      fc.property(affordableScenarioArbitrary, (s) => {
        const r = validateScenario(s)
        // The arbitrary draws an action's consumer apart from the group, so it may name none of
        // them (a warning, src/scenario/validation/actionConsumers.ts): never one the run starts with.
        const starting = new Set(startingNames(s.group))
        const named = (path: string): string => (s.actions[Number(/^actions\[(\d+)\]/.exec(path)?.[1])] as { consumer: string }).consumer
        const others = r.ok ? r.warnings.filter((w) => !(/^actions\[\d+\]\.consumer$/.test(w.path) && !starting.has(named(w.path)))) : r.errors
        expect(others).toEqual([])
        expect(r.scenario).toEqual(s)
      }),
      { numRuns: 300 },
    )
  })

  test('valid fields that are too expensive together are rejected with the cost named, and the fallback is affordable', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (s) => {
        const r = validateScenario(s)
        expect(r.ok).toBe(withinBudget(s))
        if (r.ok) return
        expect(r.errors.length).toBeGreaterThan(0)
        for (const e of r.errors) expect(e.message).toMatch(/too expensive to simulate|key models|would peak at|key segment lists/)
        expect(validateScenario(r.scenario).ok).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  test('a cost spread over many items, none a fifth of the total, is still rejected with a field named (was: a TypeError)', () => {
    // The counterexample fast-check found (three producers, 2 178 partitions): replayed by its seed and path.
    fc.assert(
      fc.property(scenarioArbitrary, (s) => {
        const r = validateScenario(s)
        expect(r.ok).toBe(false)
        if (r.ok) return
        expect(r.errors[0]?.message).toMatch(/too expensive to simulate/)
        expect(r.errors[0]?.path).toMatch(/^producers|producerConfig|dynamic|group|topic/)
      }),
      { seed: -1578806305, path: '193:2092', endOnFailure: true },
    )
  })

  test('replacing any one field of a valid scenario with any value never throws', () => {
    const mutated = scenarioArbitrary.chain((s) =>
      fc.tuple(fc.constant(s), fc.constantFrom(...leafPaths(s)), fc.anything()).map(([base, path, value]) => mutate(base, { path, value })),
    )
    fc.assert(fc.property(mutated, (v) => expectWellFormed(validateScenario(v))), { numRuns: 500 })
  }, 30_000)
})
