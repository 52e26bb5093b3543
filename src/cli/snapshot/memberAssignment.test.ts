import { AssignerProtocol } from 'kafkajs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decodeMemberAssignment } from './memberAssignment.ts'

const hex = (s: string) => new Uint8Array(Buffer.from(s, 'hex'))

describe('decodeMemberAssignment', () => {
  it('reads the bytes librdkafka’s range assignor wrote for a member owning orders 2 and 3', () => {
    // Captured from librdkafka 2.0.2 through DescribeGroups (test/kafka): version 0, one topic, null-free empty user data.
    const r = decodeMemberAssignment(hex('00000000000100066f726465727300000002000000020000000300000000'))
    expect(r).toEqual({ ok: true, assignment: { version: 0, partitions: [{ topic: 'orders', partition: 2 }, { topic: 'orders', partition: 3 }] } })
  })

  it('agrees with KafkaJS’s own encoder on any assignment, version and user data', () => {
    const topic = fc.string({ minLength: 1, maxLength: 30 })
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.dictionary(topic, fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { maxLength: 40 }), { maxKeys: 5 }),
        fc.uint8Array({ maxLength: 50 }),
        (version, assignment, userData) => {
          const bytes = AssignerProtocol.MemberAssignment.encode({ version, assignment, userData: Buffer.from(userData) })
          const r = decodeMemberAssignment(new Uint8Array(bytes))
          const expected = Object.entries(assignment).flatMap(([t, ps]) => ps.map((partition) => ({ topic: t, partition })))
          expect(r).toEqual({ ok: true, assignment: { version, partitions: expected } })
        },
      ),
    )
  })

  it('reads a null user data (length -1), as the Java client writes for range', () => {
    const r = decodeMemberAssignment(hex('0001' + '00000001' + '0001' + '61' + '00000001' + '00000007' + 'ffffffff'))
    expect(r).toEqual({ ok: true, assignment: { version: 1, partitions: [{ topic: 'a', partition: 7 }] } })
  })

  it('reads empty bytes (a member caught mid-rebalance) as owning nothing', () => {
    expect(decodeMemberAssignment(new Uint8Array(0))).toEqual({ ok: true, assignment: { version: 0, partitions: [] } })
  })

  it('refuses truncated or lying bytes with a message, and never throws', () => {
    const whole = hex('00000000000100066f726465727300000002000000020000000300000000')
    for (let n = 1; n < 26; n++) {
      const r = decodeMemberAssignment(whole.subarray(0, n))
      expect(r.ok, `first ${n} bytes`).toBe(false)
    }
    expect(decodeMemberAssignment(hex('0000' + '7fffffff'))).toMatchObject({ ok: false, message: expect.stringMatching(/topics in 0 bytes/) })
    expect(decodeMemberAssignment(hex('0000' + '00000001' + '0001' + '61' + '7fffffff'))).toMatchObject({ ok: false, message: expect.stringMatching(/partitions/) })
    expect(decodeMemberAssignment(hex('ffff'))).toMatchObject({ ok: false })
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (b) => void decodeMemberAssignment(b)))
  })
})
