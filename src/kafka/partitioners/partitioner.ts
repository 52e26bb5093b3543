// Which partitioner decides a record's partition, in the order KafkaProducer.partition() asks,
// plus the partitioner config names and defaults. Pure: no DOM, no Node, no clock, no randomness.
import { partitionForKey, partitionForKeyBytes } from '../murmur2.ts';

/**
 * The partitioning strategies the simulator offers, named after what a Java producer runs:
 * - `'default'`: `partitioner.class` unset (Kafka 3.3+). Keyed records hash by murmur2 unless
 *   `partitioner.ignore.keys=true`; keyless records go to the built-in strictly uniform sticky
 *   partitioner of KIP-794 (`BuiltInPartitioner`, see `builtInPartitioner.ts`).
 * - `'uniform-sticky'`: `partitioner.class=UniformStickyPartitioner` (2.4+, deprecated in 3.3).
 *   Keys are ignored; every record uses the KIP-480 `StickyPartitionCache`.
 * - `'legacy-sticky'`: the `DefaultPartitioner` of Kafka 2.4–3.2 (KIP-480). Keyed records hash by
 *   murmur2; keyless ones use the `StickyPartitionCache` (see `legacyStickyPartitioner.ts`).
 * - `'round-robin'`: `partitioner.class=RoundRobinPartitioner`; keys are ignored
 *   (see `roundRobinPartitioner.ts`).
 *
 * Every name but `'default'` is a custom `partitioner.class`, which in `KafkaProducer` switches off
 * adaptive partitioning and turns on abort-on-new-batch (see {@link isCustomPartitioner}).
 */
export type PartitionerName = 'default' | 'uniform-sticky' | 'legacy-sticky' | 'round-robin';

/** The names that stand for a `partitioner.class` setting. */
export type CustomPartitionerName = Exclude<PartitionerName, 'default'>;

/**
 * Where a random number comes from: like Java's `ThreadLocalRandom.nextInt()`, it returns a
 * 32-bit integer (int32 or uint32; only the low 31 bits are used, through `toPositive`).
 * Partitioners never create randomness; the simulation passes a seeded stream in.
 */
export type NextInt = () => number;

/** What a partitioner reads from a topic's metadata (Kafka's `Cluster` view of one topic). */
export interface TopicMetadata {
  /** `cluster.partitionsForTopic(topic).size()`: all partitions, with or without a leader. */
  readonly numPartitions: number;
  /**
   * `cluster.availablePartitionsForTopic(topic)`: the partitions that have a leader, in metadata
   * order (ascending partition number in this simulator).
   */
  readonly availablePartitions: readonly number[];
}

/** Producer settings that shape partitioning, under their Kafka names (units in the names). */
export interface PartitionerConfig {
  /** Bytes per batch; also the sticky partitioner's switch threshold (KIP-794). */
  readonly 'batch.size': number;
  /** How long a batch may wait to fill. It never switches the sticky partition by itself. */
  readonly 'linger.ms': number;
  /** KIP-794 adaptive weights; has no effect with a custom `partitioner.class`. */
  readonly 'partitioner.adaptive.partitioning.enable': boolean;
  /** 0 = off; otherwise partitions of a broker not drained for this long are excluded (KIP-794). */
  readonly 'partitioner.availability.timeout.ms': number;
  /** true = keyed records also use the sticky logic; has no effect with a custom partitioner. */
  readonly 'partitioner.ignore.keys': boolean;
}

/**
 * Java producer defaults (`ProducerConfig`). `linger.ms` is 5 since Kafka 4.0 (KIP-1030; it was 0
 * before). `partitioner.class` defaults to null, which is {@link PartitionerName} `'default'`.
 */
export const partitionerConfigDefaults: PartitionerConfig = Object.freeze({
  'batch.size': 16384,
  'linger.ms': 5,
  'partitioner.adaptive.partitioning.enable': true,
  'partitioner.availability.timeout.ms': 0,
  'partitioner.ignore.keys': false,
});

