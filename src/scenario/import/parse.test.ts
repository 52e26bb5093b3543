import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allFixtures, fixture } from '../../../test/fixtures/import/fixture.ts'
import { IMPORT_FORMATS, IMPORT_LIMITS, formatParseError, parseImport } from './parse.ts'
import { FactsBuilder } from './parsers/facts.ts'
import type { ParseResult } from './types.ts'

function expectWellFormed(r: ParseResult, text: string): void {
  expect(typeof r.ok).toBe('boolean')
  expect(IMPORT_FORMATS).toContain(r.format)
  if (r.ok) return
  expect(Number.isInteger(r.line)).toBe(true)
  expect(r.line).toBeGreaterThanOrEqual(0)
  expect(r.line).toBeLessThanOrEqual(text.split(/\r\n|\r|\n/).length + 1)
  expect(r.message.length).toBeGreaterThan(0)
  expect(r.message).not.toMatch(/\n/)
  // Every refusal is a reader's own error, never a crash caught by the safety net.
  expect(r.message).not.toMatch(/failed unexpectedly/)
}

describe('parseImport', () => {
  it('guesses the format when none is given', () => {
    const r = parseImport(fixture('prometheus', 'scrape-1.txt'), { source: 'paste 1' })
    expect(r).toMatchObject({ ok: true, format: 'prometheus' })
  })

  it('text no tool printed: one line saying so, after trying every reader', () => {
    const r = parseImport('Dear team,\nplease find attached\n', { source: 'paste 1' })
    expect(r.ok).toBe(false)
    expect(!r.ok && r.message).toMatch(/^not recognised as any tool's output \(name it with --format\); read as /)
  })

  it('empty text says so', () => {
    expect(parseImport('  \n', { source: 'p' })).toMatchObject({ ok: false, line: 1, message: 'the text is empty' })
  })

  it('the wrong --format names the format tried and the first line it could not read', () => {
    // Lines 1-3 are comments (skipped as chatter); line 4 is `go_goroutines 21`.
    const r = parseImport(fixture('prometheus', 'scrape-1.txt'), { format: 'consumer-groups', source: 'p' })
    expect(r).toMatchObject({ ok: false, format: 'consumer-groups', line: 4 })
    expect(!r.ok && r.message).toMatch(/expected the header 'GROUP TOPIC PARTITION CURRENT-OFFSET …' before 'go_goroutines 21'/)
  })

  it('formatParseError: one line naming the source, the format tried and the line', () => {
    const r = parseImport('GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\ng t 0 1\n', { source: 'x' })
    if (r.ok) throw new Error('should fail')
    expect(formatParseError(r, 'orders.txt')).toBe(
      "orders.txt: read as kafka-consumer-groups.sh --describe (consumer-groups), line 2: expected 9 columns (GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID) as in the header on line 1, found 4: 'g t 0 1'",
    )
    // A terminal paste's trailing prompt is quoted, so the architect sees which line to drop.
    const prompt = parseImport(`${fixture('consumer-groups', 'describe.txt')}user@bastion:~$ \n`, { source: 'x' })
    expect(prompt).toMatchObject({ ok: false, line: 9, message: expect.stringMatching(/found 1: 'user@bastion:~\$'$/) })
    const whole = parseImport('x'.repeat(IMPORT_LIMITS.maxChars + 1), { format: 'burrow', source: 'x' })
    if (whole.ok) throw new Error('should fail')
    expect(formatParseError(whole, 'big.json')).toMatch(/^big\.json: read as Burrow .* \(burrow\): the text is \d+ characters/)
  })

  it('snapshot facts are not a paste format', () => {
    const r = parseImport('{}', { format: 'snapshot', source: 'p' })
    expect(!r.ok && r.message).toMatch(/highway snapshot/)
  })
})

describe('input limits', () => {
  it('a text over the size limit is refused as a whole (line 0) before any parsing', () => {
    const big = 'x'.repeat(IMPORT_LIMITS.maxChars + 1)
    const r = parseImport(big, { source: 'p' })
    expect(r).toMatchObject({ ok: false, line: 0 })
    expect(!r.ok && r.message).toMatch(/characters; at most 5000000/)
  })

  it('too many lines: the error names the first line past the limit', () => {
    const r = parseImport('\n'.repeat(IMPORT_LIMITS.maxLines + 5), { format: 'prometheus', source: 'p' })
    expect(r).toMatchObject({ ok: false, line: IMPORT_LIMITS.maxLines + 1 })
  })

  it('a partition number past the limit, and an offset past 2^53, are errors on their line', () => {
    const r1 = parseImport('kafka_topic_partition_current_offset{partition="100000",topic="t"} 1\n', { format: 'prometheus', source: 'p' })
    expect(!r1.ok && r1.message).toMatch(/partition 100000 is above 99999/)
    const r2 = parseImport('\nkafka_topic_partition_current_offset{partition="1",topic="t"} 9007199254740993\n', { format: 'prometheus', source: 'p' })
    expect(r2).toMatchObject({ ok: false, line: 2 })
  })

  it('more partitions than the limit across topics is an error on the line that crosses it', () => {
    const b = new FactsBuilder('p', 'prometheus')
    for (let p = 0; p < IMPORT_LIMITS.maxPartitions; p++) b.partition(p % 2 ? 'a' : 'b', p >> 1, p + 1)
    expect(() => b.partition('c', 0, 777)).toThrow(/more than 100000 partitions/)
    try {
      b.partition('c', 0, 777)
    } catch (e) {
      expect((e as { line: number }).line).toBe(777)
    }
  })

  it('notes are capped so a hostile paste cannot grow them without bound', () => {
    const rows = Array.from({ length: 500 }, (_, i) => `g t ${i} - ${i} - - - -`)
    const text = ['GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID', ...rows].join('\n')
    const r = parseImport(text, { format: 'consumer-groups', source: 'p' })
    expect(r.ok && r.facts.notes.length).toBeLessThanOrEqual(41)
    expect(r.ok && r.facts.notes[r.facts.notes.length - 1]).toMatch(/and \d+ more notes/)
  })

  it("the tool's own error pasted with its stack trace: that error, on its line, not what a reader expected on the trace", () => {
    const trace = [
      '',
      'Error: Executing consumer group command failed due to org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeGroups',
      'java.util.concurrent.ExecutionException: org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeGroups',
      '\tat java.base/java.util.concurrent.CompletableFuture.reportGet(CompletableFuture.java:396)',
      '',
    ].join('\r\n')
    const said = "the tool printed an error, not its output: 'Error: Executing consumer group command failed due to org.apache.kafka.common.errors.TimeoutException: Timed out waiting for a node assignment. Call: describeGroups'"
    expect(parseImport(trace, { source: 'paste 1' })).toEqual({ ok: false, format: 'consumer-groups', line: 2, message: said })
    // Named as consumer-groups, the reader says the same rather than 'expected the header before java.util…'.
    expect(parseImport(trace, { source: 'paste 1', format: 'consumer-groups' })).toMatchObject({ ok: false, line: 2, message: expect.stringMatching(/^the tool printed an error instead of the table: 'Error: Executing consumer group command failed due to .*TimeoutException/) })
    expect(parseImport("Error: Topic 'ordres' does not exist as expected\n", { source: 'p' })).toMatchObject({ ok: false, format: 'topics', line: 1 })
    // A stranger's bidi override or zero-width character is not quoted as is: it turned the status line's words around.
    expect(parseImport('Error: \u202eTIMEOUT\u202c in\u200bside\u009b2J\n', { source: 'p' })).toMatchObject({ ok: false, message: "the tool printed an error, not its output: 'Error: ?TIMEOUT? in?side?2J'" })
    // A JSON blob or an HTML error page is still no tool's output, in one line naming line 1.
    for (const text of ['{"error":"unauthorized","status":401}', '<html><head><title>502 Bad Gateway</title></head></html>']) {
      expect(parseImport(text, { source: 'p' })).toMatchObject({ ok: false, line: 1, message: expect.stringMatching(/^not recognised as any tool's output/) })
    }
  })
})

describe('parseImport never throws (property, mutated fixtures)', () => {
  const fixtures = allFixtures().map(([f, , text]) => [f, text.length > 20_000 ? text.slice(0, 20_000) : text] as const)
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat(), len: fc.nat({ max: 200 }) }),
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), s: fc.string({ maxLength: 30 }) }),
    fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), s: fc.constantFrom('-', '\t', '\r\n', '{', '"', '-1', '1e309', 'NaN', '(', ';', ':', '}', '\u0000', '99999999999999999999') }),
    fc.record({ kind: fc.constant('dupLine' as const), at: fc.nat() }),
  )
  type M = typeof mutation extends fc.Arbitrary<infer T> ? T : never
  function apply(text: string, ms: M[]): string {
    let t = text
    for (const m of ms) {
      const at = t.length === 0 ? 0 : m.at % t.length
      if (m.kind === 'cut') t = t.slice(0, at) + t.slice(at + m.len)
      else if (m.kind === 'insert') t = t.slice(0, at) + m.s + t.slice(at)
      else if (m.kind === 'replace') t = t.slice(0, at) + m.s + t.slice(at + 1)
      else {
        const lines = t.split('\n')
        const i = lines.length === 0 ? 0 : m.at % lines.length
        lines.splice(i, 0, lines[i] ?? '')
        t = lines.join('\n')
      }
    }
    return t
  }

  it('answers a well-formed result for any mutation, guessed or with the fixture’s format', () => {
    fc.assert(
      fc.property(fc.nat({ max: fixtures.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.boolean(), (i, ms, forced) => {
        const [format, text] = fixtures[i]!
        const t = apply(text, ms)
        const r = forced ? parseImport(t, { format, source: 'm' }) : parseImport(t, { source: 'm' })
        expectWellFormed(r, t)
        if (r.ok) {
          for (const top of r.facts.topics) {
            for (const p of top.partitions) {
              for (const v of [p.logEndOffset, p.committedOffset, p.lag, p.sizeBytes, p.leader]) {
                if (v !== undefined) expect(Number.isSafeInteger(v) && v >= 0).toBe(true)
              }
            }
          }
        }
      }),
      { numRuns: 400, seed: 11 },
    )
  })
})
