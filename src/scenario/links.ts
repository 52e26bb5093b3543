// Page links: the hash `s=<scenario>&v=<variant>&v=…&t=<sec>&mark=<sec>&automark=<sec>`, written by
// the page and by `highway compare --link`, read by the page. Pure; reading never throws (problems are
// lines of text).
//
//   s=        the shared workload (codec.ts), once
//   v=        a side's variant (overrides.ts), one per side, in order; none: single mode
//   t=        open paused at this simulated second
//   mark=     a mark someone set ("Set mark here", "Mark now", a strategy change): the counts start
//             there and the receiving page offers "Clear mark", as the sender's did
//   automark= compare mode's default mark (the moment every side first settled) as the sender fixed
//             it: the receiving page counts from the same moment but treats it as its own default
//             (no "Clear mark"); with mark= too, it is where "Clear mark" goes back to
//   lesson=   a guided lesson to open instead (lessons/lessonLinks.ts), with step= (from 1)
// Seconds are plain decimals (`42`, `42.5`, at most 9 digits each side). Links written before
// automark= existed carry the default mark as mark=; they still open, as a set mark.

import { cutShortMessage, encodeScenario } from './codec.ts'
import { formatVariant, type Variant } from './overrides.ts'
import type { Scenario } from './types.ts'
import { LIMITS } from './validation/limits.ts'
import { escapeUnprintable } from './validation/rules.ts'

export interface LinkHash {
  /** The encoded scenario (`v1.…`), still to be decoded. */
  s?: string
  /** Variant texts, in order (parseVariant each). None = single mode. */
  v: string[]
  /** Open paused at this simulated second. */
  t?: number
  /** A mark someone set, in simulated seconds. */
  mark?: number
  /** Compare mode's default mark as the sender fixed it, in simulated seconds. */
  automark?: number
  /** A guided lesson to open (`lesson=NAME`), still to be looked up. */
  lesson?: string
  /** Its step, counted from 1 (`step=N`). */
  step?: number
  /**
   * `v=` parameters that could not be read (their percent-encoding broken, or nothing after `v=`: a
   * link cut inside a side by a chat app). The link was still a comparison: the page opens compare mode and says so.
   */
  cutSides?: number
  problems: string[]
}

/** The part after '#' that opens `base` compared under `variants` (none: single mode). */
export function compareLinkHash(base: Scenario, variants: readonly Variant[], opts: { t?: number; mark?: number; automark?: number } = {}): string {
  const parts = [`s=${encodeURIComponent(encodeScenario(opts.t === undefined ? base : scenarioReaching(base, opts.t)))}`]
  for (const v of variants) parts.push(`v=${encodeURIComponent(formatVariant(v))}`)
  if (opts.t !== undefined) parts.push(`t=${opts.t}`)
  if (opts.mark !== undefined) parts.push(`mark=${opts.mark}`)
  if (opts.automark !== undefined) parts.push(`automark=${opts.automark}`)
  return parts.join('&')
}

/**
 * `s` with its durationSec reaching `tSec`. A reader clamps a moment past the run's end to the end
 * (`momentWithinRun`), but the page runs on past durationSec; a link written at such a moment
 * lengthens the run it carries instead, so it opens where the sender was. Pure.
 */
export function scenarioReaching(s: Scenario, tSec: number): Scenario {
  return tSec <= s.durationSec ? s : { ...s, durationSec: Math.min(Math.ceil(tSec), LIMITS.seconds.max) }
}

/** A problem with a link parameter, named by its path as the validator names a scenario's (`t`). */
export interface LinkParamIssue {
  path: string
  message: string
}

/**
 * A link's moment (`t=`, seconds) on a run `durationSec` long. Past the end it is clamped to the
 * end, with an issue saying so: stepping toward `t=99999` took many minutes. Pure; never throws.
 */
export function momentWithinRun(tSec: number, durationSec: number): { tSec: number; issue: LinkParamIssue | null } {
  if (!(tSec > durationSec)) return { tSec, issue: null }
  return { tSec: durationSec, issue: { path: 't', message: `${tSec} s is past the run's end (${durationSec} s): opened at ${durationSec} s` } }
}

/** The hash that opens lesson `name` at step `step` (counted from 1); lessonLinks.ts reads it. */
export function lessonLinkHash(name: string, step = 1): string {
  return `lesson=${encodeURIComponent(name)}&step=${step}`
}

/** Seconds as a link writes them: a plain non-negative decimal. */
function readSeconds(name: NumberParam, text: string, problems: string[]): number | undefined {
  if (/^\d{1,9}(\.\d{1,9})?$/.test(text)) return Number(text)
  problems.push(cutShortParam(name, text) ?? `${name} must be a number of seconds (like 42 or 42.5), got "${clip(text)}"`)
  return undefined
}

