import { describe, expect, it } from 'vitest';
import {
  collectPartitionLoadStats,
  createBuiltInPartitioner,
  cumulativeFrequencyTable,
  loadStatsRangeEnd,
  nextPartition,
  partitionLoadStats,
  peekCurrentPartition,
  shouldSwitchPartition,
  switchIfPostponed,
  updatePartitionInfo,
  type BuiltInPartitionerState,
  type PartitionQueueSnapshot,
} from './builtInPartitioner.ts';
import type { NextInt, TopicMetadata } from './partitioner.ts';

/** Like BuiltInPartitionerTest's SequentialPartitioner: the "random" numbers are 0, 1, 2, ... */
const sequential = (start = 0): NextInt => {
  let n = start;
  return () => n++;
};
/** A small seeded generator (xorshift32) for statistical checks; tests only. */
const xorshift = (seed: number): NextInt => {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x;
  };
};
const constant = (value: number): NextInt => () => value;
const topicOf = (numPartitions: number, available?: readonly number[]): TopicMetadata => ({
  numPartitions,
  availablePartitions: available ?? Array.from({ length: numPartitions }, (_, i) => i),
});

/** Appends one keyless record of `bytes`, switching enabled, and returns the partition it went to. */
function append(state: BuiltInPartitionerState, topic: TopicMetadata, bytes: number, nextInt: NextInt) {
  const peeked = peekCurrentPartition(state, topic, nextInt);
  return { partition: peeked.partition, state: updatePartitionInfo(peeked.state, bytes, true, topic, nextInt) };
}

describe('cumulative frequency table (BuiltInPartitioner.updatePartitionLoadStats)', () => {
  it('turns queue sizes 0 3 1 into weights 4 1 3 and CFT 4 5 8 (Kafka source comment)', () => {
    expect(cumulativeFrequencyTable([0, 3, 1])).toEqual([4, 5, 8]);
  });

  it('maps draws 0-3 to partition 0, 4 to partition 1 and 5-7 to partition 2 (source comment)', () => {
    const stats = partitionLoadStats([0, 3, 1], [0, 1, 2]);
    expect(stats).not.toBeNull();
    const chosen = Array.from({ length: 8 }, (_, x) => nextPartition(topicOf(3), stats, constant(x)));
    expect(chosen).toEqual([0, 0, 0, 0, 1, 2, 2, 2]);
  });

  it('gives queue sizes {5,0,3,0,1} frequencies {1,6,3,6,5} per cycle of 21 (x over 0..20)', () => {
    const stats = partitionLoadStats([5, 0, 3, 0, 1], [0, 1, 2, 3, 4]);
    expect(stats?.cumulativeFrequencyTable).toEqual([1, 7, 10, 16, 21]);
    expect(loadStatsRangeEnd(stats!)).toBe(21);
    const frequencies = [0, 0, 0, 0, 0];
    for (let x = 0; x <= 20; x++) frequencies[nextPartition(topicOf(5), stats, constant(x))]! += 1;
    expect(frequencies).toEqual([1, 6, 3, 6, 5]);
  });

  it('reproduces BuiltInPartitionerTest.adaptivePartitionsTest: 2 cycles, sticky batch size 1', () => {
    const topic = topicOf(5);
    const nextInt = sequential();
    let state: BuiltInPartitionerState = { ...createBuiltInPartitioner(1), loadStats: partitionLoadStats([5, 0, 3, 0, 1], [0, 1, 2, 3, 4]) };
    const frequencies = [0, 0, 0, 0, 0];
    for (let i = 0; i < 21 * 2; i++) {
      const step = append(state, topic, 1, nextInt);
      frequencies[step.partition]! += 1;
      state = step.state;
    }
    expect(frequencies).toEqual([1, 6, 3, 6, 5].map((f) => f * 2));
  });

  it('maps table indexes back through the partition ids', () => {
    const stats = partitionLoadStats([0, 2], [7, 3]); // weights 3 1 -> CFT 3 4
    expect([0, 1, 2, 3].map((x) => nextPartition(topicOf(8), stats, constant(x)))).toEqual([7, 7, 7, 3]);
  });
});

