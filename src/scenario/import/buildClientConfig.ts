// A client's .properties settings (facts.clientConfig) applied to the scenario being built: the
// consumer's and producer's configs as written, and the group's assignor, protocol, static
// membership and id only where the cluster's pastes left them assumed (what the cluster shows wins
// over what one client asks for). Each setting taken is a field row naming its file and line; a
// value of the wrong kind is refused naming the key, the line and what it takes (the validator then
// checks the limits, naming the field). Pure.

import type { AssignorName, ConsumerConfig, ProducerConfig, RebalanceProtocol, Scenario } from '../types.ts'
import { shown } from './parsers/common.ts'
import type { ClientSetting, ImportedField } from './types.ts'

type Kind = 'int' | 'bool' | readonly string[]
const CONSUMER: Partial<Record<keyof ConsumerConfig, Kind>> = {
  'session.timeout.ms': 'int',
  'heartbeat.interval.ms': 'int',
  'max.poll.interval.ms': 'int',
  'max.poll.records': 'int',
  'enable.auto.commit': 'bool',
  'auto.commit.interval.ms': 'int',
  'fetch.max.wait.ms': 'int',
  'auto.offset.reset': ['earliest', 'latest'],
}
const PRODUCER: Partial<Record<keyof ProducerConfig, Kind>> = {
  'batch.size': 'int',
  'linger.ms': 'int',
  'partitioner.adaptive.partitioning.enable': 'bool',
  'partitioner.ignore.keys': 'bool',
  acks: ['all', '-1', '1', '0'],
  retries: 'int',
  'delivery.timeout.ms': 'int',
  'request.timeout.ms': 'int',
  'retry.backoff.ms': 'int',
}
/** Producer-only keys: a file with one of them is a producer's, and its metadata.max.age.ms the producer's. */
const PRODUCER_ONLY = /^(batch\.size|linger\.ms|acks|retries|delivery\.timeout\.ms|partitioner\.[\w.]+)$/

/** Kafka's assignor classes (partition.assignment.strategy's first entry) and what they are here. */
const ASSIGNORS: Record<string, { assignor: AssignorName; protocol: RebalanceProtocol }> = {
  rangeassignor: { assignor: 'range', protocol: 'eager' },
  roundrobinassignor: { assignor: 'roundrobin', protocol: 'eager' },
  stickyassignor: { assignor: 'sticky', protocol: 'eager' },
  cooperativestickyassignor: { assignor: 'cooperative-sticky', protocol: 'cooperative' },
}
const PARTITIONERS: Record<string, ProducerConfig['partitioner.class']> = { roundrobinpartitioner: 'round-robin', uniformstickypartitioner: 'uniform-sticky' }

export type Applied = { ok: true } | { ok: false; message: string }

/** The values the simulator takes for a setting with named values (auto.offset.reset, acks), else undefined. */
export function namedValues(key: string): readonly string[] | undefined {
  const kind = CONSUMER[key as keyof ConsumerConfig] ?? PRODUCER[key as keyof ProducerConfig]
  return Array.isArray(kind) ? kind : undefined
}

/** The setting's value as `kind` reads it (undefined: a value Kafka has that is not simulated), or what it should have been. */
function read(x: ClientSetting, kind: Kind): { ok: true; v: number | boolean | string | undefined } | { ok: false; message: string } {
  const v = x.value
  const bad = (want: string) => ({ ok: false as const, message: `${x.source} line ${x.line}: ${x.key} '${shown(v)}' is not ${want}` })
  if (kind === 'int') return /^\d{1,15}$/.test(v) ? { ok: true, v: Number(v) } : bad(`a whole number${x.key.endsWith('.ms') ? ' of milliseconds' : ''}`)
  if (kind === 'bool') return /^(true|false)$/i.test(v) ? { ok: true, v: /^true$/i.test(v) } : bad('true or false')
  // A value Kafka has that is not simulated (auto.offset.reset=none) is named by the reader and skipped.
  if (!kind.includes(v)) return { ok: true, v: undefined }
  // acks=-1 is acks=all (ProducerConfig).
  return { ok: true, v: v === '-1' ? 'all' : v }
}

