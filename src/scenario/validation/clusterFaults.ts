// Reader for the cluster's optional broker-fault settings (broker.session.timeout.ms, …): each kept
// only when given, so older links replay exactly; absent = Kafka's default. Pure.

import type { ClusterSpec } from '../types.ts'
import { at, error, warn, type Ctx } from './issues.ts'
import { JAVA_INT_MAX } from './limits.ts'
import { asObject, bool, int, own, type Rule } from './rules.ts'

type FaultKey =
  | 'broker.session.timeout.ms'
  | 'broker.heartbeat.interval.ms'
  | 'unclean.leader.election.enable'
  | 'auto.leader.rebalance.enable'
  | 'leader.imbalance.check.interval.seconds'

/** KRaftConfigs / ReplicationConfigs: INT/LONG, atLeast(1) for the timers. */
const RULES: { [K in FaultKey]-?: Rule<NonNullable<ClusterSpec[K]>> } = {
  'broker.session.timeout.ms': int(1, JAVA_INT_MAX),
  'broker.heartbeat.interval.ms': int(1, JAVA_INT_MAX),
  'unclean.leader.election.enable': bool,
  'auto.leader.rebalance.enable': bool,
  'leader.imbalance.check.interval.seconds': int(1, 86_400),
}

/**
 * Only the ZooKeeper controller read it; KRaft's moves every partition back whose preferred leader
 * is in sync, and Kafka 4.0 removed it (KAFKA-18743). Links written before the model followed KRaft
 * may hold it: read, warned about, and left out (nothing reads it).
 */
const ZK_ONLY_KEY = 'leader.imbalance.per.broker.percentage'

/** The keys a `cluster` object may hold besides its base fields. */
export const CLUSTER_FAULT_KEYS = [...(Object.keys(RULES) as FaultKey[]), ZK_ONLY_KEY] as const

/**
 * Adds the fault settings found in `v` to `c`. broker.heartbeat.interval.ms must be below
 * broker.session.timeout.ms (a broker would be fenced between two heartbeats otherwise).
 */
export function readClusterFaults(ctx: Ctx, v: unknown, c: ClusterSpec, path: string): ClusterSpec {
  const o = asObject(v)
  if (o === undefined) return c
  const out: ClusterSpec = { ...c }
  if (own(o, ZK_ONLY_KEY) !== undefined) {
    warn(ctx, at(path, ZK_ONLY_KEY), "ignored: only ZooKeeper's controller read it (removed in Kafka 4.0, KAFKA-18743); the KRaft controller moves every partition back whose preferred leader is in sync")
  }
  for (const k of Object.keys(RULES) as FaultKey[]) {
    const raw = own(o, k)
    if (raw === undefined) continue
    const r = RULES[k](raw)
    if (r.ok) Object.assign(out, { [k]: r.value })
    else error(ctx, at(path, k), r.message)
  }
  const session = out['broker.session.timeout.ms'] ?? 9000
  const hb = out['broker.heartbeat.interval.ms'] ?? 2000
  if (hb >= session) {
    error(ctx, at(path, 'broker.heartbeat.interval.ms'), `must be < broker.session.timeout.ms (${session})`)
    delete out['broker.heartbeat.interval.ms']
    delete out['broker.session.timeout.ms']
  }
  return out
}
