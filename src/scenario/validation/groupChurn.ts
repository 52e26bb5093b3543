// How hard a scenario can make its consumer group work: the members that join or leave within its
// busiest simulated second, and the rebalances those changes can cause. Pure. The group protocol
// costs little while the group is stable (heartbeats, a cost item of their own); what costs is a
// change of membership (a member's process started or stopped) and the rebalance or new target
// assignment that follows (docs/limits.md: measured with bench/groupCost.ts).

import { addConsumerCount } from '../applyCommand.ts'
import type { Scenario, ScenarioAction } from '../types.ts'

export interface GroupChurn {
  /** Joins and leaves within the busiest simulated second. */
  changesPerSec: number
  /**
   * Generations per simulated second at most: classic groups (eager, cooperative) merge the
   * changes into rebalances no faster than heartbeats can announce them; KIP-848 and share groups
   * compute a new target assignment at every change. At least one: any run may rebalance (a cold
   * start, a command from the page).
   */
  rebalancesPerSec: number
  /** The field that drives the busiest second (for the validator's message), and in words. */
  path: string
  source: string
}

/** A run of changes: `perSec` of them each second from `from` to `to` (simulated seconds, inclusive). */
interface Span {
  from: number
  to: number
  perSec: number
  path: string
  source: string
}

/** The seconds a change lands in: one span per action (or per phase of one). */
function actionSpans(a: ScenarioAction, i: number, consumers: number, sessionMs: number, pollIntervalMs: number): Span[] {
  const path = `actions[${i}]`
  const at = (offsetMs: number, perSec: number, source = a.do): Span => {
    const sec = Math.floor(a.atSec + offsetMs / 1000)
    return { from: sec, to: sec, perSec, path, source }
  }
  switch (a.do) {
    case 'addConsumer':
      return [at(0, addConsumerCount(a))]
    case 'removeConsumer':
    case 'reviveConsumer':
      return [at(0, 1)]
    // The coordinator removes a crashed member when its session expires.
    case 'crashConsumer':
      return [at(sessionMs, 1)]
    case 'restartConsumer':
      return [at(0, 1), at(a.downMs, 1)]
    // A pause longer than the session (or the poll interval) costs the member its place; it rejoins after.
    case 'gcPause':
      return a.durationMs < Math.min(sessionMs, pollIntervalMs) ? [] : [at(Math.min(sessionMs, pollIntervalMs), 1), at(a.durationMs, 1)]
    // One member after another, intervalMs apart: a leave and a join each, at most 1000/intervalMs a second.
    case 'rollingRestart': {
      const from = Math.floor(a.atSec)
      const to = Math.floor(a.atSec + (consumers * a.intervalMs + a.downMs) / 1000)
      return [{ from, to, perSec: 2 * Math.min(consumers, Math.ceil(1000 / a.intervalMs)), path, source: 'rollingRestart' }]
    }
    // New partitions: the classic leader sees the metadata change and rejoins; KIP-848 recomputes the target.
    case 'addPartitions':
      return [at(0, 1)]
    default:
      return []
  }
}

/**
 * The longest a poll's batch can take: max.poll.records at the slowest processing the script
 * allows (slowConsumer factors, the costliest key). Past max.poll.interval.ms the member leaves
 * the group at every batch and rejoins at its next poll.
 */
function longestBatchMs(s: Scenario): number {
  let slow = 1
  let cost = 1
  for (const p of s.producers) for (const c of Object.values(p.keyCost)) cost = Math.max(cost, c)
  for (const a of s.actions) {
    if (a.do === 'slowConsumer') slow = Math.max(slow, a.factor)
    if (a.do === 'setKeyCost') cost = Math.max(cost, a.cost)
  }
  const rate = s.group.processing.recordsPerSec
  return rate > 0 ? (1000 * s.group.config['max.poll.records'] * slow * cost) / rate : Infinity
}

/** The churn of `s` (a validated scenario) at its busiest second; `consumers` = the envelope's peak. */
export function groupChurn(s: Scenario, consumers: number, heartbeatsPerSec: number): GroupChurn {
  const cfg = s.group.config
  const classic = s.group.protocol !== 'consumer' && s.group.type !== 'share'
  const sessionMs = s.group.protocol === 'consumer' ? s.broker['group.consumer.session.timeout.ms'] : cfg['session.timeout.ms']
  const pollIntervalMs = cfg['max.poll.interval.ms']
  const end = Math.max(1, Math.ceil(s.durationSec))
  const spans: Span[] = s.actions.flatMap((a, i) => actionSpans(a, i, consumers, sessionMs, pollIntervalMs))
  // A cold start: every member joins in the first second.
  if (s.start !== 'warm') spans.push({ from: 0, to: 0, perSec: s.group.consumers, path: 'start', source: 'a cold start' })
  // The autoscaler adds or removes at most one member per metrics window (a simulated second).
  if (s.group.autoscaler.enabled || s.actions.some((a) => a.do === 'setAutoscaler' && a.enabled)) {
    spans.push({ from: 0, to: end, perSec: 1, path: 'group.autoscaler', source: 'the autoscaler' })
  }
  if (longestBatchMs(s) >= pollIntervalMs) {
    spans.push({ from: 0, to: end, perSec: Math.ceil((2 * consumers * 1000) / pollIntervalMs), path: 'group.config["max.poll.interval.ms"]', source: 'batches slower than max.poll.interval.ms' })
  }
  // The busiest second starts a span (the sum over spans only changes there).
  let peak: { sum: number; top: Span | null } = { sum: 0, top: null }
  for (const t of new Set(spans.map((x) => x.from))) {
    let sum = 0
    let top: Span | null = null
    for (const x of spans) {
      if (x.from > t || x.to < t) continue
      sum += x.perSec
      if (top === null || x.perSec > top.perSec) top = x
    }
    if (sum > peak.sum) peak = { sum, top }
  }
  const changes = peak.sum
  // Classic: a member rejoins only when a heartbeat answers REBALANCE_IN_PROGRESS (AbstractCoordinator),
  // so one generation per heartbeat interval, and a cooperative second round right after (KIP-429).
  const cap = classic ? 2 * heartbeatsPerSec + 1 : Infinity
  return {
    changesPerSec: changes,
    rebalancesPerSec: Math.max(1, Math.min(changes, cap)),
    path: peak.top?.path ?? 'group.consumers',
    source: peak.top?.source ?? '',
  }
}
