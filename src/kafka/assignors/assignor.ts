// Shared types and helpers for the consumer partition assignors. Pure: reads only its arguments;
// no DOM, no Node, no clock, no randomness. Behaviour follows Kafka's AbstractPartitionAssignor.

import { cooperativeStickyAssignor } from './cooperativeStickyAssignor.ts'
import { lagAwareAssignor } from './lagAwareAssignor.ts'
import { rangeAssignor } from './rangeAssignor.ts'
import { roundRobinAssignor } from './roundRobinAssignor.ts'
import { stickyAssignor } from './stickyAssignor.ts'
import { uniformAssignor } from './uniformAssignor.ts'

export type TopicPartition = readonly [topic: string, partition: number]

export interface AssignorMember {
  memberId: string
  groupInstanceId: string | null
  topics: readonly string[] // subscription
  owned: readonly TopicPartition[] // ownedPartitions from the Subscription (for sticky: previous assignment)
  generation: number // -1 = DEFAULT_GENERATION when unknown
}

export interface AssignmentRequest {
  topics: Readonly<Record<string, number>>
  members: readonly AssignorMember[]
  /**
   * Per topic, each partition's weight (lag-aware only: lag + rate, see lagAwareAssignor.ts); Kafka's
   * assignors see only metadata and subscriptions and ignore it.
   */
  load?: Readonly<Record<string, readonly number[]>>
}

/** Every member present, each list sorted by topic then partition. */
export type Assignment = Record<string, TopicPartition[]>

export interface AssignorResult {
  assignment: Assignment
  /** "topic-p" -> new owner; null when the assignor does not track it (Kafka's general sticky path). */
  partitionsTransferringOwnership: Map<string, string> | null
}

/** Kafka's assignors, plus 'lag-aware' (a community-style assignor, not built into Kafka). */
export type AssignorName = 'range' | 'roundrobin' | 'sticky' | 'cooperative-sticky' | 'uniform' | 'lag-aware'

export interface Assignor {
  name: AssignorName
  protocol: 'EAGER' | 'COOPERATIVE'
  /** Pure: the same request always gives the same result. */
  assign(req: AssignmentRequest): AssignorResult
}

/** `AbstractStickyAssignor.DEFAULT_GENERATION`: the member's generation is not known. */
export const DEFAULT_GENERATION = -1

export const ASSIGNOR_NAMES: readonly AssignorName[] = ['range', 'roundrobin', 'sticky', 'cooperative-sticky', 'uniform', 'lag-aware']

export function isAssignorName(name: string): name is AssignorName {
  return (ASSIGNOR_NAMES as readonly string[]).includes(name)
}

/** Looks the assignor up at call time (a module-level table would trip over the import cycle). */
export function getAssignor(name: AssignorName): Assignor {
  switch (name) {
    case 'range':
      return rangeAssignor
    case 'roundrobin':
      return roundRobinAssignor
    case 'sticky':
      return stickyAssignor
    case 'cooperative-sticky':
      return cooperativeStickyAssignor
    case 'uniform':
      return uniformAssignor
    case 'lag-aware':
      return lagAwareAssignor
  }
}

/** Java `String.compareTo`: UTF-16 code units, which is also what JS `<` compares. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function compareTopicPartitions(a: TopicPartition, b: TopicPartition): number {
  return compareStrings(a[0], b[0]) || a[1] - b[1]
}

type MemberIdentity = Pick<AssignorMember, 'memberId' | 'groupInstanceId'>

/**
 * Kafka's `MemberInfo.compareTo`: static members (with group.instance.id) first, ordered by instance
 * id, then dynamic members ordered by member id. Ties between equal instance ids fall back to member id
 * so the order is total.
 */
