// Leadership changes applied to the world: a partition's new leader (epoch bump), the log the new
// leader has (the failed leader's unreplicated tail is lost under acks=1 or sent again under
// acks=all), and when producers and consumers learn the new leader (their retry backoff).

import { learnsLeaderAt, unreplicatedFate } from '../../kafka/producerDelivery.ts'
import type { SimCore } from '../core.ts'
import { defer } from '../deferred.ts'
import type { WorldState } from '../worldState.ts'
import { segCount, segEnd, segTime, segWait, setSegEnd, truncateSegs } from '../segLog.ts'
import { returnToHeld } from '../producerHeld.ts'
import { CONSUMER_RETRY_BACKOFF_MS, producerDelivery } from './faultState.ts'

/**
 * Offset below which partition p's records were on its followers when its leader died at `t`:
 * records appended within one network latency before were still in flight to them. Records a
 * consumer already read count as copied (consumers read only up to the high watermark).
 */
export function replicatedEndAt(w: WorldState, p: number, t: number): number {
  const horizon = t - w.live.broker.networkLatencyMs
  const seg = w.segs
  const n = segCount(seg, p)
  if (n === 0) return w.leo[p]!
  let i = n - 1
  while (i >= 0 && segTime(seg, p, i) >= horizon) i--
  // No kept segment is old enough: what is before them was consumed (pruning keeps the rest).
  const copied = i >= 0 ? segEnd(seg, p, i) : 0
  return Math.max(copied, w.delivered[p]!)
}

/**
 * When the records above offset `end` of partition p were sent, as held entries [sentAt, count, …],
 * oldest first: each of its segments' append time less the time its records had waited.
 */
function sentTimesAbove(w: WorldState, p: number, end: number): number[] {
  const seg = w.segs
  const out: number[] = []
  for (let i = segCount(seg, p) - 1; i >= 0; i--) {
    const hi = segEnd(seg, p, i)
    if (hi <= end) break
    const lo = Math.max(end, i > 0 ? segEnd(seg, p, i - 1) : end)
    if (hi > lo) out.unshift(segTime(seg, p, i) - segWait(seg, p, i), hi - lo)
  }
  return out
}

/**
 * The new leader's log ends at `end`: the records above it are gone from the log. Under acks=1/0
 * they were acknowledged, so they are lost; under acks=all they were not, so the producer sends
 * them again (back into its buffer). Returns how many records were above `end`.
 */
export function truncateLog(w: WorldState, p: number, end: number): number {
  const cut = w.leo[p]! - end
  if (cut <= 0) return 0
  const f = w.faults!
  const seg = w.segs
  if (unreplicatedFate(producerDelivery(w.live).acks) === 'lost') f.lostRecords += cut
  else {
    returnToHeld(w, p, sentTimesAbove(w, p, end))
    w.buffered[p]! += cut
    f.retriedRecords += cut
  }
  w.leo[p] = end
  let n = segCount(seg, p)
  while (n > 0 && n > w.segHead[p]! && (n > 1 ? segEnd(seg, p, n - 2) : 0) >= end) truncateSegs(seg, p, --n)
  if (n > 0 && segEnd(seg, p, n - 1) > end) setSegEnd(seg, p, n - 1, end)
  for (const idx of w.partKeySegs[p]!) {
    const s = w.keySegs[idx]!
    while (s.end.length > s.head && s.end[s.end.length - 1]! > end) {
      const k = s.end.length - 1
      if (k > s.head && s.end[k - 1]! >= end) {
        s.end.pop()
        s.t.pop()
        s.n.pop()
      } else {
        s.end[k] = end
        break
      }
    }
  }
  const list = w.samplesByP[p]!
  const keep = list.findIndex((x, i) => i >= w.sampleHead[p]! && x.offset >= end)
  if (keep >= 0) list.length = keep
  return cut
}

/**
 * Partition p has a (new) leader as of now: its clients, which lost the old one at `lostAt`, learn
 * it at their next metadata refresh (retry backoff, KIP-580). Returns when the consumers do (the
 * caller schedules one timer per moment: resumeTimers).
 */
export function clientsLearnLeader(sim: SimCore, p: number): number {
  const f = sim.w.faults!
  const now = sim.kernel.now
  const lost = f.lostAt[p]! >= 0 ? f.lostAt[p]! : now
  const prod = learnsLeaderAt(lost, now, producerDelivery(sim.w.live)['retry.backoff.ms']).at
  const cons = learnsLeaderAt(lost, now, CONSUMER_RETRY_BACKOFF_MS).at
  f.produceResumeAt[p] = prod
  f.fetchResumeAt[p] = cons
  f.lostAt[p] = -1
  return cons
}

/**
 * Partition p's leader moved while the old one still runs (a controlled shutdown): the old leader
 * answers NOT_LEADER_OR_FOLLOWER naming the new one (KIP-951), so its clients redirect at `at`
 * (one round trip later) instead of waiting out retry backoffs for a metadata refresh.
 */
export function clientsRedirected(w: WorldState, p: number, at: number): number {
  const f = w.faults!
  f.produceResumeAt[p] = at
  f.fetchResumeAt[p] = at
  f.lostAt[p] = -1
  return at
}

/** One 'resume' timer per moment at which consumers learn leaders (it wakes their owners then). */
export function resumeTimers(sim: SimCore, at: ReadonlyArray<{ partition: number; at: number }>): void {
  const by = new Map<number, number[]>()
  for (const x of at) by.set(x.at, [...(by.get(x.at) ?? []), x.partition])
  for (const [t, ps] of [...by.entries()].sort((a, b) => a[0] - b[0])) {
    defer(sim, t, { fault: { kind: 'resume', partitions: ps, epochs: ps.map((p) => sim.w.cluster.leaderEpoch[p]!) } })
  }
}

/** Moves partition p's leadership to `leader` (NO_LEADER = -1: offline) with a new leader epoch. */
export function setLeader(w: WorldState, p: number, leader: number): void {
  w.cluster.leader[p] = leader
  w.cluster.leaderEpoch[p]!++
}

/**
 * Broker b died and partition p had it as leader or in-sync follower: what p's clients wait for
 * until the controller fences b. Led: producers and consumers lose their leader now. Followed: the
 * high watermark stops where b stopped copying, and acks=all requests wait for b to leave the ISR.
 * Returns whether b led p.
 */
export function clientsLoseBroker(w: WorldState, b: number, p: number, now: number, acksAll: boolean): boolean {
  const f = w.faults!
  if (w.cluster.leader[p] === b) {
    f.produceResumeAt[p] = Infinity
    f.fetchResumeAt[p] = Infinity
    f.lostAt[p] = now
    f.replicatedEnd[p] = replicatedEndAt(w, p, now)
    return true
  }
  if (w.cluster.isr[p]!.includes(b)) {
    f.hwCap[p] = Math.min(f.hwCap[p]!, replicatedEndAt(w, p, now))
    if (acksAll) f.produceResumeAt[p] = Infinity
  }
  return false
}
