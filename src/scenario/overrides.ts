// Overrides and variants: "change this setting by its dotted path", the one rule the CLI
// (`run --set`, `compare --variant`) and the page's compare mode share. Pure; never throws: every
// problem comes back as a message naming the path.

import { applyCommandToScenario } from './applyCommand.ts'
import { canonicalOrder, type Json } from './diff.ts'
import { liveCommands, settingsBefore } from './liveOverrides.ts'
import { materializeOptional } from './optionalSections.ts'
import { fitPlacement } from './placementFit.ts'
import { formatValue, indexOutside, parseValue, resolvePath, splitList, tokenizePath } from './overridePath.ts'
import type { Command, Scenario, ScenarioAction } from './types.ts'
import { validateScenario, type Issue } from './validate.ts'
import { LIMITS } from './validation/limits.ts'
import { escapeUnprintable, isPrintable, isUnknownField, meantField } from './validation/rules.ts'

export type OverrideValue = unknown
/** Dotted path → value, in the order given. */
export type OverrideSet = Record<string, OverrideValue>

export interface Variant {
  label: string
  /** From this simulated second on (as scripted commands); absent = from the start. */
  atSec?: number
  set: OverrideSet
  /**
   * Actions only this side runs, merged into the shared script by time (after the shared ones of
   * the same second): a live command sent to one compare side, such as "Rebalance cluster".
   * Written `actions+=[…]` in the variant text (SIDE_ACTIONS). Absent or empty: none.
   */
  actions?: ScenarioAction[]
}

/** The item of a variant's text that adds actions to that side's script alone. */
export const SIDE_ACTIONS = 'actions+'

type Fail = { ok: false; message: string }

/** "PATH=VALUE": the value is JSON when it parses as JSON, else the raw text (trimmed). */
export function parseSet(text: string): { ok: true; path: string; value: OverrideValue } | Fail {
  const eq = indexOutside(text, '=')
  if (eq < 0) return { ok: false, message: `expected PATH=VALUE, got "${clip(text)}"` }
  const path = text.slice(0, eq).trim()
  const t = tokenizePath(path)
  if (!t.ok) return t
  return { ok: true, path, value: parseValue(text.slice(eq + 1).trim()) }
}

/** "PATH=V1,V2,…": each value JSON-or-text; commas inside JSON strings and brackets do not split. */
export function parseVary(text: string): { ok: true; path: string; values: OverrideValue[] } | Fail {
  const eq = indexOutside(text, '=')
  if (eq < 0) return { ok: false, message: `expected PATH=V1,V2,…, got "${clip(text)}"` }
  const path = text.slice(0, eq).trim()
  const t = tokenizePath(path)
  if (!t.ok) return t
  const list = splitList(text.slice(eq + 1))
  if (!list.ok) return list
  if (list.items.some((x) => x === '')) return { ok: false, message: `${path}: an empty value in "${clip(text)}"` }
  return { ok: true, path, values: list.items.map(parseValue) }
}

/** "LABEL: PATH=V, PATH=V" or "LABEL@SEC: PATH=V" (see commandsForOverrides); "LABEL:" alone is a variant with no overrides. */
export function parseVariant(text: string): { ok: true; variant: Variant } | Fail {
  const colon = text.indexOf(':')
  const eq = text.indexOf('=')
  if (colon < 0 || (eq >= 0 && eq < colon)) return { ok: false, message: `a variant is "LABEL: PATH=VALUE, …", got "${clip(text)}"` }
  const head = text.slice(0, colon).trim()
  const m = /^(.*?)\s*@\s*(\d{1,9}(?:\.\d{1,9})?)$/.exec(head)
  // "salted@30s:" or "salted@-5:" is a mistyped moment, not a label: read as one, its overrides
  // would apply from 0 s and the table would look plausible.
  const at = m ? null : /@\s*([-+.\d][^@]*)$/.exec(head)
  if (at) return { ok: false, message: `${head}: the moment after "@" must be a plain decimal number of seconds (30, 12.5), got "${clip(at[1]!)}"` }
  const label = m ? m[1]! : head
  if (label === '') return { ok: false, message: `a variant needs a label before ":", got "${clip(text)}"` }
  // A side's label heads its column, its strip and the link: bounded like a scenario's name.
  const chars = [...label].length
  if (chars > LIMITS.nameChars) return { ok: false, message: `a variant's label is at most ${LIMITS.nameChars} characters, got ${chars} ("${clip(label)}")` }
  // Names a side everywhere (its header, the notes, the table, the terminal), as a scenario's name:
  // printable text, or a NUL splits the page's list of labels and an ESC reaches the terminal.
  if (!isPrintable(label)) return { ok: false, message: `a variant's label must be printable text (no control or invisible characters), got "${clip(label)}"` }
  const list = splitList(text.slice(colon + 1))
  if (!list.ok) return { ok: false, message: `${label}: ${list.message}` }
  const set: OverrideSet = {}
  let actions: ScenarioAction[] | null = null
  for (const item of list.items) {
    if (item === '') continue
    const p = parseSet(item)
    if (!p.ok) return { ok: false, message: `${label}: ${p.message}` }
    if (p.path === SIDE_ACTIONS) {
      if (actions !== null) return { ok: false, message: `${label}: ${SIDE_ACTIONS} is given twice` }
      const list = Array.isArray(p.value) ? (p.value as unknown[]) : [p.value]
      // Their fields are the validator's to check (variantScenario); here only their shape.
      if (!list.every((a) => typeof a === 'object' && a !== null && !Array.isArray(a))) {
        return { ok: false, message: `${label}: ${SIDE_ACTIONS} takes a JSON list of actions, e.g. [{"do":"rebalanceCluster","atSec":20}]` }
      }
      actions = list as ScenarioAction[]
      continue
    }
    if (Object.hasOwn(set, p.path)) return { ok: false, message: `${label}: ${p.path} is given twice` }
    define(set, p.path, p.value)
  }
  const variant: Variant = m ? { label, atSec: Number(m[2]), set } : { label, set }
  if (actions !== null && actions.length > 0) variant.actions = actions
  return { ok: true, variant }
}

