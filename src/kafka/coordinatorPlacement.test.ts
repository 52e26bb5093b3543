import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { javaStringHashCode } from './assignors/javaHashMapOrder.ts'
import { kafkaAbs, offsetsPartitionFor } from './coordinatorPlacement.ts'

/** The Java definition written out: Σ s[i]·31^(n-1-i), reduced to a signed 32-bit int (BigInt, no loop tricks). */
function byDefinition(s: string): number {
  const n = s.length
  let sum = 0n
  let pow = 1n // 31^(n-1-i), from the last character back
  for (let i = n - 1; i >= 0; i--, pow *= 31n) sum += BigInt(s.charCodeAt(i)) * pow
  return Number(BigInt.asIntN(32, sum))
}

describe('javaStringHashCode (java.lang.String.hashCode)', () => {
  it('matches values Java prints', () => {
    expect(javaStringHashCode('')).toBe(0)
    expect(javaStringHashCode('hello')).toBe(99162322)
    // The classic collision: "Aa" and "BB" share a hash code in Java.
    expect(javaStringHashCode('Aa')).toBe(2112)
    expect(javaStringHashCode('BB')).toBe(2112)
    // The string whose hash code is Integer.MIN_VALUE.
    expect(javaStringHashCode('polygenelubricants')).toBe(-2147483648)
  })

  it('equals the polynomial definition in int32 for group ids people use', () => {
    for (const g of ['my-group', 'highway', 'orders-consumers', 'payments.v2', 'groupé-ü', '😀-group']) expect(javaStringHashCode(g)).toBe(byDefinition(g))
  })

  it('equals the polynomial definition for any string (UTF-16 code units)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 24 }).map((u) => String.fromCharCode(...u)), (s) => javaStringHashCode(s) === byDefinition(s)), { numRuns: 200 })
  })
})

describe('offsetsPartitionFor (Utils.abs(groupId.hashCode()) % offsets.topic.num.partitions)', () => {
  it('places groups on the default 50 partitions by the Java hash', () => {
    expect(offsetsPartitionFor('my-group')).toBe(Math.abs(byDefinition('my-group')) % 50)
    expect(offsetsPartitionFor('my-group')).toBe(12)
    expect(offsetsPartitionFor('highway')).toBe(31)
    expect(offsetsPartitionFor('hello', 10)).toBe(2)
  })

  it('maps Integer.MIN_VALUE to partition 0, as Kafka Utils.abs does (Math.abs would give 48)', () => {
    expect(kafkaAbs(-2147483648)).toBe(0)
    expect(offsetsPartitionFor('polygenelubricants')).toBe(0)
  })

  it('always lands inside the topic', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 200 }), (g, n) => {
        const p = offsetsPartitionFor(g, n)
        return Number.isInteger(p) && p >= 0 && p < n
      }),
      { numRuns: 200 },
    )
  })

  it('rejects a topic without partitions', () => {
    expect(() => offsetsPartitionFor('g', 0)).toThrow(/offsets.topic.num.partitions/)
  })
})
