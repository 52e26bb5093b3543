// KIP-794 strictly uniform sticky partitioner for keyless records (Kafka 3.3+), as plain state
// plus pure functions. Mirrors BuiltInPartitioner and the parts of RecordAccumulator that feed it.
// Reads only its arguments; randomness arrives as a NextInt; no DOM, no Node, no clock.
import { toPositive } from '../murmur2.ts';
import type { NextInt, TopicMetadata } from './partitioner.ts';

/** The current sticky partition and the bytes produced to it since it was chosen. */
export interface StickyPartitionInfo {
  readonly partition: number;
  readonly producedBytes: number;
}

/**
 * Kafka's `PartitionLoadStats`: a cumulative frequency table (CFT) over the partitions that take
 * part in adaptive partitioning, and their ids (same length, same order).
 */
export interface PartitionLoadStats {
  readonly cumulativeFrequencyTable: readonly number[];
  readonly partitionIds: readonly number[];
}

/** One topic's built-in partitioner (Kafka keeps one `BuiltInPartitioner` per topic). */
export interface BuiltInPartitionerState {
  /** Bytes to produce to a partition before switching: `max(1, batch.size)`. */
  readonly stickyBatchSize: number;
  /** null until the first keyless record asks for a partition. */
  readonly sticky: StickyPartitionInfo | null;
  /** null = uniform choice (adaptive off, too few partitions, all queues equal, or no stats yet). */
  readonly loadStats: PartitionLoadStats | null;
}

/**
 * A fresh partitioner. `KafkaProducer` passes `max(1, batch.size)`, since `batch.size=0` (batching
 * off) would otherwise make the switch threshold 0.
 */
export function createBuiltInPartitioner(batchSize: number): BuiltInPartitionerState {
  if (!Number.isFinite(batchSize)) throw new RangeError(`batch.size must be finite, got ${batchSize}`);
  return { stickyBatchSize: Math.max(1, Math.floor(batchSize)), sticky: null, loadStats: null };
}

/**
 * The CFT for the given queue sizes, as `updatePartitionLoadStats` builds it: weight
 * `w_i = (max(queueSizes) + 1) - queueSize_i`, then a running sum. Every weight is at least 1, so
 * the table is strictly increasing. Example from the Kafka source comment: queue sizes `0 3 1` give
 * weights `4 1 3` and CFT `4 5 8`.
 */
export function cumulativeFrequencyTable(queueSizes: readonly number[]): number[] {
  let maxSizePlus1 = 0;
  for (const q of queueSizes) if (q > maxSizePlus1) maxSizePlus1 = q;
  maxSizePlus1 += 1;
  const cft: number[] = [];
  let sum = 0;
  for (const q of queueSizes) {
    sum += maxSizePlus1 - q;
    cft.push(sum);
  }
  return cft;
}

/**
 * `BuiltInPartitioner.updatePartitionLoadStats`. `queueSizes`/`partitionIds` list the partitions
 * that take part (leader known, not excluded by `partitioner.availability.timeout.ms`); `allQueues`
 * is how many partitions were looked at in total (Java's `queueSizes.length`).
 * Returns null (uniform choice) when nothing takes part, when the topic has fewer than 2
 * partitions, or when all queue sizes are equal and none was excluded; otherwise the CFT.
 */
export function partitionLoadStats(
  queueSizes: readonly number[],
  partitionIds: readonly number[],
  allQueues: number = queueSizes.length,
): PartitionLoadStats | null {
  if (queueSizes.length !== partitionIds.length) throw new RangeError('queueSizes and partitionIds differ in length');
  const length = queueSizes.length;
  if (length < 1 || allQueues < 2) return null;
  const first = queueSizes[0];
  const allEqual = queueSizes.every((q) => q === first);
  if (allEqual && length === allQueues) return null;
  return { cumulativeFrequencyTable: cumulativeFrequencyTable(queueSizes), partitionIds: [...partitionIds] };
}

/** What `RecordAccumulator.partitionReady` sees of one partition that has a batch deque. */
export interface PartitionQueueSnapshot {
  readonly partition: number;
  /** `deque.size()`: batches queued for the partition; 0 for an empty deque. */
  readonly queueSize: number;
  /** Whether metadata knows a leader for the partition. */
  readonly hasLeader: boolean;
  /**
   * `partitioner.availability.timeout.ms > 0` and the leader's `readyTimeMs - drainTimeMs` exceeds
   * it: the broker has had data ready but has not been drained for that long.
   */
  readonly leaderOverAvailabilityTimeout: boolean;
}

/**
 * The load stats `RecordAccumulator.partitionReady` hands to the partitioner after a readiness
 * check. `queues` are the partitions that have a deque, in the accumulator's order.
 * - Adaptive off, or a deque missing for some partition of the topic: null (uniform). Kafka waits
 *   until every partition has a deque, since a missing one could never be chosen.
 * - Leaderless partitions never take part.
 * - A partition whose leader is over the availability timeout is excluded, but, as in Kafka, only
 *   when its deque is non-empty (an empty deque is skipped before the check). Kafka reuses the
 *   excluded slot, so a following empty deque inherits the excluded queue size; this port keeps
 *   that quirk on purpose.
 */