/** The text parseVariant reads back as `v` (labels hold no ":"). */
export function formatVariant(v: Variant): string {
  const at = v.atSec === undefined ? '' : `@${seconds(v.atSec)}`
  const items = Object.entries(v.set).map(([p, x]) => `${p}=${formatValue(x)}`)
  if (v.actions !== undefined && v.actions.length > 0) items.push(`${SIDE_ACTIONS}=${JSON.stringify(v.actions.map(sideActionText))}`)
  return `${v.label}${at}:${items.length ? ` ${items.join(', ')}` : ''}`
}

/** One side action as its text writes it: `do` first, then `atSec`, then the rest in the links' canonical key order (one action, one text). */
function sideActionText(a: ScenarioAction): Record<string, unknown> {
  const { do: name, atSec, ...rest } = a as ScenarioAction & Record<string, Json>
  return { do: name, atSec, ...canonicalOrder(rest) }
}

function seconds(x: number): string {
  const s = String(x)
  return s.includes('e') ? x.toFixed(9).replace(/\.?0+$/, '') : s
}

/** `note`: what the change did to an imported placement (placementFit.ts), when it did something. */
type Applied = { ok: true; scenario: Scenario; note?: string } | { ok: false; path: string; message: string }

/**
 * `s` with each path set to its value, checked by validateScenario (and returned as it normalizes
 * it). An unknown path, or a value the validator rejects, fails naming the path. `s` is untouched.
 */
export function applyOverrides(s: Scenario, set: OverrideSet): Applied {
  const copy = JSON.parse(JSON.stringify(s)) as Scenario
  const done: Array<{ path: string; canonical: string; created: boolean; parent: string; key: string | number }> = []
  for (const [path, value] of Object.entries(set)) {
    materializeOptional(copy as unknown as Record<string, unknown>, path)
    const r = resolvePath(copy, path)
    if (!r.ok) return { ok: false, path, message: r.message }
    let node = copy as unknown as Record<string | number, unknown>
    for (const k of r.keys.slice(0, -1)) node = node[k] as Record<string | number, unknown>
    define(node, r.keys[r.keys.length - 1]!, value)
    done.push({ path, canonical: r.canonical, created: r.created, parent: r.parent, key: r.keys[r.keys.length - 1]! })
  }
  // A setting an imported placement depends on (brokers, replication factor, partitions) fits it
  // too, unless the overrides set the placement themselves.
  const fit = done.some((d) => /^cluster($|\.assignment|\.leaders)/.test(d.canonical)) ? { scenario: copy, note: null } : fitPlacement(s, copy)
  const v = validateScenario(fit.scenario)
  // A new key the validator ignores ("unknown field") was a typo or a made-up setting.
  const warnings = v.ok ? v.warnings : []
  for (const d of done) {
    const w = d.created ? warnings.find((x) => x.path === d.canonical) : undefined
    if (w !== undefined) {
      const meant = meantField(w)
      return { ok: false, path: d.path, message: `unknown path (${d.parent === '' ? 'a scenario' : d.parent} has no field "${d.key}"${meant === undefined ? '' : `; did you mean ${meant}?`})` }
    }
    // A value given whole (`topic={"partitionz":3}`) with a field the validator does not know: the
    // normalized scenario drops it without a word, so the typo (or a link's 20 000-deep junk) is named.
    const inner = warnings.find((x) => isUnknownField(x) && x.path !== d.canonical && isUnder(x.path, d.canonical))
    if (inner !== undefined) {
      const meant = meantField(inner)
      return { ok: false, path: d.path, message: `has an unknown field ${inner.path}${meant === undefined ? '' : `; did you mean ${meant}?`}` }
    }
  }
  if (v.ok) return fit.note === null ? { ok: true, scenario: v.scenario } : { ok: true, scenario: v.scenario, note: fit.note }
  return blame(v.errors, done)
}

