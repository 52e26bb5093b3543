import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'
import { fitZipf } from './kcatRecords.ts'

function parse(text: string, source = 'p'): ClusterFacts {
  const r = parseImport(text, { format: 'kcat-records', source })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}

describe('kcat -C -J record sample', () => {
  const text = fixture('kcat-records', 'orders-sample.jsonl')
  const records = text.trim().split('\n').map((l) => JSON.parse(l) as { partition: number; key: string | null; payload: string | null })

  it('counts every record once, keys sorted by count, keyless records under null', () => {
    const ks = parse(text, 'sample').keySample!
    expect(ks.topic).toBe('orders')
    expect(ks.records).toBe(records.length)
    expect(ks.keys.reduce((s, k) => s + k.count, 0)).toBe(records.length)
    for (let i = 1; i < ks.keys.length; i++) expect(ks.keys[i - 1]!.count).toBeGreaterThanOrEqual(ks.keys[i]!.count)
    const hot = ks.keys[0]!
    expect(hot.key).toBe('tenant-42')
    expect(hot.count).toBe(records.filter((r) => r.key === 'tenant-42').length)
    expect(hot.partitions).toEqual([...new Set(records.filter((r) => r.key === 'tenant-42').map((r) => r.partition))])
    const none = ks.keys.find((k) => k.key === null)!
    expect(none.count).toBe(records.filter((r) => r.key === null).length)
    expect(none.partitions.length).toBeGreaterThan(1)
  })

  it('mean record size is the UTF-8 bytes of key + payload', () => {
    const bytes = records.reduce((s, r) => s + Buffer.byteLength(r.key ?? '') + Buffer.byteLength(r.payload ?? ''), 0)
    expect(parse(text).keySample!.meanRecordBytes).toBeCloseTo(bytes / records.length, 1)
  })

  it('the key sample is derived, with its size in the note', () => {
    const f = parse(text, 'sample')
    expect(f.provenance.keySample).toMatchObject({ source: 'sample', how: 'derived', format: 'kcat-records' })
    expect(f.provenance.keySample!.note).toMatch(new RegExp(`^${records.length} records`))
  })

  it('CRLF, kcat’s "% Reached end" lines and a second topic: only the first topic counted, with a note', () => {
    const f = parse(fixture('kcat-records', 'mixed-topics-crlf.jsonl'))
    expect(f.keySample!.records).toBe(40)
    expect(f.notes.join(' ')).toMatch(/1 records of 1 other topic/)
  })

  it('a key on several partitions is noted (salting or a custom partitioner)', () => {
    const lines = [
      '{"topic":"t","partition":0,"offset":1,"key":"a","payload":"x"}',
      '{"topic":"t","partition":1,"offset":1,"key":"a","payload":"x"}',
    ]
    const f = parse(lines.join('\n'))
    expect(f.keySample!.keys).toEqual([{ key: 'a', count: 2, partitions: [0, 1] }])
    expect(f.notes.join(' ')).toMatch(/more than one partition/)
  })

  it('keys kcat decoded from Avro (JSON values) are counted by their JSON text, with a note', () => {
    const lines = [
      '{"topic":"t","partition":3,"offset":1,"key":{"tenant":42},"payload":null}',
      '{"topic":"t","partition":3,"offset":2,"key":{"tenant":42},"payload":null}',
      '{"topic":"t","partition":1,"offset":1,"key":7,"payload":null}',
    ]
    const f = parse(lines.join('\n'))
    expect(f.keySample!.keys).toEqual([
      { key: '{"tenant":42}', count: 2, partitions: [3] },
      { key: '7', count: 1, partitions: [1] },
    ])
    expect(f.notes.join(' ')).toMatch(/3 record key\(s\) were decoded JSON/)
  })

  it('names the line of a record that is not JSON, has a fractional offset or a negative partition', () => {
    const ok = '{"topic":"t","partition":0,"offset":1,"key":"a","payload":"x"}'
    const cases: Array<[string, RegExp]> = [
      ['{"topic":"t","partition":0', /not valid JSON/],
      ['{"topic":"t","partition":0,"offset":1.5,"key":"a","payload":"x"}', /offset 1.5/],
      ['{"topic":"t","partition":-1,"offset":1,"key":"a","payload":"x"}', /partition -1/],
      ['{"topic":"t","partition":0,"offset":1,"payload":"x"}', /no "key"/],
    ]
    for (const [bad, msg] of cases) {
      const r = parseImport(`${ok}\n${ok}\n${bad}\n`, { format: 'kcat-records', source: 'p' })
      expect(r).toMatchObject({ ok: false, line: 3 })
      expect(!r.ok && r.message).toMatch(msg)
    }
  })

  it('fits the Zipf exponent of the keyed counts: a sample drawn with s = 1.2 fits 1.2, uniform keys fit ~0', () => {
    const lines: string[] = []
    for (let r = 1; r <= 60; r++) {
      const n = Math.round(5000 / r ** 1.2)
      for (let i = 0; i < n; i++) lines.push(`{"topic":"t","partition":${r % 6},"offset":${i},"key":"k${r}","payload":null}`)
    }
    expect(parse(lines.join('\n')).keySample!.zipfExponent).toBeCloseTo(1.2, 1)
    expect(fitZipf([50, 50, 50, 50])).toBe(0)
    expect(fitZipf([9, 3])).toBeUndefined()
  })

  it('a key given twice in a record is read as JSON reads it (the last) and named with its line', () => {
    const ok = '{"topic":"t","partition":0,"offset":1,"key":"a","payload":"x"}'
    const f = parse(`${ok}\n{"topic":"t","partition":0,"offset":2,"key":"a","key":"b","payload":"x"}\n`)
    expect(f.keySample?.keys.map((k) => k.key).sort()).toEqual(['a', 'b'])
    expect(f.notes).toContain('line 2: key: given twice (JSON keeps the last value; the earlier one is ignored)')
  })
})