export function compareMembers(a: MemberIdentity, b: MemberIdentity): number {
  if (a.groupInstanceId !== null && b.groupInstanceId !== null) {
    return compareStrings(a.groupInstanceId, b.groupInstanceId) || compareStrings(a.memberId, b.memberId)
  }
  if (a.groupInstanceId !== null) return -1
  if (b.groupInstanceId !== null) return 1
  return compareStrings(a.memberId, b.memberId)
}

/** The members sorted as `MemberInfo.compareTo` sorts them (a new array). */
export function memberOrder<M extends MemberIdentity>(members: readonly M[]): M[] {
  return [...members].sort(compareMembers)
}

/** The key Kafka's logs and our transferring map use: "topic-p". */
export function partitionLabel(tp: TopicPartition): string {
  return `${tp[0]}-${tp[1]}`
}

/** A member after the checks every assignor shares (see `prepareRequest`). */
export interface PreparedMember {
  memberId: string
  groupInstanceId: string | null
  topics: string[] // subscription, duplicates removed, input order
  topicSet: ReadonlySet<string>
  owned: TopicPartition[] // only partitions that exist in `counts`, duplicates removed
  generation: number
}

export interface PreparedRequest {
  /** Topics some member subscribes to and that have at least one partition, in name order. */
  counts: ReadonlyMap<string, number>
  members: PreparedMember[] // input order
}

/**
 * Applies `AbstractPartitionAssignor.assign`'s metadata step: keep only topics that someone
 * subscribes to and that have at least one partition. Owned partitions of other topics, or with a
 * partition number the topic does not have, are dropped here (Java would hand a nonexistent
 * partition back; the simulator never should). Throws on duplicate member ids, which Kafka's
 * subscription map cannot hold.
 */
export function prepareRequest(req: AssignmentRequest): PreparedRequest {
  const subscribed = new Set<string>()
  for (const m of req.members) for (const t of m.topics) subscribed.add(t)
  const counts = new Map<string, number>()
  for (const topic of [...subscribed].sort(compareStrings)) {
    const n = Object.hasOwn(req.topics, topic) ? req.topics[topic] : undefined
    if (n !== undefined && Number.isInteger(n) && n > 0) counts.set(topic, n)
  }
  const seenIds = new Set<string>()
  const members = req.members.map((m): PreparedMember => {
    if (seenIds.has(m.memberId)) throw new Error(`duplicate member id "${m.memberId}"`)
    seenIds.add(m.memberId)
    const topics = [...new Set(m.topics)]
    const seen = new Set<string>()
    const owned: TopicPartition[] = []
    for (const [topic, p] of m.owned) {
      const n = counts.get(topic)
      const k = `${p}:${topic}`
      if (n === undefined || !Number.isInteger(p) || p < 0 || p >= n || seen.has(k)) continue
      seen.add(k)
      owned.push([topic, p])
    }
    const generation = Number.isInteger(m.generation) && m.generation >= 0 ? m.generation : DEFAULT_GENERATION
    return { memberId: m.memberId, groupInstanceId: m.groupInstanceId, topics, topicSet: new Set(topics), owned, generation }
  })
  return { counts, members }
}

/** Builds the public `Assignment`: every member (input order), each list sorted by topic then partition. */
export function finishAssignment(
  members: readonly { memberId: string }[],
  lists: ReadonlyMap<string, readonly TopicPartition[]>,
): Assignment {
  // fromEntries defines own properties, so even a member id of "__proto__" stays an ordinary key.
  return Object.fromEntries(
    members.map(({ memberId }) => [
      memberId,
      (lists.get(memberId) ?? []).map(([t, p]): TopicPartition => [t, p]).sort(compareTopicPartitions),
    ]),
  )
}

/** The transferring map with its keys in topic/partition order, so results compare and print stably. */
export function transferringMap(entries: Iterable<readonly [TopicPartition, string]>): Map<string, string> {
  const sorted = [...entries].sort(([a], [b]) => compareTopicPartitions(a, b))
  return new Map(sorted.map(([tp, owner]) => [partitionLabel(tp), owner]))
}
