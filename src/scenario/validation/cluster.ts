// Reader for `cluster` (the brokers, issue 12). Pure. Absent stays absent (old links replay
// exactly); a present object is merged onto DEFAULT_CLUSTER and its cross-field rules checked.

import { DEFAULT_CLUSTER } from '../defaults.ts'
import type { ClusterSpec } from '../types.ts'
import type { Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { int, leaf, nullable, num, record, refine } from './rules.ts'

const readClusterFields = record<ClusterSpec>({
  brokers: leaf(int(LIMITS.brokers.min, LIMITS.brokers.max)),
  'replication.factor': leaf(int(1, LIMITS.brokers.max)),
  'min.insync.replicas': leaf(int(1, LIMITS.brokers.max)),
  brokerCapacityPerSec: leaf(nullable(num(0, LIMITS.ratePerSec.max, { minExclusive: true }))),
})

/**
 * replication.factor ≤ brokers: Kafka refuses to create the topic otherwise
 * (StripedReplicaPlacer → InvalidReplicationFactorException). min.insync.replicas ≤ replication.factor:
 * Kafka accepts a larger value, but then no acks=all write could ever succeed; here it is an error.
 */
const readClusterChecked = refine(readClusterFields, (c) => {
  if (c['replication.factor'] > c.brokers) {
    return { key: 'replication.factor', message: `must be at most the number of brokers (${c.brokers}): each replica needs its own broker` }
  }
  if (c['min.insync.replicas'] > c['replication.factor']) {
    return { key: 'min.insync.replicas', message: `must be at most replication.factor (${c['replication.factor']}), or no acks=all write could succeed` }
  }
  return null
})

export function readCluster(ctx: Ctx, v: unknown, path: string): ClusterSpec | undefined {
  if (v === undefined) return undefined
  return readClusterChecked(ctx, v, { ...DEFAULT_CLUSTER }, path)
}
