import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { murmur2, murmur2OfString, partitionForKey, partitionForKeyBytes, toPositive } from './murmur2.ts';
import { utf8Bytes } from './utf8.ts';

// Published vectors, as collected in /work/shared/kafka-semantics.md §1.3.

// Kafka clients/src/test/java/org/apache/kafka/common/utils/UtilsTest.java, testMurmur2.
const kafkaUtilsTest: ReadonlyArray<readonly [string, number]> = [
  ['21', -973932308],
  ['foobar', -790332482],
  ['a-little-bit-long-string', -985981536],
  ['a-little-bit-longer-string', -1486304829],
  ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
  ['abc', 479470107],
];

// KafkaJS src/producer/partitioners/default/murmur2.spec.js (the Java-compatible table).
const kafkaJs: ReadonlyArray<readonly [string, number]> = [
  ['0', 971027396],
  ['1', -1993445489],
  ['128', -326012175],
  ['2187', -1508407203],
  ['16384', -325739742],
  ['78125', -1654490814],
  ['279936', 1462227128],
  ['823543', -2014198330],
  ['2097152', 607668903],
  ['4782969', -1182699775],
  ['10000000', -1830336757],
  ['19487171', -1603849305],
  ['35831808', -857013643],
  ['62748517', -1167431028],
  ['105413504', -381294639],
  ['170859375', -1658323481],
  ['100:48069', 1009543857],
];

// librdkafka src/rdmurmur2.c, unittest_murmur2 (stored as unsigned hex).
const preamble = 'PreAmbleWillBeRemoved,ThePrePartThatIs';
const librdkafkaHex: ReadonlyArray<readonly [string, number]> = [
  ['kafka', 0xd067cf64],
  ['giberish123456789', 0x8f552b0c],
  ['1234', 0x9fc97b14],
  ['234', 0xe7c009ca],
  ['34', 0x873930da],
  ['4', 0x5a4b5ca1],
  [preamble, 0x78424f1c],
  [preamble.slice(1), 0x4a62b377],
  [preamble.slice(2), 0xe0e4e09e],
  [preamble.slice(3), 0x62b8b43f],
  ['', 0x106e08d9],
];

// The older librdkafka unit test, which stores toPositive(murmur2).
const librdkafkaToPositive: ReadonlyArray<readonly [string, number]> = [
  ['kafka', 1348980580],
  ['amqp', 767747138],
  ['giberish123456789', 257239820],
];

// kafka-python test/producer/test_partitioner.py, test_murmur2_java_compatibility: partitions of 1000.
const kafkaPython1000: ReadonlyArray<readonly [Uint8Array, number]> = [
  [new Uint8Array([]), 681],
  [new Uint8Array([0x61]), 524], // b'a'
  [new Uint8Array([0x61, 0x62]), 434], // b'ab'
  [new Uint8Array([0x61, 0x62, 0x63]), 107], // b'abc'
  [new Uint8Array([0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39]), 566], // b'123456789'
  [new Uint8Array([0x00, 0x20]), 742], // b'\x00 '
];

// Derived table: key, toPositive(murmur2), partition for N = 3, 4, 6, 8, 12.
const derived: ReadonlyArray<readonly [string, number, readonly number[]]> = [
  ['abc', 479470107, [0, 3, 3, 3, 3]],
  ['foobar', 1357151166, [0, 2, 0, 6, 6]],
  ['21', 1173551340, [0, 0, 0, 4, 0]],
  ['kafka', 1348980580, [1, 0, 4, 4, 4]],
  ['0', 971027396, [2, 0, 2, 4, 8]],
  ['1', 154038159, [0, 3, 3, 7, 3]],
  ['128', 1821471473, [2, 1, 5, 1, 5]],
  ['amqp', 767747138, [2, 2, 2, 2, 2]],
  ['', 275646681, [0, 1, 3, 1, 9]],
];
const derivedCounts = [3, 4, 6, 8, 12] as const;

describe('murmur2, identical to Kafka Utils.murmur2', () => {
  it.each(kafkaUtilsTest)('Kafka UtilsTest: %j -> %i', (key, expected) => {
    expect(murmur2(utf8Bytes(key))).toBe(expected);
  });

  it('Kafka UtilsTest: the byte array {a, b, c} -> 479470107', () => {
    expect(murmur2(new Uint8Array([0x61, 0x62, 0x63]))).toBe(479470107);
  });

  it.each(kafkaJs)('KafkaJS Java-compatible table: %j -> %i', (key, expected) => {
    expect(murmur2(utf8Bytes(key))).toBe(expected);
  });

  it.each(librdkafkaHex)('librdkafka unittest_murmur2: %j -> 0x%s (as unsigned)', (key, expectedUnsigned) => {
    expect(murmur2(utf8Bytes(key)) >>> 0).toBe(expectedUnsigned);
    expect(murmur2(utf8Bytes(key))).toBe(expectedUnsigned | 0);
  });

  it('librdkafka signed values: "kafka" -798503068, "giberish123456789" -1890243828, "" 275646681', () => {
    expect(murmur2(utf8Bytes('kafka'))).toBe(-798503068);
    expect(murmur2(utf8Bytes('giberish123456789'))).toBe(-1890243828);
    expect(murmur2(new Uint8Array(0))).toBe(275646681);
  });

  it.each(librdkafkaToPositive)('older librdkafka test (toPositive): %j -> %i', (key, expected) => {
    expect(toPositive(murmur2(utf8Bytes(key)))).toBe(expected);
  });

  it('returns a signed int32 for every input', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const h = murmur2(bytes);
        expect(h).toBe(h | 0);
      }),
    );
  });
});

