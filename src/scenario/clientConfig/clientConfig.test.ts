import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../defaults.ts'
import { presets } from '../presets/index.ts'
import type { Scenario } from '../types.ts'
import { validateScenario } from '../validate.ts'
import { clientConfig, CLIENTS } from './index.ts'

/** A tiny java.util.Properties reader: `key=value` / `key: value`, '#'/'!' comments, backslash escapes. */
function parseProperties(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const raw of text.split('\n')) {
    const line = raw.trimStart()
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue
    const m = /^((?:\\.|[^=:\s\\])+)\s*[=:\s]\s*(.*)$/.exec(line)
    if (m === null) throw new Error(`not a property line: ${raw}`)
    const unescape = (s: string): string => s.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c)
    out.set(unescape(m[1]!), unescape(m[2]!))
  }
  return out
}

/** The Java text's two files. */
function javaFiles(s: Scenario): { consumer: Map<string, string>; producer: Map<string, string> } {
  const text = clientConfig(s, 'java')
  const [consumer, producer] = text.split('# ---- producer.properties ----')
  return { consumer: parseProperties(consumer!), producer: parseProperties(producer!) }
}

/** Lines that are code, not comments, for the Python/JS texts. */
function activeLines(text: string, mark: string): string[] {
  return text.split('\n').map((l) => l.split(` ${mark} `)[0]!.trimEnd()).filter((l) => !l.trimStart().startsWith(mark))
}

function scenario(edit: (s: Scenario) => void): Scenario {
  const s = defaultScenario()
  edit(s)
  const v = validateScenario(s)
  if (!v.ok) throw new Error(JSON.stringify(v.errors))
  return s
}

const cooperative = scenario((s) => {
  s.group.protocol = 'cooperative'
  s.group.assignor = 'cooperative-sticky'
})
const staticEager = scenario((s) => {
  s.group.staticMembership = true
  s.group.assignor = 'sticky'
})
const kip848 = scenario((s) => {
  s.group.protocol = 'consumer'
  s.group.assignor = 'range'
})

