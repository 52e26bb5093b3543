// `highway snapshot --bootstrap HOST:PORT[,…] --topic T [--group G] [--sample-seconds S]
// [--sample-keys N] [--timeout S] [--json]`: a live cluster's topic and group, read-only, as
// ClusterFacts (issue 11 §2). The reading itself is src/cli/snapshot/readCluster.ts (KafkaJS);
// this file reads the arguments, reports progress on stderr and prints the result.

import { parseArgs, parseDecimal, type FlagSpec } from './args.ts'
import type { CommandResult } from './runCommand.ts'
import type { SnapshotOptions, SnapshotRead } from './snapshot/readCluster.ts'
import { snapshotToFacts } from './snapshot/toFacts.ts'
import { describeFacts } from './snapshot/describe.ts'

const FLAGS: FlagSpec = {
  value: new Set(['--bootstrap', '--topic', '--group', '--sample-seconds', '--sample-keys', '--timeout']),
  bool: new Set(['--json', '--help']),
}

export const SNAPSHOT_USAGE = `usage: highway snapshot --bootstrap HOST:PORT[,HOST:PORT...] --topic T [--group G]
                       [--sample-seconds S] [--sample-keys N] [--timeout S] [--json]
  reads a live cluster, read-only (never produces, commits or creates anything): the topic's
  partitions, leaders, replicas and ISR; end offsets twice S seconds apart (default 10) for the
  per-partition produce rates; the group's members, assignment and committed offsets (lag); and,
  with --sample-keys N, the keys of the newest N records (read without joining the group) for the
  key histogram. Plaintext only for now (SASL/TLS options may come later).
  --timeout S   how long connecting may take (default 10)
  --json        the facts as JSON (ClusterFacts, format "snapshot")`

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
  const p = parseArgs(args, FLAGS)
  if (typeof p === 'string') return { stdout: '', stderr: `snapshot: ${p}\n${SNAPSHOT_USAGE}\n`, code: 2 }
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
  if (p.flags.has('--json')) return { stdout: `${JSON.stringify({ facts }, null, 2)}\n`, stderr: '', code: 0 }
  return { stdout: describeFacts(facts), stderr: '', code: 0 }
}
