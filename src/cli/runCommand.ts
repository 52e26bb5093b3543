// `highway run` and `highway validate`: parse arguments, load the scenario, run headless.
// Pure apart from the injected I/O (file reading, progress), so tests call it directly.

import { presets, validateScenario } from '../scenario/index.ts'
import { parseSet, SIDE_ACTIONS, type OverrideSet } from '../scenario/overrides.ts'
import type { ScenarioAction } from '../scenario/types.ts'
import type { RunSummary } from '../sim/simulationApi.ts'
import { failure, formatIssues, loadRun, loadScenario, oneLine, parseArgs, parseDecimal, usageFailure, warningLines, type FlagSpec } from './args.ts'
import { defaultStepMs, simulateCsv, simulateRun, withOverrides } from './simulate.ts'
import type { TextRead } from './textFile.ts'
import { placementWarnings, runWarnings, strictStop, unknownFieldsStop } from './warnings.ts'

export { parseDecimal } from './args.ts'

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

export const RUN_FLAGS: FlagSpec = {
  value: new Set(['--scenario', '--preset', '--seconds', '--seed', '--step-ms', '--checkpoint-at']),
  bool: new Set(['--json', '--csv', '--strict', '--help']),
  repeat: new Set(['--set']),
}

export const VALIDATE_FLAGS: FlagSpec = {
  value: new Set(['--scenario', '--preset']),
  bool: new Set(['--help']),
  repeat: new Set(['--set']),
}
/** run's options that validate does not take: named as such rather than as unknown. */
const RUN_ONLY = ['--seconds', '--seed', '--step-ms', '--checkpoint-at', '--json', '--csv', '--strict']

/**
 * --set PATH=VALUE, each: the overrides in order, or the first problem in one line.
 * `--set 'actions+=[{…}]'` adds actions to the script (merged by time), as in a compare variant.
 */
export function readSets(texts: readonly string[]): { ok: true; set: OverrideSet; actions?: ScenarioAction[] } | { ok: false; message: string } {
  const set: OverrideSet = {}
  let actions: ScenarioAction[] | undefined
  for (const t of texts) {
    const p = parseSet(t)
    if (!p.ok) return { ok: false, message: `--set ${t}: ${p.message}` }
    if (p.path === SIDE_ACTIONS) {
      if (actions !== undefined) return { ok: false, message: `--set ${SIDE_ACTIONS}: given twice (put every action in one list)` }
      const list = Array.isArray(p.value) ? (p.value as unknown[]) : [p.value]
      // Their fields are the validator's to check; here only their shape.
      if (!list.every((a) => typeof a === 'object' && a !== null && !Array.isArray(a))) return { ok: false, message: `--set ${SIDE_ACTIONS}: takes a JSON list of actions, e.g. [{"do":"crashBroker","broker":2,"atSec":30}]` }
      actions = list as ScenarioAction[]
      continue
    }
    if (Object.hasOwn(set, p.path)) return { ok: false, message: `--set ${p.path}: given twice` }
    Object.defineProperty(set, p.path, { value: p.value, enumerable: true, writable: true, configurable: true })
  }
  return actions === undefined ? { ok: true, set } : { ok: true, set, actions }
}

export const RUN_USAGE =
  'usage: highway run (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...] [--seconds S] [--seed N] [--step-ms MS] [--checkpoint-at SEC] [--json | --csv] [--strict]\n' +
  '  --set overrides a setting by its dotted path (group.protocol=cooperative, group.config.session.timeout.ms=10000,\n' +
  '    producers.0.rate.perSec=900); the value is JSON when it parses as JSON, else text ("123" in quotes for a text);\n' +
  '    --set \'actions+=[{"do":"crashBroker","broker":2,"atSec":30}]\' adds scripted actions (faults, joins, …);\n' +
  '    broker faults: crashBroker, shutdownBroker (controlled: leaders move first), restartBroker, slowBroker\n' +
  '  numbers are plain decimals (90, 2.5; not 1e3 or 0x10)\n' +
  '  --seconds S  how far to run (default: the scenario\'s durationSec); --seed N replaces its seed\n' +
  '  --json prints the summary as one JSON object (README "run --json")\n' +
  '  --csv prints the run data instead: one row per simulated second and partition\n' +
  '    (t,partition,owner,produced,consumed,lag,in_rate; see README "Run data (CSV)")\n' +
  '  --step-ms MS, --checkpoint-at SEC  step the run in MS chunks / save and restore it at SEC: the\n' +
  '    same bytes whatever they are (a check of determinism)\n' +
  '  warnings (an unknown field, ignored; an action that can do nothing) go to stderr, one line each, and the\n' +
  '    run goes on; --strict stops on any warning instead (exit 2, nothing run)'
