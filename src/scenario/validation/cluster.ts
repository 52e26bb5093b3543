// Reader for `cluster` (the brokers, issue 12). Pure. Absent stays absent (old links replay
// exactly); a present object is merged onto DEFAULT_CLUSTER and its cross-field rules checked.

import { DEFAULT_CLUSTER } from '../defaults.ts'
import type { ClusterSpec } from '../types.ts'
import { errorCount, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { asObject, int, leaf, nullable, num, record, refine, type Reader } from './rules.ts'
import { CLUSTER_FAULT_KEYS, readClusterFaults } from './clusterFaults.ts'
import { ASSIGNMENT_KEYS, readClusterAssignment } from './clusterAssignment.ts'

const readClusterBase = record<Omit<ClusterSpec, (typeof CLUSTER_FAULT_KEYS)[number] | (typeof ASSIGNMENT_KEYS)[number]>>(
  {
    brokers: leaf(int(LIMITS.brokers.min, LIMITS.brokers.max)),
    'replication.factor': leaf(int(1, LIMITS.brokers.max)),
    'min.insync.replicas': leaf(int(1, LIMITS.brokers.max)),
    brokerCapacityPerSec: leaf(nullable(num(0, LIMITS.ratePerSec.max, { minExclusive: true }))),
  },
  [...CLUSTER_FAULT_KEYS, ...ASSIGNMENT_KEYS],
)

/** The optional broker-fault settings are read by clusterFaults.ts. */
const readClusterFields: Reader<ClusterSpec> = (ctx, v, base, path) => readClusterFaults(ctx, v, readClusterBase(ctx, v, base, path), path)

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

/**
 * `partitions` is the topic's count at 0 s: a kept placement (cluster.assignment) has one entry per
 * partition. The placement is read only when the rest of the cluster was read cleanly, so its
 * messages speak of the brokers and replication factor the scenario really has.
 */
export function readCluster(ctx: Ctx, v: unknown, path: string, partitions: number): ClusterSpec | undefined {
  if (v === undefined) return undefined
  const before = errorCount(ctx)
  const c = readClusterChecked(ctx, v, { ...DEFAULT_CLUSTER }, path)
  const o = asObject(v)
  if (o === undefined) return c
  if (errorCount(ctx) !== before) {
    const { assignment: _a, leaders: _l, ...rest } = c
    return rest
  }
  return readClusterAssignment(ctx, o, c, path, partitions)
}
