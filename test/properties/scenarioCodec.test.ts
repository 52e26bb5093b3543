// Properties of the link codec: exact round trip for valid scenarios, and total decoding of
// random and damaged links (always a valid scenario or at least one error, never a throw).

import fc from 'fast-check'
import { strToU8 } from 'fflate'
import { describe, expect, test } from 'vitest'
import { decodeScenario, encodeScenario, scenarioFromInput } from '../../src/scenario/codec.ts'
import { crc32 } from '../../src/scenario/crc32.ts'
import { diffFromDefaults } from '../../src/scenario/diff.ts'
import { presets } from '../../src/scenario/presets/index.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { validateScenario } from '../../src/scenario/validate.ts'
import { createSimulation } from '../../src/sim/simulation.ts'
import { affordableScenarioArbitrary, leafPaths, mutate, scenarioArbitrary } from './scenarioArbitrary.ts'

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * A link carrying any JSON text, in the codec's own format (v1. + raw deflate + CRC-32), valid or
 * not. The deflate stream is one stored block (RFC 1951 §3.2.4), which inflate reads like any other.
 */
function linkOf(json: string): string {
  const bytes = strToU8(json)
  const n = Math.min(bytes.length, 0xffff)
  const out = new Uint8Array(5 + n + 4)
  out.set([0x01, n & 0xff, n >> 8, ~n & 0xff, (~n >> 8) & 0xff])
  out.set(bytes.subarray(0, n), 5)
  const c = crc32(bytes.subarray(0, n))
  for (let i = 0; i < 4; i++) out[5 + n + i] = (c >>> (24 - 8 * i)) & 0xff
  return `v1.${Buffer.from(out).toString('base64url')}`
}

/** Object.prototype and Array.prototype as they are now, to tell later whether anything polluted them. */
function prototypesNow(): string {
  return JSON.stringify([Object.getOwnPropertyNames(Object.prototype).sort(), Object.getOwnPropertyNames(Array.prototype).sort(), Object.getPrototypeOf(Object.prototype)])
}

/** Where a decoded scenario holds something other than plain JSON data (a prototype, a function, a non-finite number). */
function surprises(v: unknown, path = 'scenario'): string[] {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return []
  if (typeof v === 'number') return Number.isFinite(v) ? [] : [`${path}: ${v}`]
  if (typeof v !== 'object') return [`${path}: a ${typeof v}`]
  const proto: unknown = Object.getPrototypeOf(v)
  if (proto !== (Array.isArray(v) ? Array.prototype : Object.prototype)) return [`${path}: an unusual prototype`]
  if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return [`${path}: an own __proto__ key`]
  return Object.keys(v).flatMap((k) => surprises((v as Record<string, unknown>)[k], `${path}.${k}`))
}

/** Values a stranger's link might put anywhere. */
const HOSTILE: unknown[] = [
  null, true, -1, 0, -0.5, 1.5, 1e308, -1e308, 2 ** 53, 4097, 1e6, 1e9, '', 'x'.repeat(300), '\u202e\u0000', '<img src=x onerror=alert(1)>',
  '__proto__', 'constructor', 'toString', [], [1, 2, 3], {}, { kind: 'zipf' }, { kind: '__proto__' }, new Array(1001).fill(0),
  { constructor: { prototype: { polluted: 'yes' } } }, { toString: 1, valueOf: 2, hasOwnProperty: 3 },
]
/** JSON text inserted after an object's opening brace: keys a plain object treats specially. */
const HOSTILE_KEYS = ['"__proto__":{"polluted":"yes"},', '"constructor":{"prototype":{"polluted":"yes"}},', '"__proto__":null,', '"toString":"x",']

/** Real scenarios to mutate: every preset and 100 generated ones, as the JSON a link carries. */
const bases: unknown[] = [...presets.map((p) => p.build()), ...fc.sample(affordableScenarioArbitrary, { numRuns: 100, seed: 7 })].map((s: Scenario) => diffFromDefaults(s))

