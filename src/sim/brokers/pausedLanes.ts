// Lanes the brokers pause: partitions whose clients have no leader to talk to, and, under acks=all,
// those whose writes wait on the ISR. Read from the controller's registration (leader, ISR, which
// brokers run) and what the clients have learned, never from the data plane's own blocking
// (producerRetry.ts), so a test can hold one against the other. The count is a function of state
// that changes only in broker commands and fault timers, plus the clients' learn times: accruePaused
// runs before such a change and settlePaused after it (O(P) per broker change, nothing per send
// cycle); readers add the interval not yet accrued, as stoppedTime.ts does for consumer stops.

import { clusterOf } from '../../scenario/defaults.ts'
import type { WorldState } from '../worldState.ts'
import { producerDelivery, type FaultState } from './faultState.ts'

/** Why lanes are paused at one moment. Each paused lane has one reason (the first that applies, in this order). */
export interface PausedLaneCounts {
  /** Lanes producers or consumers cannot use now because of the brokers: the sum of the three reasons below. */
  lanes: number
  /**
   * No leader the clients can reach: none elected (offline), led by a crashed broker the controller
   * has not fenced yet, or clients still finding the new leader (retry.backoff.ms). The striped lanes.
   */
  noLeader: number
  /** acks=all: fewer in-sync replicas than min.insync.replicas, so producers get NOT_ENOUGH_REPLICAS. */
  underMinIsr: number
  /** acks=all: a crashed broker is still in the ISR (not yet fenced), and every write waits for it. */
  followerDown: number
  /** Kafka's OfflinePartitionsCount (the controller's metric): partitions with no leader elected; part of noLeader. */
  offlinePartitions: number
  /** Kafka's UnderMinIsrPartitionCount: partitions whose running leader has fewer in-sync replicas than min.insync.replicas, whatever the producers' acks. */
  underMinIsrPartitions: number
}

/** The peak: the most lanes paused at once, when first reached, and why. */
export interface MostPausedLanes extends PausedLaneCounts {
  atMs: number
}

/** The running account, inside FaultState (checkpointed with it). */
export interface PausedAccount {
  /** Paused lane-ms accrued up to `asOf` (sim ms; -1 before the fault state's first change was settled). */
  ms: number
  asOf: number
  most: MostPausedLanes | null
}

export function createPausedAccount(): PausedAccount {
  return { ms: 0, asOf: -1, most: null }
}

const NONE = 0
const NO_LEADER = 1
const UNDER_MIN_ISR = 2
const FOLLOWER_DOWN = 3

interface Reading {
  w: WorldState
  f: FaultState
  acksAll: boolean
  minIsr: number
}

function reading(w: WorldState, f: FaultState): Reading {
  return { w, f, acksAll: producerDelivery(w.live).acks === 'all', minIsr: clusterOf(w.live)['min.insync.replicas'] }
}

/** When the clients of p have (re)learned its leader: the later of producers and consumers (Infinity, waiting for one, counts as 0 here). */
function learnedAt(f: FaultState, p: number): number {
  const a = f.produceResumeAt[p]!
  const b = f.fetchResumeAt[p]!
  return Math.max(Number.isFinite(a) ? a : 0, Number.isFinite(b) ? b : 0)
}

/** Lane p's reason to be paused whatever the time (NONE when only the clients' learning may hold it). */
function standingReason(r: Reading, p: number): number {
  const cs = r.w.cluster
  const leader = cs.leader[p]!
  if (leader < 0 || cs.brokers[leader]?.up !== true) return NO_LEADER
  if (!r.acksAll) return NONE
  const isr = cs.isr[p]!
  if (isr.length < r.minIsr) return UNDER_MIN_ISR
  for (const b of isr) if (cs.brokers[b]?.up !== true) return FOLLOWER_DOWN
  return NONE
}

function reasonAt(r: Reading, p: number, now: number): number {
  const s = standingReason(r, p)
  if (s === NO_LEADER) return s
  return now < learnedAt(r.f, p) ? NO_LEADER : s
}

/** The lanes paused at `now`, by reason, and Kafka's two controller/broker metrics. */
export function pausedLanesAt(w: WorldState, now: number): PausedLaneCounts {
  const out: PausedLaneCounts = { lanes: 0, noLeader: 0, underMinIsr: 0, followerDown: 0, offlinePartitions: 0, underMinIsrPartitions: 0 }
  const f = w.faults
  if (f === undefined) return out
  const r = reading(w, f)
  const cs = w.cluster
  for (let p = 0; p < w.P; p++) {
    const leader = cs.leader[p]!
    if (leader < 0) out.offlinePartitions++
    else if (cs.brokers[leader]?.up === true && cs.isr[p]!.length < r.minIsr) out.underMinIsrPartitions++
    const why = reasonAt(r, p, now)
    if (why === NONE) continue
    out.lanes++
    if (why === NO_LEADER) out.noLeader++
    else if (why === UNDER_MIN_ISR) out.underMinIsr++
    else out.followerDown++
  }
  return out
}

/** Paused lane-ms from `from` to `to` with the state as it is: each lane until its reason ends (its clients learn, or never). */
function pausedMsBetween(w: WorldState, f: FaultState, from: number, to: number): number {
  if (to <= from) return 0
  const r = reading(w, f)
  let ms = 0
  for (let p = 0; p < w.P; p++) {
    const until = standingReason(r, p) !== NONE ? Infinity : learnedAt(f, p)
    if (until > from) ms += Math.min(until, to) - from
  }
  return ms
}

/** Before a broker change at `now`: charges the interval since the last change at the state that held over it. */
export function accruePaused(w: WorldState, now: number): void {
  const f = w.faults
  if (f === undefined || f.paused.asOf < 0 || now <= f.paused.asOf) return
  f.paused.ms += pausedMsBetween(w, f, f.paused.asOf, now)
  f.paused.asOf = now
}

/** After a broker change at `now`: the account starts (the fault state may be new) and the peak is checked (counts only rise at changes). */
export function settlePaused(w: WorldState, now: number): void {
  const f = w.faults
  if (f === undefined) return
  if (f.paused.asOf < 0) f.paused.asOf = now
  const c = pausedLanesAt(w, now)
  if (c.lanes > (f.paused.most?.lanes ?? 0)) f.paused.most = { ...c, atMs: now }
}

/** Paused lane-ms up to `now`, including the interval not yet accrued (reads only). */
export function pausedMsAt(w: WorldState, now: number): number {
  const f = w.faults
  if (f === undefined || f.paused.asOf < 0) return 0
  return f.paused.ms + pausedMsBetween(w, f, f.paused.asOf, now)
}

/** `run --json`'s pausedLanes: the counts at `now`, the most at once, and lane-seconds paused so far. */
export interface PausedLanesSummary extends PausedLaneCounts {
  most: (PausedLaneCounts & { atSec: number }) | null
  partitionSeconds: number
}

export function pausedLanesSummary(w: WorldState, now: number): PausedLanesSummary {
  const most = w.faults?.paused.most ?? null
  return {
    ...pausedLanesAt(w, now),
    most: most === null ? null : mostInSeconds(most),
    partitionSeconds: Math.round(pausedMsAt(w, now) / 10) / 100,
  }
}

function mostInSeconds(m: MostPausedLanes): PausedLaneCounts & { atSec: number } {
  const { atMs, ...counts } = m
  return { ...counts, atSec: atMs / 1000 }
}
