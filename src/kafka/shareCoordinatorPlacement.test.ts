import { describe, expect, it } from 'vitest'
import { topicIdHashOf } from './shareAssignor.ts'
import { persisterLookupTimes, shareCoordinatorKey, shareStatePartitionFor, topicIdString, uuidHashCode } from './shareCoordinatorPlacement.ts'

/** java.lang.String.hashCode, written out apart from the code under test: s[0]·31^(n−1) + … + s[n−1], as an int. */
function javaHash(s: string): number {
  let h = 0n
  for (let i = 0; i < s.length; i++) h = (h * 31n + BigInt(s.charCodeAt(i))) & 0xffffffffn
  return Number(BigInt.asIntN(32, h))
}

describe('where a share-partition’s state lives (KIP-932)', () => {
  it('keys it as SharePartitionKey.asCoordinatorKey does: "groupId:topicId:partition"', () => {
    expect(shareCoordinatorKey('orders-share', 'AAAAAAAAAAAAAAAAAAAAAQ', 7)).toBe('orders-share:AAAAAAAAAAAAAAAAAAAAAQ:7')
  })

  it('puts it in partition Utils.abs(key.hashCode()) % 50 of __share_group_state', () => {
    for (const key of ['g:AAAAAAAAAAAAAAAAAAAAAQ:0', 'g:AAAAAAAAAAAAAAAAAAAAAQ:1', 'share-group:x3Fq0VfRQnWu1zG0pYyS1A:12']) {
      expect(shareStatePartitionFor(key)).toBe(Math.abs(javaHash(key)) % 50)
    }
    // Utils.abs maps Integer.MIN_VALUE (whose Math.abs overflows) to 0; this string hashes to it.
    expect(javaHash('polygenelubricants')).toBe(-2147483648)
    expect(shareStatePartitionFor('polygenelubricants', 7)).toBe(0)
    expect(() => shareStatePartitionFor('x', 0)).toThrow(/at least 1/)
  })

  it('spreads the partitions of one topic over the state topic: their keys differ in the partition number', () => {
    const id = topicIdString('orders', topicIdHashOf('orders'))
    const used = new Set(Array.from({ length: 100 }, (_, p) => shareStatePartitionFor(shareCoordinatorKey('g', id, p))))
    expect(used.size).toBeGreaterThan(10)
  })

  it('names the topic by a Uuid string as Uuid.toString writes it, whose Uuid.hashCode is the topic hash the share assignor uses', () => {
    for (const name of ['orders', 'highway', 'a', 'clicks-2026']) {
      const id = topicIdString(name, topicIdHashOf(name))
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
      expect(uuidHashCode(id)).toBe(topicIdHashOf(name))
      expect(topicIdString(name, topicIdHashOf(name))).toBe(id)
    }
    // The encoding is URL-safe base64 without padding of the 16 bytes: the platform's decoder reads
    // 16 bytes back, and its encoder writes the same text.
    const id = topicIdString('orders', topicIdHashOf('orders'))
    const binary = atob(id.replace(/-/g, '+').replace(/_/g, '/') + '==')
    expect(binary.length).toBe(16)
    expect(btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')).toBe(id)
  })

  it('looks the coordinator up as PersisterStateManager retries: at once, then 2, 4, 8 and 16 s later, five lookups in all', () => {
    expect(persisterLookupTimes(0)).toEqual([0, 2000, 6000, 14_000, 30_000])
    expect(persisterLookupTimes(500)).toEqual([500, 2500, 6500, 14_500, 30_500])
  })
})
