// The Parallel Consumer's state inside the world (plain data, checkpointed with it): per consumer
// the work it holds as chains (one key's, one partition's, or a share of unordered records, each
// run serially on one worker), per partition the offset map of the last commit, and run totals.

import type { ParallelConsumerSpec } from '../../scenario/types.ts'
import { PC_DEFAULTS } from '../../kafka/parallelConsumer.ts'
import type { WorldState } from '../worldState.ts'

/** Records one worker runs in order. Fluid: `recs` may be fractional, spread evenly over [lo, hi). */
export interface PcChain {
  /** `p3` (partition order), `p3:key-7` (a tracked key), `p3#~2` (a share of the untracked keys), `p3#u5` (unordered). */
  id: string
  p: number
  /** Processing ms still to do, and records not yet complete. */
  work: number
  recs: number
  /** Offsets its incomplete records span: the oldest incomplete one, and one past its newest. */
  lo: number
  hi: number
  /** When its worker starts and ends it under the current plan (sim ms). */
  start: number
  end: number
}

export interface PcConsumer {
  /** The consumer's incarnation this state belongs to (a restarted process starts empty). */
  incarnation: number
  chains: PcChain[]
  lastCommit: number
  /** Under the current plan: workers busy, and the chain that holds the rest back (null = none). */
  busy: number
  blockedBy: string | null
  /** Under the current plan: from when a worker sits idle while `blockedBy` still has records queued, until when (sim ms). */
  blockedFrom: number
  blockedTo: number
}

/** What the last commit of a partition carried in its metadata (PC's offset map). */
export interface PcMeta {
  /** The committed offset (lowest incomplete) and the highest offset it covers (exclusive). */
  base: number
  upTo: number
  /** Records in [base, upTo) complete at the commit. */
  completed: number
  /** False when the map did not fit offset.metadata.max.bytes and PC committed without it. */
  intact: boolean
}

export interface PcStats {
  /** Most records processed at once by one consumer (its busy workers). */
  inFlightMax: number
  /** Worker-idle time while records waited behind a busy key or partition, summed over consumers, ms. */
  blockedMs: number
  /** Most incomplete offsets one partition's commit had to carry. */
  incompleteOffsetsMax: number
  /** Partition commits whose offset map did not fit (committed without it). */
  metadataOverflows: number
  /** Records completed before, processed again after a restart or a move (their map was lost). */
  reprocessed: number
  /** Records PC skipped after a move because the committed map marked them complete. */
  skipped: number
  /**
   * Records Kafka delivered again that PC did not process again (skipped as complete, or never
   * completed before): Kafka's redeliveries = `duplicates` + this (the conservation check's rule).
   */
  notDuplicates: number
  /** Records completed. */
  processed: number
  /** Largest offset-map payload committed, base64 characters. */
  payloadMaxChars: number
}

export interface PcWorld {
  consumers: Array<PcConsumer | null>
  meta: Array<PcMeta | null>
  stats: PcStats
}

export function createPcWorld(): PcWorld {
  return {
    consumers: [],
    meta: [],
    stats: { inFlightMax: 0, blockedMs: 0, incompleteOffsetsMax: 0, metadataOverflows: 0, reprocessed: 0, skipped: 0, notDuplicates: 0, processed: 0, payloadMaxChars: 0 },
  }
}

/** The options with PC's defaults filled in, or null when the group runs plain KafkaConsumers. */
export function pcOptions(w: WorldState): Required<ParallelConsumerSpec> | null {
  const o = w.live.group.parallel
  if (!o) return null
  return {
    ordering: o.ordering,
    maxConcurrency: o.maxConcurrency,
    commitIntervalMs: o.commitIntervalMs ?? PC_DEFAULTS.commitIntervalMs,
    'offset.metadata.max.bytes': o['offset.metadata.max.bytes'] ?? PC_DEFAULTS['offset.metadata.max.bytes'],
  }
}

/** Consumer c's PC state, fresh when its process restarted since. */
export function pcConsumer(pw: PcWorld, c: number, incarnation: number, now: number): PcConsumer {
  let s = pw.consumers[c]
  if (!s || s.incarnation !== incarnation) {
    s = { incarnation, chains: [], lastCommit: now, busy: 0, blockedBy: null, blockedFrom: 0, blockedTo: 0 }
    while (pw.consumers.length <= c) pw.consumers.push(null)
    pw.consumers[c] = s
  }
  return s
}

/** The share of chain `ch` its worker has done by `t` under the current plan (records complete at a steady pace). */
export function doneBy(ch: PcChain, t: number): number {
  const span = ch.end - ch.start
  return t <= ch.start ? 0 : span <= 0 || t >= ch.end ? 1 : (t - ch.start) / span
}

/**
 * Processing ms of the current plan not yet done at `now`, averaged over the `maxConcurrency`
 * workers (the unit a poll adds to busyMsWin in): what of the counted work belongs to later seconds.
 */
export function workLeftMs(w: WorldState, c: number, now: number): number {
  const s = w.parallel?.consumers[c]
  const o = pcOptions(w)
  if (!s || !o || s.incarnation !== w.consumers[c]!.incarnation) return 0
  let left = 0
  for (const ch of s.chains) {
    left += ch.work * (1 - doneBy(ch, now))
  }
  return left / o.maxConcurrency
}

/**
 * Applies the plan's progress up to `now`: each chain's worker has done the part of it that fits
 * between its start and now; finished chains leave. Records complete at a steady pace along a chain.
 */
export function advance(pw: PcWorld, s: PcConsumer, now: number): void {
  const kept: PcChain[] = []
  for (const ch of s.chains) {
    const f = doneBy(ch, now)
    if (f > 0) {
      pw.stats.processed += ch.recs * f
      ch.lo += (ch.hi - ch.lo) * f
      ch.recs *= 1 - f
      ch.work *= 1 - f
      ch.start = now
    }
    if (f < 1 && ch.recs > 1e-9) kept.push(ch)
  }
  s.chains = kept
}

export function heldRecords(s: PcConsumer): number {
  let n = 0
  for (const ch of s.chains) n += ch.recs
  return n
}
