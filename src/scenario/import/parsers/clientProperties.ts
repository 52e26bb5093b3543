// A Java client's .properties file (consumer.properties, producer.properties, what `highway config
// --client java` prints): its settings, read as java.util.Properties.load reads them (`#`/`!`
// comments, `key=value`, `key: value` or `key value`, a trailing backslash continuing the line,
// `\t`, `\uXXXX` escapes). The settings the simulator models become `clientConfig` (build applies
// them, buildClientConfig.ts); every other key is named in a note with its line. Pure.
import { assignorOf, namedValues, partitionerOf } from '../buildClientConfig.ts'
import type { ClientSetting, ClusterFacts } from '../types.ts'
import { IMPORT_LIMITS, ImportError, shown } from './common.ts'
import { FactsBuilder } from './facts.ts'

/** Keys every Java client's properties file sets one of: how the format is guessed (detect.ts). */
export const CLIENT_KEY =
  /^(bootstrap\.servers|group\.id|group\.instance\.id|group\.protocol|client\.id|key\.(de)?serializer|value\.(de)?serializer|security\.protocol|sasl\.[\w.]+|ssl\.[\w.]+|partition\.assignment\.strategy|max\.poll\.(records|interval\.ms)|session\.timeout\.ms|heartbeat\.interval\.ms|enable\.auto\.commit|auto\.offset\.reset|fetch\.[\w.]+|acks|linger\.ms|batch\.size|compression\.type|enable\.idempotence|partitioner\.class|retries|delivery\.timeout\.ms)$/

/** The keys build applies (buildClientConfig.ts); the rest are named as ignored. */
export const MODELLED_KEYS: ReadonlySet<string> = new Set([
  'session.timeout.ms', 'heartbeat.interval.ms', 'max.poll.interval.ms', 'max.poll.records', 'enable.auto.commit',
  'auto.commit.interval.ms', 'fetch.max.wait.ms', 'auto.offset.reset', 'metadata.max.age.ms',
  'batch.size', 'linger.ms', 'partitioner.adaptive.partitioning.enable', 'partitioner.ignore.keys', 'partitioner.class',
  'acks', 'retries', 'delivery.timeout.ms', 'request.timeout.ms', 'retry.backoff.ms',
  'partition.assignment.strategy', 'group.protocol', 'group.instance.id', 'group.id',
])

/** Connection and serialisation keys: named together, not one note each. */
const CONNECTION = /^(bootstrap\.servers|client\.id|client\.dns\.lookup|key\.(de)?serializer|value\.(de)?serializer|security\.protocol|sasl\.[\w.-]+|ssl\.[\w.-]+|schema\.registry\.[\w.-]+|basic\.auth\.[\w.-]+)$/

/** `\t`, `\n`, `\r`, `\f`, `\uXXXX` and `\x` (any other character: itself), as Properties.load undoes them. */
function unescape(s: string): string {
  const named: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' }
  return s.replace(/\\(u[0-9a-fA-F]{4}|[^])/g, (_, e: string) => (e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (named[e] ?? e)))
}

/** One logical line's key and value: the key ends at the first unescaped '=', ':' or blank. */
function keyValue(logical: string): { key: string; value: string } {
  let i = 0
  while (i < logical.length && !/[=: \t\f]/.test(logical[i]!)) i += logical[i] === '\\' ? 2 : 1
  const key = unescape(logical.slice(0, i))
  const rest = logical.slice(i).replace(/^[ \t\f]*[=:]?[ \t\f]*/, '')
  return { key, value: unescape(rest) }
}

export function parseClientProperties(lines: string[], source: string): ClusterFacts {
  const b = new FactsBuilder(source, 'client-properties')
  const settings: ClientSetting[] = []
  const connection: string[] = []
  const ignored: string[] = []
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1
    let logical = lines[i]!.replace(/^[ \t\f]+/, '')
    if (logical === '' || logical.startsWith('#') || logical.startsWith('!')) continue
    // An odd number of trailing backslashes continues the line (the next one's leading blanks dropped).
    while (/(^|[^\\])(\\\\)*\\$/.test(logical) && i + 1 < lines.length) logical = logical.slice(0, -1) + lines[++i]!.replace(/^[ \t\f]+/, '')
    const { key, value } = keyValue(logical)
    if (key === '') throw new ImportError(start, `a line with no key: '${shown(logical, 60)}'`)
    if (settings.length >= IMPORT_LIMITS.maxKeys) throw new ImportError(start, `more than ${IMPORT_LIMITS.maxKeys} settings`)
    if (MODELLED_KEYS.has(key)) settings.push({ key, value: value.trim(), line: start, source })
    else if (CONNECTION.test(key)) connection.push(key)
    else ignored.push(`${shown(key, 60)} (line ${start})`)
  }
  // Any text reads as key-value lines: only one that names a client's setting is a client's file.
  if (settings.length === 0 && !connection.some((k) => CLIENT_KEY.test(k))) {
    throw new ImportError(1, "no Java client setting found (a client's .properties sets bootstrap.servers, group.id, max.poll.records …)")
  }
  for (const x of settings) {
    const values = namedValues(x.key)
    if (values !== undefined && !values.includes(x.value)) b.note(`line ${x.line}: ${x.key}=${shown(x.value, 40)} is not simulated (it takes ${values.join(', ')}): Kafka's default is used`)
    if (x.key === 'partitioner.class' && partitionerOf(x.value) === undefined) b.note(`line ${x.line}: partitioner.class ${shown(x.value, 80)} is not one the simulator runs (the built-in partitioner is used)`)
    if (x.key === 'partition.assignment.strategy' && assignorOf(x.value) === undefined) b.note(`line ${x.line}: partition.assignment.strategy ${shown(x.value, 80)}: its first assignor is not one the simulator runs (range is used)`)
  }
  if (connection.length > 0) b.note(`connection settings (${shown(connection.join(', '), 120)}): not simulated (ignored)`)
  if (ignored.length > 0) b.note(`not settings the simulator models (ignored): ${shown(ignored.join(', '), 400)}`)
  b.facts.clientConfig = settings
  b.facts.provenance.clientConfig = b.provenance('measured')
  return b.finish()
}
