// `highway run` and the brokers (issue 12): `brokers` always in --json, one line in the text
// summary, and --set paths into cluster.* (a scenario without a cluster included).
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { runRun, type CliIo } from './runCommand.ts'

const io: CliIo = { readFile: () => ({ ok: false, problem: 'no such file' }) }

describe('highway run: brokers', () => {
  it('prints every broker in --json, on the cluster --set asks for', () => {
    const r = runRun(['--preset', 'steady', '--seconds', '3', '--json', '--set', 'cluster.brokers=4', '--set', 'cluster.replication.factor=2'], io)
    expect(r.code).toBe(0)
    const j = JSON.parse(r.stdout) as { brokers: Array<{ broker: number; leaders: number; replicas: number; recordsInPerSec: number; bytesInPerSec: number }> }
    expect(j.brokers.map((b) => b.broker)).toEqual([1, 2, 3, 4])
    expect(j.brokers.reduce((a, b) => a + b.leaders, 0)).toBe(12)
    expect(j.brokers.reduce((a, b) => a + b.replicas, 0)).toBe(24)
    for (const b of j.brokers) expect(b.bytesInPerSec).toBe(b.recordsInPerSec * 100)
  })

  it('prints the default three brokers for a scenario without a cluster, and a line in the text summary', () => {
    const j = JSON.parse(runRun(['--preset', 'steady', '--seconds', '2', '--json'], io).stdout) as { brokers: unknown[] }
    expect(j.brokers).toHaveLength(3)
    expect(runRun(['--preset', 'steady', '--seconds', '2'], io).stdout).toMatch(/^ {2}brokers {4}b1: 4 leaders [\d,]+ rec\/s in {3}b2: 4 leaders/m)
  })

  it('refuses an impossible cluster with one line naming the path', () => {
    const r = runRun(['--preset', 'steady', '--seconds', '2', '--set', 'cluster.replication.factor=5'], io)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/cluster\.replication\.factor/)
    expect(r.stderr).toMatch(/at most the number of brokers \(3\)/)
  })

  it('says which broker is down after a crash (it read as an idle broker: 0 leaders, 0 rec/s), and up again after a restart', () => {
    const crash = ['--preset', 'steady', '--set', 'cluster.replication.factor=3', '--set', 'actions+=[{"do":"crashBroker","broker":2,"atSec":5}]']
    const down = JSON.parse(runRun([...crash, '--seconds', '20', '--json'], io).stdout) as { brokers: Array<{ broker: number; up?: boolean }> }
    expect(down.brokers.map((b) => b.up)).toEqual([true, false, true])
    const text = runRun([...crash, '--seconds', '20'], io).stdout
    expect(text).toMatch(/b2: DOWN 0 leaders/)
    expect(text).toMatch(/^ {2}faults {5}lost records 0 {3}failed sends 0 {3}brokers down b2$/m)
    const back = ['--preset', 'steady', '--set', 'cluster.replication.factor=3', '--set', 'actions+=[{"do":"crashBroker","broker":2,"atSec":5},{"do":"restartBroker","broker":2,"atSec":10}]', '--seconds', '20', '--json']
    expect((JSON.parse(runRun(back, io).stdout) as { brokers: Array<{ up?: boolean }> }).brokers.map((b) => b.up)).toEqual([true, true, true])
    // Without a broker fault the field is absent: runs print what they printed before.
    const calm = JSON.parse(runRun(['--preset', 'steady', '--seconds', '2', '--json'], io).stdout) as { brokers: object[] }
    for (const b of calm.brokers) expect(b).not.toHaveProperty('up')
  })

  it('shutdownBroker from the command line: leaders move first, so acks=all loses and fails nothing; the broker is DOWN after', () => {
    const args = ['--preset', 'steady', '--set', 'cluster.replication.factor=3', '--set', 'actions+=[{"do":"shutdownBroker","broker":2,"atSec":5}]', '--seconds', '20']
    const j = JSON.parse(runRun([...args, '--json'], io).stdout) as { lostRecords?: number; failedSends?: number; partitions: Array<{ leader: number | null }>; brokers: Array<{ up?: boolean; leaders: number }> }
    expect(j.brokers.map((b) => b.up)).toEqual([true, false, true])
    expect(j.brokers[1]!.leaders).toBe(0)
    expect(j.lostRecords).toBe(0)
    expect(j.failedSends).toBe(0)
    for (const p of j.partitions) expect(p.leader === 1 || p.leader === 3).toBe(true)
    expect(runRun([...args], io).stdout).toMatch(/^ {2}faults {5}lost records 0 {3}failed sends 0 {3}brokers down b2$/m)
  })

  it('a kept placement with pasted non-preferred leaders is no broker fault: the fault fields (lostRecords, failedSends, each partition’s leader, each broker’s up) come only with one', () => {
    const s = defaultScenario()
    s.topic.partitions = 6
    // Broker 1 leads p0 and p2 though broker 4 is their preferred replica: the controller's check moves them back at 5 s.
    s.cluster = { brokers: 4, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null, assignment: [[4, 1], [4, 2], [4, 1], [1, 2], [2, 3], [3, 1]], leaders: [1, 4, 1, 1, 2, 3] }
    ;(s.cluster as unknown as Record<string, unknown>)['leader.imbalance.check.interval.seconds'] = 5
    const pasted = JSON.stringify(s)
    type J = { lostRecords?: number; failedSends?: number; partitions: object[]; brokers: Array<{ leaders: number; up?: boolean }> }
    const run = (...more: string[]): J => {
      const r = runRun(['--scenario', pasted, '--json', ...more], io)
      expect(r.stderr).toBe('')
      return JSON.parse(r.stdout) as J
    }
    for (const seconds of ['2', '8']) {
      const calm = run('--seconds', seconds)
      expect(calm).not.toHaveProperty('lostRecords')
      expect(calm).not.toHaveProperty('failedSends')
      for (const p of calm.partitions) expect(p).not.toHaveProperty('leader')
      for (const b of calm.brokers) expect(b).not.toHaveProperty('up')
    }
    // The check ran by 8 s: broker 4 leads its three preferred partitions (the brokers' leaders say so).
    expect(run('--seconds', '8').brokers.map((b) => b.leaders)).toEqual([1, 1, 1, 3])
    const crashed = run('--seconds', '8', '--set', 'actions+=[{"do":"crashBroker","broker":3,"atSec":6}]')
    expect(crashed.lostRecords).toBe(0)
    expect(crashed.failedSends).toBe(0)
    for (const p of crashed.partitions) expect(p).toHaveProperty('leader')
    expect(crashed.brokers.map((b) => b.up)).toEqual([true, true, false, true])
  })
})

