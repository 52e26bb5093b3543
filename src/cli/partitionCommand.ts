// `partition` CLI command: the Java default partitioner's partition for each String key.
// Pure: arguments and stdin text in, output text and exit code out; no process, no fs, no console.
import { partitionForKey } from '../kafka/murmur2.ts';

/** Upper bound for --partitions: a guard against typos, far above real topics. */
const MAX_PARTITIONS = 1_000_000;

const USAGE =
  'usage: partition --partitions N [KEY ...]\n' +
  '  Prints, one number a line and in order, the partition the Java producer\'s default\n' +
  '  partitioner picks for each String key: toPositive(murmur2(utf8(key))) % N.\n' +
  '  With no KEY, keys are read from stdin, one a line. Use -- before keys that start with --.\n';

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
 * unknown option, no keys and no stdin), with a one-line reason and the usage on stderr.
 */
export function runPartition(args: readonly string[], stdin: string | null): CommandResult {
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
  if (!/^[+-]?\d+$/.test(text)) return `--partitions must be an integer from 1 to ${MAX_PARTITIONS}, got "${text}"`;
  const n = Number(text);
  if (n < 1) return `--partitions must be at least 1, got ${text}`;
  if (n > MAX_PARTITIONS) return `--partitions must be at most ${MAX_PARTITIONS}, got ${text}`;
  return n;
}

function usageError(reason: string): CommandResult {
  return { stdout: '', stderr: `partition: ${reason}\n${USAGE}`, code: 2 };
}
