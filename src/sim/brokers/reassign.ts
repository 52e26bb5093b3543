// Executing a cluster balancer plan (command rebalanceCluster), as Cruise Control's executor drives
// kafka-reassign-partitions: a leader move is a preferred-leader election onto a replica the partition
// already has (the replica list reordered so the new leader is preferred, then elected: no data moves,
// done at once); a replica move adds the new replica, which copies the log under the replication
// throttle (leader/follower.replication.throttled.rate) while the log keeps growing, joins the ISR
// once caught up, and only then is the old replica dropped (leadership follows if it led).
// Moves run one after another, each narrated. State is plain data in the world (checkpointed).

import { moveDurationMs, type ClusterMove } from '../../kafka/clusterBalancer.ts'
import type { SimCore } from '../core.ts'
import type { WorldState } from '../worldState.ts'
import { defer } from '../deferred.ts'
import { shareLeaderChanged } from '../share/shareLeaderChange.ts'
import { brokerName } from './reassignNarration.ts'
import { DEFAULT_THROTTLE_BYTES_PER_SEC, logBytes, planCost, planNow, recordBytesOf } from './planRun.ts'
import { brokerUp } from './clusterState.ts'
import { maybeScheduleLeaderCheck } from './leaderBalance.ts'

/** A move as it ran: when it started and finished (sim ms), or why it was skipped. */
export interface MoveRun extends ClusterMove {
  startedAt: number
  doneAt: number
  skipped?: string
  /** A replica move's bytes actually copied: the log at the start plus what was appended meanwhile. */
  copiedBytes?: number
}

export interface ReassignState {
  /** Bumps with each rebalanceCluster, so a superseded plan's pending step is ignored. */
  gen: number
  throttle: number
  moves: ClusterMove[]
  /** Index of the move in progress (= moves.length when finished). */
  next: number
  /** Bytes the new replica of the move in progress has copied. */
  copied: number
  /** When the move in progress started / was last brought up to date. */
  moveStartedAt: number
  lastAt: number
  startedAt: number
  finishedAt: number
  runs: MoveRun[]
}

/** A replica move checks its progress at least this often (ms), so a stalled copy is noticed. */
const MAX_CHECK_MS = 5000

/** Plans at this moment and starts executing; a plan still running is replaced by the new one (Cruise Control stops the old execution first). */
export function startRebalance(sim: SimCore, throttleBytesPerSec: number | undefined): void {
  const w = sim.w
  const now = sim.kernel.now
  const throttle = throttleBytesPerSec ?? DEFAULT_THROTTLE_BYTES_PER_SEC
  cancelCopy(sim)
  const plan = planNow(w)
  const cost = planCost(w, plan, throttle)
  const busiest = (xs: typeof plan.before): number => xs.reduce((m, b) => Math.max(m, b.recordsInPerSec), 0)
  const leaderMoves = plan.moves.filter((m) => m.kind === 'leader').length
  sim.say({
    kind: 'cluster.plan',
    leaderMoves,
    replicaMoves: plan.moves.length - leaderMoves,
    bytes: cost.bytes,
    estimatedMs: cost.ms,
    throttle,
    busiestBefore: busiest(plan.before),
    busiestAfter: busiest(plan.after),
  })
  const gen = (w.reassign?.gen ?? 0) + 1
  w.reassign = { gen, throttle, moves: plan.moves, next: 0, copied: 0, moveStartedAt: now, lastAt: now, startedAt: now, finishedAt: -1, runs: [] }
  advance(sim)
}

/**
 * A replica still copying when a new plan replaces this one is cancelled as
 * kafka-reassign-partitions --cancel does: the partition goes back to its original replicas.
 */
function cancelCopy(sim: SimCore): void {
  const r = sim.w.reassign
  if (r === undefined || r.next >= r.moves.length || r.runs.length <= r.next) return
  const mv = r.moves[r.next]!
  if (mv.kind !== 'replica') return
  const reps = sim.w.cluster.replicas[mv.partition]!
  const i = reps.lastIndexOf(mv.to)
  if (i >= 0 && !sim.w.cluster.isr[mv.partition]!.includes(mv.to)) reps.splice(i, 1)
  r.runs[r.next]!.skipped = 'cancelled by a new plan'
  r.runs[r.next]!.doneAt = sim.kernel.now
  r.next = r.moves.length
  sim.say({ kind: 'cluster.moveSkipped', partition: mv.partition, from: mv.from, to: mv.to, reason: 'cancelled by a new plan' })
}

/** The deferred step of the move in progress (runDeferred calls this). */
export function reassignStep(sim: SimCore, gen: number): void {
  const r = sim.w.reassign
  if (r === undefined || r.gen !== gen || r.next >= r.moves.length) return
  advance(sim)
}

