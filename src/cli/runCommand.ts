// `highway run` and `highway validate`: parse arguments, load the scenario, run headless.
// Pure apart from the injected I/O (file reading, progress), so tests call it directly.

import { getPreset, presets, scenarioFromInput, validateScenario, type Issue, type Scenario } from '../scenario/index.ts'
import { checkpointFromJson, checkpointToJson } from '../engine/checkpointJson.ts'
import { createSimulation, restoreSimulation } from '../sim/simulation.ts'
import type { RunSummary, SimCheckpoint, Simulation } from '../sim/simulationApi.ts'
import type { TextRead } from './textFile.ts'

export interface CommandResult {
  stdout: string
  stderr: string
  code: number
}

export interface CliIo {
  /** The file's text, or why it cannot be used ("no such file", "is a directory", "is too large (…)"). */
  readFile(path: string): TextRead
  /** Called as the run advances (fraction 0..1); the CLI draws it on a TTY only. */
  progress?: ((fraction: number, simSeconds: number) => void) | undefined
}

interface ParsedArgs {
  flags: Map<string, string | true>
  positional: string[]
}

const VALUE_FLAGS = new Set(['--scenario', '--preset', '--seconds', '--seed', '--step-ms', '--checkpoint-at'])
const BOOL_FLAGS = new Set(['--json', '--help'])

function parseArgs(args: readonly string[]): ParsedArgs | string {
  const flags = new Map<string, string | true>()
  const positional: string[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    const eq = a.indexOf('=')
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a
    if (VALUE_FLAGS.has(name)) {
      const v = eq > 0 && a.startsWith('--') ? a.slice(eq + 1) : args[++i]
      if (v === undefined) return `${name} needs a value`
      if (flags.has(name)) return `${name} given twice`
      flags.set(name, v)
    } else if (BOOL_FLAGS.has(a)) flags.set(a, true)
    else if (a.startsWith('--')) return `unknown option ${a}`
    else positional.push(a)
  }
  return { flags, positional }
}

/** Longest run the CLI simulates (a day, the scenario's own limit). */
const MAX_SECONDS = 86_400

/**
 * A command-line number: plain decimal digits with an optional fraction ("90", "2.5"). Hex, exponents,
 * signs, spaces, "Infinity" and trailing garbage ("0x10", "1e3", "12abc") are refused, not guessed at.
 */
export function parseDecimal(text: string): number | null {
  if (!/^\d{1,15}(\.\d{1,15})?$/.test(text)) return null
  return Number(text)
}

function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!
}

function formatIssues(issues: readonly Issue[]): string {
  return issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')
}

type Loaded = { ok: true; scenario: Scenario; warnings: Issue[] } | { ok: false; message: string }

/** --scenario FILE|URL|ENCODED or --preset NAME → a validated scenario, or a readable problem. */
function loadScenario(p: ParsedArgs, io: CliIo): Loaded {
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
      const file = io.readFile(sc)
      if (!file.ok) {
        const notInline = file.problem === 'no such file' ? ', and not a scenario link or encoded scenario' : ''
        return { ok: false, message: `--scenario ${sc}: ${file.problem}${notInline}` }
      }
      text = file.text
    }
    const r = scenarioFromInput(text)
    if (!r.ok) return { ok: false, message: `invalid scenario:\n${formatIssues(r.errors)}` }
    return { ok: true, scenario: r.scenario, warnings: r.warnings }
  }
  return { ok: false, message: 'give --scenario FILE|URL|ENCODED or --preset NAME' }
}

export const RUN_USAGE =
  'usage: highway run (--scenario FILE|URL|ENCODED | --preset NAME) [--seconds S] [--seed N] [--step-ms MS] [--checkpoint-at SEC] [--json]\n' +
  '  numbers are plain decimals (90, 2.5; not 1e3 or 0x10)'
export const VALIDATE_USAGE = 'usage: highway validate (--scenario FILE|URL|ENCODED | --preset NAME)'

