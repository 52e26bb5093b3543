import { describe, expect, it } from 'vitest'
import { emptyRing, pushAll } from './ring.ts'

describe('ring', () => {
  it('keeps items oldest first up to capacity', () => {
    let r = emptyRing<number>(3)
    r = pushAll(r, [1, 2])
    r = pushAll(r, [3, 4])
    expect(r.items).toEqual([2, 3, 4])
  })

  it('returns the same ring when nothing is added', () => {
    const r = pushAll(emptyRing<number>(2), [1])
    expect(pushAll(r, [])).toBe(r)
  })

  it('never mutates the previous ring', () => {
    const a = pushAll(emptyRing<number>(2), [1, 2])
    const b = pushAll(a, [3])
    expect(a.items).toEqual([1, 2])
    expect(b.items).toEqual([2, 3])
  })

  it('rejects a capacity below one', () => {
    expect(() => emptyRing(0)).toThrow(RangeError)
  })
})