/** Applies `settings` (the last of a key wins) to `s`, replacing or adding rows in `fields`. */
export function applyClientConfig(s: Scenario, settings: readonly ClientSetting[], fields: ImportedField[]): Applied {
  const last = new Map<string, ClientSetting>()
  for (const x of settings) last.set(x.key, x)
  const producerFile = [...last.keys()].some((k) => PRODUCER_ONLY.test(k))
  const row = (path: string, v: unknown, x: ClientSetting, why: string) => {
    const at = fields.findIndex((f) => f.path === path)
    const f: ImportedField = { path, value: v, how: 'measured', sources: [x.source], why: `line ${x.line}: ${x.key}=${shown(x.value, 80)}${why}` }
    if (at >= 0) fields[at] = f
    else fields.push(f)
  }
  const assumedRow = (path: string) => fields.find((f) => f.path === path)?.how === 'assumed'
  for (const x of last.values()) {
    const ck = x.key as keyof ConsumerConfig
    const pk = x.key as keyof ProducerConfig
    const ckind = CONSUMER[ck]
    const pkind = PRODUCER[pk]
    const kind = ckind ?? pkind
    if (kind !== undefined) {
      const r = read(x, kind)
      if (!r.ok) return r
      if (r.v === undefined) continue
      const config = (ckind !== undefined ? s.group.config : s.producerConfig) as unknown as Record<string, unknown>
      config[x.key] = r.v
      row(`${ckind !== undefined ? 'group.config' : 'producerConfig'}["${x.key}"]`, r.v, x, '')
    } else if (x.key === 'metadata.max.age.ms') {
      const r = read(x, 'int')
      if (!r.ok) return r
      const v = r.v as number
      if (producerFile) s.producerConfig['metadata.max.age.ms'] = v
      else s.group.config['metadata.max.age.ms'] = v
      row(producerFile ? 'producerConfig["metadata.max.age.ms"]' : 'group.config["metadata.max.age.ms"]', v, x, producerFile ? ' (a producer’s file)' : ' (a consumer’s file)')
    } else if (x.key === 'partitioner.class') {
      // One the simulator does not run is named by the reader (clientProperties.ts).
      const p = partitionerOf(x.value)
      if (p !== undefined) {
        s.producerConfig['partitioner.class'] = p
        row('producerConfig["partitioner.class"]', p, x, '')
      }
    } else if (x.key === 'partition.assignment.strategy' && assumedRow('group.assignor') && s.group.protocol !== 'consumer') {
      const a = assignorOf(x.value)
      if (a !== undefined) {
        s.group.assignor = a.assignor
        s.group.protocol = a.protocol
        row('group.assignor', a.assignor, x, '')
        row('group.protocol', a.protocol, x, a.protocol === 'cooperative' ? ' (a cooperative assignor)' : ' (an eager assignor)')
      }
    } else if (x.key === 'group.protocol' && /^consumer$/i.test(x.value) && assumedRow('group.protocol')) {
      s.group.protocol = 'consumer'
      s.group.assignor = 'uniform'
      row('group.protocol', 'consumer', x, ' (KIP-848; the broker assigns, uniform by default)')
      row('group.assignor', 'uniform', x, ' (group.remote.assignor’s default)')
    } else if (x.key === 'group.instance.id' && x.value !== '' && assumedRow('group.staticMembership')) {
      s.group.staticMembership = true
      row('group.staticMembership', true, x, ' (KIP-345)')
    } else if (x.key === 'group.id' && x.value !== '' && !fields.some((f) => f.path === 'group.groupId')) {
      s.group.groupId = x.value
      row('group.groupId', x.value, x, '')
    }
  }
  const taken = (prefix: string) => fields.some((f) => f.path.startsWith(prefix) && f.how === 'measured')
  fields.push(
    { path: 'group.config', value: taken('group.config[') ? '(the rest: Kafka defaults)' : '(Kafka defaults)', how: 'assumed', sources: [], why: "consumer settings are not visible from outside the clients (a consumer's .properties gives them): session.timeout.ms 45 s, max.poll.records 500, … as Kafka ships them" },
    { path: 'producerConfig', value: taken('producerConfig[') ? '(the rest: Kafka defaults)' : '(Kafka defaults)', how: 'assumed', sources: [], why: "producer settings are not visible from the cluster (a producer's .properties gives them): linger.ms 5, batch.size 16 KiB, the built-in partitioner" },
  )
  return { ok: true }
}

/** partition.assignment.strategy's first class (the Java consumer uses the first every member supports: one client's first). */
export function assignorOf(value: string): { assignor: AssignorName; protocol: RebalanceProtocol } | undefined {
  return ASSIGNORS[value.split(',')[0]!.trim().split('.').pop()!.toLowerCase()]
}

export function partitionerOf(value: string): ProducerConfig['partitioner.class'] | undefined {
  return PARTITIONERS[value.trim().split('.').pop()!.toLowerCase()]
}