type NumberParam = 't' | 'mark' | 'automark' | 'step'

/** What each number parameter is, in a participant's words (the problem names the parameter first). */
/** A number parameter in a participant's words, as the link's problems name it (lessonLinks.ts too). */
export const PARAM_WORDS: Record<NumberParam, string> = {
  t: 'the moment the link opens at',
  mark: 'where the counts start',
  automark: 'where the counts start by default',
  step: "the lesson's step",
}

/**
 * The problem for a number parameter a chat app cut: nothing after `name=` (a link ending in `&t=`),
 * or a decimal point with no digits after it (`t=42.`). Null when the text is not such a cut; a
 * value like "soon" is a wrong value, not a cut one.
 */
function cutShortParam(name: NumberParam, text: string): string | null {
  if (text !== '' && !/^\d{1,9}\.$/.test(text)) return null
  return `${name} (${PARAM_WORDS[name]}) ${text === '' ? 'is empty' : `stops at "${text}"`}: ${cutShortMessage(`it stops at "${name}=${text}"`)}`
}

const READ = new Set(['s', 'v', 't', 'mark', 'automark', 'lesson', 'step'])

/** Reads a hash (with or without the leading '#'). Unknown parameters are left to other readers. */
export function readLinkHash(hash: string): LinkHash {
  const out: LinkHash = { v: [], problems: [] }
  const h = hash.startsWith('#') ? hash.slice(1) : hash
  if (h === '') return out
  let sides = 0
  for (const part of h.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const name = eq < 0 ? part : part.slice(0, eq)
    if (!READ.has(name)) continue
    if (name === 'v') sides++
    let value: string
    try {
      value = decodeURIComponent(eq < 0 ? '' : part.slice(eq + 1))
    } catch {
      if (name === 'v') {
        out.cutSides = (out.cutSides ?? 0) + 1
        out.problems.push(`side ${sides} (v=${clip(part.slice(eq + 1))}) is cut short or damaged (not valid percent-encoding): it was left out`)
      } else out.problems.push(`the link's ${name} parameter is not valid percent-encoding`)
      continue
    }
    if (name === 'v' && value === '') {
      // A link ending in `&v=`: the side's text was cut off whole. Still a comparison, as above.
      out.cutSides = (out.cutSides ?? 0) + 1
      out.problems.push(`side ${sides} (v=) is empty: ${cutShortMessage('it stops at "v="')}`)
    } else if (name === 'v') out.v.push(value)
    else if (name === 'lesson') {
      if (out.lesson !== undefined && out.lesson !== value) out.problems.push(`the link gives lesson twice ("${clip(out.lesson)}", then "${clip(value)}"): the last is used`)
      out.lesson = value
    } else if (name === 'step') {
      if (/^\d{1,4}$/.test(value) && Number(value) >= 1) out.step = given(out, 'step', out.step, Number(value))
      else out.problems.push(cutShortParam('step', value) ?? `step must be a step number (1, 2, …), got "${clip(value)}"`)
    } else if (name === 's') {
      if (out.s === undefined) out.s = value
      else out.problems.push('the link has more than one scenario (s); the first is used')
    } else {
      const seconds = name as 't' | 'mark' | 'automark'
      const sec = readSeconds(seconds, value, out.problems)
      if (sec !== undefined) out[seconds] = given(out, seconds, out[seconds], sec)
    }
  }
  return out
}

/**
 * `next` for a number parameter read again (a `&t=30` appended by hand to a link with `t=10`): the
 * last is used, as the appender meant, and said. The words do not begin with the parameter's name,
 * so they are not read as a bad moment (which would open at 0 s).
 */
function given(out: LinkHash, name: NumberParam, had: number | undefined, next: number): number {
  if (had !== undefined && had !== next) out.problems.push(`the link gives ${name} (${PARAM_WORDS[name]}) twice (${had}, then ${next}): the last is used`)
  return next
}

/**
 * Whether a hash opens compare mode: it names sides (`v=`), readable or not. A comparison cut inside
 * a side by a chat app is still a comparison: compare mode opens and says which side was cut, where
 * one highway would have said nothing of the comparison. Pure.
 */
export function isCompareLink(hash: string): boolean {
  const r = readLinkHash(hash)
  return r.v.length > 0 || (r.cutSides ?? 0) > 0
}

/** A stranger's text quoted in a problem: at most 40 characters, control and invisible ones escaped. */
function clip(s: string): string {
  return escapeUnprintable(s.length > 40 ? `${s.slice(0, 40)}…` : s)
}
