import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { remappedKeys } from './keyRemapping.ts';

// Keys of the derived table in kafka-semantics.md §1.3, with their partitions for N = 3 and N = 4.
const tableKeys = ['abc', 'foobar', '21', 'kafka', '0', '1', '128', 'amqp', ''];

describe('remappedKeys: keys whose default-partitioner partition changes when a topic grows', () => {
  it('moves key "1" from partition 0 of 3 to partition 3 of 4, and "0" from 2 to 0', () => {
    expect(remappedKeys(['1'], 3, 4)).toEqual({ count: 1, total: 1, moved: [{ key: '1', from: 0, to: 3 }] });
    expect(remappedKeys(['0'], 3, 4).moved).toEqual([{ key: '0', from: 2, to: 0 }]);
  });

  it('counts 7 of the 9 table keys as moved from 3 to 4 partitions ("21" and "amqp" stay)', () => {
    const result = remappedKeys(tableKeys, 3, 4);
    expect(result.count).toBe(7);
    expect(result.total).toBe(9);
    expect(result.moved.map((m) => m.key)).toEqual(['abc', 'foobar', 'kafka', '0', '1', '128', '']);
    expect(result.moved.find((m) => m.key === '')).toEqual({ key: '', from: 0, to: 1 });
  });

  it('counts a repeated key once', () => {
    expect(remappedKeys(['1', '1', '21', '1'], 3, 4)).toMatchObject({ count: 1, total: 2 });
  });

  it('moves nothing when the count does not change', () => {
    expect(remappedKeys(tableKeys, 6, 6)).toEqual({ count: 0, total: 9, moved: [] });
  });

  it('on doubling, sends each moved key from p to p + N (hash % 2N is hash % N or that plus N)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 50 }), fc.integer({ min: 1, max: 64 }), (keys, n) => {
        for (const m of remappedKeys(keys, n, 2 * n).moved) expect(m.to).toBe(m.from + n);
      }),
    );
  });

  it('refuses to shrink a topic and invalid counts, as Kafka cannot reduce partitions', () => {
    expect(() => remappedKeys(['a'], 4, 3)).toThrow(RangeError);
    expect(() => remappedKeys(['a'], 0, 3)).toThrow(RangeError);
    expect(() => remappedKeys(['a'], 3, 4.5)).toThrow(RangeError);
  });
});
