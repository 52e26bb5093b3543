import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBuiltInPartitioner, partitionLoadStats, peekCurrentPartition, updatePartitionInfo } from './builtInPartitioner.ts';
import { createKeylessPartitioner, routeKeyless, type KeylessPartitionerState, type KeylessRouting } from './keylessRouter.ts';
import { emptyLegacySticky, legacySendPartition } from './legacyStickyPartitioner.ts';
import type { NextInt, PartitionerName, TopicMetadata } from './partitioner.ts';

const topicOf = (n: number): TopicMetadata => ({ numPartitions: n, availablePartitions: Array.from({ length: n }, (_, i) => i) });

/** Like BuiltInPartitionerTest's SequentialPartitioner: the "random" numbers are 0, 1, 2, ... */
const sequential = (): NextInt => {
  let n = 0;
  return () => n++;
};

/** A list of draws, and how many were taken. */
function draws(values: readonly number[]) {
  let i = 0;
  const next: NextInt = () => {
    if (i >= values.length) throw new Error('ran out of draws');
    return values[i++]!;
  };
  return { next, taken: () => i };
}

const routing = (partitioner: PartitionerName, over: Partial<KeylessRouting> = {}): KeylessRouting => ({
  partitioner,
  batchSize: 1000,
  adaptive: false,
  recordBytes: 100,
  ...over,
});

/** Routes `batches` calls of `records` each and returns every chunk. */
function run(r: KeylessRouting, topic: TopicMetadata, calls: number, records: number, nextInt: NextInt) {
  let state: KeylessPartitionerState = createKeylessPartitioner(r.batchSize);
  const chunks: number[][] = [];
  for (let i = 0; i < calls; i++) {
    const out = routeKeyless(state, r, topic, records, nextInt);
    state = out.state;
    chunks.push([...out.chunks]);
  }
  return { state, chunks };
}

describe('routeKeyless: default (BuiltInPartitioner, KIP-794)', () => {
  it('fills batch.size bytes on one partition, then switches: 10 records of 100 B per 1000 B batch', () => {
    const { chunks } = run(routing('default'), topicOf(3), 1, 25, sequential());
    // first pick 0 % 3 = 0, then 1 % 3 = 1, then 2 % 3 = 2
    expect(chunks[0]).toEqual([0, 10, 1, 10, 2, 5]);
  });

  it('carries a half-full batch over to the next call', () => {
    const { chunks } = run(routing('default'), topicOf(3), 3, 5, sequential());
    expect(chunks).toEqual([[0, 5], [0, 5], [1, 5]]);
  });

  it('is peekCurrentPartition + updatePartitionInfo per batch, fed the same draws', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { minLength: 60, maxLength: 60 }), (n, values) => {
        const sim = draws(values);
        const { chunks } = run(routing('default', { recordBytes: 1000 }), topicOf(n), 40, 1, sim.next);
        const replay = draws(values);
        let b = createBuiltInPartitioner(1000);
        const expected: number[][] = [];
        for (let i = 0; i < 40; i++) {
          const peeked = peekCurrentPartition(b, topicOf(n), replay.next);
          expected.push([peeked.partition, 1]);
          b = updatePartitionInfo(peeked.state, 1000, true, topicOf(n), replay.next);
        }
        expect(chunks).toEqual(expected);
        expect(sim.taken()).toBe(replay.taken());
      }),
      { numRuns: 100, seed: 480 },
    );
  });

  it('asks for load stats only when it is about to choose, and weights the choice by them', () => {
    let asked = 0;
    // queue sizes 5 0 3 0 1 -> CFT 1 7 10 16 21 (BuiltInPartitionerTest.adaptivePartitionsTest)
    const stats = () => {
      asked++;
      return partitionLoadStats([5, 0, 3, 0, 1], [0, 1, 2, 3, 4]);
    };
    const r = routing('default', { adaptive: true });
    let state = createKeylessPartitioner(1000);
    const take = (records: number, nextInt: NextInt) => {
      const out = routeKeyless(state, r, topicOf(5), records, nextInt, stats);
      state = out.state;
      return out.chunks;
    };
    expect(take(5, () => 0)).toEqual([0, 5]); // first pick: 0 % 21 = 0 -> partition 0
    expect(asked).toBe(1);
    expect(take(4, () => 0)).toEqual([0, 4]); // 900 of 1000 bytes: no choice, no question
    expect(asked).toBe(1);
    expect(take(2, () => 7)).toEqual([0, 1, 2, 1]); // switch: 7 % 21 = 7 -> partition 2 (CFT 7..9)
    expect(asked).toBe(2);
  });

  it('drops stale load stats when adaptive partitioning is off', () => {
    const adaptive = routeKeyless(createKeylessPartitioner(1000), routing('default', { adaptive: true }), topicOf(5), 1, () => 0, () =>
      partitionLoadStats([5, 0, 3, 0, 1], [0, 1, 2, 3, 4]),
    );
    expect(adaptive.state.builtIn.loadStats).not.toBeNull();
    const off = routeKeyless(adaptive.state, routing('default'), topicOf(5), 10, () => 8);
    expect(off.state.builtIn.loadStats).toBeNull();
    expect(off.chunks).toEqual([0, 9, 3, 1]); // uniform again: 8 % 5 = 3
  });
});

