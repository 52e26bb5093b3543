// Properties of the link codec: exact round trip for valid scenarios, and total decoding of
// random and damaged links (always a valid scenario or at least one error, never a throw).

import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { decodeScenario, encodeScenario, scenarioFromInput } from '../../src/scenario/codec.ts'
import { presets } from '../../src/scenario/presets/index.ts'
import { validateScenario } from '../../src/scenario/validate.ts'
import { scenarioArbitrary } from './scenarioArbitrary.ts'

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function expectTotal(r: ReturnType<typeof decodeScenario>): void {
  if (r.ok) expect(validateScenario(r.scenario).ok).toBe(true)
  else expect(r.errors.length).toBeGreaterThan(0)
}

/** Real encodings to damage: every preset and 200 generated scenarios (fixed seed, built once). */
const realLinks = [
  ...presets.map((p) => encodeScenario(p.build())),
  ...fc.sample(scenarioArbitrary, { numRuns: 200, seed: 20240611 }).map(encodeScenario),
]

/** A real encoding and a copy with one to three characters flipped, inserted or deleted. */
const damagedLink = fc
  .tuple(
    fc.constantFrom(...realLinks),
    fc.array(
      fc.record({ op: fc.constantFrom('flip', 'insert', 'delete'), at: fc.nat(), ch: fc.oneof(fc.constantFrom(...B64URL), fc.string({ maxLength: 1 })) }),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([link, edits]) => ({
    link,
    damaged: edits.reduce((s, e) => {
      const i = s.length === 0 ? 0 : e.at % s.length
      if (e.op === 'delete') return s.slice(0, i) + s.slice(i + 1)
      if (e.op === 'insert') return s.slice(0, i) + e.ch + s.slice(i)
      return s.slice(0, i) + e.ch + s.slice(i + 1)
    }, link),
  }))

describe('scenario link codec (properties)', () => {
  test('decode(encode(s)) deep-equals s for valid scenarios', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (s) => {
        const r = decodeScenario(encodeScenario(s))
        expect(r.ok ? [] : r.errors).toEqual([])
        expect(r.scenario).toEqual(s)
      }),
      { numRuns: 300 },
    )
  })

  test('encodings are URL-safe and versioned', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (s) => {
        expect(encodeScenario(s)).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
      }),
      { numRuns: 100 },
    )
  })

  test('10 000 random strings never crash and always give a scenario or an error', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: fc.constantFrom(...B64URL), maxLength: 80 }).map((s) => `v1.${s}`),
      fc.tuple(fc.nat({ max: 20 }), fc.string({ maxLength: 20 })).map(([v, s]) => `v${v}.${s}`),
    )
    fc.assert(
      fc.property(text, (t) => {
        expectTotal(decodeScenario(t))
        expectTotal(scenarioFromInput(t))
      }),
      { numRuns: 10_000 },
    )
  }, 60_000) // ~3 s here; the budget allows for a loaded 2-core machine

  test('10 000 damaged real encodings never crash: each gives an error or, rarely, the very same scenario', () => {
    // Same scenario happens only when the edit hits bits nothing reads (deflate's final padding);
    // any other change is caught by base64url strictness, inflate, or the CRC-32.
    fc.assert(
      fc.property(damagedLink, ({ link, damaged }) => {
        const r = decodeScenario(damaged)
        expectTotal(r)
        if (r.ok) expect(r.scenario).toEqual(decodeScenario(link).scenario)
      }),
      { numRuns: 10_000 },
    )
  }, 60_000) // ~3 s here; the budget allows for a loaded 2-core machine
})
