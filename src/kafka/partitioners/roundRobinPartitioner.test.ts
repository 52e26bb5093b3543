import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TopicMetadata } from './partitioner.ts';
import {
  initialRoundRobin,
  roundRobinDeal,
  roundRobinPartition,
  roundRobinSendPartition,
  type RoundRobinState,
} from './roundRobinPartitioner.ts';

const topicOf = (numPartitions: number, available?: readonly number[]): TopicMetadata => ({
  numPartitions,
  availablePartitions: available ?? Array.from({ length: numPartitions }, (_, i) => i),
});

function partitionsFor(count: number, topic: TopicMetadata, start: RoundRobinState = initialRoundRobin): number[] {
  let state = start;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = roundRobinPartition(state, topic);
    out.push(r.partition);
    state = r.state;
  }
  return out;
}

describe('RoundRobinPartitioner.partition()', () => {
  it('starts its counter at 0 and cycles through the partitions, one record each', () => {
    expect(partitionsFor(7, topicOf(3))).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('cycles over the available partitions only', () => {
    expect(partitionsFor(5, topicOf(4, [0, 2, 3]))).toEqual([0, 2, 3, 0, 2]);
  });

  it('falls back to counter % numPartitions when no partition has a leader', () => {
    expect(partitionsFor(4, topicOf(3, []))).toEqual([0, 1, 2, 0]);
  });

  it('advances the counter by one per call and wraps like a Java int', () => {
    const r = roundRobinPartition({ counter: 2147483647 }, topicOf(10));
    expect(r.partition).toBe(2147483647 % 10);
    expect(r.state.counter).toBe(-2147483648);
    expect(roundRobinPartition(r.state, topicOf(10)).partition).toBe(0); // toPositive(-2^31) = 0
  });
});

describe('RoundRobinPartitioner inside KafkaProducer.doSend (KAFKA-9965)', () => {
  const send = (count: number, topic: TopicMetadata, newBatch: (p: number) => boolean, doubleAdvanceOnNewBatch: boolean) => {
    let state = initialRoundRobin;
    const partitions: number[] = [];
    const advances: number[] = [];
    for (let i = 0; i < count; i++) {
      const r = roundRobinSendPartition(state, topic, newBatch, { doubleAdvanceOnNewBatch });
      partitions.push(r.partition);
      advances.push(r.advances);
      state = r.state;
    }
    return { partitions, advances, state };
  };

  it('skips partitions when every record opens a new batch: an even count starves half of them', () => {
    const { partitions, advances, state } = send(6, topicOf(4), () => true, true);
    expect(partitions).toEqual([1, 3, 1, 3, 1, 3]);
    expect(advances).toEqual([2, 2, 2, 2, 2, 2]);
    expect(state.counter).toBe(12);
  });

  it('reaches every partition of an odd count, but out of order', () => {
    expect(send(3, topicOf(3), () => true, true).partitions).toEqual([1, 0, 2]);
  });

  it('advances only once when the first partition still has room', () => {
    const { partitions, advances } = send(4, topicOf(4), () => false, true);
    expect(partitions).toEqual([0, 1, 2, 3]);
    expect(advances).toEqual([1, 1, 1, 1]);
  });

  it('advances once per record with the fix (KAFKA-17632): the retry keeps the first partition', () => {
    const { partitions, advances } = send(6, topicOf(4), () => true, false);
    expect(partitions).toEqual([0, 1, 2, 3, 0, 1]);
    expect(advances).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe('roundRobinDeal: a send cycle of records at once', () => {
  /** The per-record function, run `count` times, as flat [partition, count] runs in call order. */
  const oneByOne = (state: RoundRobinState, topic: TopicMetadata, count: number) => {
    const perPartition = new Map<number, number>();
    let s = state;
    for (let i = 0; i < count; i++) {
      const r = roundRobinPartition(s, topic);
      perPartition.set(r.partition, (perPartition.get(r.partition) ?? 0) + 1);
      s = r.state;
    }
    return { state: s, perPartition };
  };
  const asMap = (chunks: readonly number[]) => {
    const m = new Map<number, number>();
    for (let c = 0; c < chunks.length; c += 2) m.set(chunks[c]!, (m.get(chunks[c]!) ?? 0) + chunks[c + 1]!);
    return m;
  };

  it('deals 7 records over 3 partitions from counter 0 as 3, 2, 2, starting at partition 0', () => {
    expect(roundRobinDeal(initialRoundRobin, topicOf(3), 7)).toEqual({ state: { counter: 7 }, chunks: [0, 3, 1, 2, 2, 2] });
  });

  it('starts where the counter stands and lists each partition once', () => {
    expect(roundRobinDeal({ counter: 4 }, topicOf(3), 2).chunks).toEqual([1, 1, 2, 1]);
  });

  it('agrees with one roundRobinPartition call per record, across the int32 wrap and with leaderless partitions', () => {
    const counter = fc.oneof(
      fc.integer({ min: -2147483648, max: 2147483647 }),
      fc.integer({ min: 2147483647 - 40, max: 2147483647 }),
      fc.integer({ min: -40, max: -1 }),
    );
    const topic = fc
      .integer({ min: 1, max: 9 })
      .chain((n) => fc.subarray(Array.from({ length: n }, (_, i) => i)).map((available) => topicOf(n, available)));
    fc.assert(
      fc.property(counter, topic, fc.integer({ min: 0, max: 120 }), (c, t, count) => {
        const expected = oneByOne({ counter: c }, t, count);
        const dealt = roundRobinDeal({ counter: c }, t, count);
        expect(dealt.state).toEqual(expected.state);
        expect(asMap(dealt.chunks)).toEqual(expected.perPartition);
      }),
      { numRuns: 500, seed: 794 },
    );
  });

  it('rejects a negative or fractional count', () => {
    expect(() => roundRobinDeal(initialRoundRobin, topicOf(3), -1)).toThrow(RangeError);
    expect(() => roundRobinDeal(initialRoundRobin, topicOf(3), 1.5)).toThrow(RangeError);
  });
});
