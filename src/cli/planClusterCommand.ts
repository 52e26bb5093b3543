// `highway plan-cluster`: runs the scenario to a moment and prints the cluster balancer's plan
// there — the moves, their bytes and time under the throttle, the goals, broker load before/after.
// Pure apart from the injected file reader, so tests call it directly.

import { DEFAULT_THROTTLE_BYTES_PER_SEC, type ClusterPlanView } from '../sim/brokers/planRun.ts'
import { brokerName, duration, megabytes } from '../sim/brokers/reassignNarration.ts'
import { createSimulation } from '../sim/simulation.ts'
import { failure, loadRun, oneLine, parseArgs, parseDecimal, usageFailure, warningLines, type FlagSpec } from './args.ts'
import { readSets, type CliIo, type CommandResult } from './runCommand.ts'
import { withOverrides } from './simulate.ts'
import { placementWarnings } from './warnings.ts'

export const PLAN_CLUSTER_FLAGS: FlagSpec = {
  value: new Set(['--scenario', '--preset', '--at', '--throttle', '--seed']),
  bool: new Set(['--json', '--help']),
  repeat: new Set(['--set']),
}

export const PLAN_CLUSTER_USAGE =
  'usage: highway plan-cluster (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...] [--at SEC] [--throttle BYTES_PER_SEC] [--seed N] [--json]\n' +
  '  runs the scenario to --at seconds (default: its durationSec) and prints the Cruise-Control-style plan\n' +
  '  rebalanceCluster would run there: leader moves, replica moves (bytes, time under --throttle,\n' +
  `  default ${DEFAULT_THROTTLE_BYTES_PER_SEC} bytes/s), goals met before/after, broker load before/after\n` +
  '  (records/s and bytes/s appended as leader, mean over the last 1 s metrics window)'

export function runPlanCluster(args: readonly string[], io: Pick<CliIo, 'readFile'>): CommandResult {
  const fail = (message: string): CommandResult => failure('plan-cluster', message)
  const p = parseArgs(args, PLAN_CLUSTER_FLAGS)
  if (typeof p === 'string') return usageFailure('plan-cluster', p)
  if (p.flags.has('--help')) return { stdout: `${PLAN_CLUSTER_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return usageFailure('plan-cluster', `unexpected argument "${p.positional[0]}"`)
  const l = loadRun(p, io.readFile)
  if (!l.ok) return fail(l.message)
  const atText = p.flags.get('--at')
  let atSec = l.scenario.durationSec
  if (typeof atText === 'string') {
    const v = parseDecimal(atText)
    if (v === null || v > 86_400) return fail(`--at must be a plain decimal number of seconds from 0 to 86400, got "${atText}"`)
    atSec = v
  }
  const thText = p.flags.get('--throttle')
  let throttle = DEFAULT_THROTTLE_BYTES_PER_SEC
  if (typeof thText === 'string') {
    const v = parseDecimal(thText)
    if (v === null || v < 1 || v > 1e11) return fail(`--throttle must be a plain decimal number of bytes/s from 1 to 100000000000, got "${thText}"`)
    throttle = v
  }
  const sets = readSets(p.lists.get('--set') ?? [])
  if (!sets.ok) return fail(sets.message)
  const prepared = withOverrides(l.scenario, { set: sets.set, ...(sets.actions ? { actions: sets.actions } : {}) }, l.seed)
  if (!prepared.ok) return fail(`--set ${prepared.path}: ${prepared.message}`)
  let view: ClusterPlanView
  try {
    const sim = createSimulation(prepared.scenario)
    sim.advanceTo(atSec * 1000)
    view = sim.clusterPlan(throttle)
  } catch (e) {
    return failure('plan-cluster', `the simulation stopped: ${oneLine(e)}`, 1)
  }
  const warn = warningLines('plan-cluster', [...l.warnings, ...placementWarnings([{ where: '--set', note: prepared.note }])])
  if (p.flags.has('--json')) return { stdout: `${JSON.stringify(view)}\n`, stderr: warn, code: 0 }
  return { stdout: formatPlan(prepared.scenario.name, view), stderr: warn, code: 0 }
}

const rate = (x: number): string => Math.round(x).toLocaleString('en-US')

export function formatPlan(name: string, v: ClusterPlanView): string {
  const lines: string[] = []
  lines.push(`Cluster rebalance plan — "${name}" at ${v.atSec} s, throttle ${megabytes(v.throttleBytesPerSec)}/s`)
  lines.push('')
  if (v.moves.length === 0) lines.push('  nothing to do: no move makes the brokers more even')
  else {
    const copy = v.replicaMoves === 0 ? 'no data copied' : `${megabytes(v.bytesToMove)} to copy, ${v.estimatedMs === null ? 'never finishes (throttle below a partition’s in-rate)' : `about ${duration(v.estimatedMs)}`}`
    lines.push(`  ${v.leaderMoves} leader move${v.leaderMoves === 1 ? '' : 's'}, ${v.replicaMoves} replica move${v.replicaMoves === 1 ? '' : 's'}: ${copy}`)
    lines.push('')
    for (const m of v.moves) {
      const what = m.kind === 'leader' ? 'leader ' : 'replica'
      const cost = m.kind === 'leader' ? 'no data copied' : `${megabytes(m.bytes)}, ${m.estimatedMs === null ? 'never catches up' : duration(m.estimatedMs)}`
      lines.push(`  p${String(m.partition).padEnd(5)} ${what}  ${brokerName(m.from)} → ${brokerName(m.to)}   ${cost}   (${m.goal})`)
    }
  }
  lines.push('')
  lines.push('  broker      leaders  replicas  rec/s in (before → after)')
  v.before.forEach((b, i) => {
    const a = v.after[i]!
    lines.push(`  ${brokerName(b.broker).padEnd(10)}  ${`${b.leaders}→${a.leaders}`.padEnd(7)}  ${`${b.replicas}→${a.replicas}`.padEnd(8)}  ${rate(b.recordsInPerSec)} → ${rate(a.recordsInPerSec)}`)
  })
  lines.push('')
  lines.push('  goals (Cruise Control names, in priority order)')
  for (const g of v.goals) lines.push(`  ${g.hard ? 'hard' : 'soft'}  ${g.goal.padEnd(30)} ${g.before ? 'met' : 'not met'} → ${g.after ? 'met' : 'not met'}`)
  return `${lines.join('\n')}\n`
}
