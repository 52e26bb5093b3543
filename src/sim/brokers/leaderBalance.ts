// The KRaft controller's automatic preferred-leader balancing (auto.leader.rebalance.enable), as
// QuorumController schedules it: after any change to the partitions, if one is led by a broker other
// than its preferred replica and no check is pending, the next check runs
// leader.imbalance.check.interval.seconds from then (maybeScheduleNextBalancePartitionLeaders; not
// on a fixed clock). A check elects every such partition whose preferred replica is alive and in
// sync (kafka/leaderElection.ts) and, while any stays away, schedules the next one.
// Reads and writes w.cluster and w.faults.

import { preferredLeaderMoves, type PartitionRegistration } from '../../kafka/leaderElection.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import { shareLeaderChanged } from '../share/shareLeaderChange.ts'
import type { WorldState } from '../worldState.ts'
import { brokerUp } from './clusterState.ts'
import { faultSettings, faultsOf } from './faultState.ts'
import { resumeTimers, setLeader } from './leadership.ts'

/**
 * QuorumController: after a run that stopped at MAX_ELECTIONS_PER_IMBALANCE the next one is not
 * deferred by the interval but queued 10 ms later (ImbalanceSchedule.IMMEDIATELY).
 */
const IMMEDIATE_RECHECK_MS = 10

export function registration(w: WorldState, p: number): PartitionRegistration {
  return { replicas: w.cluster.replicas[p]!, isr: w.cluster.isr[p]!, leader: w.cluster.leader[p]! }
}

/** Some partition is away from its preferred leader (offline ones too): KRaft's imbalancedPartitions is not empty. */
function imbalanced(w: WorldState): boolean {
  const cs = w.cluster
  for (let p = 0; p < w.P; p++) if (cs.leader[p] !== cs.replicas[p]![0]) return true
  return false
}

/**
 * Call after the controller changed partitions (a fence, a restart's elections, an ISR join, a
 * reassignment, a check): schedules the next leader-imbalance check if one is due and none is
 * pending. Creates no fault state while every partition has its preferred leader.
 */
export function maybeScheduleLeaderCheck(sim: SimCore, immediately = false): void {
  const cfg = faultSettings(sim.w.live.cluster)
  if (!cfg.autoLeaderRebalance || !imbalanced(sim.w)) return
  const f = faultsOf(sim.w)
  if (f.leaderCheckAt >= 0) return
  f.leaderCheckAt = sim.kernel.now + (immediately ? IMMEDIATE_RECHECK_MS : cfg.imbalanceCheckIntervalMs)
  defer(sim, f.leaderCheckAt, { fault: { kind: 'leaderCheck' } })
}

/** When the pending leader-imbalance check runs (sim ms), or null when none is pending. */
export function nextLeaderCheckAt(w: WorldState): number | null {
  const at = w.faults?.leaderCheckAt ?? -1
  return at >= 0 ? at : null
}

/** Partitions that prefer broker b and are led by another broker (or none) now, ascending. */
export function preferredElsewhere(w: WorldState, b: number): number[] {
  const out: number[] = []
  for (let p = 0; p < w.P; p++) if (w.cluster.replicas[p]![0] === b && w.cluster.leader[p] !== b) out.push(p)
  return out
}

/** The pending check runs: preferred leaders that are alive and in sync lead again. */
export function leaderCheck(sim: SimCore): void {
  const w = sim.w
  const f = faultsOf(w)
  f.leaderCheckAt = -1
  const regs = Array.from({ length: w.P }, (_, p) => registration(w, p))
  const up = brokerUp(w.cluster)
  const { moves, more } = preferredLeaderMoves(regs, up)
  const back = sim.kernel.now + 2 * w.live.broker.networkLatencyMs
  const from = moves.map((p) => w.cluster.leader[p]!)
  for (const p of moves) {
    setLeader(w, p, w.cluster.replicas[p]![0]!)
    shareLeaderChanged(sim, p)
    // A controlled move: the old leader answers NOT_LEADER_OR_FOLLOWER naming the new one (KIP-951),
    // so clients redirect after one round trip; nothing is lost (the new leader is in sync).
    f.produceResumeAt[p] = Math.max(f.produceResumeAt[p]!, back)
    f.fetchResumeAt[p] = Math.max(f.fetchResumeAt[p]!, back)
  }
  resumeTimers(sim, moves.map((p) => ({ partition: p, at: back })))
  maybeScheduleLeaderCheck(sim, more)
  // Partitions whose preferred broker is running but not yet back in their ISR wait for a later check.
  const moved = new Set(moves)
  const waiting = regs.flatMap((r, p) => (w.cluster.leader[p] !== r.replicas[0] && up(r.replicas[0]!) && !moved.has(p) ? [p] : []))
  if (moves.length === 0 && waiting.length === 0) return
  sim.say({
    kind: 'broker.preferredLeaders',
    moved: moves.map((p, i) => ({ partition: p, to: w.cluster.leader[p]!, from: from[i]! })),
    waiting,
    intervalSec: faultSettings(w.live.cluster).imbalanceCheckIntervalMs / 1000,
    nextCheckAt: nextLeaderCheckAt(w),
  })
}
