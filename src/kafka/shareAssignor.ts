// The share group's `simple` assignor (KIP-932): Kafka's SimpleAssignor, whose homogeneous builder
// (SimpleHomogeneousAssignmentBuilder, group-coordinator module) serves a share group whose members
// all subscribe to one topic, as here. Pure; written from the Java source's steps, in our own code.
//
// Unlike a consumer group's assignors, a partition may go to several members:
// - desired sharing = ceil(members / partitions); each member's desired count is
//   ceil(k·(i+1)) − ceil(k·i), k = sharing × partitions / members, so counts differ by at most one;
// - 1. keep every previous partition (counting members over or under their desired count);
//   2. overfilled members give back partitions until they are at their count;
//   3. partitions shared by more than the desired sharing give back members;
//   4. one pass over the partitions hands each partition short of members to the unfilled members,
//      walking ONE iterator over them round-robin (not restarting per partition); a partition that
//      no unfilled member can take (all already read it) is left short: "harmless", says Kafka.
//
// Kafka walks Java hash maps and sets, so which member or partition comes first is Java's
// HashMap iteration order: members by `String.hashCode()` of their member ids, partitions by
// `TopicIdPartition.hashCode()` = Objects.hash(topicId, partition), member indices by Integer hash.
// We replay those orders (JavaHashOrder). Kafka's topic id is a random Uuid; the caller passes the
// hash of one (`topicIdHash`), so the same topic always orders its partitions the same way.

import { JavaHashOrder, javaStringHashCode } from './assignors/javaHashMapOrder.ts'

/** `Uuid.hashCode()` of a topic id given as its two longs' halves is all we need: its int hash. */
export type TopicIdHash = number

/** `TopicIdPartition.hashCode()` = `Objects.hash(topicId, partitionId)` = 31·(31 + topicId.hashCode()) + partition. */
export function topicIdPartitionHash(topicIdHash: TopicIdHash, partition: number): number {
  return (Math.imul(31, (31 + topicIdHash) | 0) + partition) | 0
}

/** A topic's stand-in Uuid hash: Kafka's ids are random; ours is the name's String.hashCode, so runs repeat. */
export function topicIdHashOf(topicName: string): TopicIdHash {
  return javaStringHashCode(topicName)
}

/** AssignorHelpers.newHashMap / newHashSet(n): `new HashMap<>((int) (((n + 1) / 0.75f) + 1))`. */
const sizedFor = (n: number): number => Math.floor((n + 1) / 0.75 + 1)
/** `new HashSet<>(collection)`: capacity max((int) (size / .75f) + 1, 16). */
const copiedFor = (n: number): number => Math.max(Math.floor(n / 0.75) + 1, 16)

/**
 * member id → partitions (ascending), for every member. `members` in the order the coordinator
 * puts them into the assignor's member map (join order); `current` is each member's previous target.
 */
