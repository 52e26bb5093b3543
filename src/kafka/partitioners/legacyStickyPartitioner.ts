// KIP-480 sticky partitioning (Kafka 2.4–3.2): StickyPartitionCache, as used by the old
// DefaultPartitioner and by UniformStickyPartitioner, plus the producer's abort-on-new-batch retry
// that drives it. Reads only its arguments; randomness arrives as a NextInt; no DOM, no Node.
import { partitionForKey, partitionForKeyBytes, toPositive } from '../murmur2.ts';
import type { NextInt, TopicMetadata } from './partitioner.ts';

/** One topic's entry in `StickyPartitionCache.indexCache`: null until first used. */
export interface LegacyStickyState {
  readonly partition: number | null;
}

/** A cache with no sticky partition yet. */
export const emptyLegacySticky: LegacyStickyState = Object.freeze({ partition: null });

/** The result of a partitioner call that may also update the cache. */
export interface LegacyStickyResult {
  readonly state: LegacyStickyState;
  readonly partition: number;
}

/**
 * Guard for the redraw loop in {@link nextStickyPartition}. With a real generator and `n >= 2`
 * partitions, 10 000 draws in a row hitting the old partition has probability `(1/n)^10000`; only a
 * constant or broken `nextInt` gets here, and failing loudly beats Java's endless loop.
 */
const MAX_REDRAWS = 10_000;

/**
 * `StickyPartitionCache.nextPartition(topic, cluster, prevPartition)`: called on a new batch.
 * Changes the sticky partition only if none is set yet or the batch that triggered the call was for
 * the current sticky partition (`prevPartition`); otherwise the cache is left as it is. The new
 * partition is a random available one that **differs from the old** when two or more are available:
 * Kafka redraws until it differs (one draw per attempt, as here). With one available partition that
 * one is taken; with none, a random partition among all.
 */
export function nextStickyPartition(
  state: LegacyStickyState,
  topic: TopicMetadata,
  prevPartition: number,
  nextInt: NextInt,
): LegacyStickyResult {
  const oldPart = state.partition;
  if (oldPart !== null && oldPart !== prevPartition) return { state, partition: oldPart };
  const available = topic.availablePartitions;
  let newPart: number;
  if (available.length < 1) {
    if (topic.numPartitions < 1) throw new RangeError('topic has no partitions');
    newPart = toPositive(nextInt()) % topic.numPartitions;
  } else if (available.length === 1) {
    newPart = available[0]!;
  } else {
    let draws = 0;
    do {
      if (++draws > MAX_REDRAWS) throw new Error('nextInt keeps returning the old sticky partition; is it constant?');
      newPart = available[toPositive(nextInt()) % available.length]!;
    } while (newPart === oldPart);
  }
  return { state: { partition: newPart }, partition: newPart };
}

/**
 * `StickyPartitionCache.partition(topic, cluster)`: the cached sticky partition, choosing one on
 * first use (with `prevPartition = -1`, as Kafka does).
 */
export function cachedStickyPartition(state: LegacyStickyState, topic: TopicMetadata, nextInt: NextInt): LegacyStickyResult {
  if (state.partition !== null) return { state, partition: state.partition };
  return nextStickyPartition(state, topic, -1, nextInt);
}

/**
 * Which KIP-480 partitioner class:
 * - `ignoreKeys: false` is the `DefaultPartitioner` of 2.4–3.2: keyed records hash by murmur2 over
 *   all partitions, keyless ones stick;
 * - `ignoreKeys: true` is `UniformStickyPartitioner`: every record sticks.
 */
export interface LegacyStickyOptions {
  readonly ignoreKeys: boolean;
}

/** `Partitioner.partition()` of the chosen KIP-480 class. A keyed hash leaves the cache untouched. */
export function legacyPartition(
  state: LegacyStickyState,
  key: string | Uint8Array | null,
  topic: TopicMetadata,
  options: LegacyStickyOptions,
  nextInt: NextInt,
): LegacyStickyResult {
  if (key !== null && !options.ignoreKeys) {
    const n = topic.numPartitions;
    const partition = typeof key === 'string' ? partitionForKey(key, n) : partitionForKeyBytes(key, n);
    return { state, partition };
  }
  return cachedStickyPartition(state, topic, nextInt);
}

/**
 * One `KafkaProducer.doSend` with a custom partitioner (`abortOnNewBatch = true`): ask
 * `partition()`; if appending there would start a new batch, the accumulator aborts, the producer
 * calls `onNewBatch(prevPartition)` (here: {@link nextStickyPartition}) and asks `partition()`
 * again, then appends wherever that says. So the record that opens a new batch already goes to the
 * new sticky partition. Note `onNewBatch` also runs for keyed records; it moves the sticky
 * partition only if the keyed record's partition happened to be the sticky one.
 * `wouldCreateNewBatch(p)` answers whether an append to `p` needs a new batch (no deque, or its
 * last batch has no room).
 */
export function legacySendPartition(
  state: LegacyStickyState,
  key: string | Uint8Array | null,
  topic: TopicMetadata,
  options: LegacyStickyOptions,
  wouldCreateNewBatch: (partition: number) => boolean,
  nextInt: NextInt,
): LegacyStickyResult {
  const first = legacyPartition(state, key, topic, options, nextInt);
  if (!wouldCreateNewBatch(first.partition)) return first;
  const afterNewBatch = nextStickyPartition(first.state, topic, first.partition, nextInt);
  return legacyPartition(afterNewBatch.state, key, topic, options, nextInt);
}
