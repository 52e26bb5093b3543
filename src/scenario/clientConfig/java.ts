// The Java client's settings as properties files (consumer, then producer). Pure.

import type { AssignorName, PartitionerName, Scenario } from '../types.ts'
import { BOOTSTRAP, codeNotes, header, instanceIds } from './common.ts'

export const JAVA_ASSIGNORS: Record<Exclude<AssignorName, 'uniform' | 'lag-aware'>, string> = {
  range: 'org.apache.kafka.clients.consumer.RangeAssignor',
  roundrobin: 'org.apache.kafka.clients.consumer.RoundRobinAssignor',
  sticky: 'org.apache.kafka.clients.consumer.StickyAssignor',
  'cooperative-sticky': 'org.apache.kafka.clients.consumer.CooperativeStickyAssignor',
}

export const JAVA_PARTITIONERS: Record<Exclude<PartitionerName, 'default'>, string> = {
  'round-robin': 'org.apache.kafka.clients.producer.RoundRobinPartitioner',
  'uniform-sticky': 'org.apache.kafka.clients.producer.UniformStickyPartitioner',
  // The DefaultPartitioner of Kafka 2.4–3.2 (deprecated since 3.3, still shipped).
  'legacy-sticky': 'org.apache.kafka.clients.producer.internals.DefaultPartitioner',
}

/** A properties value: backslashes, line breaks and leading blanks escaped (java.util.Properties). */
export function propertyValue(v: string | number | boolean): string {
  return String(v)
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/^ /, '\\ ')
}

export function javaConfig(s: Scenario, atMs?: number): string {
  const g = s.group
  const c = g.config
  const set = (k: string, v: string | number | boolean): string => `${k}=${propertyValue(v)}`
  const out = [...header(s, 'java', '#', atMs), '', '# ---- consumer.properties ----', set('bootstrap.servers', BOOTSTRAP), set('group.id', g.groupId)]
  if (g.protocol === 'consumer') {
    out.push('# KIP-848: the broker assigns partitions (group.remote.assignor), so partition.assignment.strategy is not set.')
    out.push(set('group.protocol', 'consumer'))
    out.push(set('group.remote.assignor', g.assignor))
  } else {
    out.push(set('group.protocol', 'classic'))
    if (g.assignor === 'lag-aware') {
      // Not in Kafka: a community jar (github.com/grantneale/kafka-lag-based-assignor) weighs lag only.
      out.push('# lag-aware is not built into Kafka; the nearest is a community assignor (lag only, no rate):')
      out.push(set('partition.assignment.strategy', 'com.github.grantneale.kafka.LagBasedPartitionAssignor'))
    } else {
      out.push(set('partition.assignment.strategy', JAVA_ASSIGNORS[g.assignor === 'uniform' ? 'range' : g.assignor]))
    }
  }
  if (g.staticMembership) {
    const ids = instanceIds(s)
    out.push(`# Static membership (KIP-345): each consumer process needs its own id (${ids[0]} … ${ids.at(-1)}).`)
    out.push(set('group.instance.id', ids[0]!))
  }
  if (g.protocol === 'consumer') {
    out.push('# session.timeout.ms and heartbeat.interval.ms are broker-side under KIP-848 (the client does not take them);')
    out.push(`# this scenario's broker has group.consumer.session.timeout.ms=${s.broker['group.consumer.session.timeout.ms']} and group.consumer.heartbeat.interval.ms=${s.broker['group.consumer.heartbeat.interval.ms']}.`)
  } else {
    out.push(set('session.timeout.ms', c['session.timeout.ms']))
    out.push(set('heartbeat.interval.ms', c['heartbeat.interval.ms']))
  }
  for (const k of ['max.poll.interval.ms', 'max.poll.records', 'enable.auto.commit', 'auto.commit.interval.ms', 'fetch.max.wait.ms', 'auto.offset.reset', 'metadata.max.age.ms'] as const) {
    out.push(set(k, c[k]))
  }
  out.push(...codeNotes(s, '#'))
  const p = s.producerConfig
  out.push('', '# ---- producer.properties ----', set('bootstrap.servers', BOOTSTRAP), set('batch.size', p['batch.size']), set('linger.ms', p['linger.ms']))
  const cls = p['partitioner.class']
  if (cls === null || cls === 'default') {
    out.push('# No partitioner.class: the built-in partitioner (murmur2 of the key; keyless records stick to a partition per batch).')
    out.push(set('partitioner.adaptive.partitioning.enable', p['partitioner.adaptive.partitioning.enable']))
    out.push(set('partitioner.ignore.keys', p['partitioner.ignore.keys']))
  } else {
    out.push('# A partitioner.class switches the built-in partitioner off (and with it partitioner.adaptive.* and partitioner.ignore.keys).')
    out.push(set('partitioner.class', JAVA_PARTITIONERS[cls]))
  }
  out.push(set('metadata.max.age.ms', p['metadata.max.age.ms']))
  return `${out.join('\n')}\n`
}
