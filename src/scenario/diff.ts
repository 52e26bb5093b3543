// The difference between a scenario and defaultScenario(): what a link needs to carry.
// Pure. Mirrors how validateScenario merges, so validateScenario(diff(s)) gives back s:
// objects recurse, arrays are carried whole, except producers, each diffed against the default
// producer; a tagged spec whose kind differs is carried whole.

import { defaultScenario } from './defaults.ts'
import type { Scenario } from './types.ts'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const SAME = Symbol('same')

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]))
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a)
    return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k]))
  }
  return false
}

/** `value` minus what equals `base`, or SAME when nothing differs. */
function diffValue(value: unknown, base: unknown): Json | typeof SAME {
  if (equal(value, base)) return SAME
  if (!isPlainObject(value) || !isPlainObject(base)) return value as Json
  if ('kind' in value && value['kind'] !== base['kind']) return value as Json
  const out: { [key: string]: Json } = {}
  for (const key of Object.keys(value)) {
    // Own keys only: a key named "constructor" (a record key in keyCost) must not meet Object's.
    const d = diffValue(value[key], Object.prototype.hasOwnProperty.call(base, key) ? base[key] : undefined)
    if (d !== SAME) out[key] = d
  }
  return out
}

/**
 * The fields of `s` that differ from the defaults, as JSON-able data. The group's assignor is
 * always carried with a non-default protocol, because a missing assignor means "the protocol's default".
 */
export function diffFromDefaults(s: Scenario): Record<string, Json> {
  const base = defaultScenario()
  const baseProducer = base.producers[0]
  const out: Record<string, Json> = {}
  for (const key of Object.keys(s) as Array<keyof Scenario>) {
    if (key === 'producers') {
      if (equal(s.producers, base.producers)) continue
      out[key] = s.producers.map((p) => {
        const d = diffValue(p, baseProducer)
        return d === SAME ? {} : d
      })
      continue
    }
    const d = diffValue(s[key], base[key])
    if (d !== SAME) out[key] = d
  }
  const group = out['group']
  if (isPlainObject(group) && 'protocol' in group) group['assignor'] = s.group.assignor
  return out
}

/**
 * `v` with every object's keys in one fixed order (code-unit order, recursively; arrays keep their
 * order, which means something). JSON text of the result depends only on the data, not on the order
 * the keys were written in, so one scenario has one link. (JavaScript lists integer-like keys first
 * whatever the insertion order; that too depends only on the key set.)
 */
export function canonicalOrder<T extends Json>(v: T): T
export function canonicalOrder(v: Json): Json {
  if (Array.isArray(v)) return v.map(canonicalOrder)
  if (!isPlainObject(v)) return v
  const out: { [key: string]: Json } = {}
  for (const key of Object.keys(v).sort()) {
    // Own and enumerable, even for a record key such as "__proto__" (a key name in keyCost).
    Object.defineProperty(out, key, { value: canonicalOrder(v[key] as Json), enumerable: true, writable: true, configurable: true })
  }
  return out
}
