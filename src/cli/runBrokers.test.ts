// `highway run` and the brokers (issue 12): `brokers` always in --json, one line in the text
// summary, and --set paths into cluster.* (a scenario without a cluster included).
import { describe, expect, it } from 'vitest'
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
})
