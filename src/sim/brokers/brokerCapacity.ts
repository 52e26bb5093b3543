// Optional broker capacity (cluster.brokerCapacityPerSec): the records/s one broker can append as
// leader over all the partitions it leads. When the lanes it leads want more in a send cycle, the
// capacity is shared in proportion to what each lane has waiting (its new batch plus its backlog),
// as a broker's request queue serves produce requests in arrival order: every lane it leads slows,
// the hot one most in records, and what is not appended stays in the producers' buffers (as the
// per-lane appendCapacityPerSec does in produce.ts). A slow disk (slowFactor) divides the capacity.
// Reads and writes only w.cluster and the per-partition wants it is handed.

import { clusterOf } from '../../scenario/defaults.ts'
import type { SimCore } from '../core.ts'
import type { WorldState } from '../worldState.ts'
import { ledBy, type BrokerState } from './clusterState.ts'

/** One send cycle's budgets: how many records each partition may append, and each broker's budget. */
export interface BrokerAppendPlan {
  /** Per partition: at most this many records this cycle (Infinity: its broker has no limit). */
  allow: Float64Array
  /** Per broker: records it may append this cycle (fractional capacity carried), and what it wanted. */
  budget: Float64Array
  want: Float64Array
  used: Float64Array
}

// Scratch reused across cycles (not state: never checkpointed, rebuilt on size change).
let scratch: BrokerAppendPlan = { allow: new Float64Array(0), budget: new Float64Array(0), want: new Float64Array(0), used: new Float64Array(0) }

/**
 * The cycle's plan, or null when the cluster has no broker capacity (then nothing here runs, and
 * runs without `cluster` are exactly what they were). `want[p]` = the records partition p would
 * append now (new batch + backlog).
 */
export function planBrokerAppends(w: WorldState, want: (p: number) => number, dtMs: number): BrokerAppendPlan | null {
  // Read in place (no default object per send cycle): absent cluster = no capacity.
  const cap = w.live.cluster?.brokerCapacityPerSec ?? null
  if (cap === null) return null
  const cs = w.cluster
  const B = cs.brokers.length
  if (scratch.allow.length !== w.P || scratch.budget.length !== B) {
    scratch = { allow: new Float64Array(w.P), budget: new Float64Array(B), want: new Float64Array(B), used: new Float64Array(B) }
  }
  const plan = scratch
  plan.want.fill(0)
  plan.used.fill(0)
  for (let p = 0; p < w.P; p++) {
    const b = cs.leader[p]!
    if (b >= 0) plan.want[b]! += want(p)
  }
  for (let b = 0; b < B; b++) {
    const broker = cs.brokers[b]!
    plan.budget[b] = Math.floor((cap / Math.max(1, broker.slowFactor)) * (dtMs / 1000) + broker.capCarry)
  }
  for (let p = 0; p < w.P; p++) {
    const b = cs.leader[p]!
    if (b < 0) {
      plan.allow[p] = 0 // offline: nobody appends
      continue
    }
    const total = plan.want[b]!
    const budget = plan.budget[b]!
    // Proportional share, rounded down; the broker's remainder goes out in partition order below.
    plan.allow[p] = total <= budget ? Infinity : Math.floor((budget * want(p)) / total)
  }
  // What rounding down left of each limited broker's budget: one more record per lane, lowest first.
  const left = plan.used // borrowed as scratch until the appends start
  for (let b = 0; b < B; b++) left[b] = plan.want[b]! > plan.budget[b]! ? plan.budget[b]! : 0
  for (let p = 0; p < w.P; p++) {
    const b = cs.leader[p]!
    if (b >= 0 && plan.allow[p]! !== Infinity) left[b]! -= plan.allow[p]!
  }
  for (let p = 0; p < w.P; p++) {
    const b = cs.leader[p]!
    if (b < 0 || left[b]! <= 0 || plan.allow[p]! >= want(p)) continue
    plan.allow[p]! += 1
    left[b]!--
  }
  plan.used.fill(0)
  return plan
}

/** Partition p appended `m` of the `wanted` records it had: charged to its leader. */
export function noteBrokerAppend(w: WorldState, plan: BrokerAppendPlan, p: number, m: number, wanted: number): void {
  const b = w.cluster.leader[p]!
  if (b < 0) return
  plan.used[b]! += m
  if (m < wanted) w.cluster.brokers[b]!.heldWin += wanted - m
}

/** After the cycle: unused capacity carries over (at most one second's worth, as lanes do). */
export function settleBrokerAppends(w: WorldState, plan: BrokerAppendPlan, dtMs: number): void {
  const cap = w.live.cluster?.brokerCapacityPerSec ?? null
  if (cap === null) return
  for (let b = 0; b < w.cluster.brokers.length; b++) {
    const broker = w.cluster.brokers[b]!
    const exact = (cap / Math.max(1, broker.slowFactor)) * (dtMs / 1000) + broker.capCarry
    broker.capCarry = Math.min(exact - plan.used[b]!, cap)
  }
}

/**
 * The broker's process died: it appends nothing, so it is not at capacity. Cleared at the crash,
 * not at the window's close: the window it died in still holds the appends it held back while it
 * ran (up to two windows, as the send cycle of the crash's millisecond may run before it), and the
 * strip read "DOWN" with the saturated broker's colours until then. Returns whether it was.
 */
export function stopBrokerCapacity(b: BrokerState): boolean {
  const was = b.saturated
  b.saturated = false
  b.heldWin = 0
  b.capCarry = 0
  return was
}

/** At the metrics window's close: a running broker that held appends back is saturated; narrated when it starts and when it ends. */
export function closeCapacityWindow(sim: SimCore): void {
  const cs = sim.w.cluster
  const cap = clusterOf(sim.w.live).brokerCapacityPerSec
  for (const b of cs.brokers) {
    // A down broker is never saturated (what it held back before it died is not its load now).
    const saturated = cap !== null && b.up && b.heldWin > 0
    // Said when it starts and when it ends (the strip's AT CAPACITY comes and goes with it): a
    // teacher read the start's line beside a rate far below it after a crash had moved the leaders.
    const capNow = cap === null ? 0 : Math.round(cap / Math.max(1, b.slowFactor))
    if (saturated && !b.saturated) sim.say({ kind: 'broker.saturated', broker: b.id, capacityPerSec: capNow, partitions: ledBy(cs, b.id) })
    else if (!saturated && b.saturated && b.up) sim.say({ kind: 'broker.unsaturated', broker: b.id, capacityPerSec: capNow })
    b.saturated = saturated
    b.heldWin = 0
  }
}
