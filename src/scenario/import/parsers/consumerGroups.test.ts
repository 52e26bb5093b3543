import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts, ParseResult } from '../types.ts'

function facts(r: ParseResult): ClusterFacts {
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}
const read = (name: string): ClusterFacts => facts(parseImport(fixture('consumer-groups', name), { format: 'consumer-groups', source: name }))

describe('kafka-consumer-groups.sh --describe (offsets)', () => {
  it('reads every partition with lag = log-end − committed, as Kafka prints it', () => {
    const f = read('describe.txt')
    const orders = f.topics.find((t) => t.name === 'orders')!
    expect(orders.partitions.map((p) => p.partition)).toEqual([0, 1, 2, 3, 4, 5])
    for (const p of orders.partitions) expect(p.lag).toBe(p.logEndOffset! - p.committedOffset!)
    // The hot lane of the fixture: partition 2 lags 1 201 750 records.
    expect(orders.partitions[2]).toMatchObject({ committedOffset: 5530120, logEndOffset: 6731870, lag: 1201750 })
    expect(orders.group).toBe('orders-app')
    expect(f.provenance['topics.orders.partitions.2.lag']).toEqual({ source: 'describe.txt', format: 'consumer-groups', how: 'measured' })
  })

  it('builds the members from CONSUMER-ID/HOST/CLIENT-ID, each owning the partitions printed against it', () => {
    const f = read('describe.txt')
    const g = f.groups.find((x) => x.groupId === 'orders-app')!
    expect(g.members).toHaveLength(3)
    const owned = g.members.flatMap((m) => m.assignment.map((a) => a.partition)).sort()
    expect(owned).toEqual([0, 1, 2, 3, 4, 5])
    for (const p of f.topics[0]!.partitions) {
      const m = g.members.find((x) => x.memberId === p.owner)!
      expect(m.assignment).toContainEqual({ topic: 'orders', partition: p.partition })
    }
    expect(g.members[1]).toMatchObject({ host: '10.20.1.12', clientId: 'consumer-2' })
  })

  it('--verbose: LEADER-EPOCH does not shift the other columns; several groups each bind their topic', () => {
    const f = read('describe-verbose-two-groups.txt')
    const pay = f.topics.find((t) => t.name === 'payments')!
    expect(pay.group).toBe('billing')
    expect(pay.partitions[1]).toMatchObject({ committedOffset: 87990, logEndOffset: 88004, lag: 14, owner: 'billing-0-5e6f' })
    // '-' for a partition the group never committed: unknown, not zero, and no owner.
    expect(pay.partitions[2]).toEqual({ partition: 2, logEndOffset: 1500 })
    expect(f.topics.find((t) => t.name === 'orders')!.group).toBe('orders-app')
    expect(f.groups.map((g) => g.groupId)).toEqual(['billing', 'orders-app'])
  })

  it("an empty group: the stderr line sets state Empty, rows with '-' consumers have no owner", () => {
    const f = read('describe-empty-group.txt')
    expect(f.groups).toEqual([{ groupId: 'etl', state: 'Empty', members: [] }])
    const clicks = f.topics[0]!
    expect(clicks.partitions.every((p) => p.owner === undefined)).toBe(true)
    expect(clicks.partitions[0]!.lag).toBe(570)
    expect(f.notes.join(' ')).toMatch(/no active members/)
  })

  it('wide columns, CRLF, a shell prompt, a client id with a space and a member without partitions', () => {
    const f = read('describe-wide-crlf.txt')
    const g = f.groups[0]!
    expect(g.groupId).toBe('analytics.pipeline.enrichment-v2')
    const [a, b] = g.members
    expect(a!.clientId).toBe('enricher a')
    expect(a!.assignment).toHaveLength(2)
    expect(b).toMatchObject({ memberId: 'enricher-b-idle-9f8e7d6c', assignment: [] })
    expect(f.topics.map((t) => t.name)).toEqual(['events.enriched.eu-west-1.v2'])
    expect(f.notes.join(' ')).toMatch(/rebalancing/)
  })

  it('one group reading two topics: both bound to it, one member owning partitions of each', () => {
    const f = read('describe-two-topics.txt')
    expect(f.topics.map((t) => [t.name, t.group, t.partitions.map((p) => p.partition)])).toEqual([
      ['orders', 'orders-app', [0, 1]],
      ['billing', 'orders-app', [0, 3]],
    ])
    expect(f.groups[0]!.members[0]!.assignment).toEqual([
      { topic: 'orders', partition: 0 },
      { topic: 'billing', partition: 3 },
    ])
  })

  it('a paste with tabs for spaces reads the same as the original', () => {
    const a = read('describe.txt')
    const b = read('describe-tabs.txt')
    expect(b.topics).toEqual(a.topics)
    expect(b.groups).toEqual(a.groups)
  })

  it('before Kafka 2.0 (no GROUP column) the group gets a name and a note says why', () => {
    const f = read('describe-pre-2.0.txt')
    expect(f.groups[0]!.groupId).toBe('group')
    expect(f.topics[0]!.partitions[1]).toMatchObject({ committedOffset: 5, logEndOffset: 9, lag: 4 })
    expect(f.notes[0]).toMatch(/no GROUP column/)
  })

  it('a topic read by two groups keeps the first group’s offsets and says so', () => {
    const one = fixture('consumer-groups', 'describe.txt')
    const text = one + one.replace(/orders-app /g, 'audit-app  ').replace(/consumer-(\d)-/g, 'auditor-$1-')
    const f = facts(parseImport(text, { format: 'consumer-groups', source: 'p' }))
    expect(f.topics).toHaveLength(1)
    expect(f.topics[0]!.group).toBe('orders-app')
    expect(f.topics[0]!.partitions[2]!.owner).toMatch(/^consumer-2-/)
    expect(f.groups.map((g) => g.groupId)).toEqual(['orders-app', 'audit-app'])
    expect(f.notes.join(' ')).toMatch(/also read by group 'audit-app'/)
  })

  it('--all-groups with an Empty group printed first: the running group keeps the topic, not the idle one', () => {
    // ConsumerGroupCommand prints groups in the broker's listing order; an old app's Empty group
    // (no members, rows with '-' consumers) coming first must not stand in for the group that runs.
    const one = fixture('consumer-groups', 'describe.txt')
    const idle = [
      "Consumer group 'orders-replay' has no active members.",
      '',
      'GROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID',
      'orders-replay   orders          0          100             6731870         6731770         -               -               -',
      'orders-replay   orders          1          100             6731870         6731770         -               -               -',
      '',
    ].join('\n')
    const f = facts(parseImport(idle + one, { format: 'consumer-groups', source: 'p' }))
    const orders = f.topics[0]!
    expect(orders.group).toBe('orders-app')
    expect(orders.partitions[2]).toMatchObject({ committedOffset: 5530120, lag: 1201750, owner: expect.stringMatching(/^consumer-2-/) })
    expect(orders.partitions[0]!.lag).not.toBe(6731770)
    expect(f.groups.find((g) => g.groupId === 'orders-app')!.members.flatMap((m) => m.assignment)).toHaveLength(6)
    expect(f.groups.find((g) => g.groupId === 'orders-replay')).toMatchObject({ state: 'Empty', members: [] })
    expect(f.notes.join(' ')).toMatch(/also read by group 'orders-replay'; its offsets are not used \(group 'orders-app' is: the first group printed with members on it\)/)
  })

  it('names the line of a row with too few columns or a value that is not a count', () => {
    const text = fixture('consumer-groups', 'describe.txt').split('\n')
    const short = [...text]
    short[4] = 'orders-app orders 2 5530120'
    const r1 = parseImport(short.join('\n'), { format: 'consumer-groups', source: 'p' })
    expect(r1).toMatchObject({ ok: false, format: 'consumer-groups', line: 5 })
    expect(!r1.ok && r1.message).toMatch(/expected 9 columns/)
    const bad = [...text]
    bad[3] = bad[3]!.replace('1198004', '11980x4')
    const r2 = parseImport(bad.join('\n'), { format: 'consumer-groups', source: 'p' })
    expect(r2).toMatchObject({ ok: false, line: 4 })
    expect(!r2.ok && r2.message).toMatch(/CURRENT-OFFSET '11980x4'/)
  })

  it('other Error:/Warning: lines the tool prints become notes, the tables around them still read', () => {
    const text = `Error: Executing consumer group command failed due to org.apache.kafka.common.errors.TimeoutException\n${fixture('consumer-groups', 'describe.txt')}`
    const r = parseImport(text, { format: 'consumer-groups', source: 'p' })
    expect(r.ok && r.facts.notes[0]).toMatch(/^the tool printed: Error: Executing consumer group command failed/)
    expect(r.ok && r.facts.topics[0]!.partitions).toHaveLength(6)
  })

  it('only an error from the tool: not a result, and the error is quoted', () => {
    const r = parseImport('Error: Executing consumer group command failed due to TimeoutException\n', { format: 'consumer-groups', source: 'p' })
    expect(r).toMatchObject({ ok: false, line: 1 })
    expect(!r.ok && r.message).toMatch(/table found \(the tool printed: Error: Executing/)
  })

  it('rows before any header are an error naming the first of them', () => {
    const r = parseImport('\n\norders-app orders 0 1 2 1 - - -\n', { format: 'consumer-groups', source: 'p' })
    expect(r).toMatchObject({ ok: false, line: 3 })
  })
})