describe('when adaptive partitioning falls back to a uniform choice', () => {
  it('uses no stats when all queue sizes are equal and nothing was excluded', () => {
    expect(partitionLoadStats([2, 2, 2], [0, 1, 2])).toBeNull();
  });

  it('uses no stats for a topic with fewer than 2 partitions', () => {
    expect(partitionLoadStats([3], [0])).toBeNull();
  });

  it('still weights when sizes are equal but a partition was excluded', () => {
    const stats = partitionLoadStats([2, 2], [0, 2], 3);
    expect(stats?.cumulativeFrequencyTable).toEqual([1, 2]);
  });

  it('uses no stats when adaptive is off or a partition has no deque yet', () => {
    const queues: PartitionQueueSnapshot[] = [0, 1, 2].map((partition) => ({
      partition,
      queueSize: partition,
      hasLeader: true,
      leaderOverAvailabilityTimeout: false,
    }));
    expect(collectPartitionLoadStats(false, 3, queues)).toBeNull();
    expect(collectPartitionLoadStats(true, 4, queues)).toBeNull();
    expect(collectPartitionLoadStats(true, 3, queues)?.cumulativeFrequencyTable).toEqual([3, 5, 6]);
  });

  it('picks available[toPositive(random) % available.length] without stats', () => {
    const topic = topicOf(4, [0, 1, 3]);
    expect(nextPartition(topic, null, constant(5))).toBe(3); // 5 % 3 = 2 -> partition 3
    expect(nextPartition(topic, null, constant(-1))).toBe(1); // toPositive(-1) = 2^31 - 1, % 3 = 1
  });
});

describe('sticky switching (BuiltInPartitioner.updatePartitionInfo)', () => {
  it('switches at batch.size when all batches are full, and at 2 x batch.size regardless', () => {
    expect(shouldSwitchPartition(16383, 16384, true)).toBe(false);
    expect(shouldSwitchPartition(16384, 16384, true)).toBe(true);
    expect(shouldSwitchPartition(16384, 16384, false)).toBe(false);
    expect(shouldSwitchPartition(32767, 16384, false)).toBe(false);
    expect(shouldSwitchPartition(32768, 16384, false)).toBe(true);
  });

  it('stays on a partition until batch.size bytes were produced to it (testStickyPartitioning)', () => {
    const topic = topicOf(3);
    const nextInt = sequential();
    let state = createBuiltInPartitioner(3);
    const partitions: number[] = [];
    for (let i = 0; i < 9; i++) {
      const step = append(state, topic, 1, nextInt);
      partitions.push(step.partition);
      state = step.state;
    }
    expect(partitions).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
  });

  it('counts bytes with the default batch.size of 16384', () => {
    const topic = topicOf(3);
    const nextInt = sequential();
    let state = createBuiltInPartitioner(16384);
    const partitions: number[] = [];
    for (let i = 0; i < 34; i++) {
      const step = append(state, topic, 1000, nextInt);
      partitions.push(step.partition);
      state = step.state;
    }
    // 17 records of 1000 bytes reach 17000 >= 16384; the 17th record is the last on partition 0.
    expect(partitions.slice(0, 17).every((p) => p === 0)).toBe(true);
    expect(partitions.slice(17, 34).every((p) => p === 1)).toBe(true);
  });

  it('postpones the switch while the last batch is not full, then switches before the next append', () => {
    const topic = topicOf(3);
    const nextInt = sequential();
    let state = peekCurrentPartition(createBuiltInPartitioner(100), topic, nextInt).state; // partition 0
    state = updatePartitionInfo(state, 120, false, topic, nextInt); // >= batch.size, batch not full
    expect(state.sticky).toEqual({ partition: 0, producedBytes: 120 });
    state = switchIfPostponed(state, false, topic, nextInt); // still not full: keep waiting
    expect(state.sticky?.partition).toBe(0);
    state = switchIfPostponed(state, true, topic, nextInt); // now full: switch before appending
    expect(state.sticky).toEqual({ partition: 1, producedBytes: 0 });
  });

  it('switches at 2 x batch.size even if the batch is still not full', () => {
    const topic = topicOf(3);
    const nextInt = sequential();
    let state = peekCurrentPartition(createBuiltInPartitioner(100), topic, nextInt).state;
    state = updatePartitionInfo(state, 150, false, topic, nextInt);
    expect(state.sticky?.partition).toBe(0);
    state = updatePartitionInfo(state, 50, false, topic, nextInt);
    expect(state.sticky).toEqual({ partition: 1, producedBytes: 0 });
  });

  it('may switch to the same partition again (unlike the KIP-480 cache)', () => {
    const topic = topicOf(3);
    let state = createBuiltInPartitioner(1);
    const partitions: number[] = [];
    for (let i = 0; i < 3; i++) {
      const step = append(state, topic, 1, constant(0));
      partitions.push(step.partition);
      state = step.state;
    }
    expect(partitions).toEqual([0, 0, 0]);
  });

  it('always uses partition 0 of a single-partition topic', () => {
    const topic = topicOf(1);
    const nextInt = xorshift(42);
    let state = createBuiltInPartitioner(1);
    for (let i = 0; i < 10; i++) {
      const step = append(state, topic, 1, nextInt);
      expect(step.partition).toBe(0);
      state = step.state;
    }
  });

  it('treats batch.size 0 as a sticky batch size of 1', () => {
    expect(createBuiltInPartitioner(0).stickyBatchSize).toBe(1);
  });

  it('leaves the state alone when there is no sticky partition to update', () => {
    const state = createBuiltInPartitioner(10);
    expect(updatePartitionInfo(state, 100, true, topicOf(3), sequential())).toBe(state);
  });
});

