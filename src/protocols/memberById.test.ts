// memberById answers as a search of the members array would: the first member of an id, undefined
// for an id not there, and a changed group (a new members array) is read afresh, never from the
// index of the array it replaced.
import { describe, expect, it } from 'vitest'
import { memberById } from './machineKit.ts'

describe('memberById', () => {
  it('finds what a search finds, in the array it is given', () => {
    const a = [{ memberId: 'm1', n: 1 }, { memberId: 'm2', n: 2 }, { memberId: 'm1', n: 3 }]
    for (const id of ['m1', 'm2', 'm3']) expect(memberById(a, id)).toBe(a.find((m) => m.memberId === id))
    // The group changes as contexts do, by a new array: the new member is found, the old one gone.
    const b = a.map((m) => (m.memberId === 'm2' ? { memberId: 'm4', n: 4 } : m))
    expect(memberById(b, 'm4')).toBe(b[1])
    expect(memberById(b, 'm2')).toBeUndefined()
    expect(memberById(a, 'm2')).toBe(a[1])
    // Ids made at run time (not the same string objects) are found too.
    expect(memberById(b, ['m', '4'].join(''))).toBe(b[1])
  })
})
