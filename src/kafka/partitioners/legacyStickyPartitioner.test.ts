import { describe, expect, it } from 'vitest';
import { partitionForKey } from '../murmur2.ts';
import {
  cachedStickyPartition,
  emptyLegacySticky,
  legacyPartition,
  legacySendPartition,
  nextStickyPartition,
  type LegacyStickyState,
} from './legacyStickyPartitioner.ts';
import type { NextInt, TopicMetadata } from './partitioner.ts';

const xorshift = (seed: number): NextInt => {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x;
  };
};
const sequential = (start = 0): NextInt => {
  let n = start;
  return () => n++;
};
const counting = (inner: NextInt) => {
  const counter = { draws: 0 };
  const nextInt: NextInt = () => {
    counter.draws++;
    return inner();
  };
  return { nextInt, counter };
};
const topicOf = (numPartitions: number, available?: readonly number[]): TopicMetadata => ({
  numPartitions,
  availablePartitions: available ?? Array.from({ length: numPartitions }, (_, i) => i),
});
const defaultPartitioner = { ignoreKeys: false } as const; // DefaultPartitioner, Kafka 2.4-3.2
const uniformSticky = { ignoreKeys: true } as const; // UniformStickyPartitioner

describe('StickyPartitionCache (KIP-480)', () => {
  it('never picks the previous partition again on a new batch while 2 or more are available', () => {
    const topic = topicOf(4);
    const nextInt = xorshift(1234);
    let state: LegacyStickyState = cachedStickyPartition(emptyLegacySticky, topic, nextInt).state;
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const previous = state.partition!;
      state = nextStickyPartition(state, topic, previous, nextInt).state;
      expect(state.partition).not.toBe(previous);
      seen.add(state.partition!);
    }
    expect(seen.size).toBe(4);
  });

  it('never repeats even with 2 partitions, so it alternates', () => {
    const topic = topicOf(2);
    const nextInt = xorshift(99);
    let state = cachedStickyPartition(emptyLegacySticky, topic, nextInt).state;
    const partitions = [state.partition];
    for (let i = 0; i < 5; i++) {
      state = nextStickyPartition(state, topic, state.partition!, nextInt).state;
      partitions.push(state.partition);
    }
    const first = partitions[0]!;
    expect(partitions).toEqual([0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 0 ? first : 1 - first)));
  });

  it('redraws, one number per attempt, until the partition differs', () => {
    const topic = topicOf(3);
    const { nextInt, counter } = counting(sequential(3)); // draws 3, 4: 3 % 3 = 0 (the old one), 4 % 3 = 1
    const result = nextStickyPartition({ partition: 0 }, topic, 0, nextInt);
    expect(result.partition).toBe(1);
    expect(counter.draws).toBe(2);
  });

  it('keeps the sticky partition when the new batch was for another partition', () => {
    const { nextInt, counter } = counting(xorshift(5));
    const result = nextStickyPartition({ partition: 2 }, topicOf(4), 1, nextInt);
    expect(result).toEqual({ state: { partition: 2 }, partition: 2 });
    expect(counter.draws).toBe(0);
  });

  it('takes the only available partition, even if it is the previous one', () => {
    const result = nextStickyPartition({ partition: 1 }, topicOf(3, [1]), 1, xorshift(5));
    expect(result.partition).toBe(1);
  });

  it('never picks a leaderless partition while one with a leader exists', () => {
    const topic = topicOf(4, [0, 3]);
    const nextInt = xorshift(77);
    let state = cachedStickyPartition(emptyLegacySticky, topic, nextInt).state;
    for (let i = 0; i < 200; i++) {
      state = nextStickyPartition(state, topic, state.partition!, nextInt).state;
      expect([0, 3]).toContain(state.partition);
    }
  });

  it('picks random % numPartitions when no partition has a leader', () => {
    expect(nextStickyPartition(emptyLegacySticky, topicOf(3, []), -1, () => 7).partition).toBe(1);
  });

  it('fails loudly instead of looping forever on a constant nextInt', () => {
    expect(() => nextStickyPartition({ partition: 0 }, topicOf(3), 0, () => 3)).toThrow(/constant/);
  });
});

describe('the KIP-480 partitioner classes', () => {
  it('DefaultPartitioner (2.4-3.2) hashes keyed records and leaves the cache alone', () => {
    const state = { partition: 1 };
    const result = legacyPartition(state, 'order-42', topicOf(6), defaultPartitioner, xorshift(1));
    expect(result.partition).toBe(partitionForKey('order-42', 6));
    expect(result.state).toBe(state);
  });

  it('UniformStickyPartitioner ignores keys', () => {
    const result = legacyPartition({ partition: 4 }, 'order-42', topicOf(6), uniformSticky, xorshift(1));
    expect(result.partition).toBe(4);
  });

  it('sends the record that opens a new batch to the new sticky partition (abort-on-new-batch)', () => {
    const topic = topicOf(3);
    const state = { partition: 0 };
    const stays = legacySendPartition(state, null, topic, defaultPartitioner, () => false, sequential(1));
    expect(stays.partition).toBe(0);
    const moves = legacySendPartition(state, null, topic, defaultPartitioner, (p) => p === 0, sequential(1));
    expect(moves.partition).toBe(1);
    expect(moves.state).toEqual({ partition: 1 });
  });

  it('moves the sticky partition on a keyed new batch only if the key hashed to the sticky partition', () => {
    const topic = topicOf(3);
    const keyed = partitionForKey('kafka', 3); // 1
    const other = (keyed + 1) % 3;
    const untouched = legacySendPartition({ partition: other }, 'kafka', topic, defaultPartitioner, () => true, sequential(0));
    expect(untouched).toEqual({ state: { partition: other }, partition: keyed });
    const moved = legacySendPartition({ partition: keyed }, 'kafka', topic, defaultPartitioner, () => true, sequential(0));
    expect(moved.partition).toBe(keyed);
    expect(moved.state.partition).not.toBe(keyed);
  });
});
