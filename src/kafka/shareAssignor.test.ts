import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { simpleShareAssign } from './shareAssignor.ts'

function byPartition(a: Map<number, number[]>, P: number): number[][] {
  const out: number[][] = Array.from({ length: P }, () => [])
  for (const [m, ps] of a) for (const p of ps) out[p]!.push(m)
  return out
}

describe('simpleShareAssign (KIP-932 simple assignor)', () => {
  it('with no more members than partitions, gives each partition exactly one member, as a consumer group would', () => {
    const a = simpleShareAssign([0, 1, 2], 12, new Map())
    expect(byPartition(a, 12).every((ms) => ms.length === 1)).toBe(true)
    expect([...a.values()].map((ps) => ps.length)).toEqual([4, 4, 4])
  })

  it('with more members than partitions, shares each partition among ceil(members / partitions) members: nobody idles', () => {
    const a = simpleShareAssign([0, 1, 2, 3, 4, 5, 6, 7, 8], 3, new Map())
    expect(byPartition(a, 3).map((ms) => ms.length)).toEqual([3, 3, 3])
    expect([...a.values()].every((ps) => ps.length === 1)).toBe(true)
  })

  it('balances within one partition per member, shares no partition above the desired sharing, and assigns every partition', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 1000 }), (M, P, seed) => {
        const members = Array.from({ length: M }, (_, i) => i * 3 + (seed % 3))
        // A previous assignment to be sticky to: some arbitrary partitions per member.
        const current = new Map(members.map((m, i) => [m, [(i + seed) % P, (i * 7 + seed) % P]]))
        const a = simpleShareAssign(members, P, current)
        const counts = [...a.values()].map((ps) => ps.length)
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
        const sharing = Math.ceil(M / P)
        for (const ms of byPartition(a, P)) {
          expect(ms.length).toBeGreaterThanOrEqual(1)
          expect(ms.length).toBeLessThanOrEqual(sharing)
          expect(new Set(ms).size).toBe(ms.length)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('is sticky: a member joining moves as few partitions as balance needs', () => {
    const before = simpleShareAssign([0, 1, 2], 6, new Map())
    const after = simpleShareAssign([0, 1, 2, 3], 6, before)
    let kept = 0
    for (const m of [0, 1, 2]) kept += after.get(m)!.filter((p) => before.get(m)!.includes(p)).length
    // Desired counts for 6 partitions over 4 members are ceil(1.5·(i+1)) − ceil(1.5·i) = 2, 1, 2, 1:
    // only one partition changes hands, to the new member.
    expect(kept).toBe(5)
    expect(after.get(3)).toHaveLength(1)
  })
})