export function simpleShareAssign(
  members: readonly string[],
  partitions: number,
  current: ReadonlyMap<string, readonly number[]>,
  topicIdHash: TopicIdHash,
): Map<string, number[]> {
  const out = new Map<string, number[]>()
  if (members.length === 0) return out
  // TargetAssignmentBuilder's `new HashMap<String, …>()` of member specs; the builder numbers them 0..M-1 in its order.
  const memberMap = new JavaHashOrder<string>(javaStringHashCode)
  for (const m of members) memberMap.add(m)
  const ids = memberMap.ordered()
  const M = ids.length
  const P = partitions
  const tpHash = (p: number): number => topicIdPartitionHash(topicIdHash, p)
  const intHash = (i: number): number => i

  const sharing = P === 0 ? 0 : Math.floor((M + P - 1) / P)
  const k = (sharing * P) / M
  const desired = ids.map((_, i) => Math.ceil(k * (i + 1)) - Math.ceil(k * i))

  // The old assignment as Kafka holds it: per topic, a copied `HashSet<Integer>` of partition numbers
  // (partitions only grow, so every old one is still in the topic).
  const old = ids.map((id) => {
    const ps = [...(current.get(id) ?? [])].filter((p) => p >= 0 && p < P).sort((a, b) => a - b)
    const set = new JavaHashOrder<number>(intHash, copiedFor(ps.length))
    for (const p of ps) set.add(p)
    return set.ordered()
  })
  /** newGroupAssignment: a copy made once a member's assignment changes (or reaches its count). */
  const changed: Array<Set<number> | null> = ids.map(() => null)
  const copyOf = (i: number): Set<number> => (changed[i] ??= new Set(old[i]))
  const byPartition = new JavaHashOrder<number>(tpHash, sizedFor(P))
  const partitionMembers = new Map<number, JavaHashOrder<number>>()
  const membersOf = (p: number): JavaHashOrder<number> => {
    let set = partitionMembers.get(p)
    if (!set) {
      set = new JavaHashOrder<number>(intHash)
      partitionMembers.set(p, set)
      byPartition.add(p)
    }
    return set
  }
  const byMember: Array<JavaHashOrder<number>> = ids.map(() => new JavaHashOrder<number>(tpHash))
  const unfilled = new JavaHashOrder<number>(intHash, sizedFor(M))
  const overfilled = new JavaHashOrder<number>(intHash, sizedFor(M))

  // 1. revokeUnassignablePartitions: everything previously assigned is kept for now, and counted.
  ids.forEach((_, i) => {
    let count = 0
    for (const p of old[i]!) {
      count++
      membersOf(p).add(i)
      byMember[i]!.add(p)
      if (count >= desired[i]!) copyOf(i)
    }
    if (count < desired[i]!) unfilled.add(i)
    else if (count > desired[i]!) overfilled.add(i)
  })

  // 2. revokeOverfilledMembers: in the member's set order, down to its desired count.
  for (const i of overfilled.ordered()) {
    const mine = byMember[i]!
    for (const p of mine.ordered()) {
      if (mine.size <= desired[i]!) break
      copyOf(i).delete(p)
      membersOf(p).delete(i)
      mine.delete(p)
    }
  }

  // 3. revokeOversharedPartitions: the first members in the partition's set order give it back.
  for (const p of byPartition.ordered()) {
    const assigned = membersOf(p)
    let count = assigned.size
    if (count <= sharing) continue
    for (const i of assigned.ordered()) {
      if (copyOf(i).delete(p)) {
        count--
        assigned.delete(i)
        byMember[i]!.delete(p)
        unfilled.add(i)
      }
      if (count <= sharing) break
    }
  }

  // Partitions nobody had join the map (in partition order, as Kafka's targetPartitions list).
  for (let p = 0; p < P; p++) membersOf(p)

  // 4. assignRemainingPartitions: one iterator over the unfilled members, carried across partitions.
  if (unfilled.size > 0) {
    let pass = unfilled.ordered()
    let at = 0
    let assignedThisPass = false
    for (const p of byPartition.ordered()) {
      const assigned = membersOf(p)
      let toMake = sharing - assigned.size
      while (toMake > 0) {
        if (at >= pass.length) {
          if (!assignedThisPass) break
          pass = unfilled.ordered() // a fresh iterator over who is still unfilled
          at = 0
          assignedThisPass = false
          // Kafka calls next() unguarded: an empty set cannot happen (all members filled means all partitions are).
          if (pass.length === 0) break
        }
        const i = pass[at++]!
        if (assigned.has(i)) continue
        copyOf(i).add(p)
        byMember[i]!.add(p)
        toMake--
        assignedThisPass = true
        if (byMember[i]!.size >= desired[i]!) unfilled.delete(i)
      }
      if (unfilled.size === 0) break
    }
  }

  ids.forEach((id, i) => out.set(id, [...(changed[i] ?? old[i]!)].sort((a, b) => a - b)))
  return out
}
