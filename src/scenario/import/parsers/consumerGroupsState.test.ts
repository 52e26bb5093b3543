import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'

function read(name: string): ClusterFacts {
  const r = parseImport(fixture('consumer-groups-state', name), { format: 'consumer-groups-state', source: name })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}

describe('kafka-consumer-groups.sh --describe --state', () => {
  it('reads state, assignor and the coordinator id out of `host:port  (id)`', () => {
    const f = read('state.txt')
    expect(f.groups).toEqual([{ groupId: 'orders-app', state: 'Stable', assignor: 'range', coordinator: 1, memberCount: 3, members: [] }])
    expect(f.provenance['groups.orders-app.assignor']).toMatchObject({ how: 'measured', format: 'consumer-groups-state' })
  })

  it('--verbose on a consumer-protocol group (KIP-848): the server assignor and protocol consumer', () => {
    const g = read('state-verbose-consumer-protocol.txt').groups[0]!
    expect(g).toMatchObject({ state: 'Stable', assignor: 'uniform', protocol: 'consumer', coordinator: 2 })
  })

  it('two groups with CRLF: a rebalancing one and an Empty one with no strategy', () => {
    const f = read('state-two-groups.txt')
    expect(f.groups.map((g) => [g.groupId, g.state, g.assignor])).toEqual([
      ['billing', 'PreparingRebalance', 'cooperative-sticky'],
      ['etl', 'Empty', undefined],
    ])
  })

  it('Kafka 2.x (Scala) output: one space before (id), an Empty group with a blank strategy cell', () => {
    const f = read('state-kafka-2.x-empty-group.txt')
    expect(f.groups).toEqual([
      { groupId: 'etl', state: 'Empty', coordinator: 1, memberCount: 0, members: [] },
      { groupId: 'orders-app', state: 'Stable', assignor: 'range', coordinator: 0, memberCount: 3, members: [] },
    ])
  })

  it('a STATE that is not one of Kafka’s group states names its line', () => {
    const text = fixture('consumer-groups-state', 'state.txt').replace('Stable', 'Happy ')
    const r = parseImport(text, { format: 'consumer-groups-state', source: 'p' })
    expect(r).toMatchObject({ ok: false, line: 3 })
    expect(!r.ok && r.message).toMatch(/STATE 'Happy'/)
  })
})
