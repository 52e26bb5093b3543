// `highway import [--format NAME] FILE... [--topic T] [--group G] [--json | --link [--base-url URL]]`:
// tool output pasted into files (kafka-consumer-groups.sh, kafka-share-groups.sh, kcat, kafka_exporter, Burrow,
// kafka-log-dirs.sh) to a scenario of that cluster. Pure apart from the injected reader.

import { encodeScenario } from '../scenario/codec.ts'
import { importPastes, parseProblem, type Paste } from '../scenario/import/fromPastes.ts'
import { FORMAT_LABELS, IMPORT_FORMATS, isImportFormat } from '../scenario/import/parse.ts'
import { SCALE_MAX } from '../scenario/import/scale.ts'
import type { ImportedField } from '../scenario/import/types.ts'
import { parseArgs, usageFailure, type FlagSpec } from './args.ts'
import { DEFAULT_BASE_URL } from './compareCommand.ts'
import type { CliIo, CommandResult } from './runCommand.ts'
import type { TextRead } from './textFile.ts'

export const IMPORT_FLAGS: FlagSpec = {
  value: new Set(['--format', '--topic', '--group', '--base-url', '--scale', '--slice']),
  bool: new Set(['--json', '--link', '--help']),
}

/** Formats a file can be given in (snapshot facts come from `highway snapshot`, not a file). */
const FILE_FORMATS = IMPORT_FORMATS.filter((f) => f !== 'snapshot')

export const IMPORT_USAGE =
  'usage: highway import [--format NAME] FILE... [--topic T] [--group G] [--scale K|auto] [--slice K] [--json | --link [--base-url URL]]\n' +
  '  builds a scenario of a real cluster from tool output saved in files (FILE - reads standard input:\n' +
  '  kafka-consumer-groups.sh --describe --group G | highway import -; format guessed when --format is\n' +
  '  not given; --format applies to every file). Several files merge: shape from one, rates from another.\n' +
  '  --json prints the scenario with the field-by-field account, the story and the compare offers;\n' +
  '  --link the page link that opens it. A cluster too expensive to simulate is refused, naming the factor\n' +
  '  that fits; --scale K simulates it at 1/K of the record rate, processing rate and lags (auto: the\n' +
  '  smallest K that fits), said in its name, story and account; --slice K, when the group is too large\n' +
  '  whatever the rate, simulates every K-th consumer with the partitions it owns. Formats:\n' +
  FILE_FORMATS.map((f) => `    ${f.padEnd(24)} ${FORMAT_LABELS[f]}`).join('\n')

function show(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v)
  return text.length > 48 ? `${text.slice(0, 47)}…` : text
}

function table(fields: readonly ImportedField[]): string {
  const w = Math.max(...fields.map((f) => f.path.length))
  const v = Math.min(48, Math.max(...fields.map((f) => show(f.value).length)))
  return fields.map((f) => `  ${f.path.padEnd(w)}  ${show(f.value).padEnd(v)}  ${f.how.padEnd(8)}  ${f.sources.length > 0 ? `${f.sources.join(', ')}: ` : ''}${f.why}`).join('\n')
}

/** `-` as a FILE: standard input, so a tool's output pipes straight in (`kafka-consumer-groups.sh … | highway import -`). */
export type ImportIo = Pick<CliIo, 'readFile'> & { readStdin?: () => TextRead }

