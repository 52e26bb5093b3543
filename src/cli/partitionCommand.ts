// `partition` CLI command: the Java default partitioner's partition for each String key, or with
// --keyless the partition each successive batch of keyless records goes to.
// Pure: arguments and stdin text in, output text and exit code out; no process, no fs, no console.
import { Rng } from '../engine/rng.ts';
import { partitionForKey } from '../kafka/murmur2.ts';
import { collectPartitionLoadStats } from '../kafka/partitioners/builtInPartitioner.ts';
import { createKeylessPartitioner, routeKeyless } from '../kafka/partitioners/keylessRouter.ts';
import {
  isAdaptivePartitioningEnabled,
  partitionerConfigDefaults,
  type PartitionerName,
} from '../kafka/partitioners/partitioner.ts';

/** Upper bound for --partitions: a guard against typos, far above real topics. */
const MAX_PARTITIONS = 1_000_000;

/** Upper bound for --batches. */
const MAX_BATCHES = 1_000_000;
/** The scenario's default seed. */
const DEFAULT_SEED = 42;
const KEYLESS_ONLY = ['--partitioner', '--batches', '--seed', '--json'];
const PARTITIONERS: readonly PartitionerName[] = ['default', 'uniform-sticky', 'legacy-sticky', 'round-robin'];

const USAGE =
  'usage: highway partition --partitions N [KEY ...]\n' +
  '  Prints, one number a line and in order, the partition the Java producer\'s default\n' +
  '  partitioner picks for each String key: toPositive(murmur2(utf8(key))) % N.\n' +
  '  With no KEY, keys are read from stdin, one a line. Use -- before keys that start with --.\n' +
  'usage: highway partition --keyless --partitions N --batches B [--partitioner NAME] [--seed S] [--json]\n' +
  '  Prints the partition each of B successive full batches (batch.size 16384) of keyless records\n' +
  '  goes to, through the same partitioner code the simulation runs. NAME is a partitioner.class as\n' +
  '  scenarios spell it: default (built-in, KIP-794 uniform sticky; adaptive, with empty queues),\n' +
  '  uniform-sticky, legacy-sticky (KIP-480 StickyPartitionCache: never the same partition twice in\n' +
  '  a row while another is available) or round-robin (one line per record). The random numbers\n' +
  '  come from the seeded stream S (default 42) the simulation\'s producers draw from.\n';

export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

/**
 * Runs `partition`. `args` are the words after the command name, e.g.
 * `['--partitions', '12', 'order-1']` or `['--partitions=12']`. `stdin` is the whole standard input
 * as text, or null when there is none to read (then KEY arguments are required).
 *
 * Exit codes: 0 on success (also `--help`); 2 for usage errors (missing or invalid `--partitions`,
 * unknown option, no keys and no stdin), with a one-line reason on stderr (the usage is --help's).
 */
export function runPartition(args: readonly string[], stdin: string | null): CommandResult {
  const end = args.indexOf('--');
  if ((end < 0 ? args : args.slice(0, end)).includes('--keyless')) return runKeyless(args);
  let partitionsText: string | undefined;
  const keyArgs: string[] = [];
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (optionsEnded || !arg.startsWith('--')) {
      keyArgs.push(arg);
    } else if (arg === '--') {
      optionsEnded = true;
    } else if (arg === '--help') {
      return { stdout: USAGE, stderr: '', code: 0 };
    } else if (arg === '--partitions' || arg.startsWith('--partitions=')) {
      if (partitionsText !== undefined) return usageError('--partitions was given more than once');
      if (arg === '--partitions') {
        const value = args[i + 1];
        if (value === undefined) return usageError('--partitions needs a value (an integer from 1 to 1000000)');
        partitionsText = value;
        i++;
      } else {
        partitionsText = arg.slice('--partitions='.length);
      }
    } else if (KEYLESS_ONLY.some((o) => arg === o || arg.startsWith(`${o}=`))) {
      return usageError(`${arg.split('=')[0]} needs --keyless`);
    } else {
      return usageError(`unknown option ${arg}`);
    }
  }

  if (partitionsText === undefined) return usageError('--partitions N is required');
  const numPartitions = parsePartitionCount(partitionsText);
  if (typeof numPartitions === 'string') return usageError(numPartitions);

  let keys: readonly string[];
  if (keyArgs.length > 0) keys = keyArgs;
  else if (stdin !== null) keys = splitStdinKeys(stdin);
  else return usageError('no keys: give KEY arguments or pipe keys on stdin');

  const lines = keys.map((key) => partitionForKey(key, numPartitions));
  return { stdout: lines.length > 0 ? `${lines.join('\n')}\n` : '', stderr: '', code: 0 };
}

/**
 * Keys from stdin, one a line. The rule, chosen so that any key except one containing '\n' can be
 * given, and so that the usual newline-terminated file means what it looks like:
 * - lines are split on '\n' only, so a '\r' (from CRLF files) stays part of the key;
 * - every line is a key, an empty line included (the empty key is a real key; only null is keyless);
 * - except that one '\n' at the very end of the input ends the last line instead of starting an
 *   empty key.
 * So "a\nb\n" gives a, b; "a\n\nb" gives a, "", b; "" gives no keys; "\n" gives one empty key;
 * "a\n\n" gives a, "".
 */
