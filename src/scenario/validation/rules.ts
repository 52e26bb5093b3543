// Building blocks for the validator: leaf rules (one value → accepted value or a message) and
// readers (merge one input object onto its default, recording issues). Pure; never throws on data.

import { closestField } from './closest.ts'
import { at, error, MAX_ISSUES, warn, type Ctx } from './issues.ts'

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string }

/** A leaf rule: the accepted value, or a message saying what is wrong ("must be ≥ 0"). */
export type Rule<T> = (v: unknown) => Checked<T>

/** Merges `v` onto `base`, recording issues under `path`; returns base (or part of it) for bad parts. */
export type Reader<T> = (ctx: Ctx, v: unknown, base: T, path: string) => T

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value })
export const fail = <T>(message: string): Checked<T> => ({ ok: false, message })

/** Own property only: a prototype's members never count as input. */
export function own(o: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined
}

/** A plain object (JSON object, object literal, or null-prototype object), else undefined. */
export function asObject(v: unknown): Record<string, unknown> | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined
  const proto: unknown = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null ? (v as Record<string, unknown>) : undefined
}

/**
 * A number in a message, as JSON and `--set` take it: 1800000, not "1_800_000" or "1 800 000"
 * (a limit is there to be pasted into the scenario, and JSON has no digit separators).
 */
export function fmt(n: number): string {
  return String(n)
}

export interface NumOptions {
  integer?: boolean
  /** The minimum itself is not allowed (`must be > 0`). */
  minExclusive?: boolean
}

export function num(min: number, max: number, opts: NumOptions = {}): Rule<number> {
  return (v) => {
    if (typeof v !== 'number') return fail(opts.integer === true ? 'must be an integer' : 'must be a number')
    // 1e999 in JSON is Infinity: say the range, as a value out of it would.
    if (!Number.isFinite(v)) return fail(`must be a finite number ${opts.minExclusive === true ? '>' : '≥'} ${fmt(min)} and ≤ ${fmt(max)}`)
    if (opts.integer === true && !Number.isInteger(v)) return fail('must be an integer')
    if (opts.minExclusive === true ? v <= min : v < min) return fail(`must be ${opts.minExclusive === true ? '>' : '≥'} ${fmt(min)}`)
    if (v > max) return fail(`must be ≤ ${fmt(max)}`)
    return ok(v === 0 ? 0 : v) // normalises -0, which JSON cannot carry
  }
}

export const int = (min: number, max: number): Rule<number> => num(min, max, { integer: true })

export const bool: Rule<boolean> = (v) => (typeof v === 'boolean' ? ok(v) : fail('must be true or false'))

export function oneOf<const T extends string>(values: readonly T[]): Rule<T> {
  return (v) =>
    typeof v === 'string' && (values as readonly string[]).includes(v)
      ? ok(v as T)
      : fail(`must be one of ${values.join(', ')}`)
}

export function nullable<T>(rule: Rule<T>): Rule<T | null> {
  return (v) => (v === null ? ok(null) : rule(v))
}

/** C0/C1 controls, zero-width and bidi-override characters, BOM: one of them, globally. */
export const CONTROL_OR_INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g

// Those, and unpaired surrogates (which UTF-8 cannot carry, so a link would change them).
const NOT_PRINTABLE = new RegExp(`${CONTROL_OR_INVISIBLE.source}|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`)

/** Whether `s` holds no control or invisible character (the rule `text` applies). */
export function isPrintable(s: string): boolean {
  return !NOT_PRINTABLE.test(s)
}

/**
 * `s` with each control or invisible character written as its escape (`\u001b`), so a message
 * quoting a stranger's text shows what is there: an ESC would reach the terminal, a bidi override
 * would turn the banner's words around.
 */
