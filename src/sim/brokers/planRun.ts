// The cluster balancer's view of the running world: its input built from the cluster state and the
// last metrics window's per-partition rates, and the plan's cost under a replication throttle.
// Read-only on the world; the plan itself is src/kafka/clusterBalancer.ts.

import { type BrokerLoadFigure, type ClusterBalanceInput, type ClusterMove, type ClusterPlan, type GoalOutcome, moveDurationMs, planClusterBalance } from '../../kafka/clusterBalancer.ts'
import { clusterOf } from '../../scenario/defaults.ts'
import type { WorldState } from '../worldState.ts'
import { brokerUp } from './clusterState.ts'

/**
 * kafka-reassign-partitions without --throttle copies as fast as the network lets it; the simulator
 * stands in for that with 50 MB/s, the throttle of Kafka's own ops example (docs: "--throttle 50000000").
 */
export const DEFAULT_THROTTLE_BYTES_PER_SEC = 50_000_000

/**
 * Bytes per record on the brokers: the producers' mean recordBytes (exact with one producer, or
 * several of one size; the logs do not keep sizes per record).
 */
export function recordBytesOf(w: WorldState): number {
  const ps = w.live.producers
  return ps.length === 0 ? 0 : ps.reduce((s, p) => s + p.recordBytes, 0) / ps.length
}

/** The log's size now: every record appended (the simulator keeps the whole log, no retention). */
export function logBytes(w: WorldState, p: number): number {
  return w.leo[p]! * recordBytesOf(w)
}

/** The balancer's input: placement and leaders from the cluster state, load from the last metrics window (records/s appended). */
export function balanceInput(w: WorldState): ClusterBalanceInput {
  const cs = w.cluster
  const live = brokerUp(cs)
  const rb = recordBytesOf(w)
  const rec = Array.from(w.inRate)
  return {
    brokers: cs.brokers.map((b) => b.id),
    // A broker in controlled shutdown is no candidate for leaders or new replicas (the controller's
    // isActive), as a stopped one: the plan neither moves to it nor counts it in the averages.
    up: cs.brokers.map((_, b) => live(b)),
    replicas: cs.replicas,
    isr: cs.isr,
    leader: cs.leader,
    recordsInPerSec: rec,
    bytesInPerSec: rec.map((r) => r * rb),
    logBytes: Array.from({ length: w.P }, (_, p) => logBytes(w, p)),
    capacityPerSec: clusterOf(w.live).brokerCapacityPerSec,
  }
}

export function planNow(w: WorldState): ClusterPlan {
  return planClusterBalance(balanceInput(w))
}

/** The plan's cost: bytes to copy and the time its replica moves take one after another under `throttle`. */
export function planCost(w: WorldState, plan: ClusterPlan, throttle: number): { bytes: number; ms: number } {
  const rb = recordBytesOf(w)
  let ms = 0
  for (const mv of plan.moves) if (mv.kind === 'replica') ms += moveDurationMs(mv.bytes, throttle, w.inRate[mv.partition]! * rb)
  return { bytes: plan.bytesToMove, ms }
}

/** The plan as `highway plan-cluster --json` prints it and the page shows it. Per-second figures: the last metrics window. */
export interface ClusterPlanView {
  atSec: number
  throttleBytesPerSec: number
  /** Each move with its partition's bytes in/s (so a page can re-estimate under another throttle) and its time under this one. */
  moves: Array<ClusterMove & { bytesInPerSec: number; estimatedMs: number | null }>
  leaderMoves: number
  replicaMoves: number
  bytesToMove: number
  /** Replica moves one after another under the throttle; null = never (a throttle below a moved partition's in-rate). */
  estimatedMs: number | null
  goals: GoalOutcome[]
  before: BrokerLoadFigure[]
  after: BrokerLoadFigure[]
}

export function planView(w: WorldState, nowMs: number, throttle = DEFAULT_THROTTLE_BYTES_PER_SEC): ClusterPlanView {
  const plan = planNow(w)
  const rb = recordBytesOf(w)
  const finite = (ms: number): number | null => (Number.isFinite(ms) ? Math.round(ms) : null)
  const moves = plan.moves.map((mv) => {
    const bytesInPerSec = w.inRate[mv.partition]! * rb
    return { ...mv, bytesInPerSec, estimatedMs: mv.kind === 'leader' ? 0 : finite(moveDurationMs(mv.bytes, throttle, bytesInPerSec)) }
  })
  const leaderMoves = moves.filter((m) => m.kind === 'leader').length
  return {
    atSec: nowMs / 1000,
    throttleBytesPerSec: throttle,
    moves,
    leaderMoves,
    replicaMoves: moves.length - leaderMoves,
    bytesToMove: plan.bytesToMove,
    estimatedMs: finite(planCost(w, plan, throttle).ms),
    goals: plan.goals,
    before: plan.before,
    after: plan.after,
  }
}
