import { AssignerProtocol } from 'kafkajs'
import { describe, expect, it } from 'vitest'
import { keySample, snapshotToFacts, type SnapshotReading } from './toFacts.ts'

const assignment = (a: Record<string, number[]>) => new Uint8Array(AssignerProtocol.MemberAssignment.encode({ version: 0, assignment: a, userData: Buffer.alloc(0) }))
const bytes = (s: string) => new Uint8Array(Buffer.from(s))

function reading(over: Partial<SnapshotReading> = {}): SnapshotReading {
  return {
    source: 'snapshot of k:9092',
    brokers: [{ nodeId: 2, host: 'b', port: 9093 }, { nodeId: 1, host: 'a', port: 9092 }],
    topic: 'orders',
    partitions: [
      { partition: 1, leader: 2, replicas: [2, 1], isr: [2] },
      { partition: 0, leader: 1, replicas: [1, 2], isr: [1, 2] },
    ],
    first: { atMs: 1000, logEnd: new Map([[0, 100], [1, 50]]), committed: new Map([[0, 40], [1, -1]]) },
    second: { atMs: 5000, logEnd: new Map([[0, 500], [1, 90]]), committed: new Map([[0, 80], [1, -1]]) },
    group: {
      groupId: 'billing',
      state: 'Stable',
      protocolType: 'consumer',
      protocol: 'cooperative-sticky',
      members: [
        { memberId: 'm-1', clientId: 'c1', clientHost: '/10.0.0.1', assignment: assignment({ orders: [0], other: [3] }) },
        { memberId: 'm-2', clientId: 'c2', clientHost: '/10.0.0.2', assignment: assignment({ orders: [1] }) },
      ],
    },
    ...over,
  }
}

describe('snapshotToFacts', () => {
  it('turns two offset readings into per-partition rates, and committed offsets into lag', () => {
    const f = snapshotToFacts(reading())
    const [p0, p1] = f.topics[0]!.partitions
    expect(p0).toMatchObject({ partition: 0, leader: 1, replicas: [1, 2], isr: [1, 2], logEndOffset: 500, producedPerSec: 100, committedOffset: 80, consumedPerSec: 10, lag: 420, owner: 'm-1' })
    expect(p1).toMatchObject({ partition: 1, leader: 2, logEndOffset: 90, producedPerSec: 10, owner: 'm-2' })
    expect(p1).not.toHaveProperty('lag')
    expect(f.notes).toContain('partition 1: group billing has no committed offset; lag unknown')
    expect(f.topics[0]!.partitionCount).toBe(2)
    expect(f.topics[0]!.group).toBe('billing')
    expect(f.brokers.map((b) => b.id)).toEqual([1, 2])
  })

  it('keeps the group as DescribeGroups said, with each member’s decoded assignment (all topics)', () => {
    const g = snapshotToFacts(reading()).groups[0]!
    expect(g).toMatchObject({ groupId: 'billing', state: 'Stable', assignor: 'cooperative-sticky', protocol: 'classic' })
    expect(g.members[0]).toEqual({ memberId: 'm-1', clientId: 'c1', host: '/10.0.0.1', assignment: [{ topic: 'orders', partition: 0 }, { topic: 'other', partition: 3 }] })
  })

  it('records where each fact came from and how', () => {
    const f = snapshotToFacts(reading())
    expect(f.provenance['topics.orders.partitions.0.producedPerSec']).toEqual({ source: 'snapshot of k:9092', format: 'snapshot', how: 'derived', note: 'end offsets read twice 4.0 s apart' })
    expect(f.provenance['topics.orders.partitions.0.lag']).toMatchObject({ how: 'derived' })
    expect(f.provenance['topics.orders.partitions.1.leader']).toMatchObject({ how: 'measured' })
    expect(f.provenance['groups.billing.members']).toMatchObject({ how: 'measured' })
    expect(f.provenance['topics.orders.partitions.1.lag']).toBeUndefined()
  })

  it('says so when the group is rebalancing, an assignment cannot be read, or a log went back', () => {
    const r = reading()
    r.group!.state = 'PreparingRebalance'
    r.group!.members[1]!.assignment = new Uint8Array([0, 0, 0, 0, 0, 9])
    r.second.logEnd = new Map([[0, 50], [1, 90]])
    const f = snapshotToFacts(r)
    expect(f.notes.join('\n')).toMatch(/was PreparingRebalance when read, not Stable/)
    expect(f.notes.join('\n')).toMatch(/member m-2: assignment bytes not understood/)
    expect(f.notes.join('\n')).toMatch(/partition 0: log-end offset went back \(100 → 50\)/)
    expect(f.topics[0]!.partitions[0]).not.toHaveProperty('producedPerSec')
    expect(f.topics[0]!.partitions[1]).not.toHaveProperty('owner')
  })

  it('leaves group fields out without --group, and adds the key sample when records were read', () => {
    const f = snapshotToFacts(reading({ group: undefined as never, records: [{ partition: 0, key: bytes('k'), sizeBytes: 10 }] }))
    expect(f.groups).toEqual([])
    expect(f.topics[0]).not.toHaveProperty('group')
    expect(f.topics[0]!.partitions[0]).not.toHaveProperty('owner')
    expect(f.keySample).toEqual({ topic: 'orders', records: 1, keys: [{ key: 'k', count: 1, partitions: [0] }], meanRecordBytes: 10 })
    expect(f.provenance.keySample).toMatchObject({ how: 'derived' })
  })
})

describe('keySample', () => {
  it('counts keys, most frequent first, with the partitions each was seen on; null and binary keys kept apart', () => {
    const s = keySample('t', [
      { partition: 3, key: bytes('hot'), sizeBytes: 10 },
      { partition: 3, key: bytes('hot'), sizeBytes: 10 },
      { partition: 1, key: null, sizeBytes: 4 },
      { partition: 2, key: null, sizeBytes: 4 },
      { partition: 0, key: new Uint8Array([0xff, 0x00]), sizeBytes: 2 },
      { partition: 0, key: bytes('b'), sizeBytes: 10 },
    ])
    expect(s.keys).toEqual([
      { key: 'hot', count: 2, partitions: [3] },
      { key: null, count: 2, partitions: [1, 2] },
      { key: '0xff00', count: 1, partitions: [0] },
      { key: 'b', count: 1, partitions: [0] },
    ])
    expect(s.records).toBe(6)
    expect(s.meanRecordBytes).toBeCloseTo(40 / 6)
  })
})