export function splitStdinKeys(stdin: string): string[] {
  if (stdin === '') return [];
  const lines = stdin.split('\n');
  if (stdin.endsWith('\n')) lines.pop();
  return lines;
}

/** The partition count, or the reason it is not acceptable. */
function parsePartitionCount(text: string): number | string {
  return parseIntIn('--partitions', text, 1, MAX_PARTITIONS);
}

/** An integer option in [min, max], or the reason it is not acceptable. */
function parseIntIn(option: string, text: string, min: number, max: number): number | string {
  if (!/^[+-]?\d+$/.test(text)) return `${option} must be an integer from ${min} to ${max}, got "${text}"`;
  const n = Number(text);
  if (n < min) return `${option} must be at least ${min}, got ${text}`;
  if (n > max) return `${option} must be at most ${max}, got ${text}`;
  return n;
}

/**
 * `partition --keyless`: B batches, each one record of `batch.size` bytes (so every record fills a
 * batch and the sticky partitioners move on after it), routed one call at a time through
 * `routeKeyless`, the function the simulation's producers call. Bad input: exit 2 with one line
 * on stderr (the reason, and where the usage is).
 */
function runKeyless(args: readonly string[]): CommandResult {
  const values = new Map<string, string>();
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--keyless') continue;
    if (arg === '--json') json = true;
    else if (arg === '--help') return { stdout: USAGE, stderr: '', code: 0 };
    else if (!arg.startsWith('--') || arg === '--') return keylessError('--keyless takes no KEY arguments');
    else {
      const eq = arg.indexOf('=');
      const name = eq < 0 ? arg : arg.slice(0, eq);
      if (!['--partitions', '--partitioner', '--batches', '--seed'].includes(name)) return keylessError(`unknown option ${arg}`);
      if (values.has(name)) return keylessError(`${name} was given more than once`);
      const value = eq < 0 ? args[++i] : arg.slice(eq + 1);
      if (value === undefined) return keylessError(`${name} needs a value`);
      values.set(name, value);
    }
  }
  const partitionsText = values.get('--partitions');
  if (partitionsText === undefined) return keylessError('--partitions N is required');
  const partitions = parsePartitionCount(partitionsText);
  if (typeof partitions === 'string') return keylessError(partitions);
  const batchesText = values.get('--batches');
  if (batchesText === undefined) return keylessError('--batches B is required with --keyless');
  const batches = parseIntIn('--batches', batchesText, 1, MAX_BATCHES);
  if (typeof batches === 'string') return keylessError(batches);
  const seed = parseIntIn('--seed', values.get('--seed') ?? String(DEFAULT_SEED), 0, 4294967295);
  if (typeof seed === 'string') return keylessError(seed);
  const partitioner = values.get('--partitioner') ?? 'default';
  if (!(PARTITIONERS as readonly string[]).includes(partitioner)) {
    return keylessError(`--partitioner must be one of ${PARTITIONERS.join(', ')}, got "${partitioner}"`);
  }
  const chosen = keylessBatches(partitioner as PartitionerName, partitions, batches, seed);
  if (json) {
    const out = { partitioner, partitions, seed, batchSize: partitionerConfigDefaults['batch.size'], batches: chosen };
    return { stdout: `${JSON.stringify(out)}\n`, stderr: '', code: 0 };
  }
  return { stdout: `${chosen.join('\n')}\n`, stderr: '', code: 0 };
}

/** The partition of each of `batches` successive full batches under `partitioner`. */
export function keylessBatches(partitioner: PartitionerName, partitions: number, batches: number, seed: number): number[] {
  const batchSize = partitionerConfigDefaults['batch.size'];
  const routing = { partitioner, batchSize, adaptive: isAdaptivePartitioningEnabled(partitioner, partitionerConfigDefaults), recordBytes: batchSize };
  const topic = { numPartitions: partitions, availablePartitions: Array.from({ length: partitions }, (_, p) => p) };
  // Nothing is queued here, so adaptive partitioning sees equal (empty) queues: a uniform choice.
  const emptyQueues = topic.availablePartitions.map((p) => ({ partition: p, queueSize: 0, hasLeader: true, leaderOverAvailabilityTimeout: false }));
  const rng = Rng.create(seed, 1);
  let state = createKeylessPartitioner(batchSize);
  const out: number[] = [];
  for (let b = 0; b < batches; b++) {
    const routed = routeKeyless(state, routing, topic, 1, () => rng.nextInt32(), () => collectPartitionLoadStats(true, partitions, emptyQueues));
    state = routed.state;
    out.push(routed.chunks[0]!);
  }
  return out;
}

function usageError(reason: string): CommandResult {
  return { stdout: '', stderr: `partition: ${reason} (see highway partition --help)\n`, code: 2 };
}

function keylessError(reason: string): CommandResult {
  return { stdout: '', stderr: `partition: ${reason} (see highway partition --help)\n`, code: 2 };
}
