// KIP-848 server-side `uniform` assignor (group-coordinator UniformAssignor). Pure: reads only its
// arguments. `owned` is read as the member's current target assignment; generations are not used.

import {
  compareStrings,
  finishAssignment,
  prepareRequest,
  type AssignmentRequest,
  type Assignor,
  type AssignorResult,
  type PreparedMember,
  type TopicPartition,
} from './assignor.ts'
import { assignGeneralOnly } from './stickyAssignor.ts'

/**
 * Iteration orders. Java iterates `groupSpec.memberIds()` and the subscribed topic ids (`HashSet<Uuid>`
 * of random topic UUIDs), so its placement is not a function of names at all. We use sorted member ids
 * and sorted topic names, and owned partitions in ascending order: deterministic, and the same shape
 * (who keeps what, contiguous chunks), but a live cluster may pick other members or chunk boundaries.
 */
const byMemberId = (a: PreparedMember, b: PreparedMember): number => compareStrings(a.memberId, b.memberId)

/**
 * `UniformHomogeneousAssignmentBuilder` (all members subscribe to the same existing topics):
 * quota = floor(total / M), and the first `total % M` members in iteration order get one more,
 * whatever they own. Each member keeps owned partitions up to its quota (per topic: all of a topic if
 * it fits, else the first ones); the rest and the never-owned partitions are then handed out in
 * contiguous chunks: fill the first unfilled member's remaining quota, then the next one's, and so on.
 */
function assignHomogeneous(counts: ReadonlyMap<string, number>, members: readonly PreparedMember[], topics: readonly string[]): Map<string, TopicPartition[]> {
  const lists = new Map<string, TopicPartition[]>(members.map((m) => [m.memberId, []]))
  const subscribed = new Set(topics)
  // A target assignment never has two owners; if ours does, the first claim (member order) wins.
  const claims = new Map<string, Map<string, number[]>>() // member -> topic -> partitions
  const claimed = new Set<string>()
  for (const m of members) {
    const byTopic = new Map<string, number[]>()
    for (const [t, p] of m.owned) {
      if (claimed.has(`${p}:${t}`)) continue
      claimed.add(`${p}:${t}`)
      byTopic.set(t, [...(byTopic.get(t) ?? []), p])
    }
    claims.set(m.memberId, byTopic)
  }
  let total = 0
  const unassigned: TopicPartition[] = []
  for (const t of topics) {
    const n = counts.get(t) ?? 0
    total += n
    for (let p = 0; p < n; p++) if (!claimed.has(`${p}:${t}`)) unassigned.push([t, p])
  }
  const minQuota = Math.floor(total / members.length)
  let extras = total % members.length
  const unfilled: { memberId: string; remaining: number }[] = []
  for (const m of members) {
    let quota = minQuota
    if (extras > 0) {
      quota++
      extras--
    }
    const list = lists.get(m.memberId) ?? []
    const byTopic = claims.get(m.memberId) ?? new Map<string, number[]>()
    for (const t of [...byTopic.keys()].sort(compareStrings)) {
      if (!subscribed.has(t)) continue
      for (const p of (byTopic.get(t) ?? []).sort((a, b) => a - b)) {
        if (quota > 0) {
          list.push([t, p])
          quota--
        } else {
          unassigned.push([t, p])
        }
      }
    }
    if (quota > 0) unfilled.push({ memberId: m.memberId, remaining: quota })
  }
  let next = 0
  for (const u of unfilled) {
    const list = lists.get(u.memberId)
    for (let i = 0; i < u.remaining && next < unassigned.length; i++) {
      const tp = unassigned[next++]
      if (tp !== undefined) list?.push(tp)
    }
  }
  return lists
}

/**
 * Kafka `UniformAssignor`: the homogeneous builder when every member subscribes to the same set of
 * existing topics. For differing subscriptions Java uses `UniformHeterogeneousAssignmentBuilder`,
 * which is not modelled here (kafka-semantics §8): we fall back to the client sticky general builder,
 * which has the same goals (balance first, then stickiness) and a similar greedy-then-rebalance shape.
 * Topics that do not exist are ignored (Java's coordinator would reject the subscription).
 */
export function assignUniform(req: AssignmentRequest): AssignorResult {
  const prepared = prepareRequest(req)
  const members = [...prepared.members].sort(byMemberId)
  const effective = (m: PreparedMember): string[] => m.topics.filter((t) => prepared.counts.has(t)).sort(compareStrings)
  const first = members[0] === undefined ? [] : effective(members[0])
  const homogeneous = members.every((m) => effective(m).join('\u0000') === first.join('\u0000'))
  const lists = homogeneous
    ? assignHomogeneous(prepared.counts, members, first)
    : assignGeneralOnly(prepared, members.map((m) => ({ ...m, generation: -1 })))
  return { assignment: finishAssignment(prepared.members, lists), partitionsTransferringOwnership: null }
}

/**
 * Server-side: there is no client protocol, but KIP-848 reconciliation revokes before it assigns,
 * like COOPERATIVE, so that is what it reports.
 */
export const uniformAssignor: Assignor = { name: 'uniform', protocol: 'COOPERATIVE', assign: assignUniform }
