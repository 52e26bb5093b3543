// One entry point for every paste or file: `parseImport(text, { format?, source })`. The format is
// guessed when not given; a text no parser can read answers `{ ok: false, format, line, message }`
// naming the format tried and the line (0 = the text as a whole). Never throws. Pure.
import { guessFormat } from './detect.ts'
import { parseBurrow } from './parsers/burrow.ts'
import { parseClientProperties } from './parsers/clientProperties.ts'
import { IMPORT_LIMITS, ImportError, checkTextLimits, shown } from './parsers/common.ts'
import { parseConsumerGroups } from './parsers/consumerGroups.ts'
import { parseConsumerGroupsMembers } from './parsers/consumerGroupsMembers.ts'
import { parseConsumerGroupsState } from './parsers/consumerGroupsState.ts'
import { parseKcatMetadata } from './parsers/kcatMetadata.ts'
import { parseKcatMetadataText } from './parsers/kcatMetadataText.ts'
import { parseKcatRecords } from './parsers/kcatRecords.ts'
import { parseLogDirs } from './parsers/logDirs.ts'
import { parsePrometheus } from './parsers/prometheus.ts'
import { parseShareGroups } from './parsers/shareGroups.ts'
import { parseTopicsDescribe } from './parsers/topicsDescribe.ts'
import { otherText } from './otherTexts.ts'
import type { ClusterFacts, ImportFormat, ParseResult } from './types.ts'

export { IMPORT_LIMITS } from './parsers/common.ts'
export { groupPath, partitionPath, topicPath } from './parsers/facts.ts'
export { guessFormat } from './detect.ts'

/** Every format a paste can be in, in the order `--format` help lists them. */
export const IMPORT_FORMATS: readonly ImportFormat[] = [
  'consumer-groups',
  'consumer-groups-members',
  'consumer-groups-state',
  'share-groups',
  'topics',
  'kcat-metadata',
  'log-dirs',
  'prometheus',
  'burrow',
  'kcat-records',
  'client-properties',
  'snapshot',
]

/** What each format is, in words (for `--format` help and the Import dialog). */
export const FORMAT_LABELS: Record<ImportFormat, string> = {
  'consumer-groups': 'kafka-consumer-groups.sh --describe',
  'consumer-groups-members': 'kafka-consumer-groups.sh --describe --members --verbose',
  'consumer-groups-state': 'kafka-consumer-groups.sh --describe --state',
  'share-groups': 'kafka-share-groups.sh --describe',
  topics: 'kafka-topics.sh --describe',
  'kcat-metadata': 'kcat -L (or -L -J)',
  'log-dirs': 'kafka-log-dirs.sh --describe',
  prometheus: 'kafka_exporter metrics (Prometheus text)',
  burrow: 'Burrow /v3/kafka/<cluster>/consumer/<group>/lag',
  'kcat-records': 'kcat -C -J records',
  'client-properties': 'Java client .properties (its settings)',
  snapshot: 'highway snapshot',
}

export function isImportFormat(s: string): s is ImportFormat {
  return (IMPORT_FORMATS as readonly string[]).includes(s)
}

function run(format: ImportFormat, text: string, lines: string[], source: string): ClusterFacts {
  switch (format) {
    case 'consumer-groups':
      return parseConsumerGroups(lines, source)
    case 'consumer-groups-members':
      return parseConsumerGroupsMembers(lines, source)
    case 'consumer-groups-state':
      return parseConsumerGroupsState(lines, source)
    case 'share-groups':
      return parseShareGroups(lines, source)
    case 'topics':
      return parseTopicsDescribe(lines, source)
    case 'kcat-metadata':
      // -J prints one JSON document; without it kcat prints lines (kcatMetadataText.ts).
      return text.trimStart().startsWith('{') ? parseKcatMetadata(text, source) : parseKcatMetadataText(lines, source)
    case 'log-dirs':
      return parseLogDirs(text, source)
    case 'prometheus':
      return parsePrometheus(lines, source)
    case 'burrow':
      return parseBurrow(text, source)
    case 'kcat-records':
      return parseKcatRecords(lines, source)
    case 'client-properties':
      return parseClientProperties(lines, source)
    case 'snapshot':
      throw new ImportError(0, "snapshot facts come from 'highway snapshot' reading a live cluster, not from a paste")
  }
}

