// A Cruise-Control-style cluster balancer: from a cluster's replica placement and per-partition load
// it proposes leadership moves (preferred-leader elections) and replica moves that even out broker
// load, goal by goal in Cruise Control's priority order, each goal accepting only moves that do not
// undo the goals before it (Cruise Control's AbstractGoal / actionAcceptance). Pure: reads only its
// arguments; no sim state, no randomness (ties break on the lowest partition, then broker id).
//
// Goals (names are Cruise Control's, com.linkedin.kafka.cruisecontrol.analyzer.goals.*), in order:
//  1. RackAwareGoal (hard). One rack per broker here, so it is "a partition's replicas sit on distinct
//     brokers" — every replica move is checked against it (Kafka itself rejects such an assignment).
//  2. NetworkInboundCapacityGoal (hard, only when a broker capacity is set): no move may push a broker's
//     leader appends above its capacity.
//  3. ReplicaDistributionGoal: replica counts within [floor(avg·(1−m)), ceil(avg·(1+m))], m = (1.10 − 1)·0.9
//     (replica.count.balance.threshold 1.10 and BALANCE_MARGIN 0.9 in ReplicaDistributionAbstractGoal).
//  4. LeaderBytesInDistributionGoal: each live broker's leader bytes-in ≤ avg·(1 + m) (threshold 1.10,
//     like network.inbound.balance.threshold). Leadership moves first — cheap, no data copied — then,
//     when leadership alone cannot do it (replication factor 1, or every replica on hot brokers),
//     replica moves, as Cruise Control's ResourceDistributionGoal falls back to replica movement.
//  5. LeaderReplicaDistributionGoal: leader counts even. Cruise Control allows 10 %; on a workshop's
//     3 brokers that would leave 3 vs 5 leaders alone, so here the bound is floor/ceil of the mean
//     (counts within 1 when the replica sets allow it).
//  6. PreferredLeaderElectionGoal: every planned leader is made the preferred replica (its replica list
//     reordered, no data moved), so Kafka's auto.leader.rebalance.enable does not move it back.

/** The cluster as the balancer sees it. Arrays are per partition unless named per broker. */
export interface ClusterBalanceInput {
  /** Every broker id, ascending. */
  brokers: readonly number[]
  /** Per broker id: whether it is up (dead brokers are neither sources of leadership nor destinations). */
  up: readonly boolean[]
  /** Per partition, the replica list (preferred leader first). */
  replicas: readonly (readonly number[])[]
  /** Per partition, the in-sync replicas: only these can take leadership. */
  isr: readonly (readonly number[])[]
  /** Per partition, the current leader (-1 = offline). */
  leader: ArrayLike<number>
  /** Per partition, records/s appended (mean over the last metrics window). */
  recordsInPerSec: ArrayLike<number>
  /** Per partition, bytes/s appended (same window). */
  bytesInPerSec: ArrayLike<number>
  /** Per partition, the log's size in bytes: what a replica move copies. */
  logBytes: ArrayLike<number>
  /** Records/s one broker can append as leader (null = unlimited). */
  capacityPerSec: number | null
}

export type GoalName =
  | 'RackAwareGoal'
  | 'NetworkInboundCapacityGoal'
  | 'ReplicaDistributionGoal'
  | 'LeaderBytesInDistributionGoal'
  | 'LeaderReplicaDistributionGoal'
  | 'PreferredLeaderElectionGoal'

export interface ClusterMove {
  partition: number
  /** 'leader': a preferred-leader election onto a replica it already has; 'replica': the data is copied. */
  kind: 'leader' | 'replica'
  from: number
  to: number
  /** Bytes to copy (0 for a leader move). */
  bytes: number
  goal: GoalName
}

export interface BrokerLoadFigure {
  broker: number
  leaders: number
  replicas: number
  recordsInPerSec: number
  bytesInPerSec: number
}

export interface GoalOutcome {
  goal: GoalName
  hard: boolean
  /** Whether the cluster met the goal before the plan and after it. */
  before: boolean
  after: boolean
}

export interface ClusterPlan {
  moves: ClusterMove[]
  goals: GoalOutcome[]
  before: BrokerLoadFigure[]
  after: BrokerLoadFigure[]
  replicasAfter: number[][]
  leaderAfter: number[]
  /** Bytes the replica moves copy. */
  bytesToMove: number
}

