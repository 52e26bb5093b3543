// Kafka's opt-in RoundRobinPartitioner (partitioner.class), with the producer's abort-on-new-batch
// retry that makes it skip partitions (KAFKA-9965). Pure: plain state in, new state out; no DOM,
// no Node, no randomness (the counter starts at 0, as Kafka's does).
import { toPositive } from '../murmur2.ts';
import type { TopicMetadata } from './partitioner.ts';

/** One topic's counter (`topicCounterMap` entry): a Java `AtomicInteger` starting at 0. */
export interface RoundRobinState {
  /** The next value `getAndIncrement()` returns, kept as a wrapping int32 like Java's. */
  readonly counter: number;
}

/** A counter that has not been used yet. */
export const initialRoundRobin: RoundRobinState = Object.freeze({ counter: 0 });

export interface RoundRobinResult {
  readonly state: RoundRobinState;
  readonly partition: number;
}

/**
 * `RoundRobinPartitioner.partition()`: takes the counter value and advances it by one, then
 * `available[toPositive(value) % available.length]`, or `toPositive(value) % numPartitions` when no
 * partition has a leader. The key is ignored. The counter wraps past 2^31 - 1 to negative, as Java's
 * int does; `toPositive` keeps the index non-negative.
 */
export function roundRobinPartition(state: RoundRobinState, topic: TopicMetadata): RoundRobinResult {
  const value = state.counter;
  const next: RoundRobinState = { counter: (value + 1) | 0 };
  const available = topic.availablePartitions;
  if (available.length > 0) return { state: next, partition: available[toPositive(value) % available.length]! };
  if (topic.numPartitions < 1) throw new RangeError('topic has no partitions');
  return { state: next, partition: toPositive(value) % topic.numPartitions };
}

export interface RoundRobinSendOptions {
  /**
   * Model KAFKA-9965, the skew the `ProducerConfig` docs warn about. With any custom partitioner
   * `KafkaProducer.doSend` appends with `abortOnNewBatch = true`: when the record would open a new
   * batch, the accumulator aborts, the producer calls `onNewBatch` and then `partition()` a second
   * time. `RoundRobinPartitioner` ignored `onNewBatch`, so the counter advanced twice and the
   * record landed one partition further on; with an even partition count whole partitions can be
   * starved. `true` reproduces that (clients before the fix).
   * `false` gives one advance per record: the fix of KAFKA-17632 (merged October 2024 for 4.0 and
   * backported to 3.9, per the pull-request thread), whose `onNewBatch` makes the second call
   * return the partition of the first.
   */
  readonly doubleAdvanceOnNewBatch: boolean;
}

/**
 * The partition one record gets from `RoundRobinPartitioner` inside `KafkaProducer.doSend`.
 * `wouldCreateNewBatch(p)` answers whether appending to `p` needs a new batch (no deque, or its last
 * batch has no room). `advances` is how far the counter moved: 1, or 2 under KAFKA-9965.
 */
export function roundRobinSendPartition(
  state: RoundRobinState,
  topic: TopicMetadata,
  wouldCreateNewBatch: (partition: number) => boolean,
  options: RoundRobinSendOptions,
): RoundRobinResult & { readonly advances: 1 | 2 } {
  const first = roundRobinPartition(state, topic);
  if (!options.doubleAdvanceOnNewBatch || !wouldCreateNewBatch(first.partition)) return { ...first, advances: 1 };
  return { ...roundRobinPartition(first.state, topic), advances: 2 };
}
