// `highway import` on the tools' fixtures (test/fixtures/import): a describe plus two kafka_exporter
// scrapes become a scenario whose run reproduces the scraped rates and the described lag.
import { describe, expect, it } from 'vitest'
import { decodeScenario, encodeScenario } from '../scenario/codec.ts'
import { parseImport } from '../scenario/import/parse.ts'
import type { ClusterFacts } from '../scenario/import/types.ts'
import type { Scenario } from '../scenario/types.ts'
import { createSimulation } from '../sim/simulation.ts'
import { bigDescribe } from '../../test/fixtures/import/bigDescribe.ts'
import { runImport } from './importCommand.ts'
import { runRun } from './runCommand.ts'
import { readTextFile } from './textFile.ts'

const io = { readFile: readTextFile }
const DIR = 'test/fixtures/import'
const DESCRIBE = `${DIR}/consumer-groups/describe.txt`
const SCRAPES = `${DIR}/prometheus/two-scrapes.txt`

function factsOf(file: string): ClusterFacts {
  const r = readTextFile(file)
  if (!r.ok) throw new Error(r.problem)
  const p = parseImport(r.text, { source: file })
  if (!p.ok) throw new Error(p.message)
  return p.facts
}

function imported(): { scenario: Scenario; fields: Array<{ path: string; how: string; sources: string[] }>; story: string; offers: Array<{ id: string; hash: string }>; declined: Array<{ id: string; why: string }> } {
  const r = runImport([DESCRIBE, SCRAPES, '--json'], io)
  expect(r.stderr).toBe('')
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout)
}

