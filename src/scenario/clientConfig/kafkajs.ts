// KafkaJS: the options of kafka.consumer({...}), consumer.run({...}) and kafka.producer({...}). KafkaJS
// has no cooperative protocol or assignor, no KIP-848, no static membership and no size/linger
// batching: those become comments, never options it would ignore. Pure.

import type { Scenario } from '../types.ts'
import { codeNotes, header, instanceIds, quoted } from './common.ts'

export function kafkajsConfig(s: Scenario, atMs?: number): string {
  const g = s.group
  const c = g.config
  const set = (k: string, v: string | number | boolean, note?: string): string =>
    `  ${k}: ${typeof v === 'string' ? quoted(v) : String(v)},${note === undefined ? '' : ` // ${note}`}`
  const out = [...header(s, 'kafkajs', '//', atMs), "const { Kafka, PartitionAssigners, Partitioners } = require('kafkajs')", '', "const kafka = new Kafka({ clientId: 'highway', brokers: ['localhost:9092'] })", '', 'const consumer = kafka.consumer({', set('groupId', g.groupId)]
  if (g.protocol === 'consumer') {
    out.push('  // KafkaJS has no KIP-848 consumer protocol (group.protocol=consumer): it runs the classic protocol.')
  } else if (g.protocol === 'cooperative') {
    out.push('  // KafkaJS has no cooperative rebalancing (KIP-429) and no cooperative-sticky assignor: every rebalance is eager.')
  }
  if (g.assignor === 'roundrobin') out.push('  partitionAssigners: [PartitionAssigners.roundRobin],')
  else out.push(`  // KafkaJS has only a round-robin assigner built in; the scenario's '${g.assignor}' assignor has no KafkaJS equivalent.`)
  if (g.staticMembership) {
    const ids = instanceIds(s)
    out.push(`  // KafkaJS has no static membership (group.instance.id): ${ids[0]} … ${ids.at(-1)} join as dynamic members, so a restart rebalances.`)
  }
  if (g.protocol === 'consumer') {
    out.push(set('sessionTimeout', s.broker['group.consumer.session.timeout.ms'], 'KIP-848 keeps it on the broker; the classic protocol KafkaJS runs takes it here'))
    out.push(set('heartbeatInterval', s.broker['group.consumer.heartbeat.interval.ms']))
  } else {
    out.push(set('sessionTimeout', c['session.timeout.ms']))
    out.push(set('heartbeatInterval', c['heartbeat.interval.ms']))
  }
  out.push(set('rebalanceTimeout', c['max.poll.interval.ms'], 'the JoinGroup timeout Java derives from max.poll.interval.ms; KafkaJS has no poll deadline'))
  out.push(set('maxWaitTimeInMs', c['fetch.max.wait.ms']))
  out.push(set('metadataMaxAge', c['metadata.max.age.ms']))
  out.push('})')
  out.push(`// max.poll.records=${c['max.poll.records']}: KafkaJS hands eachBatch whatever one fetch returns (no record limit).`)
  out.push(`await consumer.subscribe({ topics: [${quoted(s.topic.name)}], fromBeginning: ${String(c['auto.offset.reset'] === 'earliest')} }) // auto.offset.reset=${c['auto.offset.reset']}`)
  out.push('await consumer.run({', set('autoCommit', c['enable.auto.commit']), set('autoCommitInterval', c['auto.commit.interval.ms']), '  eachMessage: async ({ partition, message }) => { /* process */ },', '})')
  out.push(...codeNotes(s, '//'))
  const p = s.producerConfig
  out.push('', 'const producer = kafka.producer({')
  const cls = p['partitioner.class']
  if (cls === 'round-robin' || cls === 'uniform-sticky' || p['partitioner.ignore.keys']) {
    out.push("  // The scenario's producer ignores keys; KafkaJS has no such partitioner built in (write a custom createPartitioner).")
  } else {
    out.push("  // DefaultPartitioner places keys as Java's partitioner does (murmur2); keyless records go round-robin, not sticky.")
    out.push('  createPartitioner: Partitioners.DefaultPartitioner,')
  }
  out.push(set('metadataMaxAge', p['metadata.max.age.ms']))
  out.push('})')
  out.push(`// batch.size=${p['batch.size']}, linger.ms=${p['linger.ms']}: KafkaJS sends what each send() call is given (no size/linger batching).`)
  return `${out.join('\n')}\n`
}
