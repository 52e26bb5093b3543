// The cluster balancer's working model (clusterBalancer.ts): the placement and load it edits as it
// plans, each goal's bound and test, and the moves that change the model. Pure, like the planner.

import type { BrokerLoadFigure, ClusterBalanceInput, ClusterMove, GoalName } from './clusterBalancer.ts'

/** Cruise Control's default balance thresholds (1.10) with ReplicaDistributionAbstractGoal's BALANCE_MARGIN 0.9. */
export const BALANCE_MARGIN = 0.9
export const BALANCE_THRESHOLD = 1.1
export const MARGIN = (BALANCE_THRESHOLD - 1) * BALANCE_MARGIN

export interface Model {
  replicas: number[][]
  leader: number[]
  isr: number[][]
  live: number[]
  up: readonly boolean[]
  leaders: number[]
  replicaCount: number[]
  load: number[]
  records: number[]
  rec: ArrayLike<number>
  bytes: ArrayLike<number>
  logBytes: ArrayLike<number>
  cap: number | null
  moves: ClusterMove[]
  /** Per broker: the partitions it leads / holds a replica of (kept in step with leader and replicas). */
  led: Set<number>[]
  hosted: Set<number>[]
}


export function buildModel(input: ClusterBalanceInput): Model {
  const B = input.up.length
  const m: Model = {
    replicas: input.replicas.map((r) => [...r]),
    leader: Array.from(input.leader),
    isr: input.isr.map((r) => [...r]),
    live: input.brokers.filter((b) => input.up[b] === true),
    up: input.up,
    leaders: new Array<number>(B).fill(0),
    replicaCount: new Array<number>(B).fill(0),
    load: new Array<number>(B).fill(0),
    records: new Array<number>(B).fill(0),
    rec: input.recordsInPerSec,
    bytes: input.bytesInPerSec,
    logBytes: input.logBytes,
    cap: input.capacityPerSec,
    moves: [],
    led: Array.from({ length: B }, () => new Set<number>()),
    hosted: Array.from({ length: B }, () => new Set<number>()),
  }
  for (let p = 0; p < m.replicas.length; p++) {
    for (const b of m.replicas[p]!) {
      m.replicaCount[b]!++
      m.hosted[b]!.add(p)
    }
    const l = m.leader[p]!
    if (l >= 0) {
      m.led[l]!.add(p)
      m.leaders[l]!++
      m.load[l]! += m.bytes[p]!
      m.records[l]! += m.rec[p]!
    }
  }
  return m
}

export function figures(m: Model, brokers: readonly number[]): BrokerLoadFigure[] {
  return brokers.map((b) => ({ broker: b, leaders: m.leaders[b]!, replicas: m.replicaCount[b]!, recordsInPerSec: m.records[b]!, bytesInPerSec: m.load[b]! }))
}

// ------------------------------------------------------------------ limits of each goal

export function replicaLimits(m: Model): [number, number] {
  const total = m.live.reduce((s, b) => s + m.replicaCount[b]!, 0)
  const avg = m.live.length > 0 ? total / m.live.length : 0
  return [Math.floor(avg * Math.max(0, 1 - MARGIN)), Math.ceil(avg * (1 + MARGIN))]
}

export function loadUpper(m: Model): number {
  const total = m.live.reduce((s, b) => s + m.load[b]!, 0)
  return m.live.length > 0 ? (total / m.live.length) * (1 + MARGIN) : 0
}

export function leaderLimits(m: Model): [number, number] {
  const total = m.live.reduce((s, b) => s + m.leaders[b]!, 0)
  const avg = m.live.length > 0 ? total / m.live.length : 0
  return [Math.floor(avg), Math.ceil(avg)]
}

export function rackAware(m: Model): boolean {
  return m.replicas.every((r) => new Set(r).size === r.length)
}

export function withinCapacity(m: Model): boolean {
  return m.cap === null || m.live.every((b) => m.records[b]! <= m.cap!)
}

export function replicasBalanced(m: Model): boolean {
  const [lo, hi] = replicaLimits(m)
  return m.live.every((b) => m.replicaCount[b]! >= lo && m.replicaCount[b]! <= hi)
}

/** A tiny relative slack, so float sums of the same rates never read as "over". */
export function loadBalanced(m: Model): boolean {
  const hi = loadUpper(m)
  return m.live.every((b) => m.load[b]! <= hi * (1 + 1e-9))
}

export function leadersBalanced(m: Model): boolean {
  const [lo, hi] = leaderLimits(m)
  return m.live.every((b) => m.leaders[b]! >= lo && m.leaders[b]! <= hi)
}

export function allPreferred(m: Model): boolean {
  return m.replicas.every((r, p) => m.leader[p]! < 0 || r[0] === m.leader[p])
}

// ------------------------------------------------------------------ applying moves

export function canLead(m: Model, p: number, b: number): boolean {
  return m.up[b] === true && m.replicas[p]!.includes(b) && m.isr[p]!.includes(b)
}

export function fitsCapacity(m: Model, b: number, addRecords: number): boolean {
  return m.cap === null || addRecords <= 0 || m.records[b]! + addRecords <= m.cap
}

/** Partition p's leadership, with its leader count and load, goes from broker `from` to `to`. */
function transferLeadership(m: Model, p: number, from: number, to: number): void {
  m.leaders[from]!--
  m.leaders[to]!++
  m.load[from]! -= m.bytes[p]!
  m.load[to]! += m.bytes[p]!
  m.records[from]! -= m.rec[p]!
  m.records[to]! += m.rec[p]!
  m.leader[p] = to
  m.led[from]!.delete(p)
  m.led[to]!.add(p)
}

export function moveLeader(m: Model, p: number, to: number, goal: GoalName): void {
  const from = m.leader[p]!
  transferLeadership(m, p, from, to)
  m.moves.push({ partition: p, kind: 'leader', from, to, bytes: 0, goal })
}

/** The new replica takes the old one's place in the list, so a moved leader stays leader (Kafka elects it once it is in sync). */
export function moveReplica(m: Model, p: number, from: number, to: number, goal: GoalName): void {
  const r = m.replicas[p]!
  r[r.indexOf(from)] = to
  const i = m.isr[p]!.indexOf(from)
  if (i >= 0) m.isr[p]![i] = to
  m.replicaCount[from]!--
  m.replicaCount[to]!++
  m.hosted[from]!.delete(p)
  m.hosted[to]!.add(p)
  if (m.leader[p] === from) transferLeadership(m, p, from, to)
  m.moves.push({ partition: p, kind: 'replica', from, to, bytes: m.logBytes[p]!, goal })
}

export function makePreferred(m: Model, p: number): void {
  const r = m.replicas[p]!
  const l = m.leader[p]!
  const i = r.indexOf(l)
  if (l < 0 || i <= 0) return
  r.splice(i, 1)
  r.unshift(l)
}
