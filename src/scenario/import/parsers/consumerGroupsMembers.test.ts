import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'
import { ImportError } from './common.ts'
import { readAssignment } from './consumerGroupsMembers.ts'

function read(name: string): ClusterFacts {
  const r = parseImport(fixture('consumer-groups-members', name), { format: 'consumer-groups-members', source: name })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}

describe('assignment strings', () => {
  it('reads the current form, the older bracket form and "-"', () => {
    const want = [
      { topic: 'orders', partition: 0 },
      { topic: 'orders', partition: 1 },
      { topic: 'orders', partition: 2 },
      { topic: 'billing', partition: 3 },
    ]
    expect(readAssignment('orders:0,1,2;billing:3', 1)).toEqual(want)
    expect(readAssignment('orders(0,1,2), billing(3)', 1)).toEqual(want)
    expect(readAssignment('-', 1)).toEqual([])
  })

  it('refuses what is neither, naming the line', () => {
    for (const bad of ['orders:0,x', 'orders(0,1', ':1,2', 'orders(0), billing']) {
      expect(() => readAssignment(bad, 7)).toThrow(ImportError)
      try {
        readAssignment(bad, 7)
      } catch (e) {
        expect((e as ImportError).line).toBe(7)
      }
    }
  })
})

describe('kafka-consumer-groups.sh --describe --members', () => {
  it('--verbose (CURRENT-ASSIGNMENT) and the older ASSIGNMENT column give the same group', () => {
    const now = read('members-verbose.txt')
    const old = read('members-verbose-old.txt')
    expect(old.groups).toEqual(now.groups)
    const g = now.groups[0]!
    expect(g.members.map((m) => m.assignment.length)).toEqual([3, 2, 2, 0])
    expect(g.members[0]!.assignment).toContainEqual({ topic: 'billing', partition: 3 })
    // Owners land on the partitions, bound to the group.
    const orders = now.topics.find((t) => t.name === 'orders')!
    expect(orders.group).toBe('orders-app')
    expect(orders.partitions.map((p) => p.owner)).toEqual([
      g.members[0]!.memberId,
      g.members[0]!.memberId,
      g.members[1]!.memberId,
      g.members[1]!.memberId,
      g.members[2]!.memberId,
      g.members[2]!.memberId,
    ])
  })

  it('static members: GROUP-INSTANCE-ID read, a member without one read by column position', () => {
    const g = read('members-static-verbose.txt').groups[0]!
    expect(g.members.map((m) => m.instanceId)).toEqual(['orders-pod-0', 'orders-pod-1', undefined])
    expect(g.members[2]).toMatchObject({ host: '10.20.1.13', clientId: 'consumer-3' })
    expect(g.members[2]!.assignment).toEqual([
      { topic: 'orders', partition: 4 },
      { topic: 'orders', partition: 5 },
    ])
  })

  it('without --verbose: members and no assignment, and a note says how to get it', () => {
    const f = read('members.txt')
    expect(f.groups[0]!.members).toHaveLength(4)
    expect(f.groups[0]!.members.every((m) => m.assignment.length === 0)).toBe(true)
    expect(f.topics).toEqual([])
    expect(f.notes.join(' ')).toMatch(/--verbose/)
  })

  it('a member moving to a new target assignment (KIP-848) keeps its current one, with a note', () => {
    const f = read('members-reconciling-verbose.txt')
    expect(f.groups[0]!.members[1]!.assignment.map((a) => a.partition)).toEqual([2, 3])
    expect(f.notes.filter((n) => /moving to a new assignment/.test(n))).toHaveLength(2)
  })

  it('an empty group: state Empty, no members', () => {
    expect(read('members-empty-group.txt').groups).toEqual([{ groupId: 'etl', state: 'Empty', members: [] }])
  })

  it('Kafka 2.x prints only the stderr line for an empty group: an Empty group, no table needed', () => {
    const r = parseImport("\nConsumer group 'etl' has no active members.\n", { format: 'consumer-groups-members', source: 'p' })
    expect(r.ok && r.facts.groups).toEqual([{ groupId: 'etl', state: 'Empty', members: [] }])
  })

  it('a #PARTITIONS that is not a count names its line', () => {
    const text = fixture('consumer-groups-members', 'members.txt').replace(/consumer-2 {6}2 /, 'consumer-2      two ')
    const r = parseImport(text, { format: 'consumer-groups-members', source: 'p' })
    expect(r).toMatchObject({ ok: false, line: 4 })
    expect(!r.ok && r.message).toMatch(/#PARTITIONS 'two'/)
  })
})