export function collectPartitionLoadStats(
  adaptiveEnabled: boolean,
  numPartitions: number,
  queues: readonly PartitionQueueSnapshot[],
): PartitionLoadStats | null {
  if (!adaptiveEnabled || queues.length < numPartitions) return null;
  const queueSizes = new Array<number>(queues.length).fill(0);
  const partitionIds = new Array<number>(queues.length).fill(0);
  let index = -1;
  for (const q of queues) {
    if (!q.hasLeader) continue;
    index += 1;
    partitionIds[index] = q.partition;
    if (q.queueSize === 0) continue;
    queueSizes[index] = q.queueSize;
    if (q.leaderOverAvailabilityTimeout) index -= 1;
  }
  return partitionLoadStats(queueSizes.slice(0, index + 1), partitionIds.slice(0, index + 1), queues.length);
}

/** `loadStatsRangeEnd()`: the last CFT entry, i.e. the range `[0, end)` of the weighted draw. */
export function loadStatsRangeEnd(stats: PartitionLoadStats): number {
  const end = stats.cumulativeFrequencyTable[stats.cumulativeFrequencyTable.length - 1];
  if (end === undefined) throw new RangeError('empty load stats');
  return end;
}

/**
 * `BuiltInPartitioner.nextPartition`: the partition to switch to. Draws exactly one number.
 * - No load stats: `random % available.length` over partitions with a leader, or over all
 *   partitions when none has a leader.
 * - Load stats: `x = random % CFT[last]`, and the first index whose CFT entry is `> x` (Kafka uses
 *   a binary search); excluded and leaderless partitions are not in the table, so never chosen.
 * Unlike the KIP-480 cache, the result may equal the current sticky partition.
 */
export function nextPartition(topic: TopicMetadata, loadStats: PartitionLoadStats | null, nextInt: NextInt): number {
  const random = toPositive(nextInt());
  if (loadStats === null) {
    const available = topic.availablePartitions;
    if (available.length > 0) return available[random % available.length]!;
    if (topic.numPartitions < 1) throw new RangeError(`topic has no partitions`);
    return random % topic.numPartitions;
  }
  const cft = loadStats.cumulativeFrequencyTable;
  const weighted = random % loadStatsRangeEnd(loadStats);
  let lo = 0;
  let hi = cft.length - 1; // cft[hi] > weighted always holds
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cft[mid]! > weighted) hi = mid;
    else lo = mid + 1;
  }
  return loadStats.partitionIds[lo]!;
}

/** Replace the load stats (what the sender's readiness check does each time it runs). */
export function withLoadStats(
  state: BuiltInPartitionerState,
  loadStats: PartitionLoadStats | null,
): BuiltInPartitionerState {
  return { ...state, loadStats };
}

/**
 * `peekCurrentPartitionInfo`: the current sticky partition, choosing the first one on first use
 * (the only case that draws a random number).
 */
export function peekCurrentPartition(
  state: BuiltInPartitionerState,
  topic: TopicMetadata,
  nextInt: NextInt,
): { readonly state: BuiltInPartitionerState; readonly partition: number } {
  if (state.sticky !== null) return { state, partition: state.sticky.partition };
  const partition = nextPartition(topic, state.loadStats, nextInt);
  return { state: { ...state, sticky: { partition, producedBytes: 0 } }, partition };
}

/**
 * The switch rule of `updatePartitionInfo`: switch once `producedBytes >= batch.size` if switching
 * is enabled (the partition's batches are all full: `RecordAccumulator.allBatchesFull`), and at
 * `2 * batch.size` unconditionally. The condition avoids leaving small fragments when a large
 * `linger.ms` would send a batch before it fills (KAFKA-14156's 12 KB + 4 KB example); the cap
 * bounds how long a switch can be postponed.
 */
export function shouldSwitchPartition(producedBytes: number, stickyBatchSize: number, enableSwitch: boolean): boolean {
  return (producedBytes >= stickyBatchSize && enableSwitch) || producedBytes >= stickyBatchSize * 2;
}

/**
 * `updatePartitionInfo`, called after a keyless record of `appendedBytes` was appended to the
 * sticky partition: adds the bytes and, if {@link shouldSwitchPartition}, moves to
 * {@link nextPartition} with a fresh byte count. `enableSwitch` is `allBatchesFull(deque)` of the
 * sticky partition after the append. Without a sticky partition there is nothing to update.
 */
export function updatePartitionInfo(
  state: BuiltInPartitionerState,
  appendedBytes: number,
  enableSwitch: boolean,
  topic: TopicMetadata,
  nextInt: NextInt,
): BuiltInPartitionerState {
  if (state.sticky === null) return state;
  const producedBytes = state.sticky.producedBytes + appendedBytes;
  if (shouldSwitchPartition(producedBytes, state.stickyBatchSize, enableSwitch)) {
    return { ...state, sticky: { partition: nextPartition(topic, state.loadStats, nextInt), producedBytes: 0 } };
  }
  return { ...state, sticky: { partition: state.sticky.partition, producedBytes } };
}

/**
 * The postponed switch (`RecordAccumulator.partitionChanged`): before the next keyless append, if
 * the sticky partition's batches are now all full, re-run the rule with 0 bytes and switching on,
 * so a switch held back by a not-yet-full batch happens now and the record goes to the new partition.
 */
export function switchIfPostponed(
  state: BuiltInPartitionerState,
  allBatchesFull: boolean,
  topic: TopicMetadata,
  nextInt: NextInt,
): BuiltInPartitionerState {
  return allBatchesFull ? updatePartitionInfo(state, 0, true, topic, nextInt) : state;
}
