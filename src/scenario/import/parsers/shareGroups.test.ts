// kafka-share-groups.sh --describe (KIP-932), as ShareGroupCommand.printOffsets prints it, and the
// scenario an architect gets from it: a share group with the measured lag on each lane.
import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { createSimulation } from '../../../sim/simulation.ts'
import { importPastes } from '../fromPastes.ts'
import { guessFormat, parseImport } from '../parse.ts'
import type { ClusterFacts, ParseResult } from '../types.ts'

function facts(r: ParseResult): ClusterFacts {
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}
const read = (name: string): ClusterFacts => facts(parseImport(fixture('share-groups', name), { source: name }))

describe('kafka-share-groups.sh --describe (a share group’s start offsets and lag)', () => {
  it('is told apart from the consumer groups’ table, and reads each partition’s start offset and lag; the group is a share group', () => {
    expect(guessFormat(fixture('share-groups', 'describe.txt'))).toBe('share-groups')
    const f = read('describe.txt')
    const orders = f.topics.find((t) => t.name === 'orders')!
    expect(orders.group).toBe('orders-share')
    expect(orders.partitions.map((p) => [p.partition, p.committedOffset, p.lag])).toEqual([
      [0, 1204330, 80],
      [1, 1198004, 86],
      [2, 5530120, 1201750],
      [3, 1201877, 73],
      [4, 1199650, 50],
      [5, 1203001, 100],
    ])
    expect(f.groups).toEqual([{ groupId: 'orders-share', protocol: 'share', members: [] }])
    expect(f.provenance['topics.orders.partitions.2.lag']).toEqual({ source: 'describe.txt', format: 'share-groups', how: 'measured' })
  })

  it('--verbose: LEADER-EPOCH does not shift the columns; a group without offsets and "-" cells become notes', () => {
    const f = read('describe-verbose-two-groups.txt')
    expect(f.topics.find((t) => t.name === 'orders')!.partitions[2]).toMatchObject({ committedOffset: 5530120, lag: 1201750 })
    const pay = f.topics.find((t) => t.name === 'payments-eu-west-1')!
    expect(pay.group).toBe('payments-share-consumers')
    expect(pay.partitions.map((p) => p.lag)).toEqual([12, undefined, 4021])
    expect(f.notes).toContain("share group 'audit-share' has no offset information")
    expect(f.notes.some((n) => n.startsWith('payments-eu-west-1-1: no share-partition state yet'))).toBe(true)
    expect(f.groups.map((g) => [g.groupId, g.protocol])).toEqual(
      expect.arrayContaining([
        ['orders-share', 'share'],
        ['audit-share', 'share'],
        ['payments-share-consumers', 'share'],
      ]),
    )
  })

  it('answers one line naming the line for what it cannot read', () => {
    const r = parseImport('GROUP TOPIC PARTITION START-OFFSET LAG\norders-share orders x 1 2\n', { source: 'p', format: 'share-groups' })
    expect(r).toMatchObject({ ok: false, format: 'share-groups', line: 2 })
    const none = parseImport('hello\n', { source: 'p', format: 'share-groups' })
    expect(none).toMatchObject({ ok: false, line: 1 })
  })
})

describe('importing a share group', () => {
  it('builds a share group with the measured lag per lane; with the --members paste, its members', () => {
    const alone = importPastes([{ source: 'offsets', text: fixture('share-groups', 'describe.txt') }]).build!
    if (!alone.ok) throw new Error(alone.message)
    expect(alone.scenario.group.type).toBe('share')
    expect(alone.scenario.topic.initialLag).toEqual([80, 86, 1201750, 73, 50, 100])
    expect(alone.fields.find((x) => x.path === 'group.type')).toMatchObject({ value: 'share', how: 'measured', sources: ['offsets'] })
    expect(alone.fields.find((x) => x.path === 'group.consumers')).toMatchObject({ how: 'assumed' })
    // A share group is not offered as an answer to itself, nor a rebalance protocol it does not have.
    expect(alone.offers.map((o) => o.id)).not.toContain('share')
    expect(alone.offers.map((o) => o.id)).not.toContain('cooperative')

    const both = importPastes([
      { source: 'offsets', text: fixture('share-groups', 'describe.txt') },
      { source: 'members', text: fixture('consumer-groups-members', 'share-members.txt') },
    ]).build!
    if (!both.ok) throw new Error(both.message)
    expect(both.scenario.group).toMatchObject({ type: 'share', consumers: 3, groupId: 'orders-share' })
    expect(both.fields.find((x) => x.path === 'group.consumers')).toMatchObject({ value: 3, how: 'measured', sources: ['members'] })
    expect(both.story).toMatch(/^orders: 6 partitions; 3 members of share group 'orders-share'/)
    // It runs as a share group, starting with that lag.
    const sim = createSimulation(both.scenario)
    sim.advanceTo(2000)
    expect(sim.summary().shareGroup).toBeDefined()
    expect(sim.summary().lag).toBeGreaterThan(1_000_000)
  })
})
