// An imported cluster keeps its placement: `kafka-topics.sh --describe` where one broker leads the
// three hot partitions makes that broker the hot one in `run --json`, as on the real cluster. A
// paste that lists only some partitions falls back to KRaft's placer, and the account says why.
import { describe, expect, it } from 'vitest'
import { bigDescribe } from '../../test/fixtures/import/bigDescribe.ts'
import { Rng } from '../engine/rng.ts'
import { placeReplicas } from '../kafka/replicaPlacer.ts'
import { encodeScenario } from '../scenario/codec.ts'
import type { ImportedField } from '../scenario/import/types.ts'
import type { Scenario } from '../scenario/types.ts'
import { runImport } from './importCommand.ts'
import { runRun } from './runCommand.ts'
import type { TextRead } from './textFile.ts'

/** 12 partitions on brokers 101–106 (RF 3): 105 leads p0–p2 (p2 although 103 is its preferred leader); no other partition. */
const REPLICAS: Array<[leader: number, replicas: number[]]> = [
  [105, [105, 101, 102]],
  [105, [105, 102, 103]],
  [105, [103, 105, 104]],
  ...[101, 102, 103, 104, 106, 101, 102, 103, 104].map((l, i): [number, number[]] => {
    const others = [101, 102, 103, 104, 106].filter((b) => b !== l)
    return [l, [l, others[i % 4]!, others[(i + 1) % 4]!]]
  }),
]

/** kafka-topics.sh --describe as Kafka 3.x/4.x prints it (TopicCommand), `skip` partitions left out. */
function describeTopic(skip: number[] = []): string {
  const head = `Topic: orders\tTopicId: 8xH0cY3_Rr2cC0sW3f1QeA\tPartitionCount: 12\tReplicationFactor: 3\tConfigs: min.insync.replicas=2\n`
  return (
    head +
    REPLICAS.map(([l, r], p) => (skip.includes(p) ? '' : `\tTopic: orders\tPartition: ${p}\tLeader: ${l}\tReplicas: ${r.join(',')}\tIsr: ${r.join(',')}\tElr: \tLastKnownElr: \n`)).join('')
  )
}

/** Two kafka_exporter scrapes a minute apart: p0–p2 take 2 000 records/s each (the hot keys), the rest 100. */
function scrapes(): string {
  const scrape = (at: string, sec: number) =>
    `# scraped at ${at}\n# TYPE kafka_topic_partition_current_offset gauge\n` +
    REPLICAS.map((_, p) => `kafka_topic_partition_current_offset{partition="${p}",topic="orders"} ${1_000_000 + sec * (p < 3 ? 2000 : 100)}\n`).join('')
  return scrape('2026-12-01T10:00:00Z', 0) + scrape('2026-12-01T10:01:00Z', 60)
}

function importOf(files: Record<string, string>): { scenario: Scenario; fields: ImportedField[]; offers: Array<{ id: string; variants: Array<{ label: string; set: Record<string, unknown> }> }> } {
  const io = { readFile: (path: string): TextRead => (path in files ? { ok: true, text: files[path]! } : { ok: false, problem: 'no such file' }) }
  const r = runImport([...Object.keys(files), '--json'], io)
  expect(r.stderr).toBe('')
  return JSON.parse(r.stdout) as ReturnType<typeof importOf>
}

function brokersAfter(s: Scenario, seconds: number): Array<{ broker: number; leaders: number; hot: boolean }> {
  const run = runRun(['--scenario', JSON.stringify(s), '--seconds', String(seconds), '--json'], { readFile: () => ({ ok: false, problem: 'unused' }) })
  expect(run.stderr).toBe('')
  return (JSON.parse(run.stdout) as { brokers: Array<{ broker: number; leaders: number; hot: boolean }> }).brokers
}

