import { describe, expect, it } from 'vitest'
import { ASSIGNOR_NAMES, getAssignor, isAssignorName, memberOrder, prepareRequest } from './assignor.ts'

describe('memberOrder (MemberInfo.compareTo)', () => {
  it('puts static members first by group.instance.id, then dynamic members by member id', () => {
    const members = [
      { memberId: 'b', groupInstanceId: null },
      { memberId: 'consumer-z', groupInstanceId: 'instance2' },
      { memberId: 'a', groupInstanceId: null },
      { memberId: 'consumer-y', groupInstanceId: 'instance1' },
    ]
    expect(memberOrder(members).map((m) => m.memberId)).toEqual(['consumer-y', 'consumer-z', 'a', 'b'])
  })

  it('compares strings by UTF-16 code unit, as Java String.compareTo does', () => {
    const members = ['a', 'B', '\u00e9', 'Z'].map((memberId) => ({ memberId, groupInstanceId: null }))
    expect(memberOrder(members).map((m) => m.memberId)).toEqual(['B', 'Z', 'a', '\u00e9'])
  })

  it('does not mutate its input', () => {
    const members = [{ memberId: 'b', groupInstanceId: null }, { memberId: 'a', groupInstanceId: null }]
    memberOrder(members)
    expect(members.map((m) => m.memberId)).toEqual(['b', 'a'])
  })
})

describe('getAssignor', () => {
  it('returns an assignor with the requested name for every name', () => {
    for (const name of ASSIGNOR_NAMES) expect(getAssignor(name).name).toBe(name)
  })

  it('reports COOPERATIVE only for the incremental assignors', () => {
    expect(ASSIGNOR_NAMES.map((n) => getAssignor(n).protocol)).toEqual(['EAGER', 'EAGER', 'EAGER', 'COOPERATIVE', 'COOPERATIVE', 'EAGER'])
  })

  it('recognises assignor names', () => {
    expect(isAssignorName('cooperative-sticky')).toBe(true)
    expect(isAssignorName('Range')).toBe(false)
  })
})

describe('prepareRequest (AbstractPartitionAssignor metadata step)', () => {
  it('keeps only subscribed topics with at least one partition, in name order', () => {
    const prepared = prepareRequest({
      topics: { b: 2, a: 1, empty: 0, unsubscribed: 4 },
      members: [{ memberId: 'm', groupInstanceId: null, topics: ['b', 'a', 'empty', 'missing'], owned: [], generation: 3 }],
    })
    expect([...prepared.counts]).toEqual([['a', 1], ['b', 2]])
  })

  it('drops owned partitions that do not exist and duplicate claims by the same member', () => {
    const prepared = prepareRequest({
      topics: { t: 2 },
      members: [{ memberId: 'm', groupInstanceId: null, topics: ['t'], owned: [['t', 1], ['t', 5], ['gone', 0], ['t', 1], ['t', 0]], generation: -1 }],
    })
    expect(prepared.members[0]?.owned).toEqual([['t', 1], ['t', 0]])
  })

  it('rejects duplicate member ids', () => {
    const m = { memberId: 'dup', groupInstanceId: null, topics: [], owned: [], generation: -1 }
    expect(() => prepareRequest({ topics: {}, members: [m, m] })).toThrow(/duplicate member id "dup"/)
  })
})