/** Whether validator path `p` is `c` or inside it. */
function isUnder(p: string, c: string): boolean {
  return p === c || p.startsWith(`${c}.`) || p.startsWith(`${c}[`)
}

/** The validator's error for one of the paths set, or (a cross-field error) the first one, said where. */
function blame(errors: readonly Issue[], done: ReadonlyArray<{ path: string; canonical: string }>): Applied {
  for (const d of done) {
    const e = errors.find((x) => isUnder(x.path, d.canonical))
    if (e) return { ok: false, path: d.path, message: e.path === d.canonical ? e.message : `${e.path}: ${e.message}` }
  }
  const e = errors[0]!
  const path = done[0]?.path ?? e.path
  return { ok: false, path, message: `makes the scenario invalid: ${e.path}: ${e.message}` }
}

/**
 * The live commands that make `set`'s changes to the settings in force at `atSec` (the scenario's
 * script folded up to then): what a side applies from that moment, scripted or sent live (a fork).
 * A path with no live command (the protocol, the assignor) fails "cannot change during a run".
 */
export function commandsForOverrides(base: Scenario, atSec: number, set: OverrideSet): { ok: true; commands: Command[] } | { ok: false; path: string; message: string } {
  // Which paths can change live comes first: "cannot change during a run" says more than a value check.
  const then = settingsBefore(base, atSec)
  let cur = then
  const commands: Command[] = []
  for (const [path, value] of Object.entries(set)) {
    const within = JSON.parse(JSON.stringify(cur)) as Scenario
    materializeOptional(within as unknown as Record<string, unknown>, path)
    const r = resolvePath(within, path)
    if (!r.ok) return { ok: false, path, message: r.message }
    const cmds = liveCommands(cur, r.keys, value)
    if (typeof cmds === 'string') return { ok: false, path, message: cmds }
    for (const c of cmds) {
      commands.push(c)
      cur = applyCommandToScenario(cur, c)
    }
  }
  // The values themselves, against the settings at that moment, so a rejected one names its path.
  const checked = applyOverrides({ ...then, actions: [] }, set)
  return checked.ok ? { ok: true, commands } : checked
}

/**
 * The scenario a variant runs: its overrides from the start, or with `atSec` appended to the script as
 * the live commands that make them at that second (after any action already at that second); then
 * its own actions (`actions+`) merged into the script by time.
 */
export function variantScenario(base: Scenario, v: Variant): Applied {
  const r = variantSettings(base, v)
  if (!r.ok || v.actions === undefined || v.actions.length === 0) return r
  const merged = validateScenario({ ...r.scenario, actions: mergeActions(r.scenario.actions, v.actions) })
  // The side's own actions change nothing of the placement: what its overrides did to it still holds.
  if (merged.ok) return r.note === undefined ? { ok: true, scenario: merged.scenario } : { ok: true, scenario: merged.scenario, note: r.note }
  const e = merged.errors[0]!
  return { ok: false, path: SIDE_ACTIONS, message: `${e.path}: ${e.message}` }
}

/**
 * `script` with `added` inserted by time: each after every action at or before its second, so
 * the script stays time-ordered and a side's action at a shared action's second runs after it.
 */
export function mergeActions(script: readonly ScenarioAction[], added: readonly ScenarioAction[]): ScenarioAction[] {
  const out = [...script]
  for (const a of added) {
    const at = out.findIndex((x) => x.atSec > a.atSec)
    out.splice(at < 0 ? out.length : at, 0, a)
  }
  return out
}

function variantSettings(base: Scenario, v: Variant): Applied {
  if (v.atSec === undefined) return applyOverrides(base, v.set)
  const atSec = v.atSec
  const c = commandsForOverrides(base, atSec, v.set)
  if (!c.ok) return c
  const added = c.commands.map((cmd) => ({ ...cmd, atSec }) as ScenarioAction)
  const r = validateScenario({ ...base, actions: [...base.actions, ...added] })
  if (!r.ok) return { ok: false, path: Object.keys(v.set)[0] ?? 'actions', message: `${r.errors[0]!.path}: ${r.errors[0]!.message}` }
  return { ok: true, scenario: r.scenario }
}

/** Own, enumerable, even for a key such as "__proto__". */
function define(o: object, key: string | number, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
}

/** A stranger's text quoted in a message: at most 60 characters, control and invisible ones escaped. */
function clip(s: string): string {
  return escapeUnprintable(s.length > 60 ? `${s.slice(0, 60)}…` : s)
}
