// validateLesson: any value → a lesson ready to run (its scenario and compare variants resolved),
// or the issues, each naming its path (`steps[2].question.answer`). Pure and total: never throws;
// strings, lists and overrides are bounded. The embedded scenario goes through the scenario
// validator and the variants through parseVariant/variantScenario, so a lesson accepts exactly
// what a link or `highway compare` would.

import { applyOverrides, parseVariant, variantScenario, type OverrideSet, type Variant } from '../overrides.ts'
import { getPreset } from '../presets/index.ts'
import type { Scenario } from '../types.ts'
import { validateScenario } from '../validate.ts'
import { at, error, finish, newCtx, type Ctx, type Issue } from '../validation/issues.ts'
import { LIMITS } from '../validation/limits.ts'
import { asObject, int, num, own, text, warnUnknown, type Rule } from '../validation/rules.ts'
import { DEFAULT_LESSON_SPEED, LESSON_LIMITS as L } from './limits.ts'
import { LESSON_VERSION, type Lesson, type LessonHighlight, type LessonQuestion, type LessonScenario, type LessonStep } from './types.ts'

/** A lesson with its world worked out: what the page and the truth test run. */
export interface ResolvedLesson {
  lesson: Lesson
  scenario: Scenario
  /** Empty: one highway; else 2–4 sides for compare mode. */
  variants: Variant[]
  speed: number
}

export type LessonValidation = { ok: true; resolved: ResolvedLesson; warnings: Issue[] } | { ok: false; errors: Issue[]; warnings: Issue[] }

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Reads `o[key]` with `rule`; an error names `path.key`. Missing and required: an error too. */
function field<T>(ctx: Ctx, o: Record<string, unknown>, path: string, key: string, rule: Rule<T>, required = true): T | undefined {
  const v = own(o, key)
  if (v === undefined) {
    if (required) error(ctx, at(path, key), 'is required')
    return undefined
  }
  const r = rule(v)
  if (r.ok) return r.value
  error(ctx, at(path, key), r.message)
  return undefined
}

/** A list of at most `max` items, else an error (and nothing read). */
function list(ctx: Ctx, v: unknown, path: string, min: number, max: number, what: string): unknown[] | undefined {
  if (!Array.isArray(v)) {
    error(ctx, path, 'must be a list')
    return undefined
  }
  if (v.length < min || v.length > max) {
    error(ctx, path, `must have ${min === max ? min : `${min} to ${max}`} ${what} (has ${v.length})`)
    return undefined
  }
  return v
}

function readQuestion(ctx: Ctx, v: unknown, path: string): LessonQuestion | undefined {
  const o = asObject(v)
  if (o === undefined) {
    error(ctx, path, 'must be an object')
    return undefined
  }
  warnUnknown(ctx, o, path, ['prompt', 'choices', 'answer', 'explain'])
  const prompt = field(ctx, o, path, 'prompt', text(1, L.promptChars))
  const explain = field(ctx, o, path, 'explain', text(1, L.explainChars))
  const raw = own(o, 'choices')
  const choices: string[] = []
  if (raw === undefined) error(ctx, at(path, 'choices'), 'is required')
  else {
    const items = list(ctx, raw, at(path, 'choices'), L.choices.min, L.choices.max, 'choices')
    for (const [i, c] of (items ?? []).entries()) {
      const r = text(1, L.choiceChars)(c)
      if (r.ok) choices.push(r.value)
      else error(ctx, at(at(path, 'choices'), i), r.message)
    }
    if (items !== undefined && new Set(choices).size !== choices.length) error(ctx, at(path, 'choices'), 'must all differ')
  }
  const answer = field(ctx, o, path, 'answer', int(0, L.choices.max - 1))
  if (answer !== undefined && raw !== undefined && Array.isArray(raw) && answer >= raw.length) {
    error(ctx, at(path, 'answer'), `must be the index of one of the ${raw.length} choices (0 to ${raw.length - 1})`)
  }
  if (prompt === undefined || explain === undefined || answer === undefined || choices.length !== (Array.isArray(raw) ? raw.length : -1)) return undefined
  return { prompt, choices, answer, explain }
}