describe('highway import', () => {
  it("FILE '-' reads standard input, so a tool's output pipes straight in; it merges with files like any paste", () => {
    const text = readTextFile(DESCRIBE)
    if (!text.ok) throw new Error(text.problem)
    const piped = runImport(['-', SCRAPES, '--json'], { ...io, readStdin: () => text })
    expect(piped.stderr).toBe('')
    const out = JSON.parse(piped.stdout) as { scenario: Scenario; fields: Array<{ path: string; sources: string[] }> }
    expect(out.scenario).toEqual(imported().scenario)
    expect(out.fields.find((f) => f.path === 'group.consumers')?.sources).toEqual(['stdin'])
    expect(runImport(['-'], { ...io, readStdin: () => ({ ok: true, text: '  \n' }) })).toMatchObject({ code: 2, stderr: expect.stringMatching(/^import: stdin: nothing came in on standard input/) })
    expect(runImport(['-', '-'], { ...io, readStdin: () => text })).toMatchObject({ code: 2, stderr: "import: give '-' (standard input) once\n" })
  })

  it('--json: the scenario, each field with its source, the story and the offers', () => {
    const out = imported()
    const scrapes = factsOf(SCRAPES).topics.find((t) => t.name === 'orders')!
    expect(out.scenario.topic.partitions).toBe(scrapes.partitionCount)
    expect(out.scenario.topic.initialLag).toEqual(scrapes.partitions.map((p) => p.lag))
    expect(out.fields.find((f) => f.path === 'group.consumers')).toMatchObject({ how: 'measured', sources: [DESCRIBE] })
    expect(out.fields.find((f) => f.path === 'producers[0].rate.perSec')).toMatchObject({ how: 'derived', sources: [SCRAPES] })
    // the hot lane is the one the scrapes saw fill fastest, and the describe names its owner
    const rates = scrapes.partitions.map((p) => p.producedPerSec ?? 0)
    const hot = rates.indexOf(Math.max(...rates))
    const owner = factsOf(DESCRIBE).groups[0]!.members.find((m) => m.assignment.some((a) => a.partition === hot))!.clientId
    expect(out.story).toContain(`Partition ${hot} takes`)
    expect(out.story).toContain(`${owner} owns it and lags`)
    // the 1.2 M lag sits on the hot lane: not more partitions (declined, saying why) but what drains it
    expect(out.offers.map((o) => o.id)).toEqual(['parallel', 'lag-aware', 'share', 'cooperative'])
    expect(out.declined).toEqual([{ id: 'partitions', why: expect.stringMatching(new RegExp(`^99 % of the lag sits on partition ${hot}: more partitions would not drain it`)) }])
  })

  it('the imported scenario runs at the scraped per-partition rates (±10 %), starting with the measured lag', () => {
    const { scenario } = imported()
    const scraped = factsOf(SCRAPES).topics.find((t) => t.name === 'orders')!.partitions.map((p) => p.producedPerSec ?? 0)
    const sim = createSimulation(scenario)
    sim.advanceTo(0)
    expect(sim.summary().partitions.map((p) => p.produced)).toEqual(scenario.topic.initialLag)
    sim.advanceTo(10_000)
    const a = sim.summary().partitions.map((p) => p.produced)
    sim.advanceTo(70_000)
    const got = sim.summary().partitions.map((p, i) => (p.produced - a[i]!) / 60)
    got.forEach((x, p) => expect(Math.abs(x - scraped[p]!) / scraped[p]!, `partition ${p}: ${x} vs ${scraped[p]}`).toBeLessThan(0.1))
  })

  it('--link prints the page link of the same scenario', () => {
    const r = runImport([DESCRIBE, SCRAPES, '--link', '--base-url', 'https://example.org/highway/'], io)
    expect(r.code).toBe(0)
    const m = /^https:\/\/example\.org\/highway\/#s=(\S+)\n$/.exec(r.stdout)
    expect(m).not.toBeNull()
    expect(decodeScenario(m![1]!)).toMatchObject({ ok: true, scenario: imported().scenario })
  })

  it('prints the story, the field account and the offers by default', () => {
    const r = runImport([DESCRIBE, SCRAPES], io)
    expect(r.code).toBe(0)
    expect(r.stdout.split('\n')[0]).toBe(imported().story)
    expect(r.stdout).toMatch(/^ {2}group\.config +\(Kafka defaults\) +assumed {3}consumer settings/m)
    expect(r.stdout).toContain('#s=v1.')
  })

  it.each<[string[], RegExp]>([
    [['--format', 'burrow', DESCRIBE], new RegExp(`^import: ${DESCRIBE}: not readable as burrow \\(line 1\\): `)],
    [[`${DIR}/prometheus/README-missing.txt`], /^import: test\/fixtures\/import\/prometheus\/README-missing\.txt: no such file$/],
    [['--format', 'csv', DESCRIBE], /^import: --format must be one of consumer-groups, .*kcat-records, client-properties, got "csv"$/],
    [[DESCRIBE, '--json', '--link'], /^import: give --link or --json, not both$/],
    [[DESCRIBE, '--topic', 'payments'], /^import: topic 'payments' is not in the pastes \(they name 'orders'\)$/],
    [[], /^import: give at least one FILE \(see highway import --help\)$/],
  ])('exits 2 with a one-line error for %j', (args, message) => {
    const r = runImport(args, io)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr.split('\n')[0]).toMatch(message)
  })
  it('kafka-topics.sh --describe gives the cluster its brokers, replication factor and min.insync.replicas; the run puts them on the broker strip', () => {
    const TOPICS = `${DIR}/topics/describe.txt`
    const r = runImport([TOPICS, DESCRIBE, '--json'], io)
    expect(r.stderr).toBe('')
    const out = JSON.parse(r.stdout) as { scenario: Scenario; fields: Array<{ path: string; how: string; sources: string[]; why: string }> }
    // Every partition lists its replicas: the placement is kept as pasted (ids 0, 1, 2 → Broker 1, 2, 3).
    expect(out.scenario.cluster).toEqual({
      brokers: 3,
      'replication.factor': 3,
      'min.insync.replicas': 2,
      brokerCapacityPerSec: null,
      assignment: [[1, 2, 3], [2, 3, 1], [3, 1, 2], [1, 3, 2], [2, 1, 3], [3, 2, 1]],
    })
    const field = (path: string) => out.fields.find((f) => f.path === path)
    expect(field('cluster.brokers')).toMatchObject({ how: 'measured', sources: [TOPICS] })
    expect(field('cluster.min.insync.replicas')).toMatchObject({ how: 'measured', sources: [TOPICS] })
    expect(field('cluster.replication.factor')!.why).toContain('1 partition was under-replicated when printed')
    // The imported lag and group stay what the describe says.
    expect(out.scenario.group.groupId).toBe('orders-app')
    // 6 partitions × 3 replicas on 3 brokers: 6 replicas and 2 leaders each.
    const run = runRun(['--scenario', JSON.stringify(out.scenario), '--seconds', '2', '--json'], io)
    expect(run.stderr).toBe('')
    const brokers = (JSON.parse(run.stdout) as { brokers: Array<{ broker: number; leaders: number; replicas: number }> }).brokers
    expect(brokers.map((b) => [b.broker, b.leaders, b.replicas])).toEqual([[1, 2, 6], [2, 2, 6], [3, 2, 6]])
    // Without a paste that lists replicas: the default cluster, said to be assumed.
    const plain = JSON.parse(runImport([DESCRIBE, '--json'], io).stdout) as typeof out
    expect(plain.scenario.cluster).toBeUndefined()
    expect(plain.fields.find((f) => f.path === 'cluster')).toMatchObject({ how: 'assumed' })
  })
  it('the group starts with the owners the describe measured, so switching the assignor in a compare changes the protocol, not who holds the hot lane', () => {
    const out = imported()
    expect(out.scenario.group.initialAssignment).toEqual([[0, 1], [2, 3], [4, 5]])
    const link = encodeScenario(out.scenario)
    const summary = (...sets: string[]) => {
      const r = runRun(['--scenario', link, '--seconds', '20', '--json', ...sets.flatMap((x) => ['--set', x])], io)
      expect(r.stderr).toBe('')
      return JSON.parse(r.stdout) as { rebalances: number; lag: number; partitions: Array<{ lag: number }> }
    }
    const asIs = summary()
    expect(asIs.rebalances).toBe(0)
    // Cooperative-sticky alone would place [0,3] [1,4] [2,5]; KIP-848's uniform likewise: no
    // rebalance happens in 20 s, so each side must drain exactly as the measured group does.
    for (const sets of [['group.protocol=cooperative', 'group.assignor=cooperative-sticky'], ['group.protocol=consumer', 'group.assignor=uniform'], ['group.assignor=roundrobin']]) {
      const other = summary(...sets)
      expect(other.rebalances).toBe(0)
      expect(other.partitions.map((p) => p.lag)).toEqual(asIs.partitions.map((p) => p.lag))
    }
  })
})

