import { describe, expect, it } from 'vitest'
import { fixture } from '../../../../test/fixtures/import/fixture.ts'
import { guessFormat } from '../detect.ts'
import { parseImport } from '../parse.ts'
import type { ClusterFacts } from '../types.ts'

function read(name: string, text = fixture('topics', name)): ClusterFacts {
  const r = parseImport(text, { source: name })
  if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
  expect(r.format).toBe('topics')
  return r.facts
}

function fails(text: string): { line: number; message: string } {
  const r = parseImport(text, { format: 'topics', source: 'paste' })
  if (r.ok) throw new Error('read a paste it should refuse')
  return { line: r.line, message: r.message }
}

describe('kafka-topics.sh --describe', () => {
  it('is guessed from its own lines, in the tab layout of today and the spaced one of Kafka 2', () => {
    expect(guessFormat(fixture('topics', 'describe.txt'))).toBe('topics')
    expect(guessFormat(fixture('topics', 'describe-old-spaces-crlf.txt'))).toBe('topics')
    // Partition lines alone (--under-replicated-partitions prints no topic line).
    expect(guessFormat('\tTopic: orders\tPartition: 2\tLeader: 2\tReplicas: 2,0,1\tIsr: 2,0\n')).toBe('topics')
  })

  it('every partition with its leader, replicas and ISR; the topic\'s count, replication factor and min.insync.replicas', () => {
    const f = read('describe.txt')
    expect(f.topics.map((t) => t.name)).toEqual(['orders', 'payments'])
    const orders = f.topics[0]!
    expect(orders).toMatchObject({ partitionCount: 6, replicationFactor: 3, minInsyncReplicas: 2 })
    expect(orders.partitions.map((p) => [p.partition, p.leader, p.replicas, p.isr])).toEqual([
      [0, 0, [0, 1, 2], [0, 1, 2]],
      [1, 1, [1, 2, 0], [1, 2, 0]],
      [2, 2, [2, 0, 1], [2, 0]],
      [3, 0, [0, 2, 1], [0, 2, 1]],
      [4, 1, [1, 0, 2], [1, 0, 2]],
      [5, 2, [2, 1, 0], [2, 1, 0]],
    ])
    // min.insync.replicas not among the Configs: not made up.
    expect(f.topics[1]).toMatchObject({ partitionCount: 3, replicationFactor: 2 })
    expect(f.topics[1]!.minInsyncReplicas).toBeUndefined()
    expect(f.topics[1]!.partitions[1]!.leader).toBeUndefined()
    expect(f.notes).toContain('payments-1 has no leader')
    expect(f.notes.join(' ')).toMatch(/1 internal topic\(s\) \(__consumer_offsets\) skipped/)
    expect(f.brokers.map((b) => b.id)).toEqual([0, 1, 2])
    expect(f.provenance['topics.orders.minInsyncReplicas']).toMatchObject({ source: 'describe.txt', format: 'topics', how: 'measured' })
  })

  it('Kafka 2 layout pasted from a terminal (no space after the label, spaces for tabs, CRLF) and a reassignment in flight', () => {
    const f = read('describe-old-spaces-crlf.txt')
    const t = f.topics[0]!
    expect(t).toMatchObject({ name: 'orders', partitionCount: 6, replicationFactor: 3, minInsyncReplicas: 2 })
    expect(t.partitions[0]).toMatchObject({ leader: 0, replicas: [0, 1, 2, 3], isr: [0, 1, 2] })
    // The broker being added is a broker of the cluster.
    expect(f.brokers.map((b) => b.id)).toEqual([0, 1, 2, 3])
  })

  it('a cut line, a stranger\'s line or the tool\'s error: one message naming the line and the field', () => {
    const text = fixture('topics', 'describe.txt').split('\n')
    const cut = [...text.slice(0, 5), text[5]!.slice(0, text[5]!.indexOf('Isr:'))].join('\n')
    expect(fails(cut)).toEqual({ line: 6, message: expect.stringMatching(/^topic 'orders' partition line has no 'Isr:' \(cut short\?\)/) })
    // The line is quoted with its tabs as spaces (they were '?': 'orders?Partition: 1').
    expect(fails(cut).message).toBe("topic 'orders' partition line has no 'Isr:' (cut short?): 'Topic: orders Partition: 1 Leader: 1 Replicas: 1,2,0'")
    expect(fails([...text.slice(0, 4), 'user@host:~$ ', ''].join('\n'))).toMatchObject({ line: 5 })
    expect(fails([...text.slice(0, 4), 'Leader: 2 Replicas: 1'].join('\n')).message).toBe("expected a line 'Topic: NAME …' as kafka-topics.sh --describe prints, found 'Leader: 2 Replicas: 1'")
    expect(fails('\tTopic: orders\tPartition: 0\tLeader: 0\tReplicas: 0,x\tIsr: 0\n')).toEqual({ line: 1, message: "replica id 'x' is not a non-negative whole number" })
    expect(fails("Error: Topic 'ordres' does not exist as expected\n")).toEqual({
      line: 1,
      message: "no 'Topic: …' lines found (kafka-topics.sh --describe prints one per topic and partition) (the tool printed: Error: Topic 'ordres' does not exist as expected)",
    })
  })
})