/** Cruise Control's default balance thresholds (1.10) with ReplicaDistributionAbstractGoal's BALANCE_MARGIN 0.9. */
const BALANCE_MARGIN = 0.9
const BALANCE_THRESHOLD = 1.1
const MARGIN = (BALANCE_THRESHOLD - 1) * BALANCE_MARGIN

interface Model {
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
}

/** The plan: moves in the order they should run, and the broker load before and after. */
export function planClusterBalance(input: ClusterBalanceInput): ClusterPlan {
  const m = buildModel(input)
  const before = figures(m, input.brokers)
  const check = (): boolean[] => [rackAware(m), withinCapacity(m), replicasBalanced(m), loadBalanced(m), leadersBalanced(m), allPreferred(m)]
  const was = check()
  balanceReplicas(m)
  balanceLeaderLoad(m)
  balanceLeaderCounts(m)
  // PreferredLeaderElectionGoal: the planned leader goes first in its replica list.
  for (let p = 0; p < m.replicas.length; p++) makePreferred(m, p)
  const is = check()
  const names: GoalName[] = ['RackAwareGoal', 'NetworkInboundCapacityGoal', 'ReplicaDistributionGoal', 'LeaderBytesInDistributionGoal', 'LeaderReplicaDistributionGoal', 'PreferredLeaderElectionGoal']
  return {
    moves: m.moves,
    goals: names.map((goal, i) => ({ goal, hard: i < 2, before: was[i]!, after: is[i]! })),
    before,
    after: figures(m, input.brokers),
    replicasAfter: m.replicas,
    leaderAfter: m.leader,
    bytesToMove: m.moves.reduce((s, mv) => s + mv.bytes, 0),
  }
}

/**
 * How long a replica move takes under a replication throttle (kafka-reassign-partitions --throttle,
 * which sets leader/follower.replication.throttled.rate): the new replica copies at `throttle` bytes/s
 * while the log keeps growing at `bytesInPerSec`, so it catches up after bytes / (throttle − bytesIn).
 * Infinity when it never does (the throttle is below the partition's own in-rate).
 */
export function moveDurationMs(bytes: number, throttleBytesPerSec: number, bytesInPerSec: number): number {
  const net = throttleBytesPerSec - bytesInPerSec
  if (bytes <= 0) return 0
  return net > 0 ? (bytes / net) * 1000 : Infinity
}

function buildModel(input: ClusterBalanceInput): Model {
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
  }
  for (let p = 0; p < m.replicas.length; p++) {
    for (const b of m.replicas[p]!) m.replicaCount[b]!++
    const l = m.leader[p]!
    if (l >= 0) {
      m.leaders[l]!++
      m.load[l]! += m.bytes[p]!
      m.records[l]! += m.rec[p]!
    }
  }
  return m
}

function figures(m: Model, brokers: readonly number[]): BrokerLoadFigure[] {
  return brokers.map((b) => ({ broker: b, leaders: m.leaders[b]!, replicas: m.replicaCount[b]!, recordsInPerSec: m.records[b]!, bytesInPerSec: m.load[b]! }))
}

// ------------------------------------------------------------------ limits of each goal

function replicaLimits(m: Model): [number, number] {
  const total = m.live.reduce((s, b) => s + m.replicaCount[b]!, 0)
  const avg = m.live.length > 0 ? total / m.live.length : 0
  return [Math.floor(avg * Math.max(0, 1 - MARGIN)), Math.ceil(avg * (1 + MARGIN))]
}

function loadUpper(m: Model): number {
  const total = m.live.reduce((s, b) => s + m.load[b]!, 0)
  return m.live.length > 0 ? (total / m.live.length) * (1 + MARGIN) : 0
}

function leaderLimits(m: Model): [number, number] {
  const total = m.live.reduce((s, b) => s + m.leaders[b]!, 0)
  const avg = m.live.length > 0 ? total / m.live.length : 0
  return [Math.floor(avg), Math.ceil(avg)]
}

function rackAware(m: Model): boolean {
  return m.replicas.every((r) => new Set(r).size === r.length)
}

