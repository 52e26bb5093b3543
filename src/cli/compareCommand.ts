// `highway compare`: the same workload under several variants (overrides), run side by side on
// worker threads; a table, JSON, or the page link that opens the comparison.

import { compareLinkHash, readLinkHash } from '../scenario/links.ts'
import { formatValue } from '../scenario/overridePath.ts'
import { parseVariant, parseVary, type OverrideSet, type OverrideValue, type Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import type { RunSummary } from '../sim/simulationApi.ts'
import { failure, LINK_SIDES_PATH, loadRun, parseArgs, parseDecimal, usageFailure, warningLines, type FlagSpec } from './args.ts'
import { runAll } from './compareRuns.ts'
import { formatCompareTable } from './compareTable.ts'
import type { CliIo, CommandResult } from './runCommand.ts'
import { withOverrides } from './simulate.ts'
import { placementWarnings, runWarnings, strictStop } from './warnings.ts'

export const MAX_RUNS = 16
/** The page lays out at most this many sides. */
export const MAX_LINK_SIDES = 4
export const DEFAULT_BASE_URL = 'http://localhost:5173/'

export const COMPARE_USAGE =
  "usage: highway compare (--scenario FILE|URL|ENCODED | --preset NAME) --variant 'LABEL: PATH=V, PATH=V' ...\n" +
  '                       [--vary PATH=V1,V2,...] [--seconds S] [--seed N] [--after SEC] [--json] [--link [--base-url URL]] [--strict]\n' +
  '  each --variant is one run (LABEL@SEC: applies its overrides from that second on); --vary adds one run per\n' +
  `  value for every variant (several --vary: every combination); at most ${MAX_RUNS} runs. A compare link as\n` +
  '  --scenario brings its variants when no --variant is given. --after SEC counts rebalance rows only for\n' +
  `  rebalances that start at or after SEC. --json prints {"runs":[{label, set, summary}]}, each summary as\n` +
  `  run --json prints it. --link prints the page link instead (at most ${MAX_LINK_SIDES} runs), opening paused\n` +
  '  at --seconds S when given, its difference strip counting from --after SEC when given.\n' +
  '  In a --variant, actions+=[{"do":…,"atSec":…}] adds actions to that run\'s script alone.\n' +
  '  Warnings (an unknown field, ignored; an action that can do nothing in a run) go to stderr, one line\n' +
  '  each, and the runs go on; --strict stops on any warning instead (exit 2, nothing run).'

export const COMPARE_FLAGS: FlagSpec = {
  value: new Set(['--scenario', '--preset', '--seconds', '--seed', '--after', '--base-url']),
  bool: new Set(['--json', '--link', '--strict', '--help']),
  repeat: new Set(['--variant', '--vary']),
}

export interface CompareIo extends Pick<CliIo, 'readFile'> {
  /** Each run's fraction done, as they advance; the CLI draws a line on a TTY only. */
  progress?: ((fractions: readonly number[]) => void) | undefined
}

export interface CompareOptions {
  /** false: simulate in this thread, one run after another (same results; for tests). */
  parallel?: boolean
}

/** Every variant × every combination of the --vary values; without variants, one run per combination. */
export function planRuns(variants: readonly Variant[], varies: ReadonlyArray<{ path: string; values: OverrideValue[] }>): Variant[] | string {
  let combos: Array<Array<[string, OverrideValue]>> = [[]]
  const seen = new Set<string>()
  for (const v of varies) {
    if (seen.has(v.path)) return `--vary ${v.path}: given twice`
    seen.add(v.path)
    combos = combos.flatMap((c) => v.values.map((x): Array<[string, OverrideValue]> => [...c, [v.path, x]]))
    if (combos.length > MAX_RUNS) break
  }
  const bases: Variant[] = variants.length > 0 ? [...variants] : [{ label: '', set: {} }]
  const runs: Variant[] = []
  for (const base of bases) {
    for (const combo of combos) {
      const set: OverrideSet = { ...base.set }
      for (const [path, value] of combo) {
        if (Object.hasOwn(set, path)) return `--vary ${path}: also set by --variant "${base.label}"`
        Object.defineProperty(set, path, { value, enumerable: true, writable: true, configurable: true })
      }
      const label = [base.label, ...combo.map(([, x]) => formatValue(x).replace(/:/g, ' '))].filter((s) => s !== '').join(' ')
      const run: Variant = base.atSec === undefined ? { label, set } : { label, atSec: base.atSec, set }
      // The side's own actions (actions+) go with every run made from it.
      if (base.actions !== undefined) run.actions = base.actions
      runs.push(run)
      if (runs.length > MAX_RUNS) return `at most ${MAX_RUNS} runs; these flags make more (${bases.length} variant(s) × ${combos.length} combination(s))`
    }
  }
  return runs
}

/** A compare link given as --scenario brings its sides along (when no --variant is given). */
function linkVariants(scenario: string | true | undefined): string[] {
  if (typeof scenario !== 'string') return []
  const hash = scenario.indexOf('#')
  return hash < 0 ? [] : readLinkHash(scenario.slice(hash)).v
}

const fail = (message: string, code = 2): CommandResult => failure('compare', message, code)

export async function runCompare(args: readonly string[], io: CompareIo, opts: CompareOptions = {}): Promise<CommandResult> {
  const p = parseArgs(args, COMPARE_FLAGS)
  if (typeof p === 'string') return usageFailure('compare', p)
  if (p.flags.has('--help')) return { stdout: `${COMPARE_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return usageFailure('compare', `unexpected argument "${p.positional[0]}"`)
  const l = loadRun(p, io.readFile)
  if (!l.ok) return fail(l.message)
  const { seconds, seed } = l
  const afterText = p.flags.get('--after')
  const afterSec = typeof afterText === 'string' ? parseDecimal(afterText) : null
  if (typeof afterText === 'string' && (afterSec === null || afterSec > seconds)) return fail(`--after must be a plain decimal number of seconds from 0 to the run's ${seconds}, got "${afterText}"`)

  const variants: Variant[] = []
  const fromLink = p.lists.get('--variant') === undefined
  // Run from the link's own sides: they are read after all, so the loader's word that they are not goes.
  if (fromLink && linkVariants(p.flags.get('--scenario')).length > 0) l.warnings = l.warnings.filter((w) => w.path !== LINK_SIDES_PATH)
  for (const text of p.lists.get('--variant') ?? linkVariants(p.flags.get('--scenario'))) {
    const r = parseVariant(text)
    if (!r.ok) return fail(`--variant ${r.message}`)
    variants.push(r.variant)
  }
  const varies: Array<{ path: string; values: OverrideValue[] }> = []
  for (const text of p.lists.get('--vary') ?? []) {
    const r = parseVary(text)
    if (!r.ok) return fail(`--vary ${r.message}`)
    varies.push(r)
  }
  if (variants.length === 0 && varies.length === 0) return fail("give at least one --variant 'LABEL: PATH=V, …' or --vary PATH=V1,V2")
  const plan = planRuns(variants, varies)
  if (typeof plan === 'string') return fail(plan)
  const labels = new Set<string>()
  for (const v of plan) {
    if (labels.has(v.label)) return fail(`two runs are labelled "${v.label}"; give each --variant its own label`)
    labels.add(v.label)
  }

  // Every run's scenario first: a bad path fails before anything is simulated.
  const scenarios: Scenario[] = []
  const notes: Array<{ where: string; note?: string | undefined }> = []
  for (const v of plan) {
    const r = withOverrides(l.scenario, v, seed)
    if (!r.ok) return fail(`run "${v.label}": ${r.path}: ${r.message}`)
    scenarios.push(r.scenario)
    notes.push({ where: `run "${v.label}"`, note: r.note })
  }
  // A typo in the file (an unknown field) is ignored by the runs; say so, as run does. So is an
  // imported placement a run's overrides dropped.
  const warnings = [...runWarnings(l, plan.map((v, i) => ({ label: v.label, scenario: scenarios[i]! }))), ...placementWarnings(notes)]
  const warn = warningLines('compare', warnings)
  const strict = p.flags.has('--strict') ? strictStop('compare', warnings) : null

  if (p.flags.has('--link')) {
    if (p.flags.has('--json')) return fail('give --link or --json, not both')
    if (plan.length > MAX_LINK_SIDES) return fail(`--link: the page shows at most ${MAX_LINK_SIDES} sides; these flags make ${plan.length} runs`)
    if (strict !== null) return strict
    const baseUrl = p.flags.get('--base-url')
    const href = typeof baseUrl === 'string' ? baseUrl : DEFAULT_BASE_URL
    const workload = seed === undefined ? l.scenario : { ...l.scenario, seed }
    // Where the table would be read: the page opens paused at --seconds (when given), its difference
    // strip counting from --after (a set mark, as "Set mark here" makes).
    const at: { t?: number; mark?: number } = {}
    if (p.flags.has('--seconds')) at.t = seconds
    if (afterSec !== null) at.mark = afterSec
    return { stdout: `${href.split('#')[0]}#${compareLinkHash(workload, plan, at)}\n`, stderr: warn, code: 0 }
  }
  if (p.flags.has('--base-url')) return fail('--base-url goes with --link')
  if (strict !== null) return strict

  const result = await runAll(
    scenarios.map((scenario, index) => ({ index, scenario, seconds })),
    { parallel: opts.parallel !== false, progress: io.progress },
  )
  if (!result.ok) {
    const who = result.index >= 0 ? `run "${plan[result.index]!.label}": ` : ''
    return fail(`${who}the simulation stopped: ${result.message}`, 1)
  }
  if (p.flags.has('--json')) {
    // Each summary is spliced in as the worker wrote it: the same bytes `run --json` prints.
    const items = plan.map((v, i) => {
      const at = v.atSec === undefined ? '' : `,"atSec":${JSON.stringify(v.atSec)}`
      return `{"label":${JSON.stringify(v.label)}${at},"set":${JSON.stringify(v.set)},"summary":${result.runs[i]!.summaryJson}}`
    })
    return { stdout: `{"runs":[${items.join(',')}]}\n`, stderr: warn, code: 0 }
  }
  const runs = plan.map((v, i) => ({ label: v.label, summary: JSON.parse(result.runs[i]!.summaryJson) as RunSummary, lag: result.runs[i]!.lag }))
  return { stdout: formatCompareTable(runs, { afterSec }), stderr: warn, code: 0 }
}
