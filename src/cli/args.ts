// Argument reading shared by `run`, `validate` and `compare`: flags, plain decimals, the scenario
// named by --scenario or --preset. Pure apart from the injected file reader.

import { escapeUnprintable, getPreset, presets, scenarioFromInput, type Issue, type Scenario } from '../scenario/index.ts'
import { readLinkHash } from '../scenario/links.ts'
import { unwrapScenarioJson } from './scenarioEnvelope.ts'
import type { TextRead } from './textFile.ts'

export interface ParsedArgs {
  flags: Map<string, string | true>
  /** Values of repeatable flags (--set, --variant, --vary), in order. */
  lists: Map<string, string[]>
  positional: string[]
}

export interface FlagSpec {
  value: ReadonlySet<string>
  bool: ReadonlySet<string>
  repeat?: ReadonlySet<string>
}

/** `--flag value`, `--flag=value`, boolean `--flag`; a value flag given twice is an error, a repeatable one collects. */
export function parseArgs(args: readonly string[], spec: FlagSpec): ParsedArgs | string {
  const flags = new Map<string, string | true>()
  const lists = new Map<string, string[]>()
  const positional: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    const eq = a.indexOf('=')
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a
    const repeat = spec.repeat?.has(name) === true
    if (spec.value.has(name) || repeat) {
      const v = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : args[++i]
      if (v === undefined) return `${name} needs a value`
      if (repeat) lists.set(name, [...(lists.get(name) ?? []), v])
      else if (flags.has(name)) return `${name} given twice`
      else flags.set(name, v)
    } else if (spec.bool.has(a)) flags.set(a, true)
    else if (a.startsWith('--')) return `unknown option ${a}`
    else positional.push(a)
  }
  return { flags, lists, positional }
}

/** Longest run the CLI simulates (a day, the scenario's own limit). */
export const MAX_SECONDS = 86_400

/**
 * A command-line number: plain decimal digits with an optional fraction ("90", "2.5"). Hex, exponents,
 * signs, spaces, "Infinity" and trailing garbage ("0x10", "1e3", "12abc") are refused, not guessed at.
 */
export function parseDecimal(text: string): number | null {
  if (!/^\d{1,15}(\.\d{1,15})?$/.test(text)) return null
  return Number(text)
}

/** --seconds: the run's length, or a message. */
export function readSeconds(text: string | true | undefined, fallback: number): number | string {
  if (typeof text !== 'string') return fallback
  const parsed = parseDecimal(text)
  if (parsed === null || parsed <= 0 || parsed > MAX_SECONDS) return `--seconds must be a plain decimal number in (0, ${MAX_SECONDS}], got "${text}"`
  return parsed
}

/** --seed: a uint32, undefined when not given, or a message. */
export function readSeed(text: string | true | undefined): number | undefined | string {
  if (typeof text !== 'string') return undefined
  const seed = parseDecimal(text)
  if (seed === null || !Number.isInteger(seed) || seed > 0xffffffff) return `--seed must be an integer in [0, 4294967295], got "${text}"`
  return seed
}

export function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!
}

/** One problem as a line: "path: message" ("#", the input as a whole, names no path). */
function issueText(i: Issue): string {
  return i.path === '#' || i.path === '' ? i.message : `${i.path}: ${i.message}`
}

/** A scenario's problems, one line each ("invalid scenario: topic.partitions: must be ≥ 1"). */
export function formatIssues(issues: readonly Issue[]): string {
  return issues.map((i) => `invalid scenario: ${issueText(i)}`).join('\n')
}

/** Warnings on stderr, one line each and named by the command ("run: warning: bogus: unknown field (ignored)"). */
export function warningLines(cmd: string, issues: readonly Issue[]): string {
  return issues.map((i) => `${cmd}: warning: ${issueText(i)}\n`).join('')
}

/** A failure on stderr: each line of `message` is one problem, named by the command. */
export function failure(cmd: string, message: string, code = 2): { stdout: string; stderr: string; code: number } {
  return { stdout: '', stderr: message.split('\n').map((l) => `${cmd}: ${l}\n`).join(''), code }
}

/**
 * A usage mistake (unknown option, missing value) in one line: what is wrong and where the help
 * is. The usage itself is --help's: printed after every mistake it buried the one line that mattered.
 */
