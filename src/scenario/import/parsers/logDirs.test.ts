import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'

function read(name: string, text = fixture('log-dirs', name)): ClusterFacts {
  const r = parseImport(text, { format: 'log-dirs', source: name })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}

describe('kafka-log-dirs.sh --describe', () => {
  it('skips the two human lines; per partition the largest replica size; brokers listed', () => {
    const f = read('describe.txt')
    const orders = f.topics.find((t) => t.name === 'orders')!
    expect(orders.partitions.map((p) => [p.partition, p.sizeBytes])).toEqual([
      [0, 73400320],
      [1, 72900000],
      [2, 410452130],
    ])
    expect(f.provenance['topics.orders.partitions.0.sizeBytes']!.note).toBe('largest of 2 replicas')
    expect(f.brokers.map((b) => b.id)).toEqual([0, 1])
    expect(f.topics.map((t) => t.name)).toEqual(['orders'])
  })

  it("a topic name with dashes splits at the last '-'; future replicas skipped; a log dir error noted; CRLF", () => {
    const f = read('describe-dashed-topic-crlf.txt')
    expect(f.topics.map((t) => [t.name, t.partitions.map((p) => [p.partition, p.sizeBytes])])).toEqual([
      ['orders-eu-1', [[0, 5000], [11, 7000]]],
    ])
    expect(f.notes.join(' ')).toMatch(/KafkaStorageException/)
  })

  it('a broken JSON line is named with its own line number (line 3)', () => {
    const text = fixture('log-dirs', 'describe.txt').replace('"size":72900000', '"size":')
    const r = parseImport(text, { format: 'log-dirs', source: 'p' })
    expect(r).toMatchObject({ ok: false, line: 3 })
  })

  it('a negative size is refused', () => {
    const text = fixture('log-dirs', 'describe.txt').replace('"size":72900000', '"size":-5')
    const r = parseImport(text, { format: 'log-dirs', source: 'p' })
    expect(!r.ok && r.message).toMatch(/size of orders-1 -5/)
  })

  it('a key given twice is read as JSON reads it (the last) and named by its path', () => {
    const text = fixture('log-dirs', 'describe.txt').replace('"size":72900000', '"size":1,"size":72900000')
    expect(read('edited.txt', text).notes).toContain('the log-dirs JSON: brokers[1].logDirs[0].partitions[1].size: given twice (JSON keeps the last value; the earlier one is ignored)')
  })
})
