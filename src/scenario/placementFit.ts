// A kept placement (cluster.assignment, cluster.leaders) after a setting it depends on changed at
// 0 s: the page's cluster editor, a compare side's or the CLI's overrides. Pure (the placer's draws
// come from the scenario's seed, on the brokers' stream as the simulation's placement does).
//
// - brokers or replication.factor changed: the pasted placement was another cluster's shape, so it
//   is dropped and KRaft's placer places the replicas; the note says so.
// - fewer partitions: the first ones keep their pasted replicas and leaders.
// - more partitions: the added ones are placed by the placer after the listed ones, as Kafka's
//   CreatePartitions does (KAFKA-15857), and lead on their preferred replicas.

import { Rng } from '../engine/rng.ts'
import { placeReplicas } from '../kafka/replicaPlacer.ts'
import type { ClusterSpec, Scenario } from './types.ts'

/** The seeded stream the simulation places replicas from (sim/simulation.ts: stream 4). */
const BROKERS_STREAM = 4

export interface Fitted {
  scenario: Scenario
  /** What happened to the pasted placement, in words for the page or the CLI; null = nothing. */
  note: string | null
}

function without(c: ClusterSpec): ClusterSpec {
  const { assignment: _a, leaders: _l, ...rest } = c
  return rest
}

/**
 * `after` with its placement fitted to its own brokers, replication factor and partitions, given
 * the scenario it was edited from. A placement `after` already fits (or none) is left alone.
 */
export function fitPlacement(before: Pick<Scenario, 'cluster' | 'topic'>, after: Scenario): Fitted {
  const c = after.cluster
  const a = c?.assignment
  if (c === undefined || a === undefined) return { scenario: after, note: null }
  const was = before.cluster
  const rf = c['replication.factor']
  if (was !== undefined && (was.brokers !== c.brokers || was['replication.factor'] !== rf)) {
    const what = was.brokers !== c.brokers ? `${was.brokers} → ${c.brokers} brokers` : `replication factor ${was['replication.factor']} → ${rf}`
    return {
      scenario: { ...after, cluster: without(c) },
      note: `The imported replica placement was dropped (${what}): replicas and leaders are now placed by KRaft's StripedReplicaPlacer.`,
    }
  }
  const P = after.topic.partitions
  if (a.length === P) return { scenario: after, note: null }
  if (a.length > P) {
    const cut: ClusterSpec = { ...c, assignment: a.slice(0, P) }
    if (c.leaders !== undefined) {
      const leaders = c.leaders.slice(0, P)
      if (leaders.some((b, p) => b !== a[p]![0])) cut.leaders = leaders
      else delete cut.leaders
    }
    return { scenario: { ...after, cluster: cut }, note: `The imported placement keeps its first ${P} partitions.` }
  }
  const ids = Array.from({ length: c.brokers }, (_, i) => i)
  const existing = a.map((r) => r.map((b) => b - 1))
  const added = placeReplicas(ids, P - a.length, rf, Rng.create(after.seed, BROKERS_STREAM), existing).map((r) => r.map((b) => b + 1))
  const grown: ClusterSpec = { ...c, assignment: [...a, ...added] }
  if (c.leaders !== undefined) grown.leaders = [...c.leaders, ...added.map((r) => r[0]!)]
  return {
    scenario: { ...after, cluster: grown },
    note: `Partitions ${a.length}–${P - 1} are placed by KRaft's StripedReplicaPlacer after the imported ones.`,
  }
}
