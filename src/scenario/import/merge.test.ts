import { describe, expect, it } from 'vitest'
import { fixture } from '../../../test/fixtures/import/fixture.ts'
import { mergeFacts } from './merge.ts'
import { parseImport } from './parse.ts'
import type { ClusterFacts, ImportFormat } from './types.ts'

function read(format: ImportFormat, name: string, source = name, text = fixture(format, name)): ClusterFacts {
  const r = parseImport(text, { format, source })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}
const orders = (f: ClusterFacts) => f.topics.find((t) => t.name === 'orders')!

describe('mergeFacts', () => {
  it('two scrapes pasted separately give the rates one paste with both gives', () => {
    const merged = mergeFacts([read('prometheus', 'scrape-1.txt', 'paste 1'), read('prometheus', 'scrape-2.txt', 'paste 2')])
    const together = read('prometheus', 'two-scrapes.txt')
    expect(orders(merged).partitions.map((p) => [p.producedPerSec, p.consumedPerSec])).toEqual(
      orders(together).partitions.map((p) => [p.producedPerSec, p.consumedPerSec]),
    )
    expect(merged.provenance['topics.orders.partitions.2.producedPerSec']).toEqual({
      source: 'paste 1 + paste 2',
      format: 'prometheus',
      how: 'derived',
      note: 'logEndOffset read in paste 1 and paste 2, 60 s apart',
    })
    // The later paste's offsets are the ones kept, and their provenance says so.
    expect(orders(merged).partitions[2]!.logEndOffset).toBe(orders(read('prometheus', 'scrape-2.txt')).partitions[2]!.logEndOffset)
    expect(merged.provenance['topics.orders.partitions.2.logEndOffset']!.source).toBe('paste 2')
    expect(merged.notes.join(' ')).toMatch(/producedPerSec of 6 partition\(s\) derived from two pastes 60 s apart/)
  })

  it('pastes in either order give the same rates (earliest to latest reading)', () => {
    const a = read('prometheus', 'scrape-1.txt', 'paste 1')
    const b = read('prometheus', 'scrape-2.txt', 'paste 2')
    const ab = orders(mergeFacts([a, b])).partitions.map((p) => p.producedPerSec)
    const ba = orders(mergeFacts([b, a])).partitions.map((p) => p.producedPerSec)
    expect(ba).toEqual(ab)
  })

  it('shape from one paste, rates from another, members from a third: each fact keeps its source', () => {
    const merged = mergeFacts([
      read('kcat-metadata', 'metadata.json', 'metadata'),
      read('prometheus', 'two-scrapes.txt', 'scrapes'),
      read('consumer-groups-members', 'members-verbose.txt', 'members'),
    ])
    const p2 = orders(merged).partitions[2]!
    expect(p2.replicas).toHaveLength(3)
    expect(p2.producedPerSec).toBe(460)
    expect(p2.owner).toMatch(/^consumer-2-/)
    expect(merged.provenance['topics.orders.partitions.2.replicas']!.source).toBe('metadata')
    expect(merged.provenance['topics.orders.partitions.2.producedPerSec']).toMatchObject({ source: 'scrapes', how: 'derived' })
    expect(merged.provenance['topics.orders.partitions.2.owner']!.source).toBe('members')
    expect(merged.brokers.map((b) => b.id)).toEqual([0, 1, 2])
    expect(merged.groups.find((g) => g.groupId === 'orders-app')!.members).toHaveLength(4)
    // Notes of several pastes name the paste they came from.
    expect(merged.notes.some((n) => n.startsWith('metadata: '))).toBe(true)
  })

  it('on a conflict the later paste wins and one note per field and topic says so', () => {
    const a = read('consumer-groups', 'describe.txt', 'describe')
    const b = read('prometheus', 'scrape-2.txt', 'scrape')
    const merged = mergeFacts([a, b])
    expect(orders(merged).partitions[0]!.lag).toBe(orders(b).partitions[0]!.lag)
    const lagNotes = merged.notes.filter((n) => n.startsWith("lag of topic 'orders'"))
    // Lag moved only on the hot partition (produced 460/s, consumed 200/s); the rest kept pace.
    expect(lagNotes).toEqual(["lag of topic 'orders': scrape replaces an earlier paste (1 partition; the later paste wins)"])
  })

  it('a different partition count is noted and the later one used', () => {
    const a = read('prometheus', 'scrape-1.txt', 'a')
    const b = read('prometheus', 'scrape-1.txt', 'b', fixture('prometheus', 'scrape-1.txt').replace('kafka_topic_partitions{topic="orders"} 6', 'kafka_topic_partitions{topic="orders"} 12'))
    const m = mergeFacts([a, b])
    expect(orders(m).partitionCount).toBe(12)
    expect(m.notes.join(' ')).toMatch(/b says 12 partitions, an earlier paste 6; 12 is used/)
  })

  it("a later paste about another group drops the earlier group's offsets, lag and owners for that topic", () => {
    const a = read('consumer-groups', 'describe.txt', 'first')
    const other = fixture('consumer-groups', 'describe.txt').replace(/orders-app /g, 'audit-app  ').replace(/^(audit-app\s+orders\s+\d+\s+)\d+(\s+\d+\s+)\d+/gm, '$1-$2-')
    const b = read('consumer-groups', 'x', 'second', other)
    const m = mergeFacts([a, b])
    const t = orders(m)
    expect(t.group).toBe('audit-app')
    // The second group never committed ('-'): nothing of the first group's may remain.
    expect(t.partitions.every((p) => p.committedOffset === undefined && p.lag === undefined)).toBe(true)
    expect(t.partitions[2]!.owner).toMatch(/^consumer-2-/)
    expect(m.provenance['topics.orders.partitions.2.owner']!.source).toBe('second')
    expect(m.provenance['topics.orders.partitions.2.lag']).toBeUndefined()
    expect(m.notes.join(' ')).toMatch(/shows group 'audit-app'; group 'orders-app' from an earlier paste is dropped/)
  })

  it('keeps the key sample and one list of facts from a single paste unchanged', () => {
    const ks = read('kcat-records', 'orders-sample.jsonl', 'sample')
    const m = mergeFacts([ks])
    expect(m.keySample).toEqual(ks.keySample)
    expect(m.provenance.keySample).toEqual(ks.provenance.keySample)
    const d = read('consumer-groups', 'describe.txt')
    const md = mergeFacts([d])
    expect(md.topics).toEqual(d.topics)
    expect(md.groups).toEqual(d.groups)
    expect(md.notes).toEqual(d.notes)
  })
})
