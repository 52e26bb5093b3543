import { describe, expect, it } from 'vitest';
import { partitionForKey } from '../murmur2.ts';
import { emptyLegacySticky, legacyPartition } from './legacyStickyPartitioner.ts';
import {
  decidePartition,
  hashesKeys,
  isAdaptivePartitioningEnabled,
  isCustomPartitioner,
  partitionerConfigDefaults,
  type PartitionerName,
} from './partitioner.ts';

describe('partitionerConfigDefaults', () => {
  it('holds the Java producer defaults under their Kafka names (linger.ms 5 since 4.0, KIP-1030)', () => {
    expect(partitionerConfigDefaults).toEqual({
      'batch.size': 16384,
      'linger.ms': 5,
      'partitioner.adaptive.partitioning.enable': true,
      'partitioner.availability.timeout.ms': 0,
      'partitioner.ignore.keys': false,
    });
    expect(Object.isFrozen(partitionerConfigDefaults)).toBe(true);
  });
});

describe('KafkaProducer.partition() precedence', () => {
  const all: PartitionerName[] = ['default', 'uniform-sticky', 'legacy-sticky', 'round-robin'];

  it('lets an explicit partition win over everything', () => {
    for (const name of all) {
      for (const ignoreKeys of [false, true]) {
        expect(decidePartition({ key: 'k', partition: 2 }, name, ignoreKeys, 3)).toEqual({ by: 'explicit', partition: 2 });
      }
    }
  });

  it('lets a custom partitioner decide next, whatever the key and partitioner.ignore.keys', () => {
    for (const name of ['uniform-sticky', 'legacy-sticky', 'round-robin'] as const) {
      expect(decidePartition({ key: 'k' }, name, false, 3)).toEqual({ by: 'custom', partitioner: name });
      expect(decidePartition({ key: null }, name, true, 3)).toEqual({ by: 'custom', partitioner: name });
    }
  });

  it('hashes a non-null key by murmur2 over all partitions with the built-in logic', () => {
    expect(decidePartition({ key: '1' }, 'default', false, 4)).toEqual({ by: 'key', partition: 3 });
    expect(decidePartition({ key: '1', partition: null }, 'default', false, 3)).toEqual({ by: 'key', partition: 0 });
    expect(decidePartition({ key: new Uint8Array([0x61, 0x62, 0x63]) }, 'default', false, 8)).toEqual({ by: 'key', partition: 3 });
  });

  it('hashes the empty key like any other key', () => {
    expect(decidePartition({ key: '' }, 'default', false, 12)).toEqual({ by: 'key', partition: partitionForKey('', 12) });
  });

  it('leaves keyless records, and keyed ones under partitioner.ignore.keys, to the built-in sticky partitioner', () => {
    expect(decidePartition({ key: null }, 'default', false, 3)).toEqual({ by: 'built-in-sticky' });
    expect(decidePartition({ key: 'k' }, 'default', true, 3)).toEqual({ by: 'built-in-sticky' });
  });

  it('rejects an explicit partition outside the topic', () => {
    expect(() => decidePartition({ key: null, partition: 3 }, 'default', false, 3)).toThrow(RangeError);
    expect(() => decidePartition({ key: null, partition: -1 }, 'round-robin', false, 3)).toThrow(/Invalid partition/);
  });
});

describe('what a custom partitioner.class switches off', () => {
  it('treats every name but default as a partitioner.class', () => {
    expect(isCustomPartitioner('default')).toBe(false);
    expect(isCustomPartitioner('round-robin')).toBe(true);
  });

  it('runs adaptive partitioning only with the built-in partitioner and the flag on', () => {
    const off = { ...partitionerConfigDefaults, 'partitioner.adaptive.partitioning.enable': false };
    expect(isAdaptivePartitioningEnabled('default', partitionerConfigDefaults)).toBe(true);
    expect(isAdaptivePartitioningEnabled('default', off)).toBe(false);
    expect(isAdaptivePartitioningEnabled('legacy-sticky', partitionerConfigDefaults)).toBe(false);
  });
});

describe('hashesKeys: whether a keyed record goes to its murmur2 partition', () => {
  const names: PartitionerName[] = ['default', 'uniform-sticky', 'legacy-sticky', 'round-robin'];
  const nextInt = () => 1;

  /** What the partitioner that decides would answer for key "k" on 12 partitions. */
  function keyDecides(name: PartitionerName, ignoreKeys: boolean): boolean {
    const d = decidePartition({ key: 'k' }, name, ignoreKeys, 12);
    if (d.by === 'key') return true;
    if (d.by !== 'custom' || d.partitioner !== 'legacy-sticky') return false;
    // The 2.4–3.2 DefaultPartitioner: hashes, and leaves the sticky cache unused.
    const r = legacyPartition(emptyLegacySticky, 'k', { numPartitions: 12, availablePartitions: [] }, { ignoreKeys: false }, nextInt);
    return r.partition === partitionForKey('k', 12) && r.state === emptyLegacySticky;
  }

  it('agrees with decidePartition and the partitioner classes for every name and ignore.keys', () => {
    for (const name of names) {
      for (const ignoreKeys of [false, true]) expect(hashesKeys(name, ignoreKeys), `${name} ${ignoreKeys}`).toBe(keyDecides(name, ignoreKeys));
    }
  });

  it('hashes under legacy-sticky even with partitioner.ignore.keys (no effect on a custom class)', () => {
    expect(hashesKeys('legacy-sticky', true)).toBe(true);
    expect(hashesKeys('default', true)).toBe(false);
    expect(hashesKeys('uniform-sticky', false)).toBe(false);
  });
});