describe('client configuration: Java properties', () => {
  it.each(presets.map((p) => [p.name, p.build()] as const))('%s parses back to the scenario\'s settings', (_, s) => {
    const { consumer, producer } = javaFiles(s)
    const c = s.group.config
    expect(consumer.get('group.id')).toBe(s.group.groupId)
    for (const k of ['max.poll.interval.ms', 'max.poll.records', 'enable.auto.commit', 'auto.commit.interval.ms', 'fetch.max.wait.ms', 'auto.offset.reset', 'metadata.max.age.ms'] as const) {
      expect(consumer.get(k), k).toBe(String(c[k]))
    }
    if (s.group.protocol === 'consumer') {
      expect(consumer.get('group.protocol')).toBe('consumer')
      expect(consumer.get('group.remote.assignor')).toBe(s.group.assignor)
      expect(consumer.has('partition.assignment.strategy')).toBe(false)
      expect(consumer.has('session.timeout.ms')).toBe(false)
    } else {
      expect(consumer.get('group.protocol')).toBe('classic')
      expect(consumer.get('session.timeout.ms')).toBe(String(c['session.timeout.ms']))
      expect(consumer.get('heartbeat.interval.ms')).toBe(String(c['heartbeat.interval.ms']))
    }
    expect(consumer.has('group.instance.id')).toBe(s.group.staticMembership)
    const p = s.producerConfig
    expect(producer.get('batch.size')).toBe(String(p['batch.size']))
    expect(producer.get('linger.ms')).toBe(String(p['linger.ms']))
    expect(producer.get('metadata.max.age.ms')).toBe(String(p['metadata.max.age.ms']))
  })

  it('names the Java assignor class of each classic strategy', () => {
    expect(javaFiles(cooperative).consumer.get('partition.assignment.strategy')).toBe('org.apache.kafka.clients.consumer.CooperativeStickyAssignor')
    expect(javaFiles(staticEager).consumer.get('partition.assignment.strategy')).toBe('org.apache.kafka.clients.consumer.StickyAssignor')
    expect(javaFiles(defaultScenario()).consumer.get('partition.assignment.strategy')).toBe('org.apache.kafka.clients.consumer.RangeAssignor')
  })

  it('static membership sets group.instance.id', () => {
    expect(javaFiles(staticEager).consumer.get('group.instance.id')).toBe('consumer-1')
  })

  it('under KIP-848 says session and heartbeat are the broker\'s, with its values', () => {
    const text = clientConfig(kip848, 'java')
    expect(text).toMatch(/broker-side/)
    expect(text).toContain(`group.consumer.session.timeout.ms=${kip848.broker['group.consumer.session.timeout.ms']}`)
  })

  it('names the partitioner class a scenario chooses, and no built-in options then', () => {
    const rr = scenario((s) => {
      s.producerConfig['partitioner.class'] = 'round-robin'
    })
    const { producer } = javaFiles(rr)
    expect(producer.get('partitioner.class')).toBe('org.apache.kafka.clients.producer.RoundRobinPartitioner')
    expect(producer.has('partitioner.ignore.keys')).toBe(false)
  })

  it('a scenario name with a line break cannot add a setting', () => {
    const evil = { ...defaultScenario(), name: 'x\ngroup.instance.id=evil\r\nlinger.ms=0' }
    for (const client of CLIENTS) {
      const withName = clientConfig(evil, client).split('\n').filter((l) => l.includes('evil'))
      expect(withName, client).toHaveLength(1)
      expect(withName[0], client).toMatch(/^(#|\/\/) Partition Highway: the settings of scenario "x group\.instance\.id=evil linger\.ms=0"/)
    }
    expect(javaFiles(evil).consumer.has('group.instance.id')).toBe(false)
  })
})

describe('client configuration: librdkafka / confluent-kafka-python', () => {
  const text = (s: Scenario): string => clientConfig(s, 'librdkafka')
  it('uses librdkafka\'s assignor names, and says it has no eager sticky', () => {
    expect(activeLines(text(cooperative), '#')).toContain('    "partition.assignment.strategy": "cooperative-sticky",')
    expect(activeLines(text(defaultScenario()), '#')).toContain('    "partition.assignment.strategy": "range",')
    expect(activeLines(text(staticEager), '#').join('\n')).not.toContain('partition.assignment.strategy')
    expect(text(staticEager)).toMatch(/# librdkafka has no eager 'sticky' assignor/)
  })

  it('static membership sets group.instance.id; the Java-compatible partitioner is murmur2_random', () => {
    expect(activeLines(text(staticEager), '#')).toContain('    "group.instance.id": "consumer-1",')
    expect(activeLines(text(defaultScenario()), '#')).toContain('    "partitioner": "murmur2_random",')
    expect(text(defaultScenario())).toMatch(/consistent_random/)
  })

  it('KIP-848 sets group.protocol=consumer and the remote assignor, not session or heartbeat', () => {
    const lines = activeLines(text(kip848), '#')
    expect(lines).toContain('    "group.protocol": "consumer",')
    expect(lines).toContain('    "group.remote.assignor": "range",')
    expect(lines.join('\n')).not.toMatch(/session\.timeout\.ms|heartbeat\.interval\.ms|partition\.assignment\.strategy/)
  })

  it('uses librdkafka\'s own names for the fetch wait and the metadata refresh', () => {
    const s = scenario((x) => {
      x.group.config['fetch.max.wait.ms'] = 250
    })
    expect(activeLines(text(s), '#')).toContain('    "fetch.wait.max.ms": 250,')
  })
})

describe('client configuration: KafkaJS', () => {
  const text = (s: Scenario): string => clientConfig(s, 'kafkajs')
  it('has no cooperative protocol or static membership: comments, never options', () => {
    const coop = activeLines(text(cooperative), '//').join('\n')
    expect(coop).not.toMatch(/cooperative|Cooperative/)
    expect(text(cooperative)).toMatch(/\/\/ KafkaJS has no cooperative rebalancing/)
    expect(activeLines(text(staticEager), '//').join('\n')).not.toMatch(/groupInstanceId|instance/)
    expect(text(staticEager)).toMatch(/\/\/ KafkaJS has no static membership/)
  })

  it('carries the scenario\'s timeouts and the Java-compatible partitioner', () => {
    const s = scenario((x) => {
      x.group.config['session.timeout.ms'] = 12000
    })
    const lines = activeLines(text(s), '//')
    expect(lines).toContain('  sessionTimeout: 12000,')
    expect(lines).toContain('  createPartitioner: Partitioners.DefaultPartitioner,')
  })
})

describe('client configuration: kafka-python', () => {
  const text = (s: Scenario): string => clientConfig(s, 'kafka-python')
  it('takes assignor classes, not Java class names', () => {
    const lines = activeLines(text(staticEager), '#')
    expect(lines).toContain('from kafka.coordinator.assignors.sticky.sticky_assignor import StickyPartitionAssignor')
    expect(lines).toContain('    partition_assignment_strategy=[StickyPartitionAssignor],')
    expect(text(defaultScenario())).not.toMatch(/org\.apache/)
  })

  it('has no cooperative protocol: a comment instead of a strategy', () => {
    const lines = activeLines(text(cooperative), '#').join('\n')
    expect(lines).not.toMatch(/partition_assignment_strategy|[Cc]ooperative/)
    expect(text(cooperative)).toMatch(/# kafka-python has no cooperative rebalancing/)
  })

  it('static membership sets group_instance_id', () => {
    expect(activeLines(text(staticEager), '#')).toContain('    group_instance_id="consumer-1",')
    expect(activeLines(text(defaultScenario()), '#').join('\n')).not.toContain('group_instance_id')
  })
})

describe('client configuration: the settings in force at a moment of the run', () => {
  const live = scenario((s) => {
    s.producerConfig['partitioner.class'] = null
    s.group.staticMembership = true
    s.actions = [
      { atSec: 10, do: 'setPartitioner', partitioner: 'round-robin' },
      { atSec: 20, do: 'addConsumer', count: 2 },
    ]
  })

  it('includes the live changes made up to that moment, and says at which moment', () => {
    const before = clientConfig(live, 'java', 5_000)
    expect(before).not.toMatch(/^partitioner\.class=/m)
    expect(before).toContain('settings in force at 5.0 s of the run')
    const after = clientConfig(live, 'java', 12_000)
    expect(after).toMatch(/^partitioner\.class=org\.apache\.kafka\.clients\.producer\.RoundRobinPartitioner$/m)
    expect(after).toContain('settings in force at 12.0 s of the run')
  })

  it('counts the consumers added live (static members need an id each)', () => {
    const n = live.group.consumers
    expect(clientConfig(live, 'java', 19_000)).toContain(`… consumer-${n}).`)
    expect(clientConfig(live, 'java', 21_000)).toContain(`… consumer-${n + 2}).`)
  })

  it('without a moment: the start settings, and says live changes are not included', () => {
    const text = clientConfig(live, 'kafkajs')
    expect(text).toContain('at 0 s (live changes during the run are not included)')
    expect(text).toBe(clientConfig({ ...live, actions: [] }, 'kafkajs'))
  })
})
