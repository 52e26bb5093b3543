// The share group's `simple` assignor (KIP-932; Kafka's SimpleAssignor with
// SimpleHomogeneousAssignmentBuilder, all members subscribed to one topic). Pure.
//
// Unlike a consumer group's assignors, a partition may go to several members:
// - desired sharing = ceil(members / partitions): with no more members than partitions every
//   partition has one member (as in a consumer group); with more, each partition is shared by up
//   to that many members, so no member sits idle;
// - each member's desired count = ceil(k·(i+1)) − ceil(k·i), k = sharing × partitions / members,
//   so counts differ by at most one;
// - sticky: a member keeps what it had up to its desired count; over-shared partitions and
//   overfilled members give back first; then partitions short of members are handed to the
//   members still short of theirs, in turn.
// Kafka walks hash maps; this walks members and partitions in ascending order, so the result is
// deterministic (the balance and stickiness rules are the same).

/** member → partitions (ascending). `members` are slot ids; `current` is the previous target. */
export function simpleShareAssign(members: readonly number[], partitions: number, current: ReadonlyMap<number, readonly number[]>): Map<number, number[]> {
  const out = new Map<number, number[]>()
  const M = members.length
  if (M === 0) return out
  const ids = [...members].sort((a, b) => a - b)
  const sharing = partitions === 0 ? 0 : Math.ceil(M / partitions)
  const k = (sharing * partitions) / M
  const desired = ids.map((_, i) => Math.ceil(k * (i + 1)) - Math.ceil(k * i))
  const byPartition: Set<number>[] = Array.from({ length: partitions }, () => new Set<number>())
  const held: number[][] = ids.map(() => [])
  // Keep the previous assignment (partitions still in the topic), up to each member's desired count.
  ids.forEach((m, i) => {
    for (const p of current.get(m) ?? []) {
      if (p < 0 || p >= partitions || held[i]!.length >= desired[i]! || byPartition[p]!.has(i)) continue
      held[i]!.push(p)
      byPartition[p]!.add(i)
    }
  })
  // Over-shared partitions give back members (the last kept first) down to the desired sharing.
  for (let p = 0; p < partitions; p++) {
    const set = byPartition[p]!
    while (set.size > sharing) {
      const i = Math.max(...set)
      set.delete(i)
      held[i] = held[i]!.filter((q) => q !== p)
    }
  }
  // Hand partitions short of members to members short of partitions, round-robin over the members.
  const unfilled = (): number[] => ids.map((_, i) => i).filter((i) => held[i]!.length < desired[i]!)
  let cursor = 0
  for (let p = 0; p < partitions; p++) {
    let need = sharing - byPartition[p]!.size
    while (need > 0) {
      const open = unfilled().filter((i) => !byPartition[p]!.has(i))
      if (open.length === 0) break // tolerated slight imbalance, as Kafka does
      const i = open.find((j) => j >= cursor) ?? open[0]!
      held[i]!.push(p)
      byPartition[p]!.add(i)
      cursor = i + 1
      need--
    }
  }
  ids.forEach((m, i) => out.set(m, held[i]!.sort((a, b) => a - b)))
  return out
}