function withinCapacity(m: Model): boolean {
  return m.cap === null || m.live.every((b) => m.records[b]! <= m.cap!)
}

function replicasBalanced(m: Model): boolean {
  const [lo, hi] = replicaLimits(m)
  return m.live.every((b) => m.replicaCount[b]! >= lo && m.replicaCount[b]! <= hi)
}

/** A tiny relative slack, so float sums of the same rates never read as "over". */
function loadBalanced(m: Model): boolean {
  const hi = loadUpper(m)
  return m.live.every((b) => m.load[b]! <= hi * (1 + 1e-9))
}

function leadersBalanced(m: Model): boolean {
  const [lo, hi] = leaderLimits(m)
  return m.live.every((b) => m.leaders[b]! >= lo && m.leaders[b]! <= hi)
}

function allPreferred(m: Model): boolean {
  return m.replicas.every((r, p) => m.leader[p]! < 0 || r[0] === m.leader[p])
}

// ------------------------------------------------------------------ applying moves

function canLead(m: Model, p: number, b: number): boolean {
  return m.up[b] === true && m.replicas[p]!.includes(b) && m.isr[p]!.includes(b)
}

function fitsCapacity(m: Model, b: number, addRecords: number): boolean {
  return m.cap === null || addRecords <= 0 || m.records[b]! + addRecords <= m.cap
}

function moveLeader(m: Model, p: number, to: number, goal: GoalName): void {
  const from = m.leader[p]!
  m.leaders[from]!--
  m.leaders[to]!++
  m.load[from]! -= m.bytes[p]!
  m.load[to]! += m.bytes[p]!
  m.records[from]! -= m.rec[p]!
  m.records[to]! += m.rec[p]!
  m.leader[p] = to
  m.moves.push({ partition: p, kind: 'leader', from, to, bytes: 0, goal })
}

/** The new replica takes the old one's place in the list, so a moved leader stays leader (Kafka elects it once it is in sync). */
function moveReplica(m: Model, p: number, from: number, to: number, goal: GoalName): void {
  const r = m.replicas[p]!
  r[r.indexOf(from)] = to
  const i = m.isr[p]!.indexOf(from)
  if (i >= 0) m.isr[p]![i] = to
  m.replicaCount[from]!--
  m.replicaCount[to]!++
  if (m.leader[p] === from) {
    m.leaders[from]!--
    m.leaders[to]!++
    m.load[from]! -= m.bytes[p]!
    m.load[to]! += m.bytes[p]!
    m.records[from]! -= m.rec[p]!
    m.records[to]! += m.rec[p]!
    m.leader[p] = to
  }
  m.moves.push({ partition: p, kind: 'replica', from, to, bytes: m.logBytes[p]!, goal })
}

function makePreferred(m: Model, p: number): void {
  const r = m.replicas[p]!
  const l = m.leader[p]!
  const i = r.indexOf(l)
  if (l < 0 || i <= 0) return
  r.splice(i, 1)
  r.unshift(l)
}

/** Enough steps for any goal: each applied move strictly lowers a bounded measure; this only guards the loop. */
function stepLimit(m: Model): number {
  return 4 * m.replicas.length * Math.max(1, m.live.length) + 16
}

// ------------------------------------------------------------------ goal 3: replica counts

function balanceReplicas(m: Model): void {
  for (let step = stepLimit(m); step > 0 && !replicasBalanced(m); step--) {
    // From the fullest live broker to the emptiest one that can take one of its replicas.
    const byCount = [...m.live].sort((a, b) => m.replicaCount[a]! - m.replicaCount[b]! || a - b)
    const from = byCount.reduce((x, b) => (m.replicaCount[b]! > m.replicaCount[x]! ? b : x), byCount[0]!)
    let best: { p: number; to: number; key: number[] } | null = null
    for (const to of byCount) {
      if (m.replicaCount[to]! + 1 > m.replicaCount[from]! - 1) break // no longer lowers the spread
      for (let p = 0; p < m.replicas.length; p++) {
        const r = m.replicas[p]!
        if (!r.includes(from) || r.includes(to)) continue
        const leads = m.leader[p] === from
        if (leads && !fitsCapacity(m, to, m.rec[p]!)) continue
        if (leads && !lowersPair(m, from, to, m.bytes[p]!)) continue
        // Followers first (no load changes hands), then the fewest bytes to copy.
        const key = [leads ? 1 : 0, m.logBytes[p]!, p]
        if (best === null || less(key, best.key)) best = { p, to, key }
      }
      if (best !== null) break
    }
    if (best === null) return
    moveReplica(m, best.p, from, best.to, 'ReplicaDistributionGoal')
  }
}

