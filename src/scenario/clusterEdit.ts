// Editing the cluster from the page (a restart-level setting, like the protocol) and per compare
// side: a patch is clamped so the result is always valid (1..64 brokers, replication.factor ≤
// brokers, min.insync.replicas ≤ replication.factor). An imported placement stays while the brokers
// and replication factor do (placementFit.ts). Pure.

import { clusterOf } from './defaults.ts'
import type { OverrideSet } from './overrides.ts'
import { fitPlacement, type Fitted } from './placementFit.ts'
import type { ClusterSpec, Scenario } from './types.ts'
import { LIMITS } from './validation/limits.ts'

export type ClusterPatch = Partial<ClusterSpec>

const whole = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, Math.round(Number.isFinite(x) ? x : lo)))

/** The scenario's cluster with `patch` applied and made consistent (a smaller cluster lowers RF and min ISR with it). */
export function patchedCluster(s: Pick<Scenario, 'cluster'>, patch: ClusterPatch): ClusterSpec {
  const c = { ...clusterOf(s), ...patch }
  const brokers = whole(c.brokers, LIMITS.brokers.min, LIMITS.brokers.max)
  const rf = whole(c['replication.factor'], 1, brokers)
  const minIsr = whole(c['min.insync.replicas'], 1, rf)
  const cap = c.brokerCapacityPerSec
  return { brokers, 'replication.factor': rf, 'min.insync.replicas': minIsr, brokerCapacityPerSec: cap === null || !(cap > 0) ? null : Math.min(cap, LIMITS.ratePerSec.max) }
}

export function withCluster(s: Scenario, patch: ClusterPatch): Scenario {
  return editCluster(s, patch).scenario
}

/**
 * The scenario with `patch` applied, and what it did to an imported placement: kept while the
 * brokers and replication factor stay (capacity, min.insync.replicas), else dropped with a note
 * (placementFit.ts), which the page shows.
 */
export function editCluster(s: Scenario, patch: ClusterPatch): Fitted {
  const c = patchedCluster(s, patch)
  const kept = s.cluster?.assignment === undefined ? c : { ...c, assignment: s.cluster.assignment, ...(s.cluster.leaders ? { leaders: s.cluster.leaders } : {}) }
  return fitPlacement(s, { ...s, cluster: kept })
}

/** The dotted overrides that give a compare side `patch` (every field, so the side's cluster stays consistent). */
export function clusterOverrides(cur: Scenario, patch: ClusterPatch): OverrideSet {
  const c = patchedCluster(cur, patch)
  return {
    'cluster.brokers': c.brokers,
    'cluster.replication.factor': c['replication.factor'],
    'cluster.min.insync.replicas': c['min.insync.replicas'],
    'cluster.brokerCapacityPerSec': c.brokerCapacityPerSec,
  }
}

/** "3 brokers · RF 2 · 3000 rec/s per broker" (compare side summaries). */
export function clusterSummary(s: Pick<Scenario, 'cluster'>): string {
  const c = clusterOf(s)
  const parts = [`${c.brokers} broker${c.brokers === 1 ? '' : 's'}`]
  if (c['replication.factor'] > 1) parts.push(`RF ${c['replication.factor']}`)
  if (c.brokerCapacityPerSec !== null) parts.push(`${c.brokerCapacityPerSec} rec/s per broker`)
  return parts.join(' · ')
}