describe('an imported placement', () => {
  it('keeps the pasted replicas and leaders, broker ids mapped to Broker 1–6 in id order, and says so', () => {
    const out = importOf({ 'topics.txt': describeTopic(), 'scrapes.txt': scrapes() })
    const c = out.scenario.cluster!
    expect(c.brokers).toBe(6)
    expect(c.assignment!.slice(0, 3)).toEqual([[5, 1, 2], [5, 2, 3], [3, 5, 4]])
    // p2 was led by 105, not by its preferred 103: kept as printed.
    expect(c.leaders!.slice(0, 4)).toEqual([5, 5, 5, 1])
    const field = (path: string) => out.fields.find((f) => f.path === path)
    expect(field('cluster.assignment')).toMatchObject({ how: 'measured', sources: ['topics.txt'], value: '(as pasted: 12 partitions; Broker 5 leads 3)' })
    expect(field('cluster.assignment')!.why).toMatch(/^the placement as pasted, not KRaft's placer: .*\(101 → Broker 1, 102 → Broker 2, 103 → Broker 3, 104 → Broker 4, 105 → Broker 5, 106 → Broker 6\)/)
    expect(field('cluster.leaders')).toMatchObject({ how: 'measured', value: '(as pasted: p2 not led by the preferred replica)' })
    expect(field('cluster.brokers')!.why).not.toContain('not as listed')
    // "Twice the partitions" still compares: the added partitions are placed after the pasted ones.
    expect(out.offers.find((o) => o.id === 'partitions')?.variants.map((v) => v.set)).toEqual([{}, { 'topic.partitions': 24 }])
  })

  it('run --json: the broker that leads the hot partitions (Broker 5) is the hot broker, and only it', () => {
    const out = importOf({ 'topics.txt': describeTopic(), 'scrapes.txt': scrapes() })
    const brokers = brokersAfter(out.scenario, 10)
    expect(brokers.map((b) => b.leaders)).toEqual([2, 2, 2, 2, 3, 1])
    expect(brokers.filter((b) => b.hot).map((b) => b.broker)).toEqual([5])
  })

  it('a paste that lists only some partitions falls back to the placer and says why', () => {
    const out = importOf({ 'topics.txt': describeTopic([4, 9]), 'scrapes.txt': scrapes() })
    expect(out.scenario.cluster!.assignment).toBeUndefined()
    expect(out.fields.find((f) => f.path === 'cluster.assignment')).toBeUndefined()
    expect(out.fields.find((f) => f.path === 'cluster.brokers')!.why).toContain(
      "the run places replicas and leaders as KRaft's StripedReplicaPlacer does, not as listed: 10 of 12 partitions list their replicas (p4, p9 do not; kafka-topics.sh --describe or kcat -L -J lists every partition: paste the whole output)",
    )
  })

  it('a 1 000-partition import (12 brokers, RF 3, 100 consumers) is a link of about 4 100 characters, 1 200 of them the placement', () => {
    const P = 1000
    const placed = placeReplicas(Array.from({ length: 12 }, (_, i) => i), P, 3, Rng.create(3, 4)).map((r) => r.map((b) => b + 1001))
    const topics =
      `Topic: orders\tTopicId: 8xH0cY3_Rr2cC0sW3f1QeA\tPartitionCount: ${P}\tReplicationFactor: 3\tConfigs: \n` +
      placed.map((r, p) => `\tTopic: orders\tPartition: ${p}\tLeader: ${r[0]}\tReplicas: ${r.join(',')}\tIsr: ${r.join(',')}\tElr: \tLastKnownElr: \n`).join('')
    const out = importOf({ 'topics.txt': topics, 'describe.txt': bigDescribe(P, 100) })
    expect(out.scenario.cluster!.assignment).toHaveLength(P)
    const { assignment: _a, leaders: _l, ...shape } = out.scenario.cluster!
    const link = encodeScenario(out.scenario).length
    // Measured (session 16): 4 123 characters, 2 919 without the placement.
    expect(link).toBeLessThan(4500)
    expect(link - encodeScenario({ ...out.scenario, cluster: shape }).length).toBeLessThan(1400)
  })
})