export function escapeUnprintable(s: string): string {
  return s.replace(new RegExp(NOT_PRINTABLE.source, 'g'), (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** Printable text of min..max characters (code points). */
export function text(min: number, max: number): Rule<string> {
  return (v) => {
    if (typeof v !== 'string') return fail('must be a string')
    if (v.length > 2 * max) return fail(`must be at most ${max} characters`)
    if (NOT_PRINTABLE.test(v)) return fail('must be printable text (no control or invisible characters)')
    const length = [...v].length
    if (length < min) return fail(min === 1 ? 'must not be empty' : `must be at least ${min} characters`)
    if (length > max) return fail(`must be at most ${max} characters`)
    return ok(v)
  }
}

/** A leaf rule as a reader: a bad value is reported and the default kept. */
export function leaf<T>(rule: Rule<T>): Reader<T> {
  return (ctx, v, base, path) => {
    const r = rule(v)
    if (r.ok) return r.value
    error(ctx, path, r.message)
    return base
  }
}

export type Fields<T> = { [K in keyof T]-?: Reader<T[K]> }

/**
 * Reads a fixed-shape object: each known field present in the input goes through its reader,
 * each missing one (or `undefined`) takes the default, and unknown fields become warnings.
 * `alsoKnown` names fields the caller reads itself.
 */
export function record<T extends object>(fields: Fields<T>, alsoKnown: readonly string[] = []): Reader<T> {
  const keys = Object.keys(fields) as Array<keyof T & string>
  return (ctx, v, base, path) => {
    const o = asObject(v)
    if (o === undefined) {
      error(ctx, path, 'must be an object')
      return base
    }
    const out = {} as T
    for (const key of keys) {
      const raw = own(o, key)
      out[key] = raw === undefined ? base[key] : fields[key](ctx, raw, base[key], at(path, key))
    }
    warnUnknown(ctx, o, path, [...keys, ...alsoKnown])
    return out
  }
}

/** How every unknown-field warning begins (the CLI tells them apart by it: `validate` refuses them). */
export const UNKNOWN_FIELD = 'unknown field (ignored)'

export function isUnknownField(issue: { message: string }): boolean {
  return issue.message.startsWith(UNKNOWN_FIELD)
}

/** The field an unknown-field warning guesses was meant ("group.consumers"), if it guesses one. */
export function meantField(issue: { message: string }): string | undefined {
  return isUnknownField(issue) ? /; did you mean (.+)\?$/.exec(issue.message)?.[1] : undefined
}

/**
 * Each key of `o` not in `known` is a warning, naming the known field at that path it most likely
 * meant ("group.consumerz: unknown field (ignored); did you mean group.consumers?").
 */
export function warnUnknown(ctx: Ctx, o: Record<string, unknown>, path: string, known: readonly string[]): void {
  for (const k of Object.keys(o)) {
    if (known.includes(k)) continue
    // Past the cap the warning is only counted: no guess is worked out for it.
    const near = ctx.warnings.length < MAX_ISSUES ? closestField(k, known) : undefined
    warn(ctx, at(path, k), near === undefined ? UNKNOWN_FIELD : `${UNKNOWN_FIELD}; did you mean ${at(path, near)}?`)
  }
}

/**
 * A cross-field check after reading: `check` returns null, or the field to blame and a message;
 * on failure the whole object falls back to `base`.
 */
export function refine<T>(reader: Reader<T>, check: (value: T) => { key: string; message: string } | null): Reader<T> {
  return (ctx, v, base, path) => {
    const value = reader(ctx, v, base, path)
    const problem = check(value)
    if (problem === null) return value
    error(ctx, at(path, problem.key), problem.message)
    return base
  }
}

type Kinded = { kind: string }
type OfKind<U extends Kinded, K extends U['kind']> = Extract<U, { kind: K }>

/**
 * Reads a union tagged by `kind`. Same kind as the default (or no kind): merge onto the default.
 * Another kind: merge onto that kind's template, so missing fields still get sensible values.
 */
export function union<U extends Kinded>(
  kinds: readonly U['kind'][],
  readers: { [K in U['kind']]: Reader<OfKind<U, K>> },
  templates: { [K in U['kind']]: () => OfKind<U, K> },
): Reader<U> {
  const kindRule = oneOf(kinds)
  return (ctx, v, base, path) => {
    const o = asObject(v)
    if (o === undefined) {
      error(ctx, path, 'must be an object')
      return base
    }
    const raw = own(o, 'kind')
    let kind: U['kind'] = base.kind
    if (raw !== undefined) {
      const r = kindRule(raw)
      if (!r.ok) {
        error(ctx, at(path, 'kind'), r.message)
        return base
      }
      kind = r.value
    }
    const start = kind === base.kind ? base : templates[kind as U['kind']]()
    const read = readers[kind as U['kind']] as unknown as Reader<U>
    return read(ctx, o, start as U, path)
  }
}
