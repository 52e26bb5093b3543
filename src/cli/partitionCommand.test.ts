import { describe, expect, it } from 'vitest';
import { Rng } from '../engine/rng.ts';
import { partitionForKey } from '../kafka/murmur2.ts';
import { createBuiltInPartitioner, peekCurrentPartition, updatePartitionInfo } from '../kafka/partitioners/builtInPartitioner.ts';
import { emptyLegacySticky, legacySendPartition } from '../kafka/partitioners/legacyStickyPartitioner.ts';
import type { NextInt } from '../kafka/partitioners/partitioner.ts';
import { runPartition, splitStdinKeys } from './partitionCommand.ts';

const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });

describe('partition --partitions N [KEY ...]', () => {
  it('prints each key\'s partition, one number a line, in order', () => {
    expect(runPartition(['--partitions', '3', '1', '0', 'kafka'], null)).toEqual(ok('0\n2\n1\n'));
  });

  it('accepts --partitions=N and options after keys', () => {
    expect(runPartition(['--partitions=4', '1'], null)).toEqual(ok('3\n'));
    expect(runPartition(['1', '--partitions', '4'], null)).toEqual(ok('3\n'));
  });

  it('matches the kafka-python Java-compatibility table for 1000 partitions, from stdin', () => {
    // Keys b'', b'a', b'ab', b'abc', b'123456789', b'\x00 ' (the first line is the empty key).
    const stdin = '\na\nab\nabc\n123456789\n\u0000 \n';
    expect(runPartition(['--partitions', '1000'], stdin)).toEqual(ok('681\n524\n434\n107\n566\n742\n'));
  });

  it('matches the same table from arguments', () => {
    const args = ['--partitions=1000', '', 'a', 'ab', 'abc', '123456789', '\u0000 '];
    expect(runPartition(args, null)).toEqual(ok('681\n524\n434\n107\n566\n742\n'));
  });

  it('takes keys after -- literally, even ones that look like options', () => {
    expect(runPartition(['--partitions', '12', '--', '--partitions'], null)).toEqual(ok(`${partitionForKey('--partitions', 12)}\n`));
  });

  it('ignores stdin when keys are given as arguments', () => {
    expect(runPartition(['--partitions', '4', '1'], 'a\nb\n')).toEqual(ok('3\n'));
  });

  it('hashes non-ASCII keys over their UTF-8 bytes', () => {
    const keys = ['é', '😀', '日本'];
    expect(runPartition(['--partitions', '1000', ...keys], null).stdout).toBe(keys.map((k) => `${partitionForKey(k, 1000)}\n`).join(''));
  });

  it('accepts 1 and 1000000 partitions', () => {
    expect(runPartition(['--partitions', '1', 'x', 'y'], null)).toEqual(ok('0\n0\n'));
    expect(runPartition(['--partitions', '1000000', 'abc'], null)).toEqual(ok(`${479470107 % 1_000_000}\n`));
  });

  it('prints usage for --help', () => {
    const result = runPartition(['--help'], null);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^usage: highway partition --partitions N/);
  });
});

describe('keys from stdin', () => {
  const run = (stdin: string) => runPartition(['--partitions', '12'], stdin).stdout;
  const lines = (...keys: string[]) => keys.map((k) => `${partitionForKey(k, 12)}\n`).join('');

  it('splits on \\n and lets a single trailing \\n end the last line: "a\\nb\\n" is a, b', () => {
    expect(splitStdinKeys('a\nb\n')).toEqual(['a', 'b']);
    expect(run('a\nb\n')).toBe(lines('a', 'b'));
  });

  it('reads a last line without a trailing newline: "a\\nb" is a, b', () => {
    expect(splitStdinKeys('a\nb')).toEqual(['a', 'b']);
  });

  it('keeps an empty line as the empty key: "a\\n\\nb" is a, "", b', () => {
    expect(splitStdinKeys('a\n\nb')).toEqual(['a', '', 'b']);
    expect(run('a\n\nb')).toBe(lines('a', '', 'b'));
  });

  it('reads no keys from empty stdin and prints nothing', () => {
    expect(splitStdinKeys('')).toEqual([]);
    expect(runPartition(['--partitions', '12'], '')).toEqual(ok(''));
  });

  it('reads "\\n" as one empty key, which hashes to 275646681 % 12 = 9', () => {
    expect(splitStdinKeys('\n')).toEqual(['']);
    expect(run('\n')).toBe('9\n');
  });

  it('drops only one trailing newline: "a\\n\\n" is a, ""', () => {
    expect(splitStdinKeys('a\n\n')).toEqual(['a', '']);
  });

  it('keeps \\r as part of the key (CRLF input is not normalised)', () => {
    expect(splitStdinKeys('abc\r\nx\r\n')).toEqual(['abc\r', 'x\r']);
    expect(run('abc\r\n')).toBe(lines('abc\r'));
    expect(partitionForKey('abc\r', 12)).not.toBe(partitionForKey('abc', 12));
  });
});

