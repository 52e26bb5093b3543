// Emulates the iteration order of java.util.HashMap / HashSet. Pure: reads only its arguments.
//
// Why this exists: Kafka's AbstractStickyAssignor walks `HashMap<String, …>` maps of member ids, and
// when two members could both keep maxQuota partitions the first one in *HashMap iteration order*
// wins. AbstractStickyAssignorTest.testMaxQuotaConsumerMoreThanNumExpectedMaxCapacityMembers only
// passes with that order (sorted order gives consumer1 = [topic1-0, topic2-0] instead of [topic1-0]).
// The general builder's PartitionMovements also takes `HashSet<TopicPartition>.iterator().next()`.

/** `String.hashCode()`: `h = 31*h + c` over UTF-16 code units, in int32 arithmetic. */
export function javaStringHashCode(s: string): number {
  let h = 0
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0
  return h
}

/** `org.apache.kafka.common.TopicPartition.hashCode()`: `31 * (31 + partition) + topic.hashCode()`. */
export function topicPartitionHashCode(topic: string, partition: number): number {
  return (Math.imul(31, (31 + partition) | 0) + javaStringHashCode(topic)) | 0
}

/** `HashMap.hash()`: the high half is xor-ed into the low half before masking. */
export function spreadHash(h: number): number {
  return (h ^ (h >>> 16)) | 0
}

const DEFAULT_CAPACITY = 16

/** `HashMap.tableSizeFor`: the smallest power of two >= cap (at least 1). */
export function tableSizeFor(cap: number): number {
  let n = 1
  while (n < cap) n *= 2
  return n
}
const TREEIFY_BIN_SIZE = 9 // a bin reaching 9 nodes calls treeifyBin
const MIN_TREEIFY_CAPACITY = 64

/**
 * A set of keys that iterates the way a default-constructed Java HashMap/HashSet does:
 * bucket index ascending (`spread(hash) & (capacity - 1)`), and within a bucket by insertion order
 * (a removed and re-added key goes to the tail). Capacity starts at 16 and doubles when
 * size > 0.75 × capacity, or when a bin reaches 9 nodes while capacity < 64 (treeifyBin resizes
 * instead of treeifying). Never shrinks, like Java.
 *
 * Not emulated: the order inside a treeified bin (9+ colliding keys in a table of 64 or more).
 */
export class JavaHashOrder<K> {
  private capacity: number
  private seq = 0
  private readonly entries = new Map<K, { hash: number; seq: number }>()

  /**
   * `initialCapacity` as passed to `new HashMap<>(int)` / `new HashSet<>(int)`: the table starts at
   * the next power of two (Java's tableSizeFor). Absent: the default constructor's 16.
   */
  constructor(
    private readonly hashOf: (key: K) => number,
    initialCapacity?: number,
  ) {
    this.capacity = initialCapacity === undefined ? DEFAULT_CAPACITY : tableSizeFor(initialCapacity)
  }

  get size(): number {
    return this.entries.size
  }

  has(key: K): boolean {
    return this.entries.has(key)
  }

  add(key: K): boolean {
    if (this.entries.has(key)) return false
    const hash = spreadHash(this.hashOf(key))
    this.entries.set(key, { hash, seq: this.seq++ })
    if (this.capacity < MIN_TREEIFY_CAPACITY && this.binSize(hash & (this.capacity - 1)) >= TREEIFY_BIN_SIZE) {
      this.capacity *= 2
    }
    if (this.entries.size > this.capacity * 0.75) this.capacity *= 2
    return true
  }

  delete(key: K): boolean {
    return this.entries.delete(key)
  }

  /** The key `iterator().next()` would return, or undefined when empty. */
  first(): K | undefined {
    const mask = this.capacity - 1
    let best: K | undefined
    let bestBucket = Infinity
    let bestSeq = Infinity
    for (const [key, e] of this.entries) {
      const bucket = e.hash & mask
      if (bucket < bestBucket || (bucket === bestBucket && e.seq < bestSeq)) {
        best = key
        bestBucket = bucket
        bestSeq = e.seq
      }
    }
    return best
  }

  /** All keys in Java iteration order. */
  ordered(): K[] {
    const mask = this.capacity - 1
    return [...this.entries]
      .sort(([, a], [, b]) => (a.hash & mask) - (b.hash & mask) || a.seq - b.seq)
      .map(([key]) => key)
  }

  private binSize(bucket: number): number {
    const mask = this.capacity - 1
    let n = 0
    for (const e of this.entries.values()) if ((e.hash & mask) === bucket) n++
    return n
  }
}

/**
 * The iteration order of a `new HashMap<String, …>()` after `put`ting `keys` in the given order
 * (duplicates ignored). Kafka's group leader builds its subscriptions map this way, inserting members
 * in JoinGroup-response order.
 */
export function javaHashMapKeyOrder(keys: readonly string[]): string[] {
  const set = new JavaHashOrder<string>(javaStringHashCode)
  for (const k of keys) set.add(k)
  return set.ordered()
}
