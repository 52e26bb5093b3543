// `highway snapshot --bootstrap HOST:PORT[,…] --topic T [--group G] [--sample-seconds S]
// [--sample-keys N] [--timeout S] [--json | --link [--base-url URL]]`: a live cluster's topic and
// group, read-only, as ClusterFacts (issue 11 §2), then as a scenario (src/scenario/import/build.ts).
// The reading itself is src/cli/snapshot/readCluster.ts (KafkaJS); this file reads the arguments,
// reports progress on stderr and prints the result.

import { buildScenario } from '../scenario/import/build.ts'
import { compareLinkHash } from '../scenario/links.ts'
import { parseArgs, parseDecimal, usageFailure, type FlagSpec } from './args.ts'
import { DEFAULT_BASE_URL } from './compareCommand.ts'
import type { CommandResult } from './runCommand.ts'
import type { SnapshotOptions, SnapshotRead } from './snapshot/readCluster.ts'
import { snapshotToFacts } from './snapshot/toFacts.ts'
import { describeFacts } from './snapshot/describe.ts'

export const SNAPSHOT_FLAGS: FlagSpec = {
  value: new Set(['--bootstrap', '--topic', '--group', '--sample-seconds', '--sample-keys', '--timeout', '--base-url']),
  bool: new Set(['--json', '--link', '--help']),
}

export const SNAPSHOT_USAGE = `usage: highway snapshot --bootstrap HOST:PORT[,HOST:PORT...] --topic T [--group G]
                       [--sample-seconds S] [--sample-keys N] [--timeout S] [--json | --link [--base-url URL]]
  reads a live cluster, read-only (never produces, commits or creates anything): the topic's
  partitions, leaders, replicas and ISR; end offsets twice S seconds apart (default 10) for the
  per-partition produce rates; the group's members, assignment and committed offsets (lag); and,
  with --sample-keys N, the keys of the newest N records (read without joining the group) for the
  key histogram. Plaintext only for now (SASL/TLS options may come later).
  --timeout S   how long connecting may take (default 10)
  --json        the facts (ClusterFacts, format "snapshot") and the scenario built from them, with
                its field-by-field account, story and compare offers, as JSON
  --link        the page link that opens the scenario (--base-url, default ${DEFAULT_BASE_URL})`

export interface SnapshotIo {
  progress: (line: string) => void
  /** The live reader; tests inject a fake. */
  read?: (o: SnapshotOptions) => Promise<SnapshotRead>
}

const HOST_PORT = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,252}))?:(\d{1,5})$/

/** The bootstrap list, or a message naming the bad entry. */
export function readBootstrap(text: string): string[] | string {
  const list = text.split(',').map((s) => s.trim())
  if (list.length > 100) return `--bootstrap lists ${list.length} brokers; give at most 100`
  for (const hp of list) {
    const m = HOST_PORT.exec(hp)
    const port = m ? Number(m[3]) : 0
    if (!m || m[1] === undefined || port < 1 || port > 65535) return `--bootstrap entries are HOST:PORT, got "${hp.slice(0, 80)}"`
  }
  return list
}

function readNumber(flag: string, text: string | true | undefined, fallback: number, min: number, max: number, integer: boolean): number | string {
  if (typeof text !== 'string') return fallback
  const n = parseDecimal(text)
  if (n === null || n < min || n > max || (integer && !Number.isInteger(n))) return `${flag} must be ${integer ? 'an integer' : 'a plain decimal number'} in [${min}, ${max}], got "${text.slice(0, 40)}"`
  return n
}

export async function runSnapshot(args: readonly string[], io: SnapshotIo): Promise<CommandResult> {
  const fail = (message: string): CommandResult => ({ stdout: '', stderr: `snapshot: ${message}\n`, code: 2 })
  const p = parseArgs(args, SNAPSHOT_FLAGS)
  if (typeof p === 'string') return usageFailure('snapshot', p)
  if (p.flags.has('--help')) return { stdout: `${SNAPSHOT_USAGE}\n`, stderr: '', code: 0 }
  if (p.positional.length > 0) return fail(`unexpected argument "${p.positional[0]!.slice(0, 80)}"`)
  const bootstrapText = p.flags.get('--bootstrap')
  if (typeof bootstrapText !== 'string') return fail('give --bootstrap HOST:PORT[,HOST:PORT...]')
  const bootstrap = readBootstrap(bootstrapText)
  if (typeof bootstrap === 'string') return fail(bootstrap)
  const topic = p.flags.get('--topic')
  if (typeof topic !== 'string' || !/^[A-Za-z0-9._-]{1,249}$/.test(topic)) return fail(`--topic needs a Kafka topic name (letters, digits, . _ -; at most 249), got "${String(topic ?? '').slice(0, 80)}"`)
  const group = p.flags.get('--group')
  if (group === '' || (typeof group === 'string' && group.length > 1000)) return fail('--group needs a group id')
  const sampleSeconds = readNumber('--sample-seconds', p.flags.get('--sample-seconds'), 10, 1, 600, false)
  if (typeof sampleSeconds === 'string') return fail(sampleSeconds)
  const sampleKeys = readNumber('--sample-keys', p.flags.get('--sample-keys'), 0, 0, 1_000_000, true)
  if (typeof sampleKeys === 'string') return fail(sampleKeys)
  const timeout = readNumber('--timeout', p.flags.get('--timeout'), 10, 1, 300, false)
  if (typeof timeout === 'string') return fail(timeout)
  const json = p.flags.has('--json')
  const link = p.flags.has('--link')
  if (json && link) return fail('give --link or --json, not both')
  const baseUrl = p.flags.get('--base-url')
  if (baseUrl !== undefined && !link) return fail('--base-url goes with --link')

  const read = io.read ?? (await import('./snapshot/readCluster.ts')).readSnapshot
  const r = await read({
    bootstrap,
    topic,
    group: typeof group === 'string' ? group : undefined,
    sampleSeconds,
    sampleKeys,
    connectTimeoutMs: timeout * 1000,
    progress: io.progress,
  })
  if (!r.ok) return fail(r.message)
  const facts = snapshotToFacts(r.reading)
  const built = buildScenario(facts, { topic, ...(typeof group === 'string' ? { group } : {}) })
  const href = (typeof baseUrl === 'string' ? baseUrl : DEFAULT_BASE_URL).split('#')[0]!
  if (link) {
    if (!built.ok) return fail(`the snapshot was read but makes no scenario: ${built.message}`)
    return { stdout: `${href}#${compareLinkHash(built.scenario, [])}\n`, stderr: '', code: 0 }
  }
  if (json) {
    const out = built.ok
      ? {
          facts,
          scenario: built.scenario,
          fields: built.fields,
          story: built.story,
          // As `highway import --json` prints them (the page opens `#hash`).
          offers: built.offers.map((o) => ({ id: o.id, label: o.label, why: o.why, variants: o.variants, hash: o.hash })),
          declined: built.declined,
          notes: facts.notes,
        }
      : { facts, buildError: built.message }
    return { stdout: `${JSON.stringify(out, null, 2)}\n`, stderr: '', code: 0 }
  }
  const story = built.ok ? `\n${built.story}\n(--link opens it on the page; --json has the facts and the scenario)\n` : `\nno scenario: ${built.message}\n`
  return { stdout: describeFacts(facts) + story, stderr: '', code: 0 }
}
