import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'

function read(name: string, text = fixture('burrow', name)): ClusterFacts {
  const r = parseImport(text, { format: 'burrow', source: name })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  return r.facts
}

interface Off {
  offset: number
  timestamp: number
  lag: number
}
const raw = JSON.parse(fixture('burrow', 'lag.json')) as {
  status: { partitions: Array<{ partition: number; start: Off; end: Off; current_lag: number; owner: string; client_id: string }> }
}

describe('Burrow consumer lag', () => {
  it('lag, last commit and the log end (commit + its lag) per partition', () => {
    const f = read('lag.json')
    const t = f.topics[0]!
    expect(t).toMatchObject({ name: 'orders', group: 'orders-app' })
    t.partitions.forEach((p, i) => {
      const src = raw.status.partitions[i]!
      expect(p).toMatchObject({ lag: src.current_lag, committedOffset: src.end.offset, logEndOffset: src.end.offset + src.end.lag })
    })
    expect(f.provenance['topics.orders.partitions.0.logEndOffset']).toMatchObject({ how: 'derived' })
  })

  it('rates from Burrow’s commit window agree with the two kafka_exporter scrapes of the same minute', () => {
    const b = read('lag.json').topics[0]!.partitions
    const r = parseImport(fixture('prometheus', 'two-scrapes.txt'), { source: 'p' })
    if (!r.ok) throw new Error(r.message)
    const prom = r.facts.topics[0]!.partitions
    expect(b.map((p) => [p.producedPerSec, p.consumedPerSec])).toEqual(prom.map((p) => [p.producedPerSec, p.consumedPerSec]))
  })

  it('owners become members named by client id, with their host', () => {
    const g = read('lag.json').groups[0]!
    expect(g.members.map((m) => [m.memberId, m.host, m.assignment.length])).toEqual([
      ['consumer-1', '10.20.1.11', 2],
      ['consumer-2', '10.20.1.12', 2],
      ['consumer-3', '10.20.1.13', 2],
    ])
  })

  it('a stopped group with null start/end: lag only, no rates, no members', () => {
    const f = read('lag-stopped-nulls.json')
    expect(f.topics[0]!.partitions[0]).toEqual({ partition: 0, lag: 0 })
    expect(f.topics[0]!.partitions[1]!.consumedPerSec).toBe(0)
    expect(f.groups[0]!.members).toEqual([])
    expect(f.notes.join(' ')).toMatch(/STOP/)
  })

  it('an error response or another endpoint is refused in words', () => {
    const e = parseImport('{"error":true,"message":"cluster or consumer not found","request":{}}', { format: 'burrow', source: 'p' })
    expect(!e.ok && e.message).toMatch(/Burrow answered an error: cluster or consumer not found/)
    const other = parseImport('{"error":false,"message":"consumer list returned","consumers":["a"]}', { format: 'burrow', source: 'p' })
    expect(!other.ok && other.message).toMatch(/\/consumer\/<group>\/lag/)
  })

  it('a key given twice is read as JSON reads it (the last) and named by its path, as a link’s is', () => {
    const text = fixture('burrow', 'lag.json').replace('"current_lag": 80,', '"current_lag": 5000, "current_lag": 80,')
    const f = read('edited.json', text)
    expect(f.topics[0]!.partitions[0]!.lag).toBe(80)
    expect(f.notes).toContain('the Burrow response: status.partitions[0].current_lag: given twice (JSON keeps the last value; the earlier one is ignored)')
    // A stranger's key is shown, not run: control and bidi characters as '?'.
    const odd = read('odd.json', fixture('burrow', 'lag.json').replace('"error": false,', '"a\\u202eb": 1, "a\\u202eb": 2, "error": false,'))
    expect(odd.notes).toContain('the Burrow response: ["a?b"]: given twice (JSON keeps the last value; the earlier one is ignored)')
  })
})
