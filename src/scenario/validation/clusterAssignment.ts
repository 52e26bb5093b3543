// Reader for `cluster.assignment` and `cluster.leaders`: a placement kept as a real cluster printed
// it (an import). Pure and bounded: a list longer than the topic is refused before it is walked.
// Broker numbers are 1-based, as the page, the commands and `run --json` number brokers.

import type { ClusterSpec } from '../types.ts'
import { at, error, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { own } from './rules.ts'

export const ASSIGNMENT_KEYS = ['assignment', 'leaders'] as const

/** "1, 2, 3" (a replica list as a message shows it). */
function listed(r: readonly number[]): string {
  return r.join(', ')
}

/**
 * One partition's replicas: `rf` distinct whole broker numbers 1..brokers. Returns null after
 * reporting every problem of the entry (each under its own index).
 */
function readReplicas(ctx: Ctx, v: unknown, c: ClusterSpec, path: string): number[] | null {
  const rf = c['replication.factor']
  if (!Array.isArray(v)) {
    error(ctx, path, `must be a list of ${rf} broker number${rf === 1 ? '' : 's'} (the partition's replicas, preferred leader first)`)
    return null
  }
  if (v.length !== rf) {
    error(ctx, path, `lists ${v.length} replica${v.length === 1 ? '' : 's'}; replication.factor is ${rf}`)
    return null
  }
  const out: number[] = []
  let bad = false
  for (let i = 0; i < v.length; i++) {
    const b: unknown = v[i]
    const here = at(path, i)
    if (typeof b !== 'number' || !Number.isInteger(b)) {
      error(ctx, here, `must be a broker number 1–${c.brokers}`)
      bad = true
    } else if (b < 1 || b > c.brokers) {
      error(ctx, here, `broker ${b} is not one of the ${c.brokers} brokers (numbered 1–${c.brokers})`)
      bad = true
    } else if (out.includes(b)) {
      error(ctx, here, `broker ${b} is listed twice: each replica needs its own broker`)
      bad = true
    }
    out.push(b as number)
  }
  return bad ? null : out
}

function readAssignment(ctx: Ctx, v: unknown, c: ClusterSpec, path: string, partitions: number): number[][] | undefined {
  if (!Array.isArray(v)) {
    error(ctx, path, 'must be a list with one list of replicas per partition')
    return undefined
  }
  if (v.length !== partitions) {
    // Checked before the entries are walked, so a hostile list costs nothing.
    error(ctx, path, `has ${v.length} entr${v.length === 1 ? 'y' : 'ies'}; the topic has ${partitions} partition${partitions === 1 ? '' : 's'} (one list of replicas per partition, at most ${LIMITS.partitions.max})`)
    return undefined
  }
  const out: number[][] = []
  let bad = false
  for (let p = 0; p < v.length; p++) {
    const r = readReplicas(ctx, v[p], c, at(path, p))
    if (r === null) bad = true
    else out.push(r)
  }
  return bad ? undefined : out
}

function readLeaders(ctx: Ctx, v: unknown, assignment: number[][], path: string): number[] | undefined {
  if (!Array.isArray(v) || v.length !== assignment.length) {
    error(ctx, path, `must be a list of ${assignment.length} broker numbers, each partition's leader at 0 s (one of its replicas)`)
    return undefined
  }
  let bad = false
  const out = v.map((b: unknown, p) => {
    const replicas = assignment[p]!
    if (typeof b !== 'number' || !replicas.includes(b)) {
      error(ctx, at(path, p), `${typeof b === 'number' ? `broker ${b}` : 'the leader'} is not one of partition ${p}'s replicas (${listed(replicas)}): a leader must hold a replica`)
      bad = true
    }
    return b as number
  })
  return bad ? undefined : out
}

/**
 * Adds `assignment` and `leaders` found in the cluster object `o` to `c` (whose brokers and
 * replication.factor are already read and consistent). Leaders that are all the preferred ones are
 * dropped, so one run has one form (and one link). Any problem drops both, reported by path.
 */
export function readClusterAssignment(ctx: Ctx, o: Record<string, unknown>, c: ClusterSpec, path: string, partitions: number): ClusterSpec {
  const rawA = own(o, 'assignment')
  const rawL = own(o, 'leaders')
  const { assignment: _a, leaders: _l, ...rest } = c
  if (rawA === undefined) {
    if (rawL !== undefined) error(ctx, at(path, 'leaders'), 'needs cluster.assignment (the leaders are chosen among each partition\'s listed replicas)')
    return rest
  }
  const assignment = readAssignment(ctx, rawA, c, at(path, 'assignment'), partitions)
  if (assignment === undefined) return rest
  if (rawL === undefined) return { ...rest, assignment }
  const leaders = readLeaders(ctx, rawL, assignment, at(path, 'leaders'))
  if (leaders === undefined) return rest
  return leaders.some((b, p) => b !== assignment[p]![0]) ? { ...rest, assignment, leaders } : { ...rest, assignment }
}
