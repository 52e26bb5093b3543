// Kafka's key hash (Utils.murmur2) and the default partitioner's rule for keyed records
// (BuiltInPartitioner.partitionForKey). Pure functions of their arguments: no DOM, no Node, no clock.
import { encodeUtf8Into } from './utf8.ts';

const SEED = 0x9747b28c;
const M = 0x5bd1e995;
const R = 24;

/**
 * Kafka's `Utils.murmur2`: MurmurHash2 with seed 0x9747b28c, as a **signed** int32, identical to
 * the Java client. Java's 32-bit wrapping arithmetic is reproduced with `Math.imul`, every right
 * shift is unsigned (`>>>`, as in the Java source), and bytes are read unsigned (`& 0xff` in Java;
 * a `Uint8Array` already is). Pure; allocates nothing.
 */
export function murmur2(bytes: Uint8Array): number {
  return murmur2Prefix(bytes, bytes.length);
}

/** murmur2 of `bytes[0 .. length)`; lets the hot path hash a reused buffer without copying. */
function murmur2Prefix(bytes: Uint8Array, length: number): number {
  let h = SEED ^ length;
  const blocksEnd = length & ~3;
  // Indexes below are < length <= bytes.length by construction, hence the `!`.
  for (let i = 0; i < blocksEnd; i += 4) {
    let k = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    k = Math.imul(k, M);
    k ^= k >>> R;
    k = Math.imul(k, M);
    h = Math.imul(h, M);
    h ^= k;
  }
  // Java's `switch (length % 4)` falls through from case 3 to case 1 (written here as ifs, since
  // noFallthroughCasesInSwitch forbids that shape); `h *= m` runs only when there is a tail.
  const tail = length & 3;
  if (tail !== 0) {
    if (tail === 3) h ^= bytes[blocksEnd + 2]! << 16;
    if (tail >= 2) h ^= bytes[blocksEnd + 1]! << 8;
    h ^= bytes[blocksEnd]!;
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

/**
 * Kafka's `Utils.toPositive`: clears the sign bit (`n & 0x7fffffff`). Not `Math.abs`, which would
 * map -2^31 to itself in Java; the mask maps it to 0. Accepts int32 or uint32 input.
 */
export function toPositive(n: number): number {
  return n & 0x7fffffff;
}

// Reused scratch space for the UTF-8 bytes of string keys, so hashing a million keys allocates
// nothing per key. It never escapes this module and is fully rewritten before each use, so the
// functions below stay pure as seen by callers (and JS runs one call at a time).
let scratch = new Uint8Array(256);

/**
 * murmur2 of the UTF-8 bytes of `key`, i.e. of what Kafka's `StringSerializer` sends. Equal to
 * `murmur2(utf8Bytes(key))` without allocating per call.
 */
export function murmur2OfString(key: string): number {
  const maxBytes = key.length * 3; // UTF-16 unit -> at most 3 UTF-8 bytes (a pair: 4 bytes for 2 units)
  if (maxBytes > scratch.length) scratch = new Uint8Array(Math.max(maxBytes, scratch.length * 2));
  return murmur2Prefix(scratch, encodeUtf8Into(key, scratch));
}

/**
 * The default partitioner for a record with serialized key bytes
 * (`BuiltInPartitioner.partitionForKey`): `toPositive(murmur2(keyBytes)) % numPartitions`.
 * `numPartitions` is the count of **all** partitions of the topic, leaderless ones included
 * (`KafkaProducer.partition`), so a keyed record goes to its hash partition even with no leader.
 * An empty key (zero bytes) is hashed like any other; only a null key is keyless.
 */
export function partitionForKeyBytes(keyBytes: Uint8Array, numPartitions: number): number {
  checkPartitionCount(numPartitions);
  return toPositive(murmur2(keyBytes)) % numPartitions;
}

/**
 * The default partitioner for a String key serialized by `StringSerializer` (UTF-8): the partition
 * a Java producer picks for `new ProducerRecord<>(topic, key, value)` when `partitioner.class` is
 * unset and `partitioner.ignore.keys=false`. Note the String key "1" and the Integer key 1 hash
 * differently (IntegerSerializer writes 4 big-endian bytes); use {@link partitionForKeyBytes} for
 * other serializers.
 */
export function partitionForKey(key: string, numPartitions: number): number {
  checkPartitionCount(numPartitions);
  return toPositive(murmur2OfString(key)) % numPartitions;
}

function checkPartitionCount(numPartitions: number): void {
  if (!Number.isInteger(numPartitions) || numPartitions < 1) {
    throw new RangeError(`numPartitions must be an integer >= 1, got ${numPartitions}`);
  }
}