describe('murmur2OfString', () => {
  it('equals murmur2 of the UTF-8 bytes, for any string, lone surrogates and long keys included', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 400 }), (s) => {
        expect(murmur2OfString(s)).toBe(murmur2(utf8Bytes(s)));
      }),
    );
    const long = '日本😀é'.repeat(5000); // forces the scratch buffer to grow
    expect(murmur2OfString(long)).toBe(murmur2(utf8Bytes(long)));
    expect(murmur2OfString('abc')).toBe(479470107); // and still right after growing
  });

  it('hashes non-ASCII keys over their UTF-8 bytes', () => {
    for (const key of ['é', '😀', '日本']) expect(murmur2OfString(key)).toBe(murmur2(utf8Bytes(key)));
    expect(murmur2OfString('\ud800')).toBe(murmur2OfString('?')); // Java serializes a lone surrogate as '?'
  });
});

// Derived, no published source: run on OpenJDK 17 with String.getBytes(UTF_8) and a Java transcription
// of Utils.murmur2, to pin non-ASCII keys and Java's '?' for unpaired surrogates.
const jdk17NonAscii: ReadonlyArray<readonly [string, number, number]> = [
  ['\u00e9', 186971271, 271], // "é"
  ['\ud83d\ude00', 131881617, 617], // "😀"
  ['\u65e5\u672c', -700811021, 627], // "日本"
  ['\ud800', -323429624, 24], // lone high surrogate -> "?"
  ['\udc00\ud800', -949127636, 12], // reversed pair -> "??"
  ['\ud800\ud83d\ude00', 235169067, 67], // lone high, then a real pair
  ['abc\r', 378445652, 652],
  ['x\ud800y\udfffz', 330575108, 108],
];

describe('non-ASCII keys, checked against a JVM', () => {
  it.each(jdk17NonAscii)('%j -> murmur2 %i, partition %i of 1000', (key, hash, partition) => {
    expect(murmur2OfString(key)).toBe(hash);
    expect(partitionForKey(key, 1000)).toBe(partition);
  });
});

describe('toPositive, as Kafka Utils.toPositive', () => {
  it('clears the sign bit rather than taking the absolute value', () => {
    expect(toPositive(-1)).toBe(0x7fffffff);
    expect(toPositive(-2147483648)).toBe(0);
    expect(toPositive(-973932308)).toBe(1173551340);
    expect(toPositive(123)).toBe(123);
    expect(toPositive(0xffffffff)).toBe(0x7fffffff); // uint32 input works too
  });
});

describe('partitionForKey / partitionForKeyBytes, the default partitioner for keyed records', () => {
  it.each(kafkaPython1000.map(([bytes, p]) => [Array.from(bytes), p] as const))(
    'kafka-python Java-compatibility table: bytes %j -> partition %i of 1000',
    (bytes, expected) => {
      expect(partitionForKeyBytes(new Uint8Array(bytes), 1000)).toBe(expected);
      expect(partitionForKey(String.fromCharCode(...bytes), 1000)).toBe(expected); // all ASCII, so same bytes
    },
  );

  it.each(derived)('derived table: %j has toPositive %i and partitions %j for N = 3, 4, 6, 8, 12', (key, positive, partitions) => {
    expect(toPositive(murmur2(utf8Bytes(key)))).toBe(positive);
    derivedCounts.forEach((n, i) => expect(partitionForKey(key, n)).toBe(partitions[i]));
  });

  it('puts every key in 0 of a single-partition topic', () => {
    fc.assert(
      fc.property(fc.string(), (key) => {
        expect(partitionForKey(key, 1)).toBe(0);
      }),
    );
  });

  it('always returns a partition in [0, N)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1_000_000 }), (key, n) => {
        const p = partitionForKey(key, n);
        expect(Number.isInteger(p) && p >= 0 && p < n).toBe(true);
      }),
    );
  });

  it('distinguishes the String key "1" from the Integer key 1 (4 big-endian bytes)', () => {
    expect(partitionForKeyBytes(new Uint8Array([0, 0, 0, 1]), 1000)).not.toBe(partitionForKey('1', 1000));
  });

  it('rejects a partition count that is not a positive integer', () => {
    expect(() => partitionForKey('a', 0)).toThrow(RangeError);
    expect(() => partitionForKey('a', 2.5)).toThrow(RangeError);
    expect(() => partitionForKeyBytes(new Uint8Array(0), -1)).toThrow(RangeError);
  });
});
