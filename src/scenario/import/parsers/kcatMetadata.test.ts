import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'

function read(name: string, text = fixture('kcat-metadata', name)): ClusterFacts {
  const r = parseImport(text, { format: 'kcat-metadata', source: name })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}

describe('kcat -L -J', () => {
  const raw = JSON.parse(fixture('kcat-metadata', 'metadata.json')) as {
    topics: Array<{ topic: string; partitions: Array<{ partition: number; leader: number; replicas: Array<{ id: number }>; isrs: Array<{ id: number }> }> }>
  }

  it('brokers with host and port, every partition with its leader, replicas and ISR as kcat printed them', () => {
    const f = read('metadata.json')
    expect(f.brokers).toEqual([
      { id: 0, host: 'kafka-0.internal', port: 9092 },
      { id: 1, host: 'kafka-1.internal', port: 9092 },
      { id: 2, host: 'kafka-2.internal', port: 9092 },
    ])
    for (const t of f.topics) {
      const src = raw.topics.find((x) => x.topic === t.name)!
      expect(t.partitionCount).toBe(src.partitions.length)
      expect(t.partitions.map((p) => [p.partition, p.leader, p.replicas, p.isr])).toEqual(
        src.partitions.map((p) => [p.partition, p.leader, p.replicas.map((r) => r.id), p.isrs.map((r) => r.id)]),
      )
    }
  })

  it('skips internal topics and says so', () => {
    const f = read('metadata.json')
    expect(f.topics.map((t) => t.name)).toEqual(['orders', 'payments'])
    expect(f.notes.join(' ')).toMatch(/1 internal topic/)
  })

  it('pretty-printed with CRLF; a partition without a leader (-1) has none, with a note', () => {
    const f = read('metadata-no-leader-pretty-crlf.json')
    const clicks = f.topics[0]!
    expect(clicks.partitions[1]!.leader).toBeUndefined()
    expect(clicks.partitions[1]!.isr).toEqual([])
    expect(f.notes).toContain('clicks-1 has no leader')
  })

  it('broken JSON names the line where it breaks', () => {
    const text = fixture('kcat-metadata', 'metadata-no-leader-pretty-crlf.json').replace('"leader": 1,', '"leader": 1,,')
    const r = parseImport(text, { format: 'kcat-metadata', source: 'p' })
    expect(r.ok).toBe(false)
    const want = text.split('\r\n').findIndex((l) => l.includes(',,')) + 1
    expect(!r.ok && r.line).toBe(want)
  })

  it('a negative replica id is refused', () => {
    const r = parseImport('{"brokers":[],"topics":[{"topic":"t","partitions":[{"partition":0,"leader":1,"replicas":[{"id":-4}],"isrs":[]}]}]}', {
      format: 'kcat-metadata',
      source: 'p',
    })
    expect(!r.ok && r.message).toMatch(/replica id -4/)
  })

  it('a key given twice is read as JSON reads it (the last) and named by its path, as a link’s is', () => {
    const text = fixture('kcat-metadata', 'metadata.json').replace('{"partition":1,"leader":1,', '{"partition":1,"leader":2,"leader":1,')
    const f = read('edited.json', text)
    expect(f.topics[0]!.partitions[1]!.leader).toBe(1)
    expect(f.notes).toContain('kcat -L -J output: topics[0].partitions[1].leader: given twice (JSON keeps the last value; the earlier one is ignored)')
    expect(read('metadata.json').notes.join(' ')).not.toMatch(/given twice/)
  })
})
