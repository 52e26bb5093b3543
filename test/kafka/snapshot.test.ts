// `highway snapshot` against a Kafka protocol peer (issue 11 §3): librdkafka's mock cluster, run by
// test/kafka/mockCluster.py with Debian's python3-confluent-kafka, carries known traffic (a key cycle
// with one hot key, at a known rate, through librdkafka's murmur2 partitioner), a consumer group
// with a known assignor and known committed offsets. The snapshot must find it all again:
// partition count and leaders exact, per-partition rates within 10 %, members and assignment
// exact, lag exact at the moment of reading, the hot key with its share within 5 points.
// The mock (librdkafka 2.0.2) has no DescribeGroups: test/kafka/groupShim.py relays every request to
// it and answers DescribeGroups from the group's real JoinGroup/SyncGroup bytes (librdkafka's own
// range assignor wrote the assignments); the member ids the test expects come from each consumer's
// own librdkafka log, not from the relay.
// scripts/test.sh installs python3-confluent-kafka when it is missing (as root).

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { partitionForKey } from '../../src/kafka/murmur2.ts'
import type { ClusterFacts } from '../../src/scenario/import/types.ts'
import type { Scenario } from '../../src/scenario/types.ts'
import { createSimulation } from '../../src/sim/simulation.ts'

const ROOT = resolve(__dirname, '../..')
const PYTHON = '/usr/bin/python3'
const TSX = resolve(ROOT, 'node_modules/.bin/tsx')

const PARTITIONS = 8
const HOT = 'tenant-42'
const HOT_PERCENT = 30
// 100 keys a cycle: the hot key in 30 evenly spread slots, 70 other keys once each.
const CYCLE: string[] = []
for (let i = 0, other = 0; i < 100; i++) CYCLE.push(Math.floor(((i + 1) * HOT_PERCENT) / 100) > Math.floor((i * HOT_PERCENT) / 100) ? HOT : `customer-${other++}`)
const CONFIG = {
  topic: 'orders',
  partitions: PARTITIONS,
  brokers: 3,
  leaders: [2, 3, 1, 1, 3, 2, 2, 1],
  ratePerSec: 1000,
  keys: CYCLE,
  group: 'billing',
  consumers: 3,
  assignor: 'range',
  committed: Array.from({ length: PARTITIONS }, (_, p) => 7 * p + 3),
}
const SAMPLE_SECONDS = 3

interface Ready {
  bootstrap: string
  members: Array<{ memberId: string; clientId: string; assignment: number[] }>
}

class Peer {
  private lines: AsyncIterator<string>
  constructor(private proc: ChildProcessWithoutNullStreams) {
    this.lines = createInterface({ input: proc.stdout })[Symbol.asyncIterator]()
  }
  async next(event: string): Promise<Record<string, unknown>> {
    for (;;) {
      const r = await this.lines.next()
      if (r.done) throw new Error(`the mock cluster ended before "${event}"`)
      const msg = JSON.parse(r.value) as Record<string, unknown>
      if (msg.event === event) return msg
    }
  }
  async delivered(): Promise<number[]> {
    this.proc.stdin.write('delivered\n')
    return (await this.next('delivered')).counts as number[]
  }
  async requests(clientId: string): Promise<number[]> {
    this.proc.stdin.write(`requests ${clientId}\n`)
    return (await this.next('requests')).apis as number[]
  }
  stop(): void {
    this.proc.stdin.end()
    this.proc.kill()
  }
}

function highway(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const p = spawn(TSX, ['src/cli/main.ts', ...args], { cwd: ROOT })
    let stdout = ''
    let stderr = ''
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    p.on('close', (code) => done({ code: code ?? -1, stdout, stderr }))
  })
}

/** A listener that hangs up on the first request, as a TLS or SASL listener does on a plaintext client. */
function hangingUp(): Promise<{ port: number; close: () => void }> {
  return new Promise((done) => {
    const s = createServer((c) => c.once('data', () => c.destroy()))
    s.listen(0, '127.0.0.1', () => done({ port: (s.address() as { port: number }).port, close: () => s.close() }))
  })
}

/** A port nobody listens on: bound, then released. */
function closedPort(): Promise<number> {
  return new Promise((done) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => done(port))
    })
  })
}