// ------------------------------------------------------------------ goal 4: leader bytes-in

function balanceLeaderLoad(m: Model): void {
  const [rlo, rhi] = replicaLimits(m)
  const replicasOk = replicasBalanced(m)
  for (let step = stepLimit(m); step > 0 && !loadBalanced(m); step--) {
    const upper = loadUpper(m)
    let best: { p: number; from: number; to: number; kind: 'leader' | 'replica'; key: number[] } | null = null
    for (let p = 0; p < m.replicas.length; p++) {
      const from = m.leader[p]!
      const r = m.bytes[p]!
      if (from < 0 || r <= 0 || m.load[from]! <= upper) continue
      for (const to of m.live) {
        if (to === from || m.load[to]! + r >= m.load[from]!) continue // must lower the pair's peak
        if (!fitsCapacity(m, to, m.rec[p]!)) continue
        let kind: 'leader' | 'replica'
        if (canLead(m, p, to)) kind = 'leader'
        else if (!m.replicas[p]!.includes(to)) {
          // A replica move must keep ReplicaDistributionGoal (already met) met.
          if (replicasOk && (m.replicaCount[to]! + 1 > rhi || m.replicaCount[from]! - 1 < rlo)) continue
          kind = 'replica'
        } else continue
        const peak = Math.max(m.load[from]! - r, m.load[to]! + r)
        // Leadership first (cheap), then the lowest resulting peak, then the fewest bytes.
        const key = [kind === 'leader' ? 0 : 1, peak, kind === 'leader' ? 0 : m.logBytes[p]!, p, to]
        if (best === null || less(key, best.key)) best = { p, from, to, kind, key }
      }
    }
    if (best === null) return
    if (best.kind === 'leader') moveLeader(m, best.p, best.to, 'LeaderBytesInDistributionGoal')
    else moveReplica(m, best.p, best.from, best.to, 'LeaderBytesInDistributionGoal')
  }
}

// ------------------------------------------------------------------ goal 5: leader counts

function balanceLeaderCounts(m: Model): void {
  const loadOk = loadBalanced(m)
  for (let step = stepLimit(m); step > 0 && !leadersBalanced(m); step--) {
    const upper = loadUpper(m)
    let best: { p: number; to: number; key: number[] } | null = null
    for (let p = 0; p < m.replicas.length; p++) {
      const from = m.leader[p]!
      if (from < 0) continue
      for (const to of m.replicas[p]!) {
        if (to === from || !canLead(m, p, to)) continue
        const gap = m.leaders[from]! - m.leaders[to]!
        if (gap < 2) continue
        const r = m.bytes[p]!
        // Acceptance by LeaderBytesInDistributionGoal: never push a broker over its bound, and never
        // widen the gap between the two brokers (so no broker's load peak ever rises).
        if (r > 0 && (!lowersPair(m, from, to, r) || (loadOk && m.load[to]! + r > upper * (1 + 1e-9)))) continue
        if (!fitsCapacity(m, to, m.rec[p]!)) continue
        const key = [-gap, r, p, to]
        if (best === null || less(key, best.key)) best = { p, to, key }
      }
    }
    if (best === null) return
    moveLeader(m, best.p, best.to, 'LeaderReplicaDistributionGoal')
  }
}

/**
 * Moving `r` of load from `from` to `to` leaves the pair no more uneven than before (r ≤ the gap):
 * neither the busier broker's load nor the spread of loads (sum of squares) rises. Cruise Control's
 * later goals accept a move within the earlier goal's threshold; this stricter rule keeps the plan's
 * promise that no broker ends busier than the busiest one was.
 */
function lowersPair(m: Model, from: number, to: number, r: number): boolean {
  return r <= 0 || m.load[to]! + r <= m.load[from]!
}

function less(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!
  return false
}
