// Which keys change partition when a topic grows, under the default partitioner's
// hash(key) % numPartitions rule. Pure: reads only its arguments; no DOM, no Node.
import { murmur2OfString, toPositive } from './murmur2.ts';

/** A key whose default-partitioner partition differs between the two partition counts. */
export interface MovedKey {
  readonly key: string;
  readonly from: number;
  readonly to: number;
}

export interface KeyRemapping {
  /** How many distinct keys change partition. */
  readonly count: number;
  /** How many distinct keys were compared. */
  readonly total: number;
  /** The keys that change partition, in first-seen order. */
  readonly moved: readonly MovedKey[];
}

/**
 * The keys (String keys, `StringSerializer`) whose partition under the default partitioner,
 * `toPositive(murmur2(utf8(key))) % N`, changes when a topic grows from `fromPartitions` to
 * `toPartitions`. Duplicate keys count once.
 *
 * Why it matters: Kafka "will not attempt to automatically redistribute data in any way" when
 * partitions are added (docs/ops.html), so a moved key's old records stay in the old partition while
 * its new records go to the new one, and per-key order across the change is lost. Example: key "1"
 * is in partition 0 of 3 but partition 3 of 4.
 *
 * Throws a RangeError unless both counts are integers >= 1 and `toPartitions >= fromPartitions`:
 * "Kafka does not currently support reducing the number of partitions for a topic" (docs/ops.html).
 */
export function remappedKeys(keys: readonly string[], fromPartitions: number, toPartitions: number): KeyRemapping {
  checkCount('fromPartitions', fromPartitions);
  checkCount('toPartitions', toPartitions);
  if (toPartitions < fromPartitions) {
    throw new RangeError(`Kafka cannot reduce partitions: toPartitions ${toPartitions} < fromPartitions ${fromPartitions}`);
  }
  const seen = new Set<string>();
  const moved: MovedKey[] = [];
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const hash = toPositive(murmur2OfString(key)); // hash once, reduce twice
    const from = hash % fromPartitions;
    const to = hash % toPartitions;
    if (from !== to) moved.push({ key, from, to });
  }
  return { count: moved.length, total: seen.size, moved };
}

function checkCount(name: string, n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`${name} must be an integer >= 1, got ${n}`);
}