export function usageFailure(cmd: string, message: string): { stdout: string; stderr: string; code: number } {
  return { stdout: '', stderr: `${cmd}: ${message} (see highway ${cmd} --help)\n`, code: 2 }
}

export type Loaded = { ok: true; scenario: Scenario; warnings: Issue[] } | { ok: false; message: string }

/** --scenario FILE|URL|ENCODED or --preset NAME → a validated scenario, or a readable problem. */
export function loadScenario(p: ParsedArgs, readFile: (path: string) => TextRead): Loaded {
  const sc = p.flags.get('--scenario')
  const pr = p.flags.get('--preset')
  if (sc !== undefined && pr !== undefined) return { ok: false, message: 'give either --scenario or --preset, not both' }
  if (typeof pr === 'string') {
    const preset = getPreset(pr)
    if (!preset) return { ok: false, message: `unknown preset "${pr}"; presets: ${presets.map((x) => x.name).join(', ')}` }
    return { ok: true, scenario: preset.build(), warnings: [] }
  }
  if (typeof sc === 'string') {
    let text = sc
    const looksLikeInline = /^v\d+\./.test(sc) || sc.includes('#s=') || sc.includes('?s=') || sc.trimStart().startsWith('{')
    if (!looksLikeInline) {
      const file = readFile(sc)
      if (!file.ok) {
        const notInline = file.problem === 'no such file' ? ', and not a scenario link or encoded scenario' : ''
        return { ok: false, message: `--scenario ${sc}: ${file.problem}${notInline}` }
      }
      text = file.text
      // A file's text that is neither JSON nor a link would otherwise be read as an encoded link and
      // answered "the link has no format prefix", which says nothing about a file of the wrong kind.
      const t = text.trim()
      if (t !== '' && !/^[{[]/.test(t) && !/^(v\d+\.|s=)/.test(t) && !/[#?]s=/.test(t)) {
        return { ok: false, message: `--scenario ${sc}: not a scenario (expected a JSON object, a page link or an encoded v1.… scenario), it starts "${escapeUnprintable(t.slice(0, 24).replace(/\s+/g, ' '))}"` }
      }
    }
    const own = unwrapScenarioJson(text)
    if (!own.ok) return { ok: false, message: `--scenario ${looksLikeInline ? 'JSON' : sc}: ${own.problem}` }
    text = own.text
    const r = scenarioFromInput(text)
    if (!r.ok) return { ok: false, message: formatIssues(r.errors) }
    const sides = linkSides(text)
    return { ok: true, scenario: r.scenario, warnings: sides === null ? r.warnings : [...r.warnings, sides] }
  }
  return { ok: false, message: 'give --scenario FILE|URL|ENCODED or --preset NAME' }
}

/** The path of the warning that a compare link's sides are not run (compare, running them, drops it). */
export const LINK_SIDES_PATH = 'v'

/**
 * A compare link's sides (`v=`) are the page's and `compare --scenario LINK`'s: a command that reads
 * only the shared workload says so, or a participant took its numbers for a side's.
 */
function linkSides(text: string): Issue | null {
  const hash = text.indexOf('#')
  const n = hash < 0 ? 0 : readLinkHash(text.slice(hash)).v.length
  if (n === 0) return null
  return { path: LINK_SIDES_PATH, message: `the link compares ${n} side${n === 1 ? '' : 's'}; only its shared workload (s=) is read here: highway compare --scenario LINK runs them` }
}

export type LoadedRun = { ok: true; scenario: Scenario; warnings: Issue[]; seconds: number; seed: number | undefined } | { ok: false; message: string }

/** What `run` and `compare` both read first: the scenario, --seconds (default its durationSec) and --seed. */
export function loadRun(p: ParsedArgs, readFile: (path: string) => TextRead): LoadedRun {
  const l = loadScenario(p, readFile)
  if (!l.ok) return l
  const seconds = readSeconds(p.flags.get('--seconds'), l.scenario.durationSec)
  if (typeof seconds === 'string') return { ok: false, message: seconds }
  const seed = readSeed(p.flags.get('--seed'))
  if (typeof seed === 'string') return { ok: false, message: seed }
  return { ...l, seconds, seed }
}