/** The first line that says something, when it is a Kafka tool's error (`Error: …`, `Exception in thread …`). */
function toolError(text: string): { line: number; text: string; format: ImportFormat } | null {
  const lines = text.slice(0, 64_000).split(/\r\n|\r|\n/)
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim()
    if (t === '' || t.startsWith('$ ') || t.startsWith('#')) continue
    if (!/^(Error|ERROR):\s|^Exception in thread /.test(t)) return null
    const format: ImportFormat = /share group/i.test(t) ? 'share-groups' : /\btopic\b/i.test(t) && !/consumer group/i.test(t) ? 'topics' : 'consumer-groups'
    return { line: i + 1, text: t, format }
  }
  return null
}

/** How a message about a text that is no tool's output begins. */
export const NOT_TOOL_OUTPUT = "not recognised as any tool's output"

/** How an unrecognised paste's message says to name its format: the CLI's words; the Import dialog swaps in its own (parseProblem). */
export const NAME_THE_FORMAT = 'name it with --format'

/** Reads one paste or file. `source` labels every fact it yields (e.g. "paste 2", a file name). */
export function parseImport(text: string, opts: { format?: ImportFormat; source: string }): ParseResult {
  const tryOne = (format: ImportFormat): ParseResult => {
    try {
      const lines = checkTextLimits(text)
      return { ok: true, format, facts: run(format, text, lines, opts.source) }
    } catch (e) {
      if (e instanceof ImportError) return { ok: false, format, line: e.line, message: e.message }
      // A parser bug must not take the page down: say so, in words, with the text as a whole.
      const msg = e instanceof Error ? e.message : String(e)
      return { ok: false, format, line: 0, message: `the ${format} reader failed unexpectedly (${msg.slice(0, 120)})` }
    }
  }
  if (typeof text !== 'string') return { ok: false, format: opts.format ?? 'consumer-groups', line: 0, message: 'no text' }
  if (opts.format) return tryOne(opts.format)
  const guess = guessFormat(text)
  if (text.length > IMPORT_LIMITS.maxChars) return tryOne(guess ?? 'consumer-groups')
  if (text.trim() === '') return { ok: false, format: 'consumer-groups', line: 1, message: 'the text is empty' }
  if (guess) return tryOne(guess)
  // The tool failed (a timeout, no such group) and its error was pasted, perhaps with a stack trace:
  // say that, rather than what some reader expected on the trace's second line.
  const failed = toolError(text)
  if (failed) return { ok: false, format: failed.format, line: failed.line, message: `the tool printed an error, not its output: '${shown(failed.text, 200)}'` }
  // Nothing recognisable: try each reader and report the one that read furthest.
  let best: ParseResult | undefined
  for (const f of IMPORT_FORMATS) {
    if (f === 'snapshot') continue
    const r = tryOne(f)
    if (r.ok) return r
    if (!best || (!best.ok && r.line > best.line)) best = r
  }
  const r = best!
  if (r.ok) return r
  // A text that is something else (a client's .properties, the page's own JSON): say what it is.
  const other = otherText(text)
  if (other) return { ok: false, format: r.format, line: other.line, message: `${NOT_TOOL_OUTPUT}: ${other.message}` }
  return { ...r, message: `not recognised as any tool's output (${NAME_THE_FORMAT}); read as ${r.format}: ${r.message}` }
}

/**
 * One line for a paste that could not be read, naming the source, the format tried and the line:
 * `orders.txt: read as kafka-consumer-groups.sh --describe (consumer-groups), line 5: expected …`.
 * Plain text (never HTML); the stranger's text inside it is already shortened by the readers.
 */
export function formatParseError(r: Extract<ParseResult, { ok: false }>, source: string): string {
  const where = r.line > 0 ? `, line ${r.line}` : ''
  return `${source}: read as ${FORMAT_LABELS[r.format]} (${r.format})${where}: ${r.message}`
}