export const VALIDATE_USAGE =
  'usage: highway validate (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...]\n' +
  '  checks the scenario (after the --set overrides, as run applies them): exit 0 and one line, or exit 2\n' +
  '  and one line per problem naming its path. An unknown field (a typo, or a field of a newer version) is a\n' +
  '  problem here, with the field it most likely meant, and so is a key given twice (JSON keeps the last):\n' +
  '  run and compare ignore them with a warning, or stop on them in their strict mode. Other warnings\n' +
  '  (an action that can do nothing) are printed, exit 0'

export function runValidate(args: readonly string[], io: CliIo): CommandResult {
  const runOnly = args.find((a) => RUN_ONLY.includes(a.split('=')[0]!))
  if (runOnly !== undefined) return usageFailure('validate', `${runOnly.split('=')[0]} is an option of run, not validate`)
  const p = parseArgs(args, VALIDATE_FLAGS)
  if (typeof p === 'string') return usageFailure('validate', p)
  if (p.flags.has('--help')) return { stdout: `${VALIDATE_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return usageFailure('validate', `unexpected argument "${p.positional[0]}"`)
  const l = loadScenario(p, io.readFile)
  if (!l.ok) return failure('validate', l.message)
  const sets = readSets(p.lists.get('--set') ?? [])
  if (!sets.ok) return failure('validate', sets.message)
  const prepared = withOverrides(l.scenario, { set: sets.set, ...(sets.actions ? { actions: sets.actions } : {}) }, undefined)
  if (!prepared.ok) return failure('validate', `--set ${prepared.path}: ${prepared.message}`)
  const v = validateScenario(prepared.scenario)
  if (!v.ok) return failure('validate', formatIssues(v.errors))
  const warn = [...runWarnings(l, [{ label: '', scenario: v.scenario }]), ...placementWarnings([{ where: '--set', note: prepared.note }])]
  const unknown = unknownFieldsStop(warn)
  if (unknown !== null) return unknown
  return { stdout: `valid: "${v.scenario.name}" (${v.scenario.topic.partitions} partitions, ${v.scenario.group.consumers} consumers, protocol ${v.scenario.group.protocol})\n`, stderr: warningLines('validate', warn), code: 0 }
}

export function runRun(args: readonly string[], io: CliIo): CommandResult {
  const fail = (message: string): CommandResult => failure('run', message)
  const p = parseArgs(args, RUN_FLAGS)
  if (typeof p === 'string') return usageFailure('run', p)
  if (p.flags.has('--help')) return { stdout: `${RUN_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return usageFailure('run', `unexpected argument "${p.positional[0]}"`)
  const l = loadRun(p, io.readFile)
  if (!l.ok) return fail(l.message)
  const { seconds, seed } = l
  const sets = readSets(p.lists.get('--set') ?? [])
  if (!sets.ok) return fail(sets.message)
  const prepared = withOverrides(l.scenario, { set: sets.set, ...(sets.actions ? { actions: sets.actions } : {}) }, seed)
  if (!prepared.ok) return fail(`--set ${prepared.path}: ${prepared.message}`)
  const warnings = [...runWarnings(l, [{ label: '', scenario: prepared.scenario }]), ...placementWarnings([{ where: '--set', note: prepared.note }])]
  const warn = warningLines('run', warnings)
  if (p.flags.has('--csv')) {
    for (const f of ['--json', '--step-ms', '--checkpoint-at']) if (p.flags.has(f)) return fail(`--csv cannot be combined with ${f}`)
    const strict = p.flags.has('--strict') ? strictStop('run', warnings) : null
    if (strict !== null) return strict
    try {
      const csv = simulateCsv({ scenario: prepared.scenario, seconds }, io.progress)
      return { stdout: csv, stderr: warn, code: 0 }
    } catch (e) {
      return failure('run', `the simulation stopped: ${oneLine(e)}`, 1)
    }
  }
  const stepText = p.flags.get('--step-ms')
  const endMs = seconds * 1000
  let stepMs = defaultStepMs(seconds)
  if (typeof stepText === 'string') {
    const parsed = parseDecimal(stepText)
    if (parsed === null || parsed < 0.001 || endMs / parsed > 1e8) return fail(`--step-ms must be a plain decimal number of ms from 0.001, at most 1e8 steps in the run, got "${stepText}"`)
    stepMs = parsed
  }
  const cpText = p.flags.get('--checkpoint-at')
  let checkpointAtMs: number | null = null
  if (typeof cpText === 'string') {
    const sec = parseDecimal(cpText)
    if (sec === null || sec > seconds) return fail(`--checkpoint-at must be a number of seconds from 0 to the run's ${seconds}, got "${cpText}"`)
    checkpointAtMs = sec * 1000
  }
  const strict = p.flags.has('--strict') ? strictStop('run', warnings) : null
  if (strict !== null) return strict
  let summary: RunSummary
  try {
    summary = simulateRun({ scenario: prepared.scenario, seconds, stepMs, checkpointAtMs }, io.progress).summary
  } catch (e) {
    // A scenario the validator accepted must not do this; say so in one line, not a stack trace.
    return failure('run', `the simulation stopped: ${oneLine(e)}`, 1)
  }
  if (p.flags.has('--json')) return { stdout: `${JSON.stringify(summary)}\n`, stderr: warn, code: 0 }
  return { stdout: formatSummary(summary), stderr: warn, code: 0 }
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
  if (s.lostRecords === undefined && s.failedSends !== undefined) lines.push(`  expired    failed sends ${n(s.failedSends)} (held in producers past delivery.timeout.ms)`)
  if (s.lostRecords !== undefined) lines.push(`  faults     lost records ${n(s.lostRecords)}   failed sends ${n(s.failedSends ?? 0)}   brokers down ${s.brokers.filter((b) => b.up === false).map((b) => `b${b.broker}`).join(', ') || 'none'}`)
  const pl = s.pausedLanes
  if (pl !== undefined) {
    const most = pl.most === null ? 'none' : `${pl.most.lanes} at ${pl.most.atSec} s (${pl.most.noLeader} no leader, ${pl.most.underMinIsr} under min ISR, ${pl.most.followerDown} waiting for a crashed follower)`
    lines.push(`  paused     ${pl.lanes} lanes now (offline partitions ${pl.offlinePartitions}, under min ISR ${pl.underMinIsrPartitions})   most at once ${most}   ${pl.partitionSeconds} partition-seconds`)
  }
  for (const r of s.refusedPartitionAdds ?? []) lines.push(`  refused    addPartitions at ${r.atSec} s (${r.from} → ${r.to}): InvalidReplicationFactorException: ${r.error} The topic kept ${r.from} partitions.`)
  if (s.skippedByOffsetReset > 0) lines.push(`  skipped    ${n(s.skippedByOffsetReset)} records never delivered: new partitions had no committed offset and auto.offset.reset=latest`)
  lines.push(`  rebalances ${s.rebalances} (generation ${s.generation})   partitions revoked ${s.revokedPartitions} lost ${s.lostPartitions}   stopped partition-seconds ${s.stoppedPartitionSeconds}${s.storm ? `   STORM (${s.maxRebalancesPerMinute}/min)` : ''}`)
  // One line for the cluster: each broker's leaders and last-second append rate, HOT when flagged.
  lines.push(`  brokers    ${s.brokers.map((b) => `b${b.broker}: ${b.up === false ? 'DOWN ' : ''}${b.leaders} leaders ${n(b.recordsInPerSec)} rec/s in${b.hot ? ' HOT' : ''}`).join('   ')}`)
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

export const PRESETS_USAGE = 'usage: highway presets\n  lists the built-in scenarios, name and title; every command that reads a scenario takes one by its name'

export function runPresets(args: readonly string[] = []): CommandResult {
  if (args.length === 1 && args[0] === '--help') return { stdout: `${PRESETS_USAGE}\n`, stderr: '', code: 0 }
  if (args.length > 0) return usageFailure('presets', `unexpected argument "${args[0]}"`)
  const width = Math.max(...presets.map((p) => p.name.length))
  const out = presets.map((p) => `${p.name.padEnd(width)}  ${p.title}`).join('\n')
  return { stdout: `${out}\n`, stderr: '', code: 0 }
}
