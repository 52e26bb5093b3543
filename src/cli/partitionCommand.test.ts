import { describe, expect, it } from 'vitest';
import { partitionForKey } from '../kafka/murmur2.ts';
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
    expect(result.stdout).toMatch(/^usage: partition --partitions N/);
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
    expect(result.stderr).toContain('usage: partition --partitions N [KEY ...]');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('asks for keys when there are no KEY arguments and no stdin', () => {
    const result = runPartition(['--partitions', '3'], null);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no keys/);
  });
});
