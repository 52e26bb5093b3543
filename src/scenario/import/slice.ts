// A slice of a real cluster whose group is too large to simulate (the group protocol's cost grows
// with members × partitions, validation/cost.ts, and no rate reduction lowers it): every k-th
// consumer of the group with exactly the partitions it owned, renumbered 0..n-1. Each kept
// consumer's partition count, each kept partition's rate and lag, and so each consumer's load, are
// as measured; what changes is the number of consumers and partitions (both about 1/k), so a
// rebalance moves partitions among fewer members. The slice keeps the consumer that owns the
// busiest partition, so the hot lane is in it. Pure: facts in, facts out.

import type { PartitionView } from './buildFacts.ts'
import type { ClusterFacts, ImportedGroup, ImportedTopic } from './types.ts'

export interface Slice {
  facts: ClusterFacts
  /** The kept consumers, as people know them (client id, else member id). */
  kept: string[]
  members: number
  /** Original partition numbers of the slice, in their new order (new number = index). */
  partitions: number[]
}

/** The slice of every k-th consumer with its partitions, or why the pastes cannot give one. */
export function sliceFacts(facts: ClusterFacts, topic: ImportedTopic, group: ImportedGroup | undefined, view: PartitionView, k: number): Slice | string {
  const need = 'a slice keeps consumers with the partitions they own: the pastes must name the owner of every partition (kafka-consumer-groups.sh --describe)'
  if (!group || group.members.length === 0 || view.parts.some((p) => p.owner === undefined)) return need
  if (group.members.length < k) return `a slice of 1/${k} needs at least ${k} consumers; the group has ${group.members.length}`
  const busiest = (key: (p: PartitionView['parts'][number]) => number) => view.parts.reduce((best, p) => (key(p) > key(best) ? p : best), view.parts[0]!)
  const rated = view.parts.some((p) => (p.producedPerSec ?? 0) > 0)
  const hot = busiest((p) => (rated ? (p.producedPerSec ?? 0) : (p.lag ?? 0))).partition
  const owns = (m: ImportedGroup['members'][number], p: number) => m.assignment.some((a) => a.topic === topic.name && a.partition === p)
  const at = Math.max(0, group.members.findIndex((m) => owns(m, hot)))
  const members = group.members.filter((_, i) => i % k === at % k)
  const old = members.flatMap((m) => m.assignment.filter((a) => a.topic === topic.name).map((a) => a.partition)).sort((a, b) => a - b)
  const renumber = new Map(old.map((p, i) => [p, i]))
  const partitions = topic.partitions.filter((p) => renumber.has(p.partition)).map((p) => ({ ...p, partition: renumber.get(p.partition)! }))
  const { partitionCount: _count, ...rest } = topic
  const sliced: ImportedTopic = { ...rest, partitions }
  const kept: ImportedGroup = {
    ...group,
    members: members.map((m) => ({ ...m, assignment: m.assignment.filter((a) => a.topic === topic.name).map((a) => ({ topic: a.topic, partition: renumber.get(a.partition)! })) })),
  }
  // A key sample's partitions are the whole topic's: in a slice the keys are chosen from the rates.
  const { keySample: _sample, ...others } = facts
  return {
    facts: { ...others, topics: [sliced], groups: [kept] },
    kept: members.map((m) => m.clientId ?? m.memberId),
    members: group.members.length,
    partitions: old,
  }
}
