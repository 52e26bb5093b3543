// Kafka's AbstractStickyAssignor (clients, consumer/internals) and the eager StickyAssignor on top.
// Pure: reads only its arguments. Rack-aware mode is not modelled (no racks in the request), so the
// rack-matching passes of both builders are skipped, as Java skips them when racks are unknown.

import {
  compareStrings,
  finishAssignment,
  prepareRequest,
  transferringMap,
  type AssignmentRequest,
  type Assignor,
  type AssignorResult,
  type PreparedMember,
  type PreparedRequest,
  type TopicPartition,
} from './assignor.ts'
import { JavaHashOrder, javaHashMapKeyOrder, topicPartitionHashCode } from './javaHashMapOrder.ts'

type Tp = TopicPartition
type Lists = Map<string, Tp[]>

// Internal partition key "p:topic": unambiguous, since a partition number has no ':'.
const keyOf = (tp: Tp): string => `${tp[1]}:${tp[0]}`
function fromKey(key: string): Tp {
  const i = key.indexOf(':')
  return [key.slice(i + 1), Number(key.slice(0, i))]
}
function removeKey(list: Tp[], key: string): void {
  const i = list.findIndex((tp) => keyOf(tp) === key)
  if (i >= 0) list.splice(i, 1)
}

/** What `allSubscriptionsEqual` leaves behind: per-member owned partitions after conflict resolution. */
interface Ownership {
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
function collectOwnership(members: readonly PreparedMember[]): Ownership {
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

/** Builder output: member lists, plus moves between members (null = not tracked, general builder). */
export interface StickyOutcome {
  lists: Lists
  transferring: Map<string, string> | null // internal key -> new owner
}

/**
 * `ConstrainedAssignmentBuilder` (all subscriptions equal). Each member keeps its owned partitions
 * sorted by (partition, topic): all of them when under minQuota; maxQuota while fewer than
 * `total % N` members have been allowed over minQuota (first come in HashMap order); minQuota
 * otherwise. The rest are dealt round-robin over the under-quota members (sorted by id), then one
 * each to the exactly-minQuota members. Anything handed on that was revoked or multiply claimed is
 * recorded as transferring.
 */
function constrainedAssign(counts: ReadonlyMap<string, number>, own: Ownership): StickyOutcome {
  let total = 0
  for (const n of counts.values()) total += n
  const n = own.owned.size
  const minQuota = Math.floor(total / n)
  const maxQuota = Math.ceil(total / n)
  const expectedOver = total % n
  let currentOver = 0
  const lists: Lists = new Map()
  const underMin: string[] = []
  const exactlyMin: string[] = []
  const revoked = new Set<string>()
  const kept = new Set<string>()
  const transferring = new Map<string, string>()

  for (const [memberId, claims] of own.owned) {
    const owned = claims
      .filter((tp) => !own.multiplyClaimed.has(keyOf(tp)))
      .sort((a, b) => a[1] - b[1] || compareStrings(a[0], b[0]))
    let keep = owned.length
    if (owned.length < minQuota) {
      underMin.push(memberId)
    } else if (owned.length >= maxQuota && currentOver < expectedOver) {
      currentOver++
      if (currentOver === expectedOver) exactlyMin.length = 0
      keep = maxQuota
    } else {
      keep = minQuota
      if (currentOver < expectedOver) exactlyMin.push(memberId)
    }
    lists.set(memberId, owned.slice(0, keep))
    for (const tp of owned.slice(0, keep)) kept.add(keyOf(tp))
    for (const tp of owned.slice(keep)) revoked.add(keyOf(tp))
  }

  underMin.sort(compareStrings)
  exactlyMin.sort(compareStrings)
  // Java walks underMin with an Iterator it restarts when it runs off the end and uses to remove
  // members that reach minQuota; `cursor` is that iterator's position.
  let cursor = 0
  for (const [topic, count] of counts) {
    for (let p = 0; p < count; p++) {
      const k = `${p}:${topic}`
      if (kept.has(k)) continue
      let consumer: string | undefined
      let fromUnderMin = true
      if (cursor < underMin.length) {
        consumer = underMin[cursor++]
      } else if (underMin.length > 0) {
        cursor = 0
        consumer = underMin[cursor++]
      } else {
        consumer = exactlyMin.shift()
        fromUnderMin = false
      }
      if (consumer === undefined) throw new Error('No more unfilled consumers to be assigned.')
      const list = lists.get(consumer) ?? []
      list.push([topic, p])
      if (revoked.has(k) || own.multiplyClaimed.has(k)) transferring.set(k, consumer)
      if (list.length === minQuota && fromUnderMin) {
        underMin.splice(--cursor, 1)
        exactlyMin.push(consumer)
      } else if (list.length === maxQuota) {
        currentOver++
      }
    }
  }
  return { lists, transferring }
}

/**
 * `PartitionMovements`: which partitions moved between which pair of members during the general
 * builder's reassignment loop, per topic. Used to undo a move instead of making a second one (so a
 * topic never ping-pongs between two members). The per-pair sets are Java HashSets, and Java takes
 * `iterator().next()` of one, so their order is emulated.
 */
class PartitionMovements {
  private readonly byTopic = new Map<string, Map<string, JavaHashOrder<string>>>()
  private readonly moves = new Map<string, { src: string; dst: string }>()

  private static pair(src: string, dst: string): string {
    return JSON.stringify([src, dst])
  }

  private static newSet(): JavaHashOrder<string> {
    return new JavaHashOrder<string>((k) => {
      const [topic, p] = fromKey(k)
      return topicPartitionHashCode(topic, p)
    })
  }

  /** `getTheActualPartitionToBeMoved`: prefer moving back a partition that came the other way. */
  actualPartitionToMove(tp: Tp, oldConsumer: string, newConsumer: string): Tp {
    const forTopic = this.byTopic.get(tp[0])
    if (forTopic === undefined) return tp
    const src = this.moves.get(keyOf(tp))?.src ?? oldConsumer
    const reverse = forTopic.get(PartitionMovements.pair(newConsumer, src))
    const first = reverse?.first()
    return first === undefined ? tp : fromKey(first)
  }

  /** `movePartition`: a partition moving back to where it started leaves no record. */
  move(tp: Tp, oldConsumer: string, newConsumer: string): void {
    const k = keyOf(tp)
    const existing = this.moves.get(k)
    if (existing === undefined) {
      this.addRecord(k, tp[0], { src: oldConsumer, dst: newConsumer })
      return
    }
    this.removeRecord(k, tp[0], existing)
    if (existing.src !== newConsumer) this.addRecord(k, tp[0], { src: existing.src, dst: newConsumer })
  }

  private removeRecord(k: string, topic: string, record: { src: string; dst: string }): void {
    this.moves.delete(k)
    const forTopic = this.byTopic.get(topic)
    const pk = PartitionMovements.pair(record.src, record.dst)
    const set = forTopic?.get(pk)
    set?.delete(k)
    if (set !== undefined && set.size === 0) forTopic?.delete(pk)
    if (forTopic !== undefined && forTopic.size === 0) this.byTopic.delete(topic)
  }

  private addRecord(k: string, topic: string, record: { src: string; dst: string }): void {
    this.moves.set(k, record)
    let forTopic = this.byTopic.get(topic)
    if (forTopic === undefined) this.byTopic.set(topic, (forTopic = new Map()))
    const pk = PartitionMovements.pair(record.src, record.dst)
    let set = forTopic.get(pk)
    if (set === undefined) forTopic.set(pk, (set = PartitionMovements.newSet()))
    set.add(k)
  }
}

/** Java's `TreeSet` of members ordered by (assignment size, member id). */
class RankedMembers {
  readonly items: string[] = []
  constructor(private readonly sizeOf: (memberId: string) => number) {}

  add(id: string): void {
    const size = this.sizeOf(id)
    let lo = 0
    let hi = this.items.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const other = this.items[mid] ?? ''
      const c = this.sizeOf(other) - size || compareStrings(other, id)
      if (c < 0) lo = mid + 1
      else hi = mid
    }
    this.items.splice(lo, 0, id)
  }

  remove(id: string): void {
    const i = this.items.indexOf(id)
    if (i >= 0) this.items.splice(i, 1)
  }
}

/** Sum of |size(a) - size(b)| over all member pairs: `getBalanceScore`. */
function balanceScore(lists: Lists): number {
  const sizes = [...lists.values()].map((l) => l.length).sort((a, b) => a - b)
  let score = 0
  sizes.forEach((s, i) => (score += s * (2 * i - sizes.length + 1)))
  return score
}

/**
 * `GeneralAssignmentBuilder` (subscriptions differ). Keeps every still-valid owned partition, gives
 * each unowned partition (topics with fewest potential consumers first) to the least-loaded eligible
 * member, then runs the reassignment loop until balanced: a partition goes back to its
 * previous-generation owner when that helps, else to the least-loaded subscriber, with
 * PartitionMovements avoiding ping-pong. If the loop did not lower the balance score, it is undone.
 *
 * `members` must be in subscriptions-map order (it decides ties among previous owners).
 * Deliberate deviation: Java moves a partition back to a previous-generation owner even when that
 * member no longer subscribes to its topic (or cannot take part), producing an invalid assignment or
 * an NPE; here that owner is skipped.
 */
function generalAssign(counts: ReadonlyMap<string, number>, members: readonly PreparedMember[], own: Ownership): Lists {
  const topicConsumers = new Map<string, string[]>([...counts.keys()].map((t) => [t, []]))
  const consumerTopics = new Map<string, string[]>()
  const subscribes = new Map<string, ReadonlySet<string>>()
  for (const m of members) {
    const topics = m.topics.filter((t) => counts.has(t))
    consumerTopics.set(m.memberId, topics)
    subscribes.set(m.memberId, new Set(topics))
    for (const t of topics) topicConsumers.get(t)?.push(m.memberId)
  }
  let total = 0
  for (const n of counts.values()) total += n
  const maxSizeOf = (id: string): number => {
    const topics = consumerTopics.get(id) ?? []
    return topics.length === counts.size ? total : topics.reduce((s, t) => s + (counts.get(t) ?? 0), 0)
  }
  const potential = (topic: string): number => topicConsumers.get(topic)?.length ?? 0

  let current: Lists = new Map([...own.owned].map(([id, l]) => [id, [...l]]))
  let owner = new Map<string, string>()
  for (const [id, list] of current) for (const tp of list) owner.set(keyOf(tp), id)
  const sizeOf = (id: string): number => current.get(id)?.length ?? 0
  const ranked = new RankedMembers(sizeOf)
  const movements = new PartitionMovements()

  const sortedTopics = [...counts.keys()].sort((a, b) => potential(a) - potential(b) || compareStrings(a, b))
  let sortedAll: Tp[] = sortedTopics.flatMap((t) => Array.from({ length: counts.get(t) ?? 0 }, (_, p): Tp => [t, p]))

  // prepopulateCurrentAssignments: claims of older generations, the newest older claim winning.
  const prev = new Map<string, { consumer: string; generation: number }>()
  for (const m of members) {
    if (m.generation >= own.maxGeneration) continue
    for (const tp of m.owned) {
      const k = keyOf(tp)
      const p = prev.get(k)
      if (p === undefined || m.generation > p.generation) prev.set(k, { consumer: m.memberId, generation: m.generation })
    }
  }

  // assignOwnedPartitions: drop owned partitions of topics the member no longer subscribes to.
  let revocationRequired = false
  const assigned = new Set<string>()
  for (const [id, list] of current) {
    const keep = list.filter((tp) => subscribes.get(id)?.has(tp[0]))
    if (keep.length !== list.length) revocationRequired = true
    current.set(id, keep)
    for (const tp of keep) assigned.add(keyOf(tp))
  }
  let unassigned = sortedAll.filter((tp) => !assigned.has(keyOf(tp)))
  for (const id of current.keys()) ranked.add(id)

  const isBalanced = (): boolean => {
    const lo = ranked.items[0]
    const hi = ranked.items[ranked.items.length - 1]
    if (lo === undefined || hi === undefined || sizeOf(lo) >= sizeOf(hi) - 1) return true
    for (const c of ranked.items) {
      const count = sizeOf(c)
      if (count === maxSizeOf(c)) continue
      for (const t of consumerTopics.get(c) ?? []) {
        for (let p = 0; p < (counts.get(t) ?? 0); p++) {
          const o = owner.get(`${p}:${t}`)
          if (o !== undefined && o !== c && current.has(o) && count + 1 < sizeOf(o)) return false
        }
      }
    }
    return true
  }

  const processMovement = (tp: Tp, newConsumer: string): void => {
    const k = keyOf(tp)
    const oldConsumer = owner.get(k)
    if (oldConsumer === undefined) return
    ranked.remove(oldConsumer)
    ranked.remove(newConsumer)
    movements.move(tp, oldConsumer, newConsumer)
    removeKey(current.get(oldConsumer) ?? [], k)
    current.get(newConsumer)?.push(tp)
    owner.set(k, newConsumer)
    ranked.add(newConsumer)
    ranked.add(oldConsumer)
  }
  const reassign = (tp: Tp, newConsumer: string): void => {
    const consumer = owner.get(keyOf(tp)) ?? ''
    processMovement(movements.actualPartitionToMove(tp, consumer, newConsumer), newConsumer)
  }

  const performReassignments = (partitions: readonly Tp[]): boolean => {
    let performed = false
    let modified: boolean
    do {
      modified = false
      for (const tp of partitions) {
        if (isBalanced()) break
        const k = keyOf(tp)
        const consumer = owner.get(k)
        if (consumer === undefined) continue
        const p = prev.get(k)
        if (p !== undefined && current.has(p.consumer) && subscribes.get(p.consumer)?.has(tp[0]) && sizeOf(consumer) > sizeOf(p.consumer) + 1) {
          reassign(tp, p.consumer)
          performed = modified = true
          continue
        }
        if ((topicConsumers.get(tp[0]) ?? []).some((other) => sizeOf(consumer) > sizeOf(other) + 1)) {
          // reassignPartition(partition): to the least-loaded member subscribed to the topic.
          const target = ranked.items.find((c) => subscribes.get(c)?.has(tp[0]))
          if (target === undefined) continue
          reassign(tp, target)
          performed = modified = true
        }
      }
    } while (modified)
    return performed
  }

  // balance()
  const lastRanked = ranked.items[ranked.items.length - 1]
  const initializing = lastRanked === undefined || sizeOf(lastRanked) === 0
  for (const tp of unassigned) {
    const target = ranked.items.find((c) => subscribes.get(c)?.has(tp[0]))
    if (target === undefined) continue
    ranked.remove(target)
    current.get(target)?.push(tp)
    owner.set(keyOf(tp), target)
    ranked.add(target)
  }
  const movable = (tp: Tp): boolean => potential(tp[0]) >= 2
  sortedAll = sortedAll.filter(movable)
  unassigned = unassigned.filter(movable)
  const fixed: Lists = new Map()
  for (const id of consumerTopics.keys()) {
    const list = current.get(id) ?? []
    if (list.length < maxSizeOf(id) || list.some((tp) => potential(tp[0]) >= 2)) continue
    ranked.remove(id)
    fixed.set(id, list)
    current.delete(id)
  }
  const preBalance: Lists = new Map([...current].map(([id, l]) => [id, [...l]]))
  const preBalanceOwner = new Map(owner)
  if (!revocationRequired) performReassignments(unassigned)
  const performed = performReassignments(sortedAll)
  if (!initializing && performed && balanceScore(current) >= balanceScore(preBalance)) {
    current = preBalance
    owner = preBalanceOwner
  }
  for (const [id, list] of fixed) current.set(id, list)
  return current
}

/**
 * `AbstractStickyAssignor.assignPartitions`: picks the constrained builder when every member
 * subscribes to the same topics, else the general builder (whose moves are not tracked, so
 * `transferring` is null and the cooperative assignor computes it itself). Member maps are walked in
 * Java HashMap order of member ids, inserted in request order, as the group leader builds them.
 */
export function assignStickyCore(prepared: PreparedRequest): StickyOutcome {
  if (prepared.members.length === 0) return { lists: new Map(), transferring: new Map() }
  const byId = new Map(prepared.members.map((m) => [m.memberId, m]))
  const hashOrder = javaHashMapKeyOrder(prepared.members.map((m) => m.memberId)).flatMap((id) => byId.get(id) ?? [])
  const own = collectOwnership(hashOrder)
  if (own.allEqual) return constrainedAssign(prepared.counts, own)
  return { lists: generalAssign(prepared.counts, hashOrder, own), transferring: null }
}

/** The general builder on its own, for KIP-848 `uniform` with differing subscriptions. */
export function assignGeneralOnly(prepared: PreparedRequest, order: readonly PreparedMember[]): Lists {
  return generalAssign(prepared.counts, order, collectOwnership(order))
}

/** Converts internal transferring keys to the public "topic-p" map. */
export function publicTransferring(transferring: ReadonlyMap<string, string>): Map<string, string> {
  return transferringMap([...transferring].map(([k, owner]) => [fromKey(k), owner] as const))
}

/**
 * Kafka `StickyAssignor` (EAGER). Previous ownership and generation come from the member's userData
 * in Java; here they are the request's `owned` and `generation`.
 */
export function assignSticky(req: AssignmentRequest): AssignorResult {
  const prepared = prepareRequest(req)
  const outcome = assignStickyCore(prepared)
  return {
    assignment: finishAssignment(prepared.members, outcome.lists),
    partitionsTransferringOwnership: outcome.transferring === null ? null : publicTransferring(outcome.transferring),
  }
}

export const stickyAssignor: Assignor = { name: 'sticky', protocol: 'EAGER', assign: assignSticky }
