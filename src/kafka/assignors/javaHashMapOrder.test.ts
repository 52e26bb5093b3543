import { describe, expect, it } from 'vitest'
import {
  JavaHashOrder,
  javaHashMapKeyOrder,
  javaStringHashCode,
  spreadHash,
  topicPartitionHashCode,
} from './javaHashMapOrder.ts'

describe('Java hash codes', () => {
  it('computes String.hashCode in int32 arithmetic', () => {
    expect(javaStringHashCode('')).toBe(0)
    expect(javaStringHashCode('a')).toBe(97)
    expect(javaStringHashCode('hello')).toBe(99162322)
    expect(['consumer1', 'consumer2', 'consumer3', 'consumer4'].map(javaStringHashCode)).toEqual([
      -421004549, -421004548, -421004547, -421004546,
    ])
  })

  it('places consumer1..4 in buckets 12, 11, 10, 9 of a 16-slot table', () => {
    const buckets = ['consumer1', 'consumer2', 'consumer3', 'consumer4'].map((s) => spreadHash(javaStringHashCode(s)) & 15)
    expect(buckets).toEqual([12, 11, 10, 9])
  })

  it('computes TopicPartition.hashCode as 31 * (31 + partition) + topic.hashCode()', () => {
    expect(topicPartitionHashCode('a', 0)).toBe(31 * 31 + 97)
    expect(topicPartitionHashCode('topic', 2)).toBe((31 * 33 + javaStringHashCode('topic')) | 0)
  })
})

describe('Java HashMap iteration order', () => {
  it('iterates consumer1..4 as consumer4, consumer3, consumer2, consumer1', () => {
    expect(javaHashMapKeyOrder(['consumer1', 'consumer2', 'consumer3', 'consumer4'])).toEqual([
      'consumer4', 'consumer3', 'consumer2', 'consumer1',
    ])
  })

  it('keeps insertion order within a bucket', () => {
    // "Aa" and "BB" share hashCode 2112, so they share a bucket whatever the capacity.
    expect(javaStringHashCode('Aa')).toBe(javaStringHashCode('BB'))
    expect(javaHashMapKeyOrder(['BB', 'Aa'])).toEqual(['BB', 'Aa'])
    expect(javaHashMapKeyOrder(['Aa', 'BB'])).toEqual(['Aa', 'BB'])
  })

  it('doubles the table from 16 to 32 slots when the 13th key arrives', () => {
    // 'x' has hash 16: bucket 0 of 16 slots, bucket 16 of 32.
    const hashes = new Map<string, number>([['x', 16], ...Array.from({ length: 12 }, (_, i): [string, number] => [`k${i + 1}`, i + 1])])
    const set = new JavaHashOrder<string>((k) => hashes.get(k) ?? 0)
    set.add('x')
    for (let i = 1; i <= 11; i++) set.add(`k${i}`)
    expect(set.first()).toBe('x') // 12 keys: still 16 slots
    set.add('k12') // 13 > 0.75 * 16
    expect(set.first()).toBe('k1')
    expect(set.ordered().at(-1)).toBe('x')
  })

  it('sends a removed and re-added key to the tail of its bucket', () => {
    const set = new JavaHashOrder<string>(javaStringHashCode)
    set.add('Aa')
    set.add('BB')
    expect(set.first()).toBe('Aa')
    set.delete('Aa')
    set.add('Aa')
    expect(set.ordered()).toEqual(['BB', 'Aa'])
    expect(set.first()).toBe('BB')
  })

  it('resizes instead of treeifying when a bin reaches nine keys in a small table', () => {
    // 'x' (hash 16) and z0..z7 (hash 0) all land in bucket 0 of 16 slots; only 9 keys, below the
    // load-factor threshold, but the ninth node in one bin makes Java resize to 32 slots.
    const set = new JavaHashOrder<string>((k) => (k === 'x' ? 16 : 0))
    set.add('x')
    for (let i = 0; i < 7; i++) set.add(`z${i}`)
    expect(set.first()).toBe('x')
    set.add('z7')
    expect(set.first()).toBe('z0')
    expect(set.ordered().at(-1)).toBe('x')
  })

  it('starts at the next power of two of an initial capacity, as new HashSet<>(int) does', () => {
    // jshell: new HashSet<Integer>(5) after add(9), add(1), add(17) prints [9, 1, 17] (8 buckets:
    // all in bucket 1, insertion order); new HashSet<Integer>() prints [1, 17, 9] (16 buckets).
    const sized = new JavaHashOrder<number>((i) => i, 5)
    const plain = new JavaHashOrder<number>((i) => i)
    for (const i of [9, 1, 17]) {
      sized.add(i)
      plain.add(i)
    }
    expect(sized.ordered()).toEqual([9, 1, 17])
    expect(plain.ordered()).toEqual([1, 17, 9])
  })
})