describe('highway snapshot against librdkafka’s mock cluster', () => {
  let peer: Peer
  let ready: Ready
  let facts: ClusterFacts
  let scenario: Scenario
  let before: number[]
  let after: number[]
  const stderrLog: string[] = []

  beforeAll(async () => {
    const proc = spawn(PYTHON, [resolve(__dirname, 'mockCluster.py'), JSON.stringify(CONFIG)], { cwd: ROOT })
    let err = ''
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()))
    peer = new Peer(proc)
    const timeout = new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`the mock cluster was not ready in 40 s: ${err.slice(-500)}`)), 40_000))
    const msg = await Promise.race([peer.next('ready'), timeout]).catch((e: Error) => {
      throw new Error(`${e.message}\n${err.slice(-800)}\n(needs Debian's python3-confluent-kafka: apt-get install python3-confluent-kafka)`)
    })
    ready = msg as unknown as Ready
    before = await peer.delivered()
    const r = await highway(['snapshot', '--bootstrap', ready.bootstrap, '--topic', 'orders', '--group', 'billing', '--sample-seconds', String(SAMPLE_SECONDS), '--sample-keys', '2000', '--json'])
    after = await peer.delivered()
    stderrLog.push(r.stderr)
    expect(r.code, r.stderr).toBe(0)
    const out = JSON.parse(r.stdout) as { facts: ClusterFacts; scenario?: Scenario; buildError?: string }
    facts = out.facts
    if (!out.scenario) throw new Error(`no scenario: ${out.buildError}`)
    scenario = out.scenario
  }, 90_000)

  afterAll(() => peer?.stop())

  it('finds the partition count and each partition’s leader exactly', () => {
    const t = facts.topics.find((x) => x.name === 'orders')!
    expect(t.partitionCount).toBe(PARTITIONS)
    expect(t.partitions.map((p) => p.partition)).toEqual([...Array(PARTITIONS).keys()])
    expect(t.partitions.map((p) => p.leader)).toEqual(CONFIG.leaders)
    for (const p of t.partitions) expect([...p.replicas!].sort()).toEqual([1, 2, 3])
    expect(facts.brokers.map((b) => b.id)).toEqual([1, 2, 3])
  })

  it('measures each partition’s produce rate within 10 % of the traffic sent', () => {
    const t = facts.topics[0]!
    for (let p = 0; p < PARTITIONS; p++) {
      const expected = (CONFIG.ratePerSec * CYCLE.filter((k) => partitionForKey(k, PARTITIONS) === p).length) / CYCLE.length
      const measured = t.partitions[p]!.producedPerSec!
      if (expected === 0) expect(measured, `partition ${p}`).toBe(0)
      else expect(Math.abs(measured - expected) / expected, `partition ${p}: ${measured.toFixed(1)}/s, sent ${expected}/s`).toBeLessThan(0.1)
    }
    expect(facts.provenance['topics.orders.partitions.0.producedPerSec']).toMatchObject({ format: 'snapshot', how: 'derived' })
  })

  it('finds the group’s members and their assignment exactly, as the consumers themselves see it', () => {
    const g = facts.groups.find((x) => x.groupId === 'billing')!
    expect(g.state).toBe('Stable')
    expect(g.assignor).toBe('range')
    const seen = g.members.map((m) => ({ memberId: m.memberId, clientId: m.clientId, assignment: m.assignment.map((a) => `${a.topic}:${a.partition}`).sort() }))
    const truth = ready.members.map((m) => ({ memberId: m.memberId, clientId: m.clientId, assignment: m.assignment.map((p) => `orders:${p}`).sort() }))
    const byClient = (a: { clientId?: string | undefined }, b: { clientId?: string | undefined }) => ((a.clientId ?? "") < (b.clientId ?? "") ? -1 : 1)
    expect(seen.sort(byClient)).toEqual(truth.sort(byClient))
    for (const m of ready.members) for (const p of m.assignment) expect(facts.topics[0]!.partitions[p]!.owner).toBe(m.memberId)
  })

  it('reads the lag exactly: log-end offset at the reading minus the committed offset', () => {
    for (const p of facts.topics[0]!.partitions) {
      const i = p.partition
      expect(p.committedOffset, `partition ${i}`).toBe(CONFIG.committed[i])
      // The end offset read lies between what was acknowledged just before and just after.
      expect(p.logEndOffset!).toBeGreaterThanOrEqual(before[i]!)
      expect(p.logEndOffset!).toBeLessThanOrEqual(after[i]!)
      expect(p.lag, `partition ${i}`).toBe(p.logEndOffset! - CONFIG.committed[i]!)
      expect(p.consumedPerSec).toBe(0)
    }
  })

  it('finds the hot key with its share within 5 points, on the partition murmur2 gives it', () => {
    const s = facts.keySample!
    expect(s.records).toBe(2000)
    const top = s.keys[0]!
    expect(top.key).toBe(HOT)
    expect(Math.abs((100 * top.count) / s.records - HOT_PERCENT)).toBeLessThanOrEqual(5)
    expect(top.partitions).toEqual([partitionForKey(HOT, PARTITIONS)])
  })

  it('builds a scenario whose run starts with the measured lag and reproduces the measured rates (±10 %)', () => {
    const measured = facts.topics[0]!.partitions
    const sim = createSimulation(scenario)
    sim.advanceTo(0)
    // At 0 s each lane holds exactly the records the group had not read yet. (Its `lag` is already
    // lower on some lanes: a warm consumer's first poll at 0 s takes up to max.poll.records.)
    const start = sim.summary().partitions
    expect(start.map((p) => p.produced)).toEqual(measured.map((p) => p.lag))
    expect(start.map((p) => p.lag + p.consumed)).toEqual(measured.map((p) => p.lag))
    const FROM = 10
    const TO = 70
    sim.advanceTo(FROM * 1000)
    const a = sim.summary().partitions.map((p) => p.produced)
    sim.advanceTo(TO * 1000)
    const rates = sim.summary().partitions.map((p, i) => (p.produced - a[i]!) / (TO - FROM))
    rates.forEach((x, p) => {
      const want = measured[p]!.producedPerSec!
      if (want === 0) expect(x, `partition ${p}`).toBe(0)
      else expect(Math.abs(x - want) / want, `partition ${p}: simulated ${x.toFixed(1)}/s, measured ${want.toFixed(1)}/s`).toBeLessThan(0.1)
    })
  })

  it('says plainly when the topic or group is missing, and creates neither', async () => {
    const [topic, group] = await Promise.all([
      highway(['snapshot', '--bootstrap', ready.bootstrap, '--topic', 'no-such-topic', '--sample-seconds', '1']),
      highway(['snapshot', '--bootstrap', ready.bootstrap, '--topic', 'orders', '--group', 'no-such-group', '--sample-seconds', '1']),
    ])
    expect(topic.code).toBe(2)
    expect(topic.stderr).toMatch(/snapshot: topic "no-such-topic" does not exist on 127\.0\.0\.1:\d+/)
    expect(group.code).toBe(2)
    expect(group.stderr).toMatch(/snapshot: group "no-such-group" does not exist/)
    // Still absent: asking about it did not auto-create it.
    const again = await highway(['snapshot', '--bootstrap', ready.bootstrap, '--topic', 'no-such-topic', '--sample-seconds', '1'])
    expect(again.stderr).toMatch(/does not exist/)
  }, 60_000)

  it('only ever read: every request the snapshots sent is a read (no Produce, commit, join or create)', async () => {
    // Kafka API keys: 1 Fetch, 2 ListOffsets, 3 Metadata, 9 OffsetFetch, 10 FindCoordinator, 15 DescribeGroups, 18 ApiVersions.
    const READS = [1, 2, 3, 9, 10, 15, 18]
    const sent = await peer.requests('highway-snapshot')
    expect(sent.filter((api) => !READS.includes(api))).toEqual([])
    // And it did read what it reports: records, offsets, committed offsets, the group.
    expect(sent).toEqual(expect.arrayContaining([1, 2, 3, 9, 15]))
  })

  it('gives up on an unreachable bootstrap within its timeout, in one line', async () => {
    const port = await closedPort()
    const t0 = Date.now()
    const r = await highway(['snapshot', '--bootstrap', `127.0.0.1:${port}`, '--topic', 'orders', '--timeout', '3'])
    expect(r.code).toBe(2)
    expect(Date.now() - t0).toBeLessThan(15_000)
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('snapshot: ') && !l.endsWith('…'))
    expect(errors).toEqual([expect.stringMatching(new RegExp(`^snapshot: cannot reach 127\\.0\\.0\\.1:${port} .*check --bootstrap`))])
  }, 30_000)

  it('says a listener that hangs up may want TLS or SASL, which may come later', async () => {
    const l = await hangingUp()
    try {
      const r = await highway(['snapshot', '--bootstrap', `127.0.0.1:${l.port}`, '--topic', 'orders', '--timeout', '5'])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/closed the connection .*: it may require TLS or SASL; .*SASL\/TLS options may come later\)\n$/)
    } finally {
      l.close()
    }
  }, 30_000)
})