describe('highway import of a cluster too big to simulate as measured', () => {
  const big = (P: number, C: number) => ({ ...io, readStdin: () => ({ ok: true as const, text: bigDescribe(P, C) }) })
  it('refuses in one line, exit 2, naming the factor that fits; --scale 4 builds the labelled copy; a bad --scale is one line too', () => {
    const refused = runImport(['-'], big(10_000, 5))
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/^import: 10,000 partitions read by 5 consumers .* --scale 4 \(or --scale auto\) in the CLI, "Simulate a scaled copy" in the Import dialog\.\n$/)
    expect(refused.stderr.split('\n')).toHaveLength(2)
    const scaled = runImport(['-', '--scale', '4', '--json'], big(10_000, 5))
    expect(scaled.stderr).toBe('')
    const out = JSON.parse(scaled.stdout) as { scenario: Scenario; story: string }
    expect(out.scenario).toMatchObject({ name: 'import: orders (1/4 rate)', topic: { partitions: 10_000 }, group: { consumers: 5 } })
    expect(JSON.parse(runImport(['-', '--scale', 'auto', '--json'], big(10_000, 5)).stdout)).toEqual(out)
    for (const bad of ['0', 'x', '2.5', '1001']) expect(runImport(['-', '--scale', bad], big(10_000, 5))).toMatchObject({ code: 2, stderr: expect.stringMatching(/^import: --scale must be auto or a whole number from 1 to 1000.*\n$/) })
  })

  it('a cluster no scaled copy fits (10 000 partitions, 1 000 consumers) stays one line and exit 2, even with --scale auto', () => {
    const r = runImport(['-', '--scale', 'auto'], big(10_000, 1_000))
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^import: 10,000 partitions read by 1,000 consumers .* no scaled copy fits: 10,000 partitions fit with at most \d+ consumers\. A slice fits: .* --slice 4 in the CLI, "Simulate a slice" in the Import dialog\.\n$/)
    const sliced = runImport(['-', '--slice', '4', '--json'], big(10_000, 1_000))
    expect(sliced.stderr).toBe('')
    expect(JSON.parse(sliced.stdout).scenario).toMatchObject({ name: 'import: orders (slice 1/4)', topic: { partitions: 2_500 }, group: { consumers: 250 } })
    expect(runImport(['-', '--slice', 'auto'], big(10_000, 1_000))).toMatchObject({ code: 2, stderr: expect.stringMatching(/^import: --slice must be a whole number from 1 to 1000.*\n$/) })
    // a slice needs every partition's owner: a kafka_exporter scrape has none
    expect(runImport([SCRAPES, '--slice', '2'], io)).toMatchObject({ code: 2, stderr: expect.stringMatching(/^import: a slice keeps consumers with the partitions they own: the pastes must name the owner of every partition/) })
  })
})
