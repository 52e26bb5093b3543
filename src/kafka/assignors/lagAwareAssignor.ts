// A lag-aware partition assignor: NOT built into Kafka. It follows the community lag-based
// assignors (grantneale/kafka-lag-based-assignor's LagBasedPartitionAssignor: partitions in
// decreasing order of lag, each to the consumer with the least total lag so far), with each
// partition weighed by its lag AND its produce rate, so a hot lane that is being kept up with still
// counts as heavy. Pure: reads only its arguments.
//
// Eager, not cooperative: it recomputes the whole assignment from the loads of the moment and keeps
// nothing of what members owned, so under KIP-429 a partition could be handed on in the round its old
// owner still holds it. Making it cooperative would mean implementing that protocol's two-round
// hand-over (as CooperativeStickyAssignor does); it runs only with the classic eager protocol here.
// Under KIP-848 it could be a server-side assignor (ConsumerGroupPartitionAssignor), but the
// coordinator's GroupSpec carries no lag or rate, so the simulator does not offer it there.

import {
  compareMembers,
  compareStrings,
  finishAssignment,
  memberOrder,
  prepareRequest,
  type AssignmentRequest,
  type Assignor,
  type AssignorResult,
  type TopicPartition,
} from './assignor.ts'

/**
 * Seconds of arrivals a partition's rate counts for: weight = lag + rate × this. A minute: long
 * enough that a hot lane weighs more than a short backlog, short enough that a real backlog still
 * dominates. (The community assignors use lag alone, which is blind to a hot lane that is kept up
 * with at the moment of the rebalance and then swamps whoever got it.)
 */
export const LAG_AWARE_HORIZON_SEC = 60

/** One partition's weight: records waiting (lag) plus the records `LAG_AWARE_HORIZON_SEC` of its rate brings. */
export function partitionWeight(lag: number, ratePerSec: number): number {
  const l = Number.isFinite(lag) && lag > 0 ? lag : 0
  const r = Number.isFinite(ratePerSec) && ratePerSec > 0 ? ratePerSec : 0
  return l + r * LAG_AWARE_HORIZON_SEC
}

/**
 * Longest-processing-time-first greedy (what LagBasedPartitionAssignor does): every partition of every
 * subscribed topic, heaviest first (ties: topic name, then partition number), goes to the subscribed
 * member with the least total weight so far (ties: fewest partitions, then `MemberInfo.compareTo`
 * order). With no loads given every weight is 0 and it deals partitions out evenly by count.
 * Greedy bound: no member ends above mean load + the heaviest partition's weight.
 */
export function assignLagAware(req: AssignmentRequest): AssignorResult {
  const { counts, members } = prepareRequest(req)
  const lists = new Map<string, TopicPartition[]>(members.map((m) => [m.memberId, []]))
  const parts: Array<{ tp: TopicPartition; w: number }> = []
  for (const [topic, n] of counts) {
    const load = req.load !== undefined && Object.hasOwn(req.load, topic) ? req.load[topic] : undefined
    for (let p = 0; p < n; p++) {
      const w = load?.[p]
      parts.push({ tp: [topic, p], w: w !== undefined && Number.isFinite(w) && w > 0 ? w : 0 })
    }
  }
  parts.sort((a, b) => b.w - a.w || compareStrings(a.tp[0], b.tp[0]) || a.tp[1] - b.tp[1])
  const ordered = memberOrder(members)
  const total = new Map<string, number>(members.map((m) => [m.memberId, 0]))
  for (const { tp, w } of parts) {
    let best: (typeof ordered)[number] | undefined
    for (const m of ordered) {
      if (!m.topicSet.has(tp[0])) continue
      if (best === undefined) {
        best = m
        continue
      }
      const d = total.get(m.memberId)! - total.get(best.memberId)!
      const n = lists.get(m.memberId)!.length - lists.get(best.memberId)!.length
      if (d < 0 || (d === 0 && (n < 0 || (n === 0 && compareMembers(m, best) < 0)))) best = m
    }
    if (best === undefined) continue
    lists.get(best.memberId)!.push(tp)
    total.set(best.memberId, total.get(best.memberId)! + w)
  }
  return { assignment: finishAssignment(members, lists), partitionsTransferringOwnership: null }
}

export const lagAwareAssignor: Assignor = { name: 'lag-aware', protocol: 'EAGER', assign: assignLagAware }