describe('usage errors exit with code 2 and a one-line reason, no stack trace', () => {
  const cases: ReadonlyArray<readonly [string, readonly string[], RegExp]> = [
    ['missing --partitions', ['a'], /--partitions N is required/],
    ['--partitions without a value', ['--partitions'], /needs a value/],
    ['a non-integer', ['--partitions', 'abc', 'a'], /must be an integer from 1 to 1000000, got "abc"/],
    ['a decimal', ['--partitions', '3.5', 'a'], /must be an integer/],
    ['an exponent', ['--partitions', '1e3', 'a'], /must be an integer/],
    ['an empty value', ['--partitions=', 'a'], /must be an integer/],
    ['zero', ['--partitions', '0', 'a'], /must be at least 1, got 0/],
    ['a negative count', ['--partitions=-4', 'a'], /must be at least 1, got -4/],
    ['too many', ['--partitions', '1000001', 'a'], /must be at most 1000000, got 1000001/],
    ['a huge number', ['--partitions', '99999999999999999999999', 'a'], /must be at most 1000000/],
    ['a repeated --partitions', ['--partitions', '3', '--partitions=4', 'a'], /more than once/],
    ['an unknown option', ['--partitions', '3', '--verbose', 'a'], /unknown option --verbose/],
  ];

  it.each(cases)('%s', (_name, args, reason) => {
    const result = runPartition(args, 'a\n');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(reason);
    expect(result.stderr.startsWith('partition: ')).toBe(true);
    // One line: the reason and where the help is, not the usage again.
    expect(result.stderr).toMatch(/^partition: [^\n]* \(see highway partition --help\)\n$/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('asks for keys when there are no KEY arguments and no stdin', () => {
    const result = runPartition(['--partitions', '3'], null);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no keys/);
  });
});

describe('partition --keyless: the partition of each successive batch', () => {
  const lines = (stdout: string) => stdout.trimEnd().split('\n').map(Number);
  const run = (...args: string[]) => runPartition(['--keyless', ...args], null);
  /** The draws the command's seeded stream hands out, in order. */
  const drawsOf = (seed: number): NextInt => {
    const rng = Rng.create(seed, 1);
    return () => rng.nextInt32();
  };
  const topic = (n: number) => ({ numPartitions: n, availablePartitions: Array.from({ length: n }, (_, i) => i) });

  it('never repeats the previous partition under uniform-sticky and legacy-sticky (StickyPartitionCache)', () => {
    for (const name of ['uniform-sticky', 'legacy-sticky']) {
      const two = lines(run('--partitioner', name, '--partitions', '2', '--batches', '100').stdout);
      expect(two).toHaveLength(100);
      for (let i = 1; i < two.length; i++) expect(two[i]).toBe(1 - two[i - 1]!);
      const five = lines(run(`--partitioner=${name}`, '--partitions=5', '--batches=300', '--seed=7').stdout);
      for (let i = 1; i < five.length; i++) expect(five[i]).not.toBe(five[i - 1]);
      expect(new Set(five).size).toBe(5);
    }
  });

  it('uniform-sticky gives what legacySendPartition gives for the same draws, one new batch each', () => {
    const next = drawsOf(11);
    let cache = emptyLegacySticky;
    const expected = Array.from({ length: 50 }, () => {
      const r = legacySendPartition(cache, null, topic(4), { ignoreKeys: true }, () => true, next);
      cache = r.state;
      return r.partition;
    });
    expect(lines(run('--partitioner', 'uniform-sticky', '--partitions', '4', '--batches', '50', '--seed', '11').stdout)).toEqual(expected);
  });

  it('default is the built-in partitioner: peekCurrentPartition/updatePartitionInfo for the same draws, repeats allowed', () => {
    const next = drawsOf(42);
    let b = createBuiltInPartitioner(16384);
    const expected = Array.from({ length: 60 }, () => {
      const peeked = peekCurrentPartition(b, topic(2), next);
      b = updatePartitionInfo(peeked.state, 16384, true, topic(2), next);
      return peeked.partition;
    });
    const got = lines(run('--partitions', '2', '--batches', '60').stdout); // --partitioner default, --seed 42
    expect(got).toEqual(expected);
    expect(got.some((p, i) => i > 0 && p === got[i - 1])).toBe(true);
  });

  it('round-robin deals one record per partition in turn', () => {
    expect(run('--partitioner', 'round-robin', '--partitions', '3', '--batches', '7')).toEqual(ok('0\n1\n2\n0\n1\n2\n0\n'));
  });

  it('is the same for the same seed and differs for another', () => {
    const a = run('--partitions', '8', '--batches', '40', '--seed', '1').stdout;
    expect(run('--partitions', '8', '--batches', '40', '--seed', '1').stdout).toBe(a);
    expect(run('--partitions', '8', '--batches', '40', '--seed', '2').stdout).not.toBe(a);
  });

  it('prints one JSON object with --json', () => {
    const r = run('--partitioner', 'round-robin', '--partitions', '2', '--batches', '3', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ partitioner: 'round-robin', partitions: 2, seed: 42, batchSize: 16384, batches: [0, 1, 0] });
  });

  it('prints usage for --help', () => {
    expect(run('--help').stdout).toMatch(/partition --keyless --partitions N --batches B/);
  });

  const bad: ReadonlyArray<readonly [string, readonly string[], RegExp]> = [
    ['no --partitions', ['--batches', '3'], /--partitions N is required/],
    ['no --batches', ['--partitions', '3'], /--batches B is required/],
    ['zero batches', ['--partitions', '3', '--batches', '0'], /--batches must be at least 1, got 0/],
    ['too many batches', ['--partitions', '3', '--batches', '1000001'], /--batches must be at most 1000000/],
    ['a fractional partition count', ['--partitions', '2.5', '--batches', '3'], /--partitions must be an integer/],
    ['an unknown partitioner', ['--partitions', '3', '--batches', '3', '--partitioner', 'UniformStickyPartitioner'], /--partitioner must be one of default, uniform-sticky, legacy-sticky, round-robin, got "UniformStickyPartitioner"/],
    ['a negative seed', ['--partitions', '3', '--batches', '3', '--seed', '-1'], /--seed must be at least 0/],
    ['a seed past 32 bits', ['--partitions', '3', '--batches', '3', '--seed', '4294967296'], /--seed must be at most 4294967295/],
    ['a missing value', ['--partitions', '3', '--batches'], /--batches needs a value/],
    ['a repeated option', ['--partitions', '3', '--partitions=4', '--batches', '3'], /--partitions was given more than once/],
    ['a KEY argument', ['--partitions', '3', '--batches', '3', 'order-1'], /takes no KEY arguments/],
    ['an unknown option', ['--partitions', '3', '--batches', '3', '--verbose'], /unknown option --verbose/],
  ];

  it.each(bad)('rejects %s: exit 2, one line on stderr', (_name, args, reason) => {
    const r = run(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(reason);
    expect(r.stderr.startsWith('partition: ')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('tells that --partitioner, --batches, --seed and --json need --keyless', () => {
    const r = runPartition(['--partitions', '3', '--partitioner', 'round-robin', 'a'], null);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^partition: --partitioner needs --keyless/);
  });
});
