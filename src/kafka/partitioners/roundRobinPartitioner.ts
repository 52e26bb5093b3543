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

/** A run of records dealt by {@link roundRobinDeal}: flat `[partition, count, …]`. */
export interface RoundRobinDeal {
  readonly state: RoundRobinState;
  readonly chunks: readonly number[];
}

/** 2^31: `toPositive` keeps the low 31 bits, so the index it feeds wraps there. */
const TWO_POW_31 = 2147483648;

/**
 * `count` successive {@link roundRobinPartition} calls at once, for a producer's whole send cycle:
 * how many records each partition gets, in the order the counter first reaches them. The same
 * answer as calling it `count` times (checked against it in the tests, the int32 wrap included),
 * in O(partitions) instead of O(records). One advance per record, i.e. with the KAFKA-17632 fix
 * (Kafka 3.9+/4.0); the KAFKA-9965 double advance depends on batch boundaries and is per record.
 */
export function roundRobinDeal(state: RoundRobinState, topic: TopicMetadata, count: number): RoundRobinDeal {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const available = topic.availablePartitions;
  const n = available.length > 0 ? available.length : topic.numPartitions;
  if (n < 1) throw new RangeError('topic has no partitions');
  const partitionAt = (i: number): number => (available.length > 0 ? available[i]! : i);
  // toPositive(counter + i) = (toPositive(counter) + i) mod 2^31: a plain count that restarts at 0.
  const u0 = toPositive(state.counter);
  const perIndex = new Array<number>(n).fill(0);
  const spread = (from: number, records: number): void => {
    const each = Math.floor(records / n);
    const extra = records - each * n;
    for (let j = 0; j < n; j++) perIndex[(from + j) % n]! += each + (j < extra ? 1 : 0);
  };
  const beforeWrap = Math.min(count, TWO_POW_31 - u0);
  spread(u0 % n, beforeWrap);
  if (count > beforeWrap) spread(0, count - beforeWrap);
  const chunks: number[] = [];
  for (let j = 0; j < n; j++) {
    const i = (u0 + j) % n;
    if (perIndex[i]! > 0) chunks.push(partitionAt(i), perIndex[i]!);
  }
  return { state: { counter: (state.counter + count) | 0 }, chunks };
}
