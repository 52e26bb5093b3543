// Round trip against Kafka's own layout: rows printed the way ConsumerGroupCommand.printOffsets /
// getAssignmentString print them (widths from the longest value, '-' for missing) read back to the
// same facts, for arbitrary ids, offsets and missing values.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseImport } from '../parse.ts'
import { readAssignment } from './consumerGroupsMembers.ts'

const id = fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,40}$/)
const optCount = fc.option(fc.nat({ max: 2 ** 40 }), { nil: undefined })
const member = fc.record({ id, host: id.map((h) => `/${h}`), client: fc.stringMatching(/^[a-z][a-z0-9 -]{0,20}[a-z0-9]$/) })
const row = fc.record({
  topic: fc.constantFrom('orders', 'billing', 'events.enriched.eu-west-1.v2'),
  partition: fc.nat({ max: 500 }),
  committed: optCount,
  logEnd: optCount,
  /** Index into the group's members, or none ('-': a partition no member owns). */
  member: fc.option(fc.nat({ max: 4 }), { nil: undefined }),
})
/** A group's rows with their owners resolved: one member, one host and client id (as in Kafka). */
const table = fc
  .tuple(
    fc.uniqueArray(member, { minLength: 5, maxLength: 5, selector: (m) => m.id }),
    fc.uniqueArray(row, { minLength: 1, maxLength: 30, selector: (r) => `${r.topic}:${r.partition}` }),
  )
  .map(([members, rows]) => rows.map(({ member: i, ...r }) => ({ ...r, consumer: i === undefined ? undefined : members[i]! })))

type Row = typeof table extends fc.Arbitrary<Array<infer T>> ? T : never

/** printOffsetFormat: `%-Gs %-Ts %-10s %-15s %-15s %-15s %-Cs %-Hs %s`, widths at least 15. */
function print(group: string, rows: Row[], verbose: boolean): string {
  const cell = (v: number | undefined): string => (v === undefined ? '-' : String(v))
  const lines = rows.map((r) => {
    const lag = r.committed !== undefined && r.logEnd !== undefined ? cell(r.logEnd - r.committed) : '-'
    return [group, r.topic, String(r.partition), ...(verbose ? ['4'] : []), cell(r.committed), cell(r.logEnd), lag, r.consumer?.id ?? '-', r.consumer?.host ?? '-', r.consumer?.client ?? '-']
  })
  const head = ['GROUP', 'TOPIC', 'PARTITION', ...(verbose ? ['LEADER-EPOCH'] : []), 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'CONSUMER-ID', 'HOST', 'CLIENT-ID']
  const widths = head.map((h, i) => {
    if (i === head.length - 1) return 0
    if (h === 'GROUP' || h === 'TOPIC' || h === 'CONSUMER-ID' || h === 'HOST') return Math.max(15, ...lines.map((l) => l[i]!.length))
    return h === 'PARTITION' ? 10 : 15
  })
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join(' ')
  return `\n${fmt(head)}\n${lines.map(fmt).join('\n')}\n`
}

describe('kafka-consumer-groups.sh layout round trip (property)', () => {
  it('every printed row reads back: offsets, lag, owner, and "-" as unknown', () => {
    fc.assert(
      fc.property(id, table, fc.boolean(), (group, rows, verbose) => {
        const r = parseImport(print(group, rows, verbose), { format: 'consumer-groups', source: 'p' })
        if (!r.ok) throw new Error(`line ${r.line}: ${r.message}`)
        for (const x of rows) {
          const p = r.facts.topics.find((t) => t.name === x.topic)!.partitions.find((q) => q.partition === x.partition)!
          expect(p.committedOffset).toBe(x.committed)
          expect(p.logEndOffset).toBe(x.logEnd)
          // A commit past the log end prints a negative LAG, read as no backlog.
          expect(p.lag).toBe(x.committed !== undefined && x.logEnd !== undefined ? Math.max(0, x.logEnd - x.committed) : undefined)
          expect(p.owner).toBe(x.consumer?.id)
        }
        const members = r.facts.groups[0]!.members
        for (const x of rows.filter((q) => q.consumer)) {
          const m = members.find((q) => q.memberId === x.consumer!.id)!
          expect(m).toMatchObject({ clientId: x.consumer!.client, host: x.consumer!.host.slice(1) })
          expect(m.assignment).toContainEqual({ topic: x.topic, partition: x.partition })
        }
      }),
      { numRuns: 200, seed: 5 },
    )
  })

  it('assignment strings in both of Kafka’s forms read back to the same partitions', () => {
    const tp = fc.uniqueArray(fc.record({ topic: fc.stringMatching(/^[a-zA-Z0-9._-]{1,20}$/), partition: fc.nat({ max: 999 }) }), {
      minLength: 1,
      maxLength: 20,
      selector: (x) => `${x.topic}:${x.partition}`,
    })
    fc.assert(
      fc.property(tp, (list) => {
        const by = new Map<string, number[]>()
        for (const x of list) by.set(x.topic, [...(by.get(x.topic) ?? []), x.partition])
        const topics = [...by.keys()].sort()
        // getAssignmentString (Java, 3.x+) and the Scala one before it.
        const now = topics.map((t) => `${t}:${by.get(t)!.sort((a, b) => a - b).join(',')}`).join(';')
        const old = topics.map((t) => `${t}(${by.get(t)!.sort((a, b) => a - b).join(',')})`).join(', ')
        const want = topics.flatMap((t) => by.get(t)!.map((partition) => ({ topic: t, partition })))
        expect(readAssignment(now, 1)).toEqual(want)
        expect(readAssignment(old, 1)).toEqual(want)
      }),
      { numRuns: 300, seed: 6 },
    )
  })
})
