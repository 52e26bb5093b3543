// librdkafka's settings as confluent-kafka-python writes them (dicts for Consumer and Producer).
// librdkafka's names differ from Java's in places (fetch.wait.max.ms; topic.metadata.refresh.interval.ms
// is its metadata refresh period), and so do its partitioners and assignors. Pure.

import type { Scenario } from '../types.ts'
import { BOOTSTRAP, codeNotes, header, instanceIds, quoted } from './common.ts'

type Value = string | number | boolean

function py(v: Value): string {
  if (typeof v === 'boolean') return v ? 'True' : 'False'
  return typeof v === 'number' ? String(v) : quoted(v)
}

export function librdkafkaConfig(s: Scenario, atMs?: number): string {
  const g = s.group
  const c = g.config
  const set = (k: string, v: Value, note?: string): string => `    ${quoted(k)}: ${py(v)},${note === undefined ? '' : `  # ${note}`}`
  const out = [...header(s, 'librdkafka', '#', atMs), '', 'consumer_config = {', set('bootstrap.servers', BOOTSTRAP), set('group.id', g.groupId)]
  if (g.protocol === 'consumer') {
    out.push('    # KIP-848 (recent librdkafka): the broker assigns partitions, so partition.assignment.strategy is not set.')
    out.push(set('group.protocol', 'consumer'))
    out.push(set('group.remote.assignor', g.assignor))
  } else {
    out.push(set('group.protocol', 'classic'))
    if (g.assignor === 'sticky') {
      out.push("    # librdkafka has no eager 'sticky' assignor (its sticky one is 'cooperative-sticky', which changes the")
      out.push("    # protocol to cooperative), so the scenario's eager sticky assignment cannot be reproduced here.")
    } else if (g.assignor === 'lag-aware') {
      out.push("    # The lag-aware assignor is not built into Kafka or librdkafka, and librdkafka cannot load a custom one,")
      out.push("    # so the scenario's lag-aware assignment cannot be reproduced here.")
    } else {
      // librdkafka's names: range, roundrobin, cooperative-sticky.
      out.push(set('partition.assignment.strategy', g.assignor === 'uniform' ? 'range' : g.assignor))
    }
  }
  if (g.staticMembership) {
    const ids = instanceIds(s)
    out.push(`    # Static membership (KIP-345): each consumer process needs its own id (${ids[0]} … ${ids.at(-1)}).`)
    out.push(set('group.instance.id', ids[0]!))
  }
  if (g.protocol === 'consumer') {
    out.push('    # session.timeout.ms and heartbeat.interval.ms are broker-side under KIP-848; this scenario\'s broker has')
    out.push(`    # group.consumer.session.timeout.ms=${s.broker['group.consumer.session.timeout.ms']}, group.consumer.heartbeat.interval.ms=${s.broker['group.consumer.heartbeat.interval.ms']}.`)
  } else {
    out.push(set('session.timeout.ms', c['session.timeout.ms']))
    out.push(set('heartbeat.interval.ms', c['heartbeat.interval.ms']))
  }
  out.push(set('max.poll.interval.ms', c['max.poll.interval.ms']))
  out.push(set('enable.auto.commit', c['enable.auto.commit']))
  out.push(set('auto.commit.interval.ms', c['auto.commit.interval.ms']))
  out.push(set('fetch.wait.max.ms', c['fetch.max.wait.ms'], "Java's fetch.max.wait.ms"))
  out.push(set('auto.offset.reset', c['auto.offset.reset']))
  out.push(set('topic.metadata.refresh.interval.ms', c['metadata.max.age.ms'], "Java's metadata.max.age.ms (refresh period)"))
  out.push('}')
  out.push(`# max.poll.records=${c['max.poll.records']} has no librdkafka setting: ask for it per call, consumer.consume(num_messages=${c['max.poll.records']}).`)
  out.push(...codeNotes(s, '#'))
  const p = s.producerConfig
  out.push('', 'producer_config = {', set('bootstrap.servers', BOOTSTRAP), set('batch.size', p['batch.size']), set('linger.ms', p['linger.ms']))
  const cls = p['partitioner.class']
  if (cls === 'round-robin') {
    out.push("    # librdkafka has no round-robin partitioner ('random' is the nearest: a random partition per record).")
  } else if (cls === 'uniform-sticky' || (p['partitioner.ignore.keys'] && (cls === null || cls === 'default'))) {
    out.push('    # librdkafka cannot ignore keys and stick to a partition per batch (UniformStickyPartitioner / partitioner.ignore.keys).')
  } else {
    out.push("    # murmur2_random places keys as Java's partitioner does (murmur2); librdkafka's default, consistent_random")
    out.push('    # (CRC32), maps keys to different partitions. Keyless records go to a random partition.')
    out.push(set('partitioner', 'murmur2_random'))
  }
  if ((cls === null || cls === 'default') && p['partitioner.adaptive.partitioning.enable']) {
    out.push('    # librdkafka has no adaptive partitioning (KIP-794): keyless records do not avoid slow partitions.')
  }
  out.push(set('topic.metadata.refresh.interval.ms', p['metadata.max.age.ms'], "Java's metadata.max.age.ms (refresh period)"))
  out.push('}')
  return `${out.join('\n')}\n`
}
