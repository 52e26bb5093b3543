import { describe, expect, it } from 'vitest'
import { fixture } from '../../../test/fixtures/import/fixture.ts'
import { parseProblem } from './fromPastes.ts'
import { parseImport } from './parse.ts'

function problem(text: string, nameFormat?: string): string {
  const r = parseImport(text, { source: 'x' })
  if (r.ok) throw new Error(`read as ${r.format}`)
  return parseProblem('x', r, nameFormat)
}

// Each was "x: not readable as consumer-groups (line N): not recognised …; read as consumer-groups:
// expected the header 'GROUP TOPIC PARTITION CURRENT-OFFSET …' before …".
describe('JSON that is no tool’s output says what it is', () => {
  it('the page’s Export → Summary (run --json) is a run’s result, not a cluster', () => {
    expect(problem(JSON.stringify({ scenario: 'hot-key', seed: 42, simSeconds: 3, produced: 1, consumed: 1, lag: 0, latencyMs: { p50: 1 } }))).toBe(
      "x (line 1): not recognised as any tool's output: the summary of a simulated run (Export → Summary, highway run --json), not a cluster's state: paste what Kafka's tools print",
    )
  })

  it('a scenario, bare or as import --json wraps it, is named with how to open it; other JSON names the JSON formats read', () => {
    const scenario = { topic: { name: 'orders', partitions: 6 }, producers: [] }
    expect(problem(JSON.stringify(scenario))).toMatch(/^x \(line 1\): not recognised as any tool's output: a Partition Highway scenario, not a tool’s output: open it by its link/)
    expect(problem(JSON.stringify({ scenario, fields: [], story: '' }))).toMatch(/a Partition Highway scenario/)
    expect(problem('{"name":"package.json","version":"1.0.0"}')).toBe("x (line 1): not recognised as any tool's output: JSON, but not what kcat -L -J, kcat -C -J records, Burrow or kafka-log-dirs.sh print")
  })

  it('text no reader knows still names the reader that read furthest, and a real paste is still read', () => {
    expect(problem('hello, I pasted the wrong thing\n', 'pick its format')).toMatch(/^x: not readable as \S+ \(line 1\): not recognised as any tool's output \(pick its format\); read as /)
    expect(parseImport(fixture('consumer-groups', 'describe.txt'), { source: 'x' }).ok).toBe(true)
  })
})