describe('routeKeyless: uniform-sticky and legacy-sticky (StickyPartitionCache, KIP-480)', () => {
  for (const name of ['uniform-sticky', 'legacy-sticky'] as const) {
    it(`${name} never sends two batches in a row to the same partition while another is available`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (n, seed) => {
          let x = seed;
          const xorshift: NextInt = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), x);
          const { chunks } = run(routing(name, { recordBytes: 1000 }), topicOf(n), 80, 1, xorshift);
          const partitions = chunks.map((c) => c[0]!);
          for (let i = 1; i < partitions.length; i++) expect(partitions[i]).not.toBe(partitions[i - 1]);
        }),
        { numRuns: 50, seed: 3 },
      );
    });
  }

  it('alternates on 2 partitions', () => {
    const { chunks } = run(routing('uniform-sticky', { recordBytes: 1000 }), topicOf(2), 6, 1, sequential());
    const partitions = chunks.map((c) => c[0]);
    expect(partitions).toEqual([1, 0, 1, 0, 1, 0]); // first pick 0, then the first record's new batch moves it to 1
  });

  it('is legacySendPartition for the first record of each batch, fed the same draws', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (n, seed) => {
        let x = seed;
        const xorshift: NextInt = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), x);
        const values = Array.from({ length: 2000 }, xorshift);
        const sim = draws(values);
        // 250 B records, 1000 B batches, 3 records a call: batch boundaries fall inside calls.
        const { chunks } = run(routing('uniform-sticky', { recordBytes: 250 }), topicOf(n), 20, 3, sim.next);
        const replay = draws(values);
        let cache = emptyLegacySticky;
        const perRecord: number[] = [];
        for (let i = 0; i < 60; i++) {
          const r = legacySendPartition(cache, null, topicOf(n), { ignoreKeys: true }, () => i % 4 === 0, replay.next);
          cache = r.state;
          perRecord.push(r.partition);
        }
        expect(chunks.flatMap((c) => expand(c))).toEqual(perRecord);
        expect(sim.taken()).toBe(replay.taken());
      }),
      { numRuns: 60, seed: 2 },
    );
  });
});

describe('routeKeyless: round-robin', () => {
  it('deals one record per partition in turn and keeps its counter across calls', () => {
    const { chunks, state } = run(routing('round-robin'), topicOf(3), 2, 4, () => {
      throw new Error('round-robin draws no random number');
    });
    expect(chunks).toEqual([[0, 2, 1, 1, 2, 1], [1, 2, 2, 1, 0, 1]]);
    expect(state.roundRobin.counter).toBe(8);
  });
});

describe('routeKeyless: input checks', () => {
  it('routes nothing for zero records and rejects bad counts and sizes', () => {
    const s = createKeylessPartitioner(1000);
    expect(routeKeyless(s, routing('default'), topicOf(2), 0, sequential())).toEqual({ state: s, chunks: [] });
    expect(() => routeKeyless(s, routing('default'), topicOf(2), -1, sequential())).toThrow(RangeError);
    expect(() => routeKeyless(s, routing('default', { recordBytes: 0 }), topicOf(2), 1, sequential())).toThrow(RangeError);
  });
});

/** [partition, count, ...] as one partition per record. */
function expand(chunks: readonly number[]): number[] {
  const out: number[] = [];
  for (let c = 0; c < chunks.length; c += 2) for (let k = 0; k < chunks[c + 1]!; k++) out.push(chunks[c]!);
  return out;
}
