// A slow disk without a broker capacity: each log append on that broker takes longer, so records
// become readable later. The high watermark is the lowest log end of the in-sync replicas
// (Partition.maybeIncrementLeaderHW), so a slow leader or a slow in-sync follower holds back what
// consumers may read, and an acks=all write is acknowledged only then; an acks=1 write waits only
// for a slow leader. Healthy appends cost nothing extra here (the network latency already covers a
// request), so runs without a slow disk are unchanged. (With cluster.brokerCapacityPerSec set, the
// slow disk also divides the capacity: brokerCapacity.ts.)

import type { Acks } from '../../kafka/producerDelivery.ts'
import type { WorldState } from '../worldState.ts'
import { segCount, segEnd, segTime } from '../segLog.ts'

/** A nominal disk append of one produce batch on a healthy broker, ms (a model figure, not a Kafka config). */
export const LOG_APPEND_MS = 10

/** Extra ms one append takes on a broker whose disk is `slowFactor` times slower. */
export function extraAppendMs(slowFactor: number): number {
  return Math.max(0, slowFactor - 1) * LOG_APPEND_MS
}

/**
 * Extra ms before an append to partition p is in every in-sync replica's log: the slowest live
 * in-sync replica's (the leader's included). 0 when no replica's disk is slow.
 */
export function slowReplicationMs(w: WorldState, p: number): number {
  let worst = 1
  const isr = w.cluster.isr[p]
  if (isr === undefined) return 0
  for (const b of isr) {
    const br = w.cluster.brokers[b]
    if (br !== undefined && br.up && br.slowFactor > worst) worst = br.slowFactor
  }
  return extraAppendMs(worst)
}

/** Extra ms before the producer's write to p is acknowledged: acks=all waits for the ISR, acks=1 for the leader, acks=0 for nobody. */
export function slowAckMs(w: WorldState, p: number, acks: Acks): number {
  if (acks === '0') return 0
  if (acks === 'all') return slowReplicationMs(w, p)
  const leader = w.cluster.brokers[w.cluster.leader[p]!]
  return leader === undefined ? 0 : extraAppendMs(leader.slowFactor)
}

/**
 * The high watermark of p held back by a slow replica: the end of the records appended at least
 * the slowest in-sync replica's extra append time ago, at most `end`. Records consumers already
 * read stay readable (the watermark never moves back).
 */
export function slowHighWatermark(w: WorldState, p: number, now: number, end: number): number {
  const delay = slowReplicationMs(w, p)
  if (delay <= 0) return end
  const horizon = now - delay
  const log = w.segs
  let i = segCount(log, p) - 1
  while (i >= 0 && segTime(log, p, i) > horizon) i--
  const hw = i >= 0 ? segEnd(log, p, i) : 0
  return Math.min(end, Math.max(hw, w.delivered[p]!))
}
