// The imported cluster's shape: how many brokers, the topic's replication factor and its
// min.insync.replicas, from what kafka-topics.sh --describe, kcat -L -J or a live snapshot showed.
// Without any of these the scenario keeps no `cluster` (the simulator's default cluster) and the
// account says so. When every partition lists its replicas the placement is kept as pasted
// (keptPlacement.ts: cluster.assignment, and cluster.leaders where a leader was not the preferred
// one); otherwise the run places replicas as KRaft's StripedReplicaPlacer does and the account says
// why. Pure.

import { DEFAULT_CLUSTER } from '../defaults.ts'
import type { ClusterSpec } from '../types.ts'
import { LIMITS } from '../validation/limits.ts'
import type { ClusterFacts, ImportedField, ImportedTopic } from './types.ts'
import { keptPlacement } from './keptPlacement.ts'

export interface ClusterShape {
  /** Absent: nothing in the pastes names brokers or replicas. */
  cluster?: ClusterSpec
  fields: ImportedField[]
}

/** `P`: the partitions the scenario simulates (the topic's count, which a paste may list only some of). */
export function clusterShape(facts: ClusterFacts, topic: ImportedTopic, sources: (re: RegExp) => string[], P: number): ClusterShape {
  const withReplicas = topic.partitions.filter((p) => p.replicas !== undefined && p.replicas.length > 0)
  const ids = new Set<number>(facts.brokers.map((b) => b.id))
  for (const p of withReplicas) for (const r of p.replicas!) ids.add(r)
  if (ids.size === 0 && topic.replicationFactor === undefined) {
    return {
      fields: [
        {
          path: 'cluster',
          value: `(${DEFAULT_CLUSTER.brokers} brokers, replication factor ${DEFAULT_CLUSTER['replication.factor']})`,
          how: 'assumed',
          sources: [],
          why: 'no brokers or replicas in the pastes (kafka-topics.sh --describe or kcat -L -J shows them): the simulator\'s default cluster, with Kafka\'s default replication factor 1 and min.insync.replicas 1',
        },
      ],
    }
  }
  const fields: ImportedField[] = []
  const brokerSources = [...new Set([...(facts.provenance.brokers ? [facts.provenance.brokers.source] : []), ...sources(/\.replicas$/)])]
  const listed = [...ids].sort((a, b) => a - b)
  const brokers = Math.max(1, Math.min(LIMITS.brokers.max, ids.size))
  const shown = listed.length <= 6 ? listed.join(', ') : `${listed.slice(0, 5).join(', ')} … ${listed[listed.length - 1]}`
  const brokersWhy = ids.size > LIMITS.brokers.max ? `${ids.size} brokers, at most ${LIMITS.brokers.max} simulated` : `brokers ${shown} (shown as Broker 1–${brokers}, in id order)`
  const brokersField: ImportedField = { path: 'cluster.brokers', value: brokers, how: 'measured', sources: brokerSources, why: brokersWhy }
  fields.push(brokersField)

  const lengths = withReplicas.map((p) => p.replicas!.length)
  const stated = topic.replicationFactor
  const rfRaw = stated ?? (lengths.length > 0 ? Math.max(...lengths) : DEFAULT_CLUSTER['replication.factor'])
  const rf = Math.max(1, Math.min(brokers, rfRaw))
  const under = withReplicas.filter((p) => (p.isr?.length ?? p.replicas!.length) < p.replicas!.length).length
  const offline = topic.partitions.filter((p) => p.replicas !== undefined && p.leader === undefined).length
  const state = [
    under > 0 ? `${under} partition${under === 1 ? ' was' : 's were'} under-replicated when printed (ISR smaller than replicas)` : '',
    offline > 0 ? `${offline} had no leader` : '',
  ].filter((x) => x !== '')
  const rfWhy = (stated !== undefined ? 'the topic\'s ReplicationFactor' : `the replicas listed per partition (${lengths.length} partitions)`) +
    (rf !== rfRaw ? `: ${rfRaw}, at most the ${brokers} brokers simulated` : '') +
    (state.length > 0 ? `; ${state.join(', ')}: the run starts with every replica in sync` : '')
  if (stated !== undefined || lengths.length > 0) {
    fields.push({ path: 'cluster.replication.factor', value: rf, how: 'measured', sources: sources(stated !== undefined ? /\.replicationFactor$/ : /\.replicas$/), why: rfWhy })
  } else fields.push({ path: 'cluster.replication.factor', value: rf, how: 'assumed', sources: [], why: 'no replicas listed: Kafka\'s default.replication.factor 1' })

  const minRaw = topic.minInsyncReplicas
  const minIsr = Math.max(1, Math.min(rf, minRaw ?? DEFAULT_CLUSTER['min.insync.replicas']))
  if (minRaw !== undefined) {
    fields.push({
      path: 'cluster.min.insync.replicas',
      value: minIsr,
      how: 'measured',
      sources: sources(/\.minInsyncReplicas$/),
      why: `the topic's min.insync.replicas config${minIsr !== minRaw ? ` (${minRaw}, more than the replication factor: no acks=all write could succeed; ${minIsr} simulated)` : ''}`,
    })
  } else {
    fields.push({
      path: 'cluster.min.insync.replicas',
      value: minIsr,
      how: 'assumed',
      sources: [],
      why: 'not shown (kafka-topics.sh --describe lists it under Configs only when the topic or broker sets it): Kafka\'s default 1',
    })
  }
  const cluster: ClusterSpec = { ...DEFAULT_CLUSTER, brokers, 'replication.factor': rf, 'min.insync.replicas': minIsr }
  const kept = keptPlacement(topic, P, listed, rf, rfRaw)
  if (kept.ok) {
    cluster.assignment = kept.assignment
    if (kept.leaders !== undefined) cluster.leaders = kept.leaders
    fields.push({ path: 'cluster.assignment', value: kept.value, how: 'measured', sources: sources(/\.replicas$/), why: kept.why })
    if (kept.leaders !== undefined) fields.push({ path: 'cluster.leaders', value: kept.leadersValue, how: 'measured', sources: sources(/\.leader$/), why: kept.leadersWhy })
  } else {
    brokersField.why += `; the run places replicas and leaders as KRaft's StripedReplicaPlacer does, not as listed: ${kept.why}`
  }
  return { cluster, fields }
}