export function runValidate(args: readonly string[], io: CliIo): CommandResult {
  const p = parseArgs(args)
  if (typeof p === 'string') return { stdout: '', stderr: `validate: ${p}\n${VALIDATE_USAGE}\n`, code: 2 }
  if (p.flags.has('--help')) return { stdout: `${VALIDATE_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return { stdout: '', stderr: `validate: unexpected argument "${p.positional[0]}"\n${VALIDATE_USAGE}\n`, code: 2 }
  for (const f of ['--seconds', '--seed', '--json']) if (p.flags.has(f)) return { stdout: '', stderr: `validate: ${f} is an option of run, not validate\n${VALIDATE_USAGE}\n`, code: 2 }
  const l = loadScenario(p, io)
  if (!l.ok) return { stdout: '', stderr: `validate: ${l.message}\n`, code: 2 }
  const v = validateScenario(l.scenario)
  if (!v.ok) return { stdout: '', stderr: `validate: invalid scenario:\n${formatIssues(v.errors)}\n`, code: 2 }
  const warn = [...l.warnings, ...v.warnings]
  return { stdout: `valid: "${v.scenario.name}" (${v.scenario.topic.partitions} partitions, ${v.scenario.group.consumers} consumers, protocol ${v.scenario.group.protocol})\n`, stderr: warn.length ? `warnings:\n${formatIssues(warn)}\n` : '', code: 0 }
}

export function runRun(args: readonly string[], io: CliIo): CommandResult {
  const p = parseArgs(args)
  if (typeof p === 'string') return { stdout: '', stderr: `run: ${p}\n${RUN_USAGE}\n`, code: 2 }
  if (p.flags.has('--help')) return { stdout: `${RUN_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return { stdout: '', stderr: `run: unexpected argument "${p.positional[0]}"\n${RUN_USAGE}\n`, code: 2 }
  const l = loadScenario(p, io)
  if (!l.ok) return { stdout: '', stderr: `run: ${l.message}\n`, code: 2 }
  const scenario = l.scenario
  const secText = p.flags.get('--seconds')
  let seconds = scenario.durationSec
  if (typeof secText === 'string') {
    const parsed = parseDecimal(secText)
    if (parsed === null || parsed <= 0 || parsed > MAX_SECONDS) return { stdout: '', stderr: `run: --seconds must be a plain decimal number in (0, ${MAX_SECONDS}], got "${secText}"\n`, code: 2 }
    seconds = parsed
  }
  const seedText = p.flags.get('--seed')
  if (typeof seedText === 'string') {
    const seed = parseDecimal(seedText)
    if (seed === null || !Number.isInteger(seed) || seed > 0xffffffff) return { stdout: '', stderr: `run: --seed must be an integer in [0, 4294967295], got "${seedText}"\n`, code: 2 }
    scenario.seed = seed
  }
  const stepText = p.flags.get('--step-ms')
  const endMs = seconds * 1000
  let stepMs = Math.max(1000, endMs / 200)
  if (typeof stepText === 'string') {
    const parsed = parseDecimal(stepText)
    if (parsed === null || parsed < 0.001 || endMs / parsed > 1e8) return { stdout: '', stderr: `run: --step-ms must be a plain decimal number of ms from 0.001, at most 1e8 steps in the run, got "${stepText}"\n`, code: 2 }
    stepMs = parsed
  }
  const cpText = p.flags.get('--checkpoint-at')
  let checkpointAt: number | null = null
  if (typeof cpText === 'string') {
    const sec = parseDecimal(cpText)
    if (sec === null || sec > seconds) return { stdout: '', stderr: `run: --checkpoint-at must be a number of seconds from 0 to the run's ${seconds}, got "${cpText}"\n`, code: 2 }
    checkpointAt = sec * 1000
  }
  let sim: Simulation | null = null
  try {
    sim = runSteps(createSimulation(scenario), endMs, stepMs, checkpointAt, io)
  } catch (e) {
    // A scenario the validator accepted must not do this; say so in one line, not a stack trace.
    return { stdout: '', stderr: `run: the simulation stopped: ${oneLine(e)}\n`, code: 1 }
  }
  const summary = sim.summary()
  summary.events = sim.eventsProcessed()
  const warn = l.warnings.length ? `warnings:\n${formatIssues(l.warnings)}\n` : ''
  if (p.flags.has('--json')) return { stdout: `${JSON.stringify(summary)}\n`, stderr: warn, code: 0 }
  return { stdout: formatSummary(summary), stderr: warn, code: 0 }
}

/**
 * Advances in `stepMs` chunks to `endMs`. At `checkpointAt` the run is checkpointed, written as
 * JSON text, read back into a fresh simulation and continued there, as a saved run would be.
 * However the run is stepped or checkpointed, the result is the same (a tested property).
 */
function runSteps(first: Simulation, endMs: number, stepMs: number, checkpointAt: number | null, io: CliIo): Simulation {
  let sim = first
  let pending = checkpointAt
  let lastShown = -1
  for (let i = 1; sim.now() < endMs || pending !== null; i++) {
    const next = Math.min(i * stepMs, endMs)
    if (pending !== null && pending <= next) {
      sim.advanceTo(pending)
      const text = checkpointToJson(sim.checkpoint())
      sim = restoreSimulation(checkpointFromJson(text) as SimCheckpoint)
      pending = null
    }
    sim.advanceTo(next)
    const shown = Math.floor((100 * next) / endMs)
    if (shown !== lastShown) {
      lastShown = shown
      io.progress?.(next / endMs, sim.now() / 1000)
    }
  }
  return sim
}

function n(x: number): string {
  return Math.round(x).toLocaleString('en-US')
}

/** The human-readable summary: headline figures, then one line per partition and per rebalance. */
export function formatSummary(s: RunSummary): string {
  const lines: string[] = []
  lines.push(`Partition Highway — "${s.scenario}", seed ${s.seed}, ${s.simSeconds} s simulated`)
  lines.push('')
  lines.push(`  produced   ${n(s.produced)} records   consumed ${n(s.consumed)}   lag ${n(s.lag)}${s.producerBuffered ? `   queued in producers ${n(s.producerBuffered)}` : ''}`)
  const ms = (x: number | null): string => (x === null ? '—' : `${x} ms`)
  lines.push(`  latency    p50 ${ms(s.latencyMs.p50)}   p95 ${ms(s.latencyMs.p95)}   p99 ${ms(s.latencyMs.p99)}   max ${ms(s.latencyMs.max)}`)
  lines.push(`  skew       busiest partition got ${s.skewRatio}× the mean`)
  lines.push(`  duplicates ${n(s.duplicates)}   ordering violations ${n(s.orderingViolations)}   remapped keys ${n(s.remappedKeys)}`)
  if (s.skippedByOffsetReset > 0) lines.push(`  skipped    ${n(s.skippedByOffsetReset)} records never delivered: new partitions had no committed offset and auto.offset.reset=latest`)
  lines.push(`  rebalances ${s.rebalances} (generation ${s.generation})   partitions revoked ${s.revokedPartitions} lost ${s.lostPartitions}   stopped partition-seconds ${s.stoppedPartitionSeconds}${s.storm ? `   STORM (${s.maxRebalancesPerMinute}/min)` : ''}`)
  if (s.hotKeys.some((k) => k.flagged)) lines.push(`  hot keys   ${s.hotKeys.filter((k) => k.flagged).map((k) => `"${k.key}" ${(k.share * 100).toFixed(0)} %`).join(', ')}`)
  lines.push('')
  lines.push('  partition  produced     consumed     lag          owner')
  for (const p of s.partitions.slice(0, 64)) {
    lines.push(`  ${String(p.partition).padStart(9)}  ${n(p.produced).padEnd(11)}  ${n(p.consumed).padEnd(11)}  ${n(p.lag).padEnd(11)}  ${p.owner ?? '—'}`)
  }
  if (s.partitions.length > 64) lines.push(`  … ${s.partitions.length - 64} more partitions (use --json for all)`)
  if (s.rebalanceLog.length > 0) {
    lines.push('')
    lines.push('  rebalances')
    for (const r of s.rebalanceLog.slice(0, 40)) {
      lines.push(`  ${(r.startMs / 1000).toFixed(1).padStart(7)} s  gen ${r.generation}  ${r.durationMs === null ? 'ongoing' : `${(r.durationMs / 1000).toFixed(2)} s`}  revoked ${r.revoked}  lost ${r.lost}  assigned ${r.assigned}  members ${r.members}  — ${r.trigger}`)
    }
    if (s.rebalanceLog.length > 40) lines.push(`  … ${s.rebalanceLog.length - 40} more`)
  }
  return `${lines.join('\n')}\n`
}

export function runPresets(args: readonly string[] = []): CommandResult {
  if (args.length > 0) return { stdout: '', stderr: `presets: unexpected argument "${args[0]}"\nusage: highway presets\n`, code: 2 }
  const width = Math.max(...presets.map((p) => p.name.length))
  const out = presets.map((p) => `${p.name.padEnd(width)}  ${p.title}`).join('\n')
  return { stdout: `${out}\n`, stderr: '', code: 0 }
}