function readHighlight(ctx: Ctx, v: unknown, path: string): LessonHighlight | undefined {
  const o = asObject(v)
  if (o === undefined) {
    error(ctx, path, 'must be an object')
    return undefined
  }
  warnUnknown(ctx, o, path, ['partitions', 'consumers'])
  const out: LessonHighlight = {}
  const parts = own(o, 'partitions')
  if (parts !== undefined) {
    const items = list(ctx, parts, at(path, 'partitions'), 1, L.highlightItems, 'partitions')
    const rule = int(0, LIMITS.partitions.max - 1)
    const got: number[] = []
    for (const [i, p] of (items ?? []).entries()) {
      const r = rule(p)
      if (r.ok) got.push(r.value)
      else error(ctx, at(at(path, 'partitions'), i), r.message)
    }
    out.partitions = got
  }
  const cons = own(o, 'consumers')
  if (cons !== undefined) {
    const items = list(ctx, cons, at(path, 'consumers'), 1, L.highlightItems, 'consumers')
    const rule = text(1, LIMITS.consumerNameChars)
    const got: string[] = []
    for (const [i, c] of (items ?? []).entries()) {
      const r = rule(c)
      if (r.ok) got.push(r.value)
      else error(ctx, at(at(path, 'consumers'), i), r.message)
    }
    out.consumers = got
  }
  return out
}

function readStep(ctx: Ctx, v: unknown, path: string, after: number): LessonStep | undefined {
  const o = asObject(v)
  if (o === undefined) {
    error(ctx, path, 'must be an object')
    return undefined
  }
  warnUnknown(ctx, o, path, ['text', 'playToSec', 'question', 'highlight'])
  const t = field(ctx, o, path, 'text', text(1, L.stepTextChars))
  const playToSec = field(ctx, o, path, 'playToSec', num(0, L.playToSec.max, { minExclusive: true }))
  if (playToSec !== undefined && playToSec <= after) error(ctx, at(path, 'playToSec'), `must be later than the previous step's (${after} s): steps play forward`)
  const q = own(o, 'question')
  const question = q === undefined ? undefined : readQuestion(ctx, q, at(path, 'question'))
  const h = own(o, 'highlight')
  const highlight = h === undefined ? undefined : readHighlight(ctx, h, at(path, 'highlight'))
  if (t === undefined || playToSec === undefined) return undefined
  return { text: t, playToSec, ...(question ? { question } : {}), ...(highlight ? { highlight } : {}) }
}

/** Issues from the scenario validator, moved under `prefix` (its root `scenario` becomes the prefix). */
function moved(ctx: Ctx, issues: readonly Issue[], prefix: string, remap: (p: string) => string = (p) => p): void {
  for (const e of issues) error(ctx, e.path === 'scenario' ? prefix : `${prefix}.${remap(e.path)}`, e.message)
}

function readScenarioRef(ctx: Ctx, v: unknown, path: string): { ref: LessonScenario; scenario: Scenario } | undefined {
  const o = asObject(v)
  if (o === undefined) {
    error(ctx, path, 'must be an object: { "preset": NAME, "set"?: {…}, "actions"?: […] } or { "scenario": {…} }')
    return undefined
  }
  if (own(o, 'scenario') !== undefined) {
    warnUnknown(ctx, o, path, ['scenario'])
    const r = validateScenario(own(o, 'scenario'))
    if (!r.ok) {
      moved(ctx, r.errors, at(path, 'scenario'))
      return undefined
    }
    return { ref: { scenario: r.scenario }, scenario: r.scenario }
  }
  warnUnknown(ctx, o, path, ['preset', 'set', 'actions'])
  const name = field(ctx, o, path, 'preset', text(1, LIMITS.nameChars))
  if (name === undefined) return undefined
  const preset = getPreset(name)
  if (preset === undefined) {
    error(ctx, at(path, 'preset'), `no preset named "${name}" (see highway presets)`)
    return undefined
  }
  let scenario = preset.build()
  const rawSet = own(o, 'set')
  let set: OverrideSet | undefined
  if (rawSet !== undefined) {
    const so = asObject(rawSet)
    if (so === undefined || Object.keys(so).length > L.overrides) {
      error(ctx, at(path, 'set'), so === undefined ? 'must be an object of PATH: VALUE' : `must have at most ${L.overrides} overrides`)
      return undefined
    }
    set = so
    const r = applyOverrides(scenario, so)
    if (!r.ok) {
      error(ctx, at(at(path, 'set'), r.path), r.message)
      return undefined
    }
    scenario = r.scenario
  }
  const rawActions = own(o, 'actions')
  let added: unknown[] | undefined
  if (rawActions !== undefined) {
    added = list(ctx, rawActions, at(path, 'actions'), 0, LIMITS.actions.max, 'actions')
    if (added === undefined) return undefined
    const n = scenario.actions.length
    const r = validateScenario({ ...scenario, actions: [...scenario.actions, ...added] })
    if (!r.ok) {
      // The validator numbers the joined list; the lesson's own actions come after the preset's.
      moved(ctx, r.errors, path, (p) => p.replace(/^actions\[(\d+)\]/, (_, i: string) => `actions[${Number(i) - n}]`))
      return undefined
    }
    scenario = r.scenario
  }
  const ref: LessonScenario = { preset: name, ...(set ? { set } : {}), ...(added ? { actions: added as never } : {}) }
  return { ref, scenario }
}