/** True when the name stands for a `partitioner.class` (anything but `'default'`). */
export function isCustomPartitioner(name: PartitionerName): name is CustomPartitionerName {
  return name !== 'default';
}

/**
 * Whether the producer runs KIP-794 adaptive partitioning. `KafkaProducer`'s constructor enables it
 * only when no `partitioner.class` is set and the config flag is true.
 */
export function isAdaptivePartitioningEnabled(
  name: PartitionerName,
  config: Pick<PartitionerConfig, 'partitioner.adaptive.partitioning.enable'>,
): boolean {
  return !isCustomPartitioner(name) && config['partitioner.adaptive.partitioning.enable'];
}

/**
 * Whether a keyed record (no explicit partition) goes to `murmur2(key) % numPartitions`, i.e. the
 * answer {@link decidePartition} and the chosen `partitioner.class` give for any non-null key:
 * - the built-in logic hashes unless `partitioner.ignore.keys=true`;
 * - the 2.4–3.2 `DefaultPartitioner` (`'legacy-sticky'`) always hashes: `partitioner.ignore.keys`
 *   has no effect with a custom partitioner (`ProducerConfig` docs);
 * - `UniformStickyPartitioner` and `RoundRobinPartitioner` ignore keys.
 * When false, keyed records are routed like keyless ones.
 */
export function hashesKeys(name: PartitionerName, ignoreKeys: boolean): boolean {
  if (name === 'default') return !ignoreKeys;
  return name === 'legacy-sticky';
}

/** A record as `KafkaProducer.partition()` sees it. */
export interface RecordRouting {
  /** The serialized key's source: a String (UTF-8, `StringSerializer`), raw bytes, or null (keyless). */
  readonly key: string | Uint8Array | null;
  /** `ProducerRecord.partition()`: an explicit partition, or null/absent when not given. */
  readonly partition?: number | null;
}

/** Which step of `KafkaProducer.partition()` decided, and its answer where it has one yet. */
export type PartitionDecision =
  | { readonly by: 'explicit'; readonly partition: number }
  | { readonly by: 'custom'; readonly partitioner: CustomPartitionerName }
  | { readonly by: 'key'; readonly partition: number }
  /** `RecordMetadata.UNKNOWN_PARTITION`: the `RecordAccumulator` asks `BuiltInPartitioner`. */
  | { readonly by: 'built-in-sticky' };

/**
 * The precedence of `KafkaProducer.partition()`:
 * 1. an explicit `record.partition()` wins;
 * 2. else a custom `partitioner.class` decides (it sees the key; `partitioner.ignore.keys` does not
 *    apply to it);
 * 3. else a non-null key hashes by murmur2 over **all** partitions, unless `partitioner.ignore.keys`;
 * 4. else the partition is left unknown and the built-in sticky partitioner picks it at append time.
 *
 * An explicit partition outside `[0, numPartitions)` throws a RangeError, where Kafka throws
 * `KafkaException("Invalid partition given with record ...")` in `waitOnMetadata`.
 */
export function decidePartition(
  record: RecordRouting,
  partitioner: PartitionerName,
  ignoreKeys: boolean,
  numPartitions: number,
): PartitionDecision {
  const explicit = record.partition;
  if (explicit !== undefined && explicit !== null) {
    if (!Number.isInteger(explicit) || explicit < 0 || explicit >= numPartitions) {
      throw new RangeError(`Invalid partition given with record: ${explicit} is not in the range [0...${numPartitions}).`);
    }
    return { by: 'explicit', partition: explicit };
  }
  if (isCustomPartitioner(partitioner)) return { by: 'custom', partitioner };
  const key = record.key;
  if (key !== null && !ignoreKeys) {
    const partition =
      typeof key === 'string' ? partitionForKey(key, numPartitions) : partitionForKeyBytes(key, numPartitions);
    return { by: 'key', partition };
  }
  return { by: 'built-in-sticky' };
}
