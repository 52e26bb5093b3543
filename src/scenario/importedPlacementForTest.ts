// Test support: one imported placement that the placement tests share (the cluster editor, a
// compare side's edits, the CLI's overrides), so they all speak of the same cluster.
import { defaultScenario } from './defaults.ts'
import type { Scenario } from './types.ts'

/**
 * 6 partitions on 4 brokers (RF 2), placed as a real cluster printed it: broker 4 is the preferred
 * leader of p0–p2, but broker 1 leads p0 (a non-preferred leader, as after a failover).
 */
export function importedPlacementScenario(): Scenario {
  const s = defaultScenario()
  s.topic.partitions = 6
  s.cluster = {
    brokers: 4,
    'replication.factor': 2,
    'min.insync.replicas': 1,
    brokerCapacityPerSec: null,
    assignment: [[4, 1], [4, 2], [4, 3], [1, 2], [2, 3], [3, 1]],
    leaders: [1, 4, 4, 1, 2, 3],
  }
  return s
}