function readVariants(ctx: Ctx, v: unknown, path: string, base: Scenario | undefined): { texts: string[]; variants: Variant[] } | undefined {
  const items = list(ctx, v, path, L.variants.min, L.variants.max, 'variants')
  if (items === undefined) return undefined
  const texts: string[] = []
  const variants: Variant[] = []
  const labels = new Set<string>()
  for (const [i, x] of items.entries()) {
    const p = at(path, i)
    const t = text(1, L.variantChars)(x)
    if (!t.ok) {
      error(ctx, p, t.message)
      continue
    }
    const pv = parseVariant(t.value)
    if (!pv.ok) {
      error(ctx, p, pv.message)
      continue
    }
    if (labels.has(pv.variant.label)) error(ctx, p, `the label "${pv.variant.label}" is used twice`)
    labels.add(pv.variant.label)
    if (base !== undefined) {
      const r = variantScenario(base, pv.variant)
      if (!r.ok) error(ctx, p, `${r.path}: ${r.message}`)
    }
    texts.push(t.value)
    variants.push(pv.variant)
  }
  return { texts, variants }
}

function readLesson(ctx: Ctx, input: unknown): ResolvedLesson | undefined {
  const o = asObject(input)
  if (o === undefined) {
    error(ctx, 'lesson', 'must be an object')
    return undefined
  }
  const known = ['version', 'name', 'title', 'summary', 'scenario', 'variants', 'speed', 'steps']
  warnUnknown(ctx, o, '', known)
  const version = own(o, 'version')
  if (version !== undefined && version !== LESSON_VERSION) error(ctx, 'version', `must be ${LESSON_VERSION}`)
  const name = field(ctx, o, '', 'name', text(1, L.nameChars))
  if (name !== undefined && !SLUG.test(name)) error(ctx, 'name', 'must be lower-case words joined by "-" (like hot-key)')
  const title = field(ctx, o, '', 'title', text(1, L.titleChars))
  const summary = field(ctx, o, '', 'summary', text(1, L.summaryChars))
  const speed = field(ctx, o, '', 'speed', num(L.speed.min, L.speed.max), false)
  const rawScenario = own(o, 'scenario')
  const world = rawScenario === undefined ? (error(ctx, 'scenario', 'is required'), undefined) : readScenarioRef(ctx, rawScenario, 'scenario')
  const rawVariants = own(o, 'variants')
  const variants = rawVariants === undefined ? undefined : readVariants(ctx, rawVariants, 'variants', world?.scenario)
  const rawSteps = own(o, 'steps')
  const steps: LessonStep[] = []
  if (rawSteps === undefined) error(ctx, 'steps', 'is required')
  else {
    const items = list(ctx, rawSteps, 'steps', L.steps.min, L.steps.max, 'steps')
    let after = 0
    for (const [i, s] of (items ?? []).entries()) {
      const step = readStep(ctx, s, at('steps', i), after)
      if (step !== undefined) {
        steps.push(step)
        after = Math.max(after, step.playToSec)
      }
    }
  }
  if (name === undefined || title === undefined || summary === undefined || world === undefined) return undefined
  const lesson: Lesson = {
    version: LESSON_VERSION,
    name,
    title,
    summary,
    scenario: world.ref,
    ...(variants ? { variants: variants.texts } : {}),
    ...(speed !== undefined ? { speed } : {}),
    steps,
  }
  return { lesson, scenario: world.scenario, variants: variants?.variants ?? [], speed: speed ?? DEFAULT_LESSON_SPEED }
}

/**
 * Checks any value (parsed JSON, garbage) against the Lesson shape. Unknown fields are warnings;
 * everything else wrong is an error naming its path. Pure; never throws.
 */
export function validateLesson(input: unknown): LessonValidation {
  const ctx = newCtx()
  let resolved: ResolvedLesson | undefined
  try {
    resolved = readLesson(ctx, input)
  } catch (e) {
    // Only exotic values get here (a Proxy or a throwing getter): plain data cannot.
    error(ctx, 'lesson', `could not be read (${e instanceof Error ? e.message : 'unknown error'})`)
  }
  if (resolved === undefined && ctx.errors.length === 0) error(ctx, 'lesson', 'could not be read')
  const { errors, warnings } = finish(ctx)
  if (errors.length === 0 && resolved !== undefined) return { ok: true, resolved, warnings }
  return { ok: false, errors, warnings }
}
