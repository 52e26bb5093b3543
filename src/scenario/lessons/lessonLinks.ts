// Lesson links: `lesson=NAME&step=N` in the hash opens a built-in lesson at a step. Pure; reading
// never throws: a bad name or step is a problem in words, and the page goes on as usual.

import { encodeScenario } from '../codec.ts'
import { compareLinkHash, lessonLinkHash, readLinkHash, scenarioReaching } from '../links.ts'
import { getLesson, lessons } from './catalog.ts'
import type { Lesson } from './types.ts'
import type { ResolvedLesson } from './validate.ts'
import { escapeUnprintable } from '../validation/rules.ts'

/**
 * `warnings`: what the link gave that was not used and nothing else will say, in readLinkHash's
 * words: a lesson or step given twice ("the link gives lesson twice (…): the last is used"). An
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
  return { ok: true, resolved, stepIndex: step - 1, modeHash: lessonModeHash(resolved, step - 1), warnings }
}
