import { describe, expect, it } from 'vitest';
import type { TopicMetadata } from './partitioner.ts';
import { initialRoundRobin, roundRobinPartition, roundRobinSendPartition, type RoundRobinState } from './roundRobinPartitioner.ts';

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
