import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts, ImportedPartition } from '../types.ts'

function parse(text: string, source = 'p'): ClusterFacts {
  const r = parseImport(text, { format: 'prometheus', source })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}
const read = (name: string): ClusterFacts => parse(fixture('prometheus', name), name)
const parts = (f: ClusterFacts, topic = 'orders'): ImportedPartition[] => f.topics.find((t) => t.name === topic)!.partitions

describe('kafka_exporter metrics, one scrape', () => {
  it('reads the same offsets and lag as kafka-consumer-groups.sh printed for that cluster (Go exponent form included)', () => {
    const prom = parts(read('scrape-1.txt'))
    const cg = parseImport(fixture('consumer-groups', 'describe.txt'), { source: 'd' })
    if (!cg.ok) throw new Error(cg.message)
    const want = cg.facts.topics[0]!.partitions
    expect(prom.map((p) => [p.logEndOffset, p.committedOffset, p.lag])).toEqual(want.map((p) => [p.logEndOffset, p.committedOffset, p.lag]))
  })

  it('partition count, leaders, the group binding and the scrape time; no rates from one scrape', () => {
    const f = read('scrape-1.txt')
    const orders = f.topics[0]!
    expect(orders).toMatchObject({ name: 'orders', partitionCount: 6, group: 'orders-app' })
    expect(orders.partitions.map((p) => p.leader)).toEqual([0, 1, 2, 0, 1, 2])
    expect(orders.partitions.some((p) => p.producedPerSec !== undefined || p.consumedPerSec !== undefined)).toBe(false)
    expect(f.observedAtMs).toBe(Date.UTC(2026, 10, 30, 23, 10, 0))
    expect(f.groups.map((g) => g.groupId)).toEqual(['orders-app'])
  })

  it('CRLF and no scrape time: offsets still read, no observedAtMs', () => {
    const f = read('one-scrape-crlf.txt')
    expect(parts(f)[2]!.lag).toBe(parts(read('scrape-1.txt'))[2]!.lag)
    expect(f.observedAtMs).toBeUndefined()
  })
})

describe('kafka_exporter metrics, two scrapes', () => {
  it('pasted one after the other with `# scraped at`: per-partition rates over the interval, derived', () => {
    const a = parts(read('scrape-1.txt'))
    const b = parts(read('scrape-2.txt'))
    const both = read('two-scrapes.txt')
    const p = parts(both)
    const sec = (Date.UTC(2026, 10, 30, 23, 11) - Date.UTC(2026, 10, 30, 23, 10)) / 1000
    p.forEach((x, i) => {
      expect(x.producedPerSec).toBeCloseTo((b[i]!.logEndOffset! - a[i]!.logEndOffset!) / sec, 6)
      expect(x.consumedPerSec).toBeCloseTo((b[i]!.committedOffset! - a[i]!.committedOffset!) / sec, 6)
      // The latest scrape's readings are the ones kept.
      expect(x.logEndOffset).toBe(b[i]!.logEndOffset)
    })
    // The fixture's hot lane: partition 2 takes 460 records/s, the group commits 200/s there.
    expect(p[2]).toMatchObject({ producedPerSec: 460, consumedPerSec: 200 })
    expect(both.provenance['topics.orders.partitions.2.producedPerSec']).toEqual({
      source: 'two-scrapes.txt',
      format: 'prometheus',
      how: 'derived',
      note: '2 scrapes 60 s apart (log-end offset growth)',
    })
    expect(both.observedAtMs).toBe(Date.UTC(2026, 10, 30, 23, 11))
  })

  it('sample timestamps instead of comments; a negative lag dip reads as 0 with a note', () => {
    const f = read('two-scrapes-timestamps.txt')
    const p = parts(f)
    expect(p.map((x) => x.producedPerSec)).toEqual(parts(read('two-scrapes.txt')).map((x) => x.producedPerSec))
    expect(p[0]!.lag).toBe(0)
    expect(f.provenance['topics.orders.partitions.0.lag']!.note).toMatch(/-3 read as 0/)
    expect(f.provenance['topics.orders.partitions.0.producedPerSec']!.note).toMatch(/30 s apart/)
  })

  it('two scrapes without times: no rates, and a note says how to give times', () => {
    const text = fixture('prometheus', 'two-scrapes.txt').replace(/^# scraped at .*$/gm, '')
    const f = parse(text)
    expect(parts(f).every((x) => x.producedPerSec === undefined)).toBe(true)
    expect(f.notes.join(' ')).toMatch(/2 scrapes without times.*# scraped at/)
  })

  it('a second scrape that is not later than the first is an error naming its line', () => {
    const text = fixture('prometheus', 'two-scrapes.txt').replace('23:11:00Z', '23:09:00Z')
    const r = parseImport(text, { format: 'prometheus', source: 'p' })
    expect(r.ok).toBe(false)
    expect(!r.ok && r.message).toMatch(/not later/)
  })

  it('an offset that went backwards (topic recreated) gives no rate for that partition, with a note', () => {
    const s1 = fixture('prometheus', 'scrape-1.txt')
    const s2 = fixture('prometheus', 'scrape-2.txt').replace(
      /kafka_topic_partition_current_offset\{partition="4",topic="orders"\} \S+/,
      'kafka_topic_partition_current_offset{partition="4",topic="orders"} 12',
    )
    const f = parse(`${s1}\n${s2}`)
    expect(parts(f)[4]!.producedPerSec).toBeUndefined()
    expect(parts(f)[3]!.producedPerSec).toBe(100)
    expect(f.notes.join(' ')).toMatch(/went backwards/)
  })
})

describe('kafka_exporter metrics, bad input', () => {
  it('a line that is not a sample names its line', () => {
    const r = parseImport('# TYPE kafka_brokers gauge\nkafka_brokers 3\nthis is { not a metric\n', { format: 'prometheus', source: 'p' })
    expect(r).toMatchObject({ ok: false, line: 3 })
  })

  it('a fractional or negative offset is refused; a missing label is named', () => {
    const frac = parseImport('kafka_topic_partition_current_offset{partition="0",topic="t"} 1.5\n', { format: 'prometheus', source: 'p' })
    expect(!frac.ok && frac.message).toMatch(/not a whole number/)
    const neg = parseImport('kafka_topic_partition_current_offset{partition="0",topic="t"} -7\n', { format: 'prometheus', source: 'p' })
    expect(neg).toMatchObject({ ok: false, line: 1 })
    const nolabel = parseImport('kafka_consumergroup_lag{partition="0",topic="t"} 7\n', { format: 'prometheus', source: 'p' })
    expect(!nolabel.ok && nolabel.message).toMatch(/no 'consumergroup' label/)
  })

  it('a scrape with no kafka_exporter metrics at all is an error', () => {
    const r = parseImport('# HELP go_goroutines x\ngo_goroutines 21\n', { format: 'prometheus', source: 'p' })
    expect(!r.ok && r.message).toMatch(/no kafka_exporter metrics/)
  })
})
