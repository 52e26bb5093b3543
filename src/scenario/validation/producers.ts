// Readers for producers: rate shapes, key distributions, record size and per-key cost.
// Pure. Each producer is merged onto the default producer; a rate or key spec of another kind
// is merged onto that kind's template (below), so partial input still yields a full spec.

import { defaultScenario } from '../defaults.ts'
import type { KeySpec, ProducerSpec, RateSpec } from '../types.ts'
import { at, error, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { asObject, int, leaf, num, oneOf, record, refine, text, union, type Reader, type Rule } from './rules.ts'

export const RATE = num(0, LIMITS.ratePerSec.max)
export const SECONDS = num(0, LIMITS.seconds.max)
export const POSITIVE_SECONDS = num(0, LIMITS.seconds.max, { minExclusive: true })
export const SHARE = num(0, 1)
export const KEY_COUNT = int(LIMITS.keyCount.min, LIMITS.keyCount.max)
export const ZIPF_S = num(LIMITS.zipfS.min, LIMITS.zipfS.max)
export const COST = num(0, LIMITS.cost.max, { minExclusive: true })
export const MULTIPLIER = num(0, LIMITS.rateMultiplier.max)
export const PRODUCER_INDEX = int(0, LIMITS.producers.max - 1)

/** A record key name: printable, and not `__proto__` (which a plain object cannot hold as data). */
export const KEY_NAME: Rule<string> = (v) => {
  if (v === '__proto__') return { ok: false, message: 'is a reserved name' }
  return text(1, LIMITS.keyNameChars)(v)
}

export const RATE_KINDS = ['constant', 'step', 'ramp', 'spike', 'sine', 'schedule'] as const
export const KEY_KINDS = ['uniform', 'zipf', 'hot', 'keyless', 'histogram'] as const

const basePerSec = (): number => {
  const rate = defaultScenario().producers[0]?.rate
  return rate?.kind === 'constant' ? rate.perSec : 1000
}

/** Starting values when the input switches a rate to another kind without giving every field. */
const RATE_TEMPLATES: { [K in RateSpec['kind']]: () => Extract<RateSpec, { kind: K }> } = {
  constant: () => ({ kind: 'constant', perSec: basePerSec() }),
  step: () => ({ kind: 'step', perSec: basePerSec(), atSec: 60, toPerSec: 2 * basePerSec() }),
  ramp: () => ({ kind: 'ramp', fromPerSec: basePerSec(), toPerSec: 2 * basePerSec(), startSec: 0, endSec: 60 }),
  spike: () => ({ kind: 'spike', perSec: basePerSec(), atSec: 30, durationSec: 10, multiplier: 5 }),
  sine: () => ({ kind: 'sine', perSec: basePerSec(), amplitude: 0.5, periodSec: 60 }),
  schedule: () => ({ kind: 'schedule', points: [[0, basePerSec()]] }),
}

const KEY_TEMPLATES: { [K in KeySpec['kind']]: () => Extract<KeySpec, { kind: K }> } = {
  uniform: () => ({ kind: 'uniform', count: 1000 }),
  zipf: () => ({ kind: 'zipf', count: 1000, s: 1 }),
  hot: () => ({ kind: 'hot', count: 1000, hotKey: 'hot-key', share: 0.5 }),
  keyless: () => ({ kind: 'keyless' }),
  // A named key with weight, so a bad `keys` falling back to this reports only its own error.
  histogram: () => ({ kind: 'histogram', keys: [['hot-key', 1]], otherKeys: 1000, otherShare: 0.5 }),
}

/** A histogram's weight: a record count or any non-negative relative weight. */
const WEIGHT = num(0, 1e15)

/** Histogram entries: at most 1000 [key, weight] pairs, each key once. */
const readHistogramKeys: Reader<Array<[string, number]>> = (ctx, v, base, path) => {
  if (!Array.isArray(v)) return bad(ctx, path, 'must be an array of [key, weight] pairs', base)
  if (v.length > LIMITS.histogramKeys.max) return bad(ctx, path, `must have at most ${LIMITS.histogramKeys.max} keys (got ${v.length}); fold the rarest into otherKeys`, base)
  const out: Array<[string, number]> = []
  const seen = new Map<string, number>()
  for (let i = 0; i < v.length; i++) {
    const p: unknown = v[i]
    if (!Array.isArray(p) || p.length !== 2) return bad(ctx, at(path, i), 'must be a [key, weight] pair', base)
    const name = KEY_NAME(p[0])
    if (!name.ok) return bad(ctx, at(at(path, i), 0), `key name ${name.message}`, base)
    const first = seen.get(name.value)
    if (first !== undefined) return bad(ctx, at(at(path, i), 0), `"${name.value}" is already at ${at(path, first)}`, base)
    seen.set(name.value, i)
    const w = WEIGHT(p[1])
    if (!w.ok) return bad(ctx, at(at(path, i), 1), w.message, base)
    out.push([name.value, w.value])
  }
  return out
}

/** Who takes which records must add up: a share needs keys to land on, named keys need weight. */
function histogramProblem(h: Extract<KeySpec, { kind: 'histogram' }>): { key: string; message: string } | null {
  if (h.otherShare > 0 && h.otherKeys === 0) return { key: 'otherKeys', message: `must be ≥ 1 while otherShare (${h.otherShare}) is above 0` }
  if (h.otherShare < 1 && !h.keys.some(([, w]) => w > 0)) return { key: 'keys', message: `must hold a key with a weight above 0 while otherShare (${h.otherShare}) is below 1` }
  return null
}

/** Schedule points: 1..1000 pairs [seconds, records/s] with non-decreasing times. */
const readPoints: Reader<Array<[number, number]>> = (ctx, v, base, path) => {
  if (!Array.isArray(v)) return bad(ctx, path, 'must be an array of [seconds, records/s] pairs', base)
  if (v.length < 1) return bad(ctx, path, 'must have at least one point', base)
  if (v.length > LIMITS.schedulePoints.max) return bad(ctx, path, `must have at most ${LIMITS.schedulePoints.max} points`, base)
  const out: Array<[number, number]> = []
  for (let i = 0; i < v.length; i++) {
    const p: unknown = v[i]
    if (!Array.isArray(p) || p.length !== 2) return bad(ctx, at(path, i), 'must be a [seconds, records/s] pair', base)
    const t = SECONDS(p[0])
    if (!t.ok) return bad(ctx, at(at(path, i), 0), t.message, base)
    const r = RATE(p[1])
    if (!r.ok) return bad(ctx, at(at(path, i), 1), r.message, base)
    const prev = out[out.length - 1]
    if (prev !== undefined && t.value < prev[0]) return bad(ctx, at(at(path, i), 0), `must be ≥ the previous point's time (${prev[0]})`, base)
    out.push([t.value, r.value])
  }
  return out
}

function bad<T>(ctx: Ctx, path: string, message: string, base: T): T {
  error(ctx, path, message)
  return base
}

const kindIs = <K extends string>(k: K) => leaf(oneOf([k] as const))

export const readRate: Reader<RateSpec> = union<RateSpec>(
  RATE_KINDS,
  {
    constant: record({ kind: kindIs('constant'), perSec: leaf(RATE) }),
    step: record({ kind: kindIs('step'), perSec: leaf(RATE), atSec: leaf(SECONDS), toPerSec: leaf(RATE) }),
    ramp: refine(
      record({ kind: kindIs('ramp'), fromPerSec: leaf(RATE), toPerSec: leaf(RATE), startSec: leaf(SECONDS), endSec: leaf(SECONDS) }),
      (r) => (r.startSec < r.endSec ? null : { key: 'endSec', message: `must be > startSec (${r.startSec})` }),
    ),
    spike: record({
      kind: kindIs('spike'),
      perSec: leaf(RATE),
      atSec: leaf(SECONDS),
      durationSec: leaf(POSITIVE_SECONDS),
      multiplier: leaf(MULTIPLIER),
    }),
    // amplitude is a fraction of perSec: rate = perSec × (1 + amplitude × sin(2πt / periodSec)) (sim/rate.ts).
    sine: record({ kind: kindIs('sine'), perSec: leaf(RATE), amplitude: leaf(SHARE), periodSec: leaf(POSITIVE_SECONDS) }),
    schedule: record({ kind: kindIs('schedule'), points: readPoints }),
  },
  RATE_TEMPLATES,
)

export const readKeys: Reader<KeySpec> = union<KeySpec>(
  KEY_KINDS,
  {
    uniform: record({ kind: kindIs('uniform'), count: leaf(KEY_COUNT) }),
    zipf: record({ kind: kindIs('zipf'), count: leaf(KEY_COUNT), s: leaf(ZIPF_S) }),
    hot: record({ kind: kindIs('hot'), count: leaf(KEY_COUNT), hotKey: leaf(KEY_NAME), share: leaf(SHARE) }),
    keyless: record({ kind: kindIs('keyless') }),
    histogram: refine(
      record({ kind: kindIs('histogram'), keys: readHistogramKeys, otherKeys: leaf(int(0, LIMITS.keyCount.max)), otherShare: leaf(SHARE) }),
      histogramProblem,
    ),
  },
  KEY_TEMPLATES,
)

/** Per-key cost multipliers: at most 1000 entries; a bad entry is reported and left out. */
const readKeyCost: Reader<Record<string, number>> = (ctx, v, base, path) => {
  const o = asObject(v)
  if (o === undefined) return bad(ctx, path, 'must be an object of key name → cost multiplier', base)
  const keys = Object.keys(o)
  if (keys.length > LIMITS.keyCostEntries.max) return bad(ctx, path, `must have at most ${LIMITS.keyCostEntries.max} entries (got ${keys.length})`, base)
  const out: Record<string, number> = {}
  for (const k of keys) {
    const name = KEY_NAME(k)
    if (!name.ok) {
      error(ctx, at(path, k), `key name ${name.message}`)
      continue
    }
    const cost = COST(o[k])
    if (!cost.ok) error(ctx, at(path, k), cost.message)
    else out[k] = cost.value
  }
  return out
}

export const readProducer: Reader<ProducerSpec> = record<ProducerSpec>({
  rate: readRate,
  keys: readKeys,
  recordBytes: leaf(int(LIMITS.recordBytes.min, LIMITS.recordBytes.max)),
  keyCost: readKeyCost,
})

/** A fresh copy of the default producer: every input producer is merged onto one. */
export function defaultProducer(): ProducerSpec {
  const p = defaultScenario().producers[0]
  return p ?? { rate: RATE_TEMPLATES.constant(), keys: KEY_TEMPLATES.uniform(), recordBytes: 100, keyCost: {} }
}

export const readProducers: Reader<ProducerSpec[]> = (ctx, v, base, path) => {
  if (!Array.isArray(v)) return bad(ctx, path, 'must be an array', base)
  if (v.length > LIMITS.producers.max) return bad(ctx, path, `must have at most ${LIMITS.producers.max} producers (got ${v.length})`, base)
  const out: ProducerSpec[] = []
  for (let i = 0; i < v.length; i++) out.push(readProducer(ctx, v[i], defaultProducer(), at(path, i)))
  return out
}