export function runImport(args: readonly string[], io: ImportIo): CommandResult {
  const fail = (message: string): CommandResult => ({ stdout: '', stderr: `import: ${message}\n`, code: 2 })
  const p = parseArgs(args, IMPORT_FLAGS)
  if (typeof p === 'string') return usageFailure('import', p)
  if (p.flags.has('--help')) return { stdout: `${IMPORT_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length === 0) return usageFailure('import', 'give at least one FILE')
  const format = p.flags.get('--format')
  if (format !== undefined && (typeof format !== 'string' || !isImportFormat(format) || format === 'snapshot')) {
    return fail(`--format must be one of ${FILE_FORMATS.join(', ')}, got "${String(format).slice(0, 40)}"`)
  }
  if (p.flags.has('--json') && p.flags.has('--link')) return fail('give --link or --json, not both')
  if (p.flags.has('--base-url') && !p.flags.has('--link')) return fail('--base-url goes with --link')

  const pastes: Paste[] = []
  if (p.positional.filter((f) => f === '-').length > 1) return fail("give '-' (standard input) once")
  for (const file of p.positional) {
    const stdin = file === '-'
    const r = stdin ? (io.readStdin?.() ?? { ok: false as const, problem: 'standard input cannot be read here' }) : io.readFile(file)
    const source = stdin ? 'stdin' : file
    if (!r.ok) return fail(`${source}: ${r.problem}`)
    if (stdin && r.text.trim() === '') return fail("stdin: nothing came in on standard input (pipe a tool's output into 'highway import -')")
    pastes.push({ source, text: r.text, ...(format !== undefined ? { format } : {}) })
  }
  const scaleFlag = p.flags.get('--scale')
  let scale: number | 'auto' | undefined
  if (scaleFlag !== undefined) {
    if (scaleFlag === 'auto') scale = 'auto'
    else if (typeof scaleFlag === 'string' && /^[1-9]\d{0,3}$/.test(scaleFlag) && Number(scaleFlag) <= SCALE_MAX) scale = Number(scaleFlag)
    else return fail(`--scale must be auto or a whole number from 1 to ${SCALE_MAX} (1/K of the measured rate), got "${String(scaleFlag).slice(0, 40)}"`)
  }
  const sliceFlag = p.flags.get('--slice')
  let slice: number | undefined
  if (sliceFlag !== undefined) {
    if (typeof sliceFlag === 'string' && /^[1-9]\d{0,3}$/.test(sliceFlag) && Number(sliceFlag) <= SCALE_MAX) slice = Number(sliceFlag)
    else return fail(`--slice must be a whole number from 1 to ${SCALE_MAX} (every K-th consumer), got "${String(sliceFlag).slice(0, 40)}"`)
  }
  const topic = p.flags.get('--topic')
  const group = p.flags.get('--group')
  const result = importPastes(pastes, { ...(typeof topic === 'string' ? { topic } : {}), ...(typeof group === 'string' ? { group } : {}), ...(scale !== undefined ? { scale } : {}), ...(slice !== undefined ? { slice } : {}) })
  for (const { source, result: r } of result.parsed) if (!r.ok) return fail(parseProblem(source, r))
  const built = result.build
  if (built === null || !built.ok) return fail(built?.message ?? 'nothing to import')
  const notes = result.facts?.notes ?? []

  if (p.flags.has('--link')) {
    const baseUrl = p.flags.get('--base-url')
    const href = typeof baseUrl === 'string' ? baseUrl : DEFAULT_BASE_URL
    return { stdout: `${href.split('#')[0]}#s=${encodeScenario(built.scenario)}\n`, stderr: '', code: 0 }
  }
  if (p.flags.has('--json')) {
    const offers = built.offers.map((o) => ({ id: o.id, label: o.label, why: o.why, variants: o.variants, hash: o.hash }))
    const out = { scenario: built.scenario, fields: built.fields, story: built.story, offers, declined: built.declined, notes }
    return { stdout: `${JSON.stringify(out, null, 2)}\n`, stderr: '', code: 0 }
  }
  const lines = [
    built.story,
    '',
    'fields (measured: read as is; derived: computed from measured values; assumed: Kafka\'s default):',
    table(built.fields),
    '',
    'compare (open in the page: the link after #):',
    ...built.offers.map((o) => `  ${o.label}: ${o.why}\n    #${o.hash}`),
    ...built.declined.map((d) => `  not offered: ${d.id === 'partitions' ? 'more partitions' : d.id}: ${d.why}`),
    ...(notes.length > 0 ? ['', 'notes:', ...notes.map((n) => `  ${n}`)] : []),
    '',
  ]
  return { stdout: lines.join('\n'), stderr: '', code: 0 }
}