describe('unavailable and excluded partitions (unavailablePartitionsTest)', () => {
  it('never chooses a leaderless partition while another is available, but does move', () => {
    const topic = topicOf(3, [0, 2]);
    const nextInt = xorshift(7);
    let state = createBuiltInPartitioner(1);
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const step = append(state, topic, 1, nextInt);
      seen.add(step.partition);
      state = step.state;
    }
    expect([...seen].sort()).toEqual([0, 2]);
  });

  it('always chooses the only available partition', () => {
    const topic = topicOf(2, [1]);
    const nextInt = xorshift(9);
    let state = createBuiltInPartitioner(1);
    for (let i = 0; i < 20; i++) {
      const step = append(state, topic, 1, nextInt);
      expect(step.partition).toBe(1);
      state = step.state;
    }
  });

  it('still chooses a partition when none is available', () => {
    const step = append(createBuiltInPartitioner(1), topicOf(1, []), 1, xorshift(3));
    expect(step.partition).toBe(0);
    expect(peekCurrentPartition(step.state, topicOf(1, []), xorshift(3)).partition).toBe(0);
  });

  it('never chooses a partition excluded by partitioner.availability.timeout.ms while others take part', () => {
    const queues: PartitionQueueSnapshot[] = [
      { partition: 0, queueSize: 1, hasLeader: true, leaderOverAvailabilityTimeout: false },
      { partition: 1, queueSize: 0, hasLeader: false, leaderOverAvailabilityTimeout: false },
      { partition: 2, queueSize: 4, hasLeader: true, leaderOverAvailabilityTimeout: true },
      { partition: 3, queueSize: 1, hasLeader: true, leaderOverAvailabilityTimeout: false },
    ];
    const stats = collectPartitionLoadStats(true, 4, queues);
    expect(stats?.partitionIds).toEqual([0, 3]);
    const nextInt = xorshift(11);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) seen.add(nextPartition(topicOf(4, [0, 2, 3]), stats, nextInt));
    expect([...seen].sort()).toEqual([0, 3]);
  });

  it('keeps Kafka\'s slot reuse: an empty deque after an excluded one inherits its queue size', () => {
    const stats = collectPartitionLoadStats(true, 3, [
      { partition: 0, queueSize: 5, hasLeader: true, leaderOverAvailabilityTimeout: true },
      { partition: 1, queueSize: 0, hasLeader: true, leaderOverAvailabilityTimeout: false },
      { partition: 2, queueSize: 1, hasLeader: true, leaderOverAvailabilityTimeout: false },
    ]);
    // Sizes seen by the CFT are [5, 1] (not [0, 1]): weights 1 5 -> CFT 1 6.
    expect(stats).toEqual({ cumulativeFrequencyTable: [1, 6], partitionIds: [1, 2] });
  });
});
