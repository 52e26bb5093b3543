// The links between the two modes: the Compare button's, "Fork to compare"'s and the way back.
// Pure: scenario in, the hash text (after '#') out, in the same words as `highway compare --link`.

import { decodeScenario, encodeScenario } from '../scenario/codec.ts'
import { compareLinkHash, momentWithinRun, readLinkHash } from '../scenario/links.ts'
import { parseVariant, variantScenario, type Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import { validateScenario } from '../scenario/validate.ts'
import { escapeUnprintable } from '../scenario/validation/rules.ts'
import { defaultCompareSides, forkVariants, hotLaneAnswerSides, type ForkChoice } from '../store/compareEdits.ts'
import { MAX_SIDES } from '../store/compareStore.ts'
import { freshLabel } from './compareSideList.ts'
import { linkWarnings, type LinkIssue, type LinkProblem } from './urlSync.ts'

/** Seconds as links write them: whole milliseconds. */
export function linkSeconds(ms: number): number {
  return Math.round(Math.max(0, ms)) / 1000
}

/** The Compare button: the scenario as the shared workload, the teacher's classic pair of sides. */
export function compareHashFor(s: Scenario): string {
  return compareLinkHash(s, defaultCompareSides(s))
}

/** The Compare menu's four answers to a hot lane, from 0 s (null: no hot key). */
export function answersHashFor(s: Scenario): string | null {
  const sides = hotLaneAnswerSides(s)
  return sides === null ? null : compareLinkHash(s, sides)
}

/** "Fork to compare" at `tMs`: the run so far as side A, the change as side B, both opening paused at `tMs`. */
export function forkHashFor(s: Scenario, tMs: number, choice: ForkChoice): string {
  const t = linkSeconds(tMs)
  return compareLinkHash(s, forkVariants(choice, t), { t })
}

/** Back to one highway: side `v`'s scenario as a single-mode link (the workload unchanged if refused). */
export function singleHashFor(base: Scenario, v: Variant | undefined): string {
  const r = v === undefined ? null : variantScenario(base, v)
  return `s=${encodeScenario(r?.ok === true ? r.scenario : base)}`
}

export { MAX_SIDES } from '../store/compareStore.ts'

export interface CompareOpening {
  base: Scenario
  variants: Variant[]
  openAtMs?: number
  /** A mark someone set (`mark=`), sim ms. */
  markMs?: number
  /** The sender's default mark (`automark=`), sim ms: counted from, but no "Clear mark" for it. */
  autoMarkMs?: number
  /** Plain-text lines for a banner; empty when the link was fine. */
  problems: string[]
  /**
   * The validator's warnings on the shared scenario (unknown fields, advice) in one highway's banner
   * and words, then each side's own (named by its letter); null when there are none.
   */
  warnings: LinkProblem | null
}

/**
 * Reads a compare link. Never throws: a bad scenario falls back to the default workload, a bad
 * variant is left out, fewer than two usable sides gets the default pair, and each problem is a line.
 */
export function readCompareLink(hash: string, fallback: Scenario): CompareOpening {
  const r = readLinkHash(hash)
  const problems = [...r.problems]
  let base = fallback
  const warnings: LinkIssue[] = []
  if (r.s === undefined) problems.push('the link has no shared scenario (s=…): the default scenario is used')
  else {
    const d = decodeScenario(r.s)
    if (d.ok) {
      base = d.scenario
      warnings.push(...d.warnings)
    } else problems.push(`the link's scenario could not be used (${d.errors.slice(0, 2).map((e) => `${e.path}: ${e.message}`).join('; ')}): the default scenario is used`)
  }
  const variants: Variant[] = []
  const sideIssues: ReturnType<typeof validateScenario>[] = []
  for (const [i, text] of r.v.entries()) {
    const p = parseVariant(text)
    if (!p.ok) {
      problems.push(`side ${i + 1} ("${escapeUnprintable(text.length > 40 ? `${text.slice(0, 40)}…` : text)}") was left out: ${p.message}`)
      continue
    }
    const checked = variantScenario(base, p.variant)
    if (!checked.ok) {
      problems.push(`side "${p.variant.label}" was left out: ${checked.path}: ${checked.message}`)
      continue
    }
    sideIssues.push(validateScenario(checked.scenario))
    variants.push(p.variant)
  }
  if (variants.length > MAX_SIDES) {
    problems.push(`the page shows at most ${MAX_SIDES} sides: the first ${MAX_SIDES} are shown`)
    variants.length = MAX_SIDES
  }
  // A label names its side in the notes and the Export menu: one used twice (a hand-edited link; the
  // page never writes one) is made unique as Add side makes a copy's, and said.
  for (const [i, v] of variants.entries()) {
    const first = variants.findIndex((x) => x.label === v.label)
    if (first === i) continue
    const label = freshLabel(v.label, variants, i)
    problems.push(`side ${String.fromCharCode(65 + i)} has side ${String.fromCharCode(65 + first)}’s label "${v.label}": shown as "${label}"`)
    variants[i] = { ...v, label }
  }
  const sides = variants.length >= 2 ? variants : defaultCompareSides(base)
  if (variants.length < 2) problems.push('a comparison needs two sides: showing eager against cooperative')
  else {
    // A side's settings may be valid and still warned about (a heartbeat over a third of the
    // session timeout, an action after the run ends): said once, with the side's letter.
    for (const [i, v] of sides.entries()) {
      const own = sideIssues[i]
      if (own?.ok !== true) continue
      for (const w of own.warnings) {
        if (warnings.some((x) => x.path === w.path && x.message === w.message)) continue
        warnings.push({ path: `side ${String.fromCharCode(65 + i)} (${v.label}): ${w.path}`, message: w.message })
      }
    }
  }
  // A moment past the run's end opens at the end, as on one highway (urlSync.ts), and says so.
  const moment = r.t === undefined ? null : momentWithinRun(r.t, base.durationSec)
  if (moment?.issue != null) warnings.push(moment.issue)
  return {
    base,
    variants: sides,
    ...(moment !== null ? { openAtMs: Math.round(moment.tSec * 1000) } : {}),
    ...(r.mark !== undefined ? { markMs: Math.round(r.mark * 1000) } : {}),
    ...(r.automark !== undefined ? { autoMarkMs: Math.round(r.automark * 1000) } : {}),
    problems,
    warnings: linkWarnings(warnings),
  }
}

/**
 * The comparison's link text now: the moment (t) only while paused, the teacher's mark (mark=) and
 * the default one once fixed (automark=), each under its own name so the page opening the link
 * shows what this one shows: "Clear mark" for a set mark only. The default mark is the first frame
 * a side showed settled, which depends on frame pacing; written into the link, the page that opens
 * it stops every side exactly there and counts from the same moment.
 */
export function compareHashOf(st: { base: Scenario; variants: readonly Variant[]; playing: boolean; clock: number; mark: number | null; autoMark: number | null }): string {
  return compareLinkHash(st.base, st.variants, {
    ...(st.playing ? {} : { t: linkSeconds(st.clock) }),
    ...(st.mark !== null ? { mark: linkSeconds(st.mark) } : {}),
    ...(st.autoMark !== null ? { automark: linkSeconds(st.autoMark) } : {}),
  })
}
