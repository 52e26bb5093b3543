import { describe, expect, it } from 'vitest'
import { decodeScenario } from '../scenario/codec.ts'
import { readLinkHash } from '../scenario/links.ts'
import type { SnapshotOptions, SnapshotRead } from './snapshot/readCluster.ts'
import { readBootstrap, runSnapshot } from './snapshotCommand.ts'

const reading: SnapshotRead = {
  ok: true,
  reading: {
    source: 'snapshot of k:9092',
    brokers: [{ nodeId: 1, host: 'k', port: 9092 }],
    topic: 'orders',
    partitions: [{ partition: 0, leader: 1, replicas: [1], isr: [1] }],
    first: { atMs: 0, logEnd: new Map([[0, 10]]) },
    second: { atMs: 2000, logEnd: new Map([[0, 30]]) },
  },
}

function fake(answer: SnapshotRead = reading) {
  const calls: SnapshotOptions[] = []
  const progress: string[] = []
  return {
    calls,
    io: {
      progress: (l: string) => progress.push(l),
      read: async (o: SnapshotOptions) => {
        calls.push(o)
        return answer
      },
    },
  }
}

describe('highway snapshot arguments', () => {
  it('refuses missing or malformed flags with one line naming the flag, before connecting', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--topic', 'orders'], /give --bootstrap HOST:PORT/],
      [['--bootstrap', 'k', '--topic', 'orders'], /--bootstrap entries are HOST:PORT, got "k"/],
      [['--bootstrap', 'k:99999', '--topic', 'orders'], /got "k:99999"/],
      [['--bootstrap', 'k:9092,<b>:1', '--topic', 'orders'], /got "<b>:1"/],
      [['--bootstrap', 'k:9092'], /--topic needs a Kafka topic name/],
      [['--bootstrap', 'k:9092', '--topic', 'a/b'], /--topic needs a Kafka topic name/],
      [['--bootstrap', 'k:9092', '--topic', 'o', '--sample-seconds', '0'], /--sample-seconds must be a plain decimal number in \[1, 600\]/],
      [['--bootstrap', 'k:9092', '--topic', 'o', '--sample-keys', '1.5'], /--sample-keys must be an integer/],
      [['--bootstrap', 'k:9092', '--topic', 'o', '--timeout', '1e3'], /--timeout must be/],
      [['--bootstrap', 'k:9092', '--topic', 'o', '--link', '--json'], /give --link or --json, not both/],
      [['--bootstrap', 'k:9092', '--topic', 'o', '--base-url', 'http://x/'], /--base-url goes with --link/],
      [['--bootstrap', 'k:9092', '--topic', 'o', '--write'], /unknown option --write/],
      [['--bootstrap', 'k:9092', '--topic', 'o', 'extra'], /unexpected argument "extra"/],
    ]
    for (const [args, message] of cases) {
      const f = fake()
      const r = await runSnapshot(args, f.io)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.stderr.split('\n')[0], args.join(' ')).toMatch(message)
      expect(r.stderr.startsWith('snapshot: ')).toBe(true)
      expect(f.calls).toEqual([])
    }
  })

  it('passes the options on, with the defaults (10 s apart, no key sample, 10 s to connect)', async () => {
    const f = fake()
    await runSnapshot(['--bootstrap', 'a:1,[::1]:2', '--topic', 'orders'], f.io)
    expect(f.calls[0]).toMatchObject({ bootstrap: ['a:1', '[::1]:2'], topic: 'orders', group: undefined, sampleSeconds: 10, sampleKeys: 0, connectTimeoutMs: 10_000 })
    await runSnapshot(['--bootstrap', 'a:1', '--topic', 'o', '--group', 'g', '--sample-seconds', '2.5', '--sample-keys', '500', '--timeout', '3'], f.io)
    expect(f.calls[1]).toMatchObject({ group: 'g', sampleSeconds: 2.5, sampleKeys: 500, connectTimeoutMs: 3000 })
  })

  it('prints the facts and the scenario built from them as JSON with --json, a table and the story without', async () => {
    const json = await runSnapshot(['--bootstrap', 'k:9092', '--topic', 'orders', '--json'], fake().io)
    expect(json.code).toBe(0)
    const out = JSON.parse(json.stdout)
    expect(out.facts.topics[0].partitions[0]).toMatchObject({ partition: 0, producedPerSec: 10, logEndOffset: 30 })
    expect(out.scenario).toMatchObject({ topic: { name: 'orders', partitions: 1 }, producers: [{ rate: { perSec: 10 } }] })
    expect(out.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'topic.partitions', how: 'measured', sources: ['snapshot of k:9092'] })]))
    expect(typeof out.story).toBe('string')
    const table = await runSnapshot(['--bootstrap', 'k:9092', '--topic', 'orders'], fake().io)
    expect(table.stdout).toMatch(/^topic orders: 1 partitions on 1 brokers\n/)
    expect(table.stdout).toMatch(/\n {10}0 {7}1 {2}1 .* 10\.0 /)
  })

  it('prints the page link of the built scenario with --link (at --base-url)', async () => {
    const r = await runSnapshot(['--bootstrap', 'k:9092', '--topic', 'orders', '--link', '--base-url', 'https://h.example/app/'], fake().io)
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^https:\/\/h\.example\/app\/#s=[^\s]+\n$/)
    const hash = readLinkHash(r.stdout.trim().split('#')[1]!)
    const decoded = decodeScenario(hash.s!)
    expect(decoded).toMatchObject({ ok: true, scenario: { topic: { name: 'orders', partitions: 1 } } })
  })

  it('ends a failed reading with its one-line reason and exit code 2', async () => {
    const r = await runSnapshot(['--bootstrap', 'k:9092', '--topic', 'orders'], fake({ ok: false, message: 'topic "orders" does not exist on k:9092 (3 topics there)' }).io)
    expect(r).toEqual({ stdout: '', stderr: 'snapshot: topic "orders" does not exist on k:9092 (3 topics there)\n', code: 2 })
  })

  it('readBootstrap accepts host names, IPv4 and bracketed IPv6 with a port', () => {
    expect(readBootstrap('kafka-1.example.com:9092, 10.0.0.1:9093,[fe80::1]:9094')).toEqual(['kafka-1.example.com:9092', '10.0.0.1:9093', '[fe80::1]:9094'])
    expect(readBootstrap(':9092')).toMatch(/HOST:PORT/)
    expect(readBootstrap('k:0')).toMatch(/HOST:PORT/)
  })
})