/** Runs leader moves at once and brings the replica move in progress up to date; schedules its next check. */
function advance(sim: SimCore): void {
  const w = sim.w
  const r = w.reassign!
  const now = sim.kernel.now
  while (r.next < r.moves.length) {
    const mv = r.moves[r.next]!
    if (mv.kind === 'leader') {
      runLeaderMove(sim, mv)
      r.next++
      continue
    }
    const cs = w.cluster
    const started = r.runs.length > r.next
    if (!started) {
      const why = replicaMoveProblem(sim, mv)
      if (why !== null) {
        r.runs.push({ ...mv, startedAt: now, doneAt: now, skipped: why })
        sim.say({ kind: 'cluster.moveSkipped', partition: mv.partition, from: mv.from, to: mv.to, reason: why })
        r.next++
        continue
      }
      // The target replica is added (not in sync yet); the old one stays until the new one caught up.
      cs.replicas[mv.partition]!.push(mv.to)
      r.copied = 0
      r.moveStartedAt = now
      r.lastAt = now
      r.runs.push({ ...mv, startedAt: now, doneAt: -1 })
      sim.say({ kind: 'cluster.replicaMoveStarted', partition: mv.partition, from: mv.from, to: mv.to, bytes: logBytes(w, mv.partition), throttle: r.throttle })
    }
    // Copying runs only while both ends are up (a down broker neither sends nor receives).
    if (cs.brokers[mv.to]?.up === true && cs.leader[mv.partition]! >= 0) r.copied += (r.throttle * (now - r.lastAt)) / 1000
    r.lastAt = now
    const size = logBytes(w, mv.partition)
    // Only a running broker catches up and joins the ISR: a target that died mid-copy waits, even
    // when a leader change cut the log below what it had copied.
    if (r.copied + 1e-6 >= size && cs.brokers[mv.to]?.up === true) {
      finishReplicaMove(sim, mv)
      r.next++
      continue
    }
    // Next look when the copy would reach today's log end (the log grows meanwhile, so maybe again).
    const wait = Math.min(MAX_CHECK_MS, Math.max(1, ((size - r.copied) / r.throttle) * 1000))
    defer(sim, now + wait, { reassign: r.gen })
    return
  }
  if (r.finishedAt < 0) {
    r.finishedAt = now
    sim.say({ kind: 'cluster.rebalanceDone', moves: r.runs.filter((m) => m.skipped === undefined).length, ms: now - r.startedAt })
  }
}

/**
 * Broker b is partition p's adding replica in the replica move in progress: this module's throttled
 * copy, not a restarted broker's catch-up (faults.ts), decides when it is in sync.
 */
export function isAddingReplica(w: WorldState, p: number, b: number): boolean {
  const r = w.reassign
  if (r === undefined || r.next >= r.moves.length || r.runs.length <= r.next) return false
  const mv = r.moves[r.next]!
  return mv.kind === 'replica' && mv.partition === p && mv.to === b
}

function replicaMoveProblem(sim: SimCore, mv: ClusterMove): string | null {
  const cs = sim.w.cluster
  const reps = cs.replicas[mv.partition]
  if (reps === undefined || !reps.includes(mv.from)) return `${brokerName(mv.from)} no longer holds it`
  if (reps.includes(mv.to)) return `${brokerName(mv.to)} already holds it`
  if (cs.brokers[mv.to]?.up !== true) return `${brokerName(mv.to)} is down`
  return null
}

function finishReplicaMove(sim: SimCore, mv: ClusterMove): void {
  const w = sim.w
  const r = w.reassign!
  const cs = w.cluster
  const p = mv.partition
  const now = sim.kernel.now
  // Caught up: the new replica joins the ISR and takes the old one's place in the replica list.
  const reps = cs.replicas[p]!
  reps.splice(reps.indexOf(mv.to), 1)
  reps[reps.indexOf(mv.from)] = mv.to
  const isr = cs.isr[p]!
  const i = isr.indexOf(mv.from)
  if (i >= 0) isr.splice(i, 1)
  isr.push(mv.to)
  isr.sort((a, b) => reps.indexOf(a) - reps.indexOf(b))
  const led = cs.leader[p] === mv.from
  if (led) {
    // The old leader left the replica set: the controller elects the first live in-sync replica.
    cs.leader[p] = isr.find(brokerUp(cs)) ?? -1
    cs.leaderEpoch[p]!++
    shareLeaderChanged(sim, p)
  }
  const run = r.runs[r.next]!
  run.doneAt = now
  run.copiedBytes = r.copied
  sim.say({ kind: 'cluster.replicaMoveDone', partition: p, from: mv.from, to: mv.to, ms: now - run.startedAt, leader: led ? cs.leader[p]! : -1 })
  // With its preferred replica down, the partition is led by another: the controller's check is due.
  maybeScheduleLeaderCheck(sim)
}

