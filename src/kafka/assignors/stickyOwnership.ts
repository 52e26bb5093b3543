// The sticky assignors' shared ground (Kafka's AbstractStickyAssignor): partition keys, and who
// owned what before this rebalance once conflicting claims are resolved. Pure.

import type { PreparedMember, TopicPartition } from './assignor.ts'

export type Tp = TopicPartition
export type Lists = Map<string, Tp[]>

// Internal partition key "p:topic": unambiguous, since a partition number has no ':'.
export const keyOf = (tp: Tp): string => `${tp[1]}:${tp[0]}`
export function fromKey(key: string): Tp {
  const i = key.indexOf(':')
  return [key.slice(i + 1), Number(key.slice(0, i))]
}
export function removeKey(list: Tp[], key: string): void {
  const i = list.findIndex((tp) => keyOf(tp) === key)
  if (i >= 0) list.splice(i, 1)
}

/** What `allSubscriptionsEqual` leaves behind: per-member owned partitions after conflict resolution. */
export interface Ownership {
  allEqual: boolean
  owned: Lists // in subscriptions-map (Java HashMap) order
  multiplyClaimed: Set<string>
  maxGeneration: number
}

/**
 * `AbstractStickyAssignor.allSubscriptionsEqual`, walking members in Java HashMap order because the
 * outcome of a three-way claim depends on it. A partition claimed by two members of the same
 * generation is taken from both and remembered as multiply-claimed; otherwise the higher generation
 * keeps it. Deliberate deviations: subscriptions are compared as sets from the first member on (Java
 * lets a later member's topics stand in when the first member's subscription is empty, which would
 * give partitions to a member that subscribes to nothing); and `maxGeneration` is this request's
 * maximum, where Java keeps it in an assignor field that only ever grows across rebalances.
 */
export function collectOwnership(members: readonly PreparedMember[]): Ownership {
  const owned: Lists = new Map()
  const multiplyClaimed = new Set<string>()
  const claimant = new Map<string, PreparedMember>()
  const first = members[0]?.topicSet
  let allEqual = true
  let maxGeneration = -1
  for (const m of members) {
    if (first !== undefined && (m.topicSet.size !== first.size || [...m.topicSet].some((t) => !first.has(t)))) allEqual = false
    maxGeneration = Math.max(maxGeneration, m.generation)
    const mine: Tp[] = []
    owned.set(m.memberId, mine)
    for (const tp of m.owned) {
      const k = keyOf(tp)
      const other = claimant.get(k)
      if (other === undefined) {
        mine.push(tp)
        claimant.set(k, m)
      } else if (m.generation === other.generation) {
        multiplyClaimed.add(k)
        removeKey(owned.get(other.memberId) ?? [], k)
        claimant.set(k, m)
      } else if (m.generation > other.generation) {
        mine.push(tp)
        removeKey(owned.get(other.memberId) ?? [], k)
        claimant.set(k, m)
      }
    }
  }
  return { allEqual, owned, multiplyClaimed, maxGeneration }
}
