import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'

function read(text: string): ClusterFacts {
  const r = parseImport(text, { source: 'kcat.txt' })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  expect(r.format).toBe('kcat-metadata')
  return r.facts
}

// metadata.txt is metadata.json as kcat.c's metadata_print writes it (the same cluster).
describe('kcat -L (lines, without -J)', () => {
  it('is recognised unasked and gives the facts -J gives: brokers, partitions, leaders, replicas and ISRs (it was "not recognised … read as consumer-groups")', () => {
    const text = read(fixture('kcat-metadata', 'metadata.txt'))
    const json = read(fixture('kcat-metadata', 'metadata.json'))
    expect(text.brokers).toEqual(json.brokers)
    expect(text.topics).toEqual(json.topics)
    expect(text.notes).toEqual(['1 internal topic(s) (__consumer_offsets …) skipped'])
  })

  it('pasted without its first line, with CRLF, a shell prompt and kcat’s own stderr: the same facts, the error a note', () => {
    const lines = fixture('kcat-metadata', 'metadata.txt').split('\n').slice(1)
    const text = ['$ kcat -b kafka-1:9092 -L', '% WARNING: a kcat warning', ...lines].join('\r\n')
    const f = read(text)
    expect(f.topics).toEqual(read(fixture('kcat-metadata', 'metadata.txt')).topics)
    expect(f.notes).toContain('kcat printed: % WARNING: a kcat warning')
  })

  it('a partition without a leader (-1) and with an error has no leader, a note each; a topic error is a note', () => {
    const f = read(
      [
        'Metadata for orders (from broker 2: kafka-2:9092/2):',
        ' 1 brokers:',
        '  broker 2 at kafka-2:9092',
        ' 1 topics:',
        '  topic "orders" with 2 partitions: Broker: Leader not available (try again)',
        '    partition 0, leader -1, replicas: 1,2, isrs: , Broker: Leader not available',
        '    partition 1, leader 2, replicas: 2,1, isrs: 2',
      ].join('\n'),
    )
    const [p0, p1] = f.topics[0]!.partitions
    expect(p0).toEqual({ partition: 0, replicas: [1, 2], isr: [] })
    expect(p1).toEqual({ partition: 1, leader: 2, replicas: [2, 1], isr: [2] })
    expect(f.notes).toEqual(["topic 'orders': Broker: Leader not available (try again)", 'orders-0 has no leader', 'orders-0: Broker: Leader not available'])
  })

  it('a line cut short is refused naming its line, quoted', () => {
    const text = fixture('kcat-metadata', 'metadata.txt').replace('    partition 3, leader 0, replicas: 0,1,2, isrs: 0,1,2', '    partition 3, leader 0, repl')
    const r = parseImport(text, { source: 'kcat.txt' })
    expect(r).toEqual({
      ok: false,
      format: 'kcat-metadata',
      line: 11,
      message: "expected a kcat -L line ('broker N at HOST:PORT', 'topic \"NAME\" with N partitions:' or 'partition P, leader L, replicas: …, isrs: …') (cut short?), found 'partition 3, leader 0, repl'",
    })
  })
})