function runLeaderMove(sim: SimCore, mv: ClusterMove): void {
  const w = sim.w
  const r = w.reassign!
  const cs = w.cluster
  const p = mv.partition
  const now = sim.kernel.now
  const reps = cs.replicas[p]
  let why: string | null = null
  if (reps === undefined || cs.leader[p] !== mv.from) why = `its leader is no longer ${brokerName(mv.from)}`
  else if (!reps.includes(mv.to) || !cs.isr[p]!.includes(mv.to)) why = `${brokerName(mv.to)} is not an in-sync replica`
  else if (cs.brokers[mv.to]?.up !== true) why = `${brokerName(mv.to)} is down`
  if (why !== null) {
    r.runs.push({ ...mv, startedAt: now, doneAt: now, skipped: why })
    sim.say({ kind: 'cluster.moveSkipped', partition: p, from: mv.from, to: mv.to, reason: why })
    return
  }
  // Reorder so the new leader is the preferred replica (kept by auto.leader.rebalance.enable), then elect it.
  reps!.splice(reps!.indexOf(mv.to), 1)
  reps!.unshift(mv.to)
  cs.leader[p] = mv.to
  cs.leaderEpoch[p]!++
  shareLeaderChanged(sim, p)
  r.runs.push({ ...mv, startedAt: now, doneAt: now })
  sim.say({ kind: 'cluster.leaderMoved', partition: p, from: mv.from, to: mv.to })
}

/** The execution's progress for the page: the move in progress and how far its copy got (0..1). */
export interface ReassignProgress {
  done: number
  total: number
  running: boolean
  current: { partition: number; from: number; to: number; fraction: number } | null
}

export function reassignProgress(sim: SimCore): ReassignProgress | null {
  const w = sim.w
  const r = w.reassign
  if (r === undefined) return null
  const running = r.next < r.moves.length
  const mv = running ? r.moves[r.next]! : null
  let current: ReassignProgress['current'] = null
  if (mv !== null && mv.kind === 'replica') {
    const copied = Math.min(r.copied + (r.throttle * (sim.kernel.now - r.lastAt)) / 1000, logBytes(w, mv.partition))
    const size = logBytes(w, mv.partition)
    current = { partition: mv.partition, from: mv.from, to: mv.to, fraction: size > 0 ? copied / size : 1 }
  }
  return { done: r.next, total: r.moves.length, running, current }
}

/** Expected time of a replica move from now on (for tests and the page's estimate). */
export function expectedMoveMs(sim: SimCore, p: number, throttle: number): number {
  const w = sim.w
  return moveDurationMs(logBytes(w, p), throttle, w.inRate[p]! * recordBytesOf(w))
}

/** The latest rebalance as `run --json` prints it (`clusterRebalance`). */
export interface ClusterRebalanceSummary {
  /** rebalanceCluster commands run so far (each replaces the plan before it). */
  plans: number
  throttleBytesPerSec: number
  startedAtSec: number
  /** null while it runs (or never ends: a throttle below a partition's in-rate). */
  finishedAtSec: number | null
  leaderMoves: number
  replicaMoves: number
  movesDone: number
  movesSkipped: number
  /** Bytes the finished replica moves copied, plus the copy in progress so far. */
  bytesCopied: number
}

export function clusterRebalanceSummary(r: ReassignState): ClusterRebalanceSummary {
  const finished = r.runs.filter((m) => m.skipped === undefined && m.doneAt >= 0)
  // The copy in progress as of its last check (checks come at least every MAX_CHECK_MS).
  const inProgress = r.next < r.moves.length && r.runs.length > r.next ? r.copied : 0
  const leaderMoves = r.moves.filter((m) => m.kind === 'leader').length
  return {
    plans: r.gen,
    throttleBytesPerSec: r.throttle,
    startedAtSec: Math.round(r.startedAt) / 1000,
    finishedAtSec: r.finishedAt >= 0 ? Math.round(r.finishedAt) / 1000 : null,
    leaderMoves,
    replicaMoves: r.moves.length - leaderMoves,
    movesDone: finished.length,
    movesSkipped: r.runs.filter((m) => m.skipped !== undefined).length,
    bytesCopied: Math.round(finished.reduce((s, m) => s + (m.kind === 'replica' ? m.copiedBytes ?? m.bytes : 0), 0) + inProgress),
  }
}
