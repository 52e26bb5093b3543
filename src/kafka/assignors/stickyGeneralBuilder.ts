// Kafka's AbstractStickyAssignor.GeneralAssignmentBuilder: the sticky assignment when members
// subscribe to different topics. Pure; Java's HashMap/HashSet orders are emulated where the result
// depends on them.

import { compareStrings, type PreparedMember } from './assignor.ts'
import { JavaHashOrder, topicPartitionHashCode } from './javaHashMapOrder.ts'
import { fromKey, keyOf, removeKey, type Lists, type Ownership, type Tp } from './stickyOwnership.ts'

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
export function generalAssign(counts: ReadonlyMap<string, number>, members: readonly PreparedMember[], own: Ownership): Lists {
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
