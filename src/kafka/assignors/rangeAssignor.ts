// Range assignors: Kafka's client RangeAssignor (classic protocol) and the KIP-848 server-side range
// assignor. Pure: reads only its arguments. Rack-aware mode is not modelled.

import {
  compareMembers,
  finishAssignment,
  prepareRequest,
  type AssignmentRequest,
  type Assignor,
  type AssignorResult,
  type PreparedMember,
  type TopicPartition,
} from './assignor.ts'

function subscribersByTopic(counts: ReadonlyMap<string, number>, members: readonly PreparedMember[]): Map<string, PreparedMember[]> {
  const byTopic = new Map<string, PreparedMember[]>()
  for (const topic of counts.keys()) byTopic.set(topic, [])
  for (const m of members) for (const t of m.topics) byTopic.get(t)?.push(m)
  for (const list of byTopic.values()) list.sort(compareMembers)
  return byTopic
}

/**
 * Kafka `RangeAssignor` (clients): per topic, independently, the subscribed members in
 * `MemberInfo.compareTo` order each take a contiguous run of `floor(P/M)` partitions, and the first
 * `P % M` members one more. The same members get the extra partition of every topic, which is the
 * imbalance range is known for.
 */
export function assignRange(req: AssignmentRequest): AssignorResult {
  const { counts, members } = prepareRequest(req)
  const lists = new Map<string, TopicPartition[]>(members.map((m) => [m.memberId, []]))
  for (const [topic, subscribers] of subscribersByTopic(counts, members)) {
    const total = counts.get(topic) ?? 0
    const quota = Math.floor(total / subscribers.length)
    const extra = total % subscribers.length
    subscribers.forEach((m, i) => {
      const start = quota * i + Math.min(i, extra)
      const length = quota + (i < extra ? 1 : 0)
      const list = lists.get(m.memberId)
      for (let p = start; p < start + length; p++) list?.push([topic, p])
    })
  }
  return { assignment: finishAssignment(members, lists), partitionsTransferringOwnership: null }
}

/**
 * KIP-848 server-side `RangeAssignor` (group-coordinator): the same per-topic range arithmetic, but
 * sticky. Per topic, each member first keeps its lowest-numbered owned partitions up to the minimum
 * quota (plus one while members with an extra partition are still to be chosen); the rest are then
 * handed out in ascending runs. On a fresh group this equals the client range result.
 * Member order: `MemberInfo` order (static first), as kafka-semantics §4.6 records for 4.0; the
 * coordinator iterates its member map, so a live cluster may pick a different member for an extra.
 */
export function assignServerRange(req: AssignmentRequest): AssignorResult {
  const { counts, members } = prepareRequest(req)
  const lists = new Map<string, TopicPartition[]>(members.map((m) => [m.memberId, []]))
  for (const [topic, subscribers] of subscribersByTopic(counts, members)) {
    const total = counts.get(topic) ?? 0
    const minQuota = Math.floor(total / subscribers.length)
    let extras = total % subscribers.length
    const kept = new Set<number>()
    const claimed = new Set<number>() // a target assignment never has two owners; if ours does, the first claim wins
    const unfilled: { memberId: string; remaining: number }[] = []
    for (const m of subscribers) {
      const owned = m.owned.filter(([t, p]) => t === topic && !claimed.has(p)).map(([, p]) => p).sort((a, b) => a - b)
      for (const p of owned) claimed.add(p)
      const list = lists.get(m.memberId) ?? []
      for (const p of owned.slice(0, minQuota)) {
        kept.add(p)
        list.push([topic, p])
      }
      const remaining = minQuota - owned.length
      const extraOwned = owned[minQuota]
      if (remaining < 0 && extras > 0 && extraOwned !== undefined) {
        extras--
        kept.add(extraOwned)
        list.push([topic, extraOwned])
      } else {
        unfilled.push({ memberId: m.memberId, remaining })
      }
    }
    const free: number[] = []
    for (let p = 0; p < total; p++) if (!kept.has(p)) free.push(p)
    let next = 0
    for (const u of unfilled) {
      let remaining = u.remaining
      if (extras > 0) {
        remaining++
        extras--
      }
      const list = lists.get(u.memberId)
      for (; remaining > 0; remaining--) {
        const p = free[next++]
        if (p !== undefined) list?.push([topic, p])
      }
    }
  }
  return { assignment: finishAssignment(members, lists), partitionsTransferringOwnership: null }
}

export const rangeAssignor: Assignor = { name: 'range', protocol: 'EAGER', assign: assignRange }

/** KIP-848 server-side range; reconciliation is incremental, hence COOPERATIVE. */
export const serverRangeAssignor: Assignor = { name: 'range', protocol: 'COOPERATIVE', assign: assignServerRange }
