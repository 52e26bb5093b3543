// kafka-python: keyword arguments of KafkaConsumer and KafkaProducer. Assignors are Python classes,
// not Java class names; kafka-python has no cooperative protocol and no KIP-848, said as comments.
// Pure.

import type { AssignorName, Scenario } from '../types.ts'
import { codeNotes, header, instanceIds, quoted } from './common.ts'

/** kafka-python's assignor classes and the modules they live in. */
export const KAFKA_PYTHON_ASSIGNORS: Partial<Record<AssignorName, { module: string; cls: string }>> = {
  range: { module: 'kafka.coordinator.assignors.range', cls: 'RangePartitionAssignor' },
  roundrobin: { module: 'kafka.coordinator.assignors.roundrobin', cls: 'RoundRobinPartitionAssignor' },
  sticky: { module: 'kafka.coordinator.assignors.sticky.sticky_assignor', cls: 'StickyPartitionAssignor' },
}

export function kafkaPythonConfig(s: Scenario, atMs?: number): string {
  const g = s.group
  const c = g.config
  const py = (v: string | number | boolean): string => (typeof v === 'boolean' ? (v ? 'True' : 'False') : typeof v === 'number' ? String(v) : quoted(v))
  const set = (k: string, v: string | number | boolean, note?: string): string => `    ${k}=${py(v)},${note === undefined ? '' : `  # ${note}`}`
  const assignor = g.protocol === 'eager' ? KAFKA_PYTHON_ASSIGNORS[g.assignor] : undefined
  const out = [...header(s, 'kafka-python', '#', atMs), 'from kafka import KafkaConsumer, KafkaProducer']
  if (assignor !== undefined) out.push(`from ${assignor.module} import ${assignor.cls}`)
  out.push('', 'consumer = KafkaConsumer(', `    ${quoted(s.topic.name)},`, set('bootstrap_servers', 'localhost:9092'), set('group_id', g.groupId))
  if (g.protocol === 'cooperative') {
    out.push('    # kafka-python has no cooperative rebalancing (KIP-429) and no cooperative-sticky assignor: every rebalance')
    out.push('    # is eager. StickyPartitionAssignor keeps assignments stable, but partitions still stop during each rebalance.')
  } else if (g.protocol === 'consumer') {
    out.push('    # kafka-python has no KIP-848 consumer protocol (group.protocol=consumer): it runs the classic protocol,')
    out.push('    # where the group leader assigns partitions (no server-side assignor).')
  }
  if (assignor !== undefined) out.push(`    partition_assignment_strategy=[${assignor.cls}],`)
  if (g.staticMembership) {
    const ids = instanceIds(s)
    out.push('    # Static membership (KIP-345) needs a kafka-python release that has it (added in 2025, dpkp/kafka-python#2625).')
    out.push(`    # Each consumer process needs its own id (${ids[0]} … ${ids.at(-1)}).`)
    out.push(set('group_instance_id', ids[0]!))
  }
  if (g.protocol === 'consumer') {
    out.push(set('session_timeout_ms', s.broker['group.consumer.session.timeout.ms'], 'KIP-848 keeps it on the broker; the classic protocol takes it here'))
    out.push(set('heartbeat_interval_ms', s.broker['group.consumer.heartbeat.interval.ms']))
  } else {
    out.push(set('session_timeout_ms', c['session.timeout.ms']))
    out.push(set('heartbeat_interval_ms', c['heartbeat.interval.ms']))
  }
  out.push(set('max_poll_interval_ms', c['max.poll.interval.ms']))
  out.push(set('max_poll_records', c['max.poll.records']))
  out.push(set('enable_auto_commit', c['enable.auto.commit']))
  out.push(set('auto_commit_interval_ms', c['auto.commit.interval.ms']))
  out.push(set('fetch_max_wait_ms', c['fetch.max.wait.ms']))
  out.push(set('auto_offset_reset', c['auto.offset.reset']))
  out.push(set('metadata_max_age_ms', c['metadata.max.age.ms']))
  out.push(')')
  out.push(...codeNotes(s, '#'))
  const p = s.producerConfig
  out.push('', 'producer = KafkaProducer(', set('bootstrap_servers', 'localhost:9092'), set('batch_size', p['batch.size']), set('linger_ms', p['linger.ms']))
  const cls = p['partitioner.class']
  if (cls === 'round-robin' || cls === 'uniform-sticky' || p['partitioner.ignore.keys']) {
    out.push("    # The scenario's producer ignores keys; kafka-python has no such partitioner built in (pass your own partitioner=).")
  } else {
    out.push("    # The default partitioner places keys as Java's does (murmur2); keyless records go to a random partition, not sticky.")
  }
  out.push(set('metadata_max_age_ms', p['metadata.max.age.ms']))
  out.push(')')
  return `${out.join('\n')}\n`
}
