// Lesson links: `lesson=NAME&step=N` in the hash opens a built-in lesson at a step. Pure; reading
// never throws: a bad name or step is a problem in words, and the page goes on as usual.

import { encodeScenario } from '../codec.ts'
import { compareLinkHash, lessonLinkHash, PARAM_WORDS, readLinkHash, scenarioReaching } from '../links.ts'
import { getLesson, lessons } from './catalog.ts'
import type { Lesson } from './types.ts'
import type { ResolvedLesson } from './validate.ts'
import { escapeUnprintable } from '../validation/rules.ts'

/**
 * `warnings`: what the link gave that was not used and nothing else will say, in readLinkHash's
 * words: a lesson or step given twice ("the link gives lesson twice (…): the last is used"), and
 * for an opened lesson the link's other parameters its world replaced (`replacedByLesson`). An
 * opened lesson's world replaces the hash; a lesson that could not be opened leaves it, and a link
 * with a scenario or sides is then read by its own mode, which says it with the link's other problems.
 */
export type LessonOpening =
  | { ok: true; resolved: ResolvedLesson; stepIndex: number; modeHash: string; warnings: string[] }
  | { ok: false; problem: string; warnings: string[] }

export { lessonLinkHash }

/** The simulated second a step starts from: the previous step's moment (0 for the first). */
export function stepStartSec(lesson: Lesson, index: number): number {
  return index <= 0 ? 0 : lesson.steps[index - 1]!.playToSec
}

/**
 * The page hash the lesson's world opens with, paused at the step's start: a single-mode scenario
 * link, or (a lesson with variants) a compare link.
 */
export function lessonModeHash(r: ResolvedLesson, stepIndex: number): string {
  const t = stepStartSec(r.lesson, stepIndex)
  if (r.variants.length > 0) return compareLinkHash(r.scenario, r.variants, { t })
  return `s=${encodeURIComponent(encodeScenario(scenarioReaching(r.scenario, t)))}&t=${t}`
}

/** A stranger's text quoted in a problem: at most 40 characters, control and invisible ones escaped. */
function clip(s: string): string {
  return escapeUnprintable(s.length > 40 ? `${s.slice(0, 40)}…` : s)
}

/**
 * The parameters an opened lesson's own link replaces, in a participant's words (only ours: nothing
 * of the link's text is quoted), in this order whatever the link's.
 */
const REPLACED: ReadonlyArray<readonly [name: string, words: (count: number) => string]> = [
  ['s', () => 'a scenario'],
  ['v', (n) => (n === 1 ? 'a side' : `${n} sides`)],
  ['t', () => PARAM_WORDS.t],
  ['mark', () => PARAM_WORDS.mark],
  ['automark', () => PARAM_WORDS.automark],
  ['embed', () => 'the highway alone'],
]

/** "s (a scenario), v (2 sides) and t (…)": the parameters of `hash` that an opened lesson replaces, counted by name whatever their values. */
function replacedParams(hash: string): string {
  const counts = new Map<string, number>()
  for (const part of (hash.startsWith('#') ? hash.slice(1) : hash).split('&')) {
    const eq = part.indexOf('=')
    const name = eq < 0 ? part : part.slice(0, eq)
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  const named = REPLACED.filter(([name]) => counts.has(name)).map(([name, words]) => `${name} (${words(counts.get(name)!)})`)
  return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`
}

/**
 * What an opened lesson says of the link's other parameters: its own link (its scenario, sides and
 * step's moment) replaces them, which a teacher who added `&t=30` to a lesson link would not see
 * otherwise. Null when the link gave none.
 */
export function replacedByLesson(hash: string, r: ResolvedLesson, stepIndex: number): string | null {
  const params = replacedParams(hash)
  if (params === '') return null
  const own = r.variants.length > 0 ? 'scenario, sides and moment' : 'scenario and moment'
  return `the link's ${params} ${params.includes(' and ') ? 'were' : 'was'} not used: lesson ${r.lesson.name} opens with its own ${own} (step ${stepIndex + 1} at ${stepStartSec(r.lesson, stepIndex)} s)`
}

/** The lesson a hash asks for; null when it names none. */
export function readLessonLink(hash: string): LessonOpening | null {
  const h = readLinkHash(hash)
  const warnings = h.problems.filter((p) => p.startsWith('the link gives lesson twice') || p.startsWith('the link gives step '))
  const readElsewhere = h.s !== undefined || h.v.length > 0
  const fail = (problem: string): LessonOpening => ({ ok: false, problem, warnings: readElsewhere ? [] : warnings })
  if (h.lesson === undefined) {
    return h.step !== undefined ? fail('the link has a step but no lesson (lesson=NAME)') : null
  }
  const resolved = getLesson(h.lesson)
  if (resolved === undefined) {
    return fail(`there is no lesson named "${clip(h.lesson)}" (lessons: ${lessons.map((l) => l.name).join(', ')})`)
  }
  const badStep = h.problems.find((p) => p.startsWith('step '))
  if (badStep !== undefined) return fail(`lesson ${resolved.lesson.name}: ${badStep}`)
  const n = resolved.lesson.steps.length
  const step = h.step ?? 1
  if (step > n) return fail(`lesson ${resolved.lesson.name} has ${n} steps, so there is no step ${step}`)
  const replaced = replacedByLesson(hash, resolved, step - 1)
  return { ok: true, resolved, stepIndex: step - 1, modeHash: lessonModeHash(resolved, step - 1), warnings: replaced === null ? warnings : [...warnings, replaced] }
}