/** A real scenario's JSON with one to three fields replaced by hostile values, and sometimes a hostile key spliced in. */
const mutatedJson = fc
  .tuple(
    fc.constantFrom(...bases),
    fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(...HOSTILE), fc.jsonValue({ maxDepth: 2 }))), { minLength: 1, maxLength: 3 }),
    fc.option(fc.tuple(fc.nat(), fc.constantFrom(...HOSTILE_KEYS)), { freq: 3 }),
  )
  .map(([base, edits, key]) => {
    let v: unknown = base
    for (const [at, value] of edits) {
      const paths = leafPaths(v)
      const path = paths[at % paths.length]!
      // Half the time replace the leaf's parent field instead, so whole objects get swapped too.
      v = mutate(v, { path: at % 2 === 0 || path.length < 2 ? path : path.slice(0, -1), value })
    }
    let text = JSON.stringify(v)
    if (key !== null) {
      const braces = [...text.matchAll(/\{(?=")/g)].map((m) => m.index)
      const i = braces.length > 0 ? braces[key[0] % braces.length]! : -1
      if (i >= 0) text = `${text.slice(0, i + 1)}${key[1]}${text.slice(i + 1)}`
    }
    return text
  })

function expectTotal(r: ReturnType<typeof decodeScenario>): void {
  if (r.ok) expect(validateScenario(r.scenario).ok).toBe(true)
  else expect(r.errors.length).toBeGreaterThan(0)
}

/** Real encodings to damage: every preset and 200 generated scenarios (fixed seed, built once). */
const realLinks = [
  ...presets.map((p) => encodeScenario(p.build())),
  ...fc.sample(affordableScenarioArbitrary, { numRuns: 200, seed: 20240611 }).map(encodeScenario),
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

/** `v` with every object's keys in an order drawn from `seed` (arrays keep theirs): the same data, written differently. */
function shuffleKeys<T>(v: T, seed: number): T {
  let x = seed | 0 || 1
  const next = (): number => {
    // xorshift32: a fixed permutation per seed, so a failure replays.
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return x >>> 0
  }
  const walk = (u: unknown): unknown => {
    if (Array.isArray(u)) return u.map(walk)
    if (typeof u !== 'object' || u === null) return u
    const keys = Object.keys(u)
    for (let i = keys.length - 1; i > 0; i--) {
      const j = next() % (i + 1)
      ;[keys[i], keys[j]] = [keys[j]!, keys[i]!]
    }
    const out = {}
    for (const k of keys) Object.defineProperty(out, k, { value: walk((u as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true })
    return out
  }
  return walk(v) as T
}

/** Every object's keys reversed: a second order that surely differs wherever an object has two keys. */
function reverseKeys<T>(v: T): T {
  if (Array.isArray(v)) return v.map(reverseKeys) as T
  if (typeof v !== 'object' || v === null) return v
  const out = {}
  for (const k of Object.keys(v).reverse()) Object.defineProperty(out, k, { value: reverseKeys((v as Record<string, unknown>)[k]), enumerable: true, writable: true, configurable: true })
  return out as T
}

describe('scenario link codec (properties)', () => {
  test('canonical: the same scenario with its keys in any order encodes to the same link, and that link decodes to it', () => {
    fc.assert(
      fc.property(affordableScenarioArbitrary, fc.integer(), (s, seed) => {
        const link = encodeScenario(s)
        expect(encodeScenario(shuffleKeys(s, seed))).toBe(link)
        expect(encodeScenario(reverseKeys(s))).toBe(link)
        const r = decodeScenario(link)
        expect(r.ok ? [] : r.errors).toEqual([])
        expect(r.scenario).toEqual(s)
        // A reload writes the link it was opened with.
        expect(encodeScenario(r.scenario)).toBe(link)
      }),
      { numRuns: 200 },
    )
  })

  test('every preset encodes canonically too (keys reversed: same link; decoded and encoded again: same link)', () => {
    for (const p of presets) {
      const s = p.build()
      const link = encodeScenario(s)
      expect(encodeScenario(reverseKeys(s)), p.name).toBe(link)
      expect(encodeScenario(decodeScenario(link).scenario), p.name).toBe(link)
    }
  })

  test('decode(encode(s)) deep-equals s for valid scenarios', () => {
    fc.assert(
      fc.property(affordableScenarioArbitrary, (s) => {
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

  test('10 000 mutated links: no crash, none over 1 s, no prototype pollution, plain data out; a sample runs a simulated second', () => {
    const before = prototypesNow()
    const accepted: Scenario[] = []
    fc.assert(
      fc.property(mutatedJson, (json) => {
        const t0 = performance.now()
        const r = decodeScenario(linkOf(json))
        const ms = performance.now() - t0
        expect(ms).toBeLessThan(1000)
        expectTotal(r)
        expect(surprises(r.scenario)).toEqual([])
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
        if (r.ok && accepted.length < 400) accepted.push(r.scenario)
      }),
      { numRuns: 10_000, seed: 20260101 },
    )
    expect(prototypesNow()).toBe(before)
    expect(accepted.length).toBeGreaterThan(100) // most mutations are caught, but not all: the sample below is real
    // Every 20th accepted one builds a simulation and runs a simulated second with finite counts.
    for (const s of accepted.filter((_, i) => i % 20 === 0)) {
      const sim = createSimulation(s)
      sim.advanceTo(1000)
      const sum = sim.summary()
      expect(surprises({ produced: sum.produced, consumed: sum.consumed, lag: sum.lag, duplicates: sum.duplicates })).toEqual([])
    }
    expect(prototypesNow()).toBe(before)
  }, 60_000)

  test('record keys named after Object.prototype members survive a link unchanged', () => {
    const s = presets[0]!.build()
    s.producers[0]!.keys = { kind: 'hot', count: 1000, hotKey: 'constructor', share: 0.5 }
    s.producers[0]!.keyCost = { constructor: 1, toString: 3, valueOf: 1, hasOwnProperty: 0.5, __defineGetter__: 2 }
    const r = decodeScenario(encodeScenario(s))
    expect(r.ok ? r.warnings : r.errors).toEqual([])
    expect(r.scenario).toEqual(s)
  })
})