describe('highway compare: a crash against a controlled shutdown of the same broker', () => {
  it('the shutdown side has no leaderless wait: its p99 and sampled lag stay at the calm run’s, the crash side’s do not', async () => {
    const { runCompare } = await import('./compareCommand.ts')
    const r = await runCompare(['--preset', 'broker-failure', '--seconds', '40', '--variant', 'crash:', '--variant', 'shutdown: actions.0.do=shutdownBroker'], { readFile: io.readFile }, { parallel: false })
    expect(r.code).toBe(0)
    const row = (name: string) => r.stdout.split('\n').find((l) => l.startsWith(`| ${name} |`))!.split(' | ').slice(1).map((c) => c.replace(/\s*\|$/, ''))
    const ms = (c: string) => Number(c.replace(/[^\d]/g, ''))
    const [crashP99, shutdownP99] = row('p99 latency').map(ms)
    expect(shutdownP99).toBeLessThan(50)
    expect(crashP99).toBeGreaterThan(1000)
    const [crashLag, shutdownLag] = row('max lag (sampled each second)').map(ms)
    expect(crashLag).toBeGreaterThan(10 * Math.max(1, shutdownLag!))
    expect(row('records lost (acks=1/0 when a leader fails or moves)')).toEqual(['0', '0'])
    expect(row('brokers down at the end')).toEqual(['b2', 'b2'])
  }, 60_000)
})
