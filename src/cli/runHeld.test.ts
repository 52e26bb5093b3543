// `highway run --json` and the records producers hold per lane: each partition's heldByProducers
// and heldOldestSec, present only while its producers hold records (as the lane details show them).
import { describe, expect, it } from 'vitest'
import { runRun, type CliIo } from './runCommand.ts'

const io: CliIo = { readFile: () => ({ ok: false, problem: 'no such file' }) }

interface Part {
  partition: number
  lag: number
  heldByProducers?: number
  heldOldestSec?: number
}

function run(args: string[]): { producerBuffered: number; simSeconds: number; partitions: Part[] } {
  const r = runRun([...args, '--json'], io)
  expect(r.code).toBe(0)
  return JSON.parse(r.stdout)
}

describe('highway run --json: records held by producers, per partition', () => {
  it('broker-hotspot: the lanes broker 1 leads (1, 4, 6, 11) say how many they hold and how long ago the oldest was sent; the others say nothing', () => {
    const j = run(['--preset', 'broker-hotspot', '--seconds', '30'])
    const holding = j.partitions.filter((p) => 'heldByProducers' in p)
    expect(holding.map((p) => p.partition)).toEqual([1, 4, 6, 11])
    for (const p of holding) {
      expect(p.heldByProducers).toBeGreaterThan(0)
      expect(p.heldOldestSec).toBeGreaterThan(0)
      expect(p.heldOldestSec).toBeLessThan(j.simSeconds)
    }
    for (const p of j.partitions.filter((x) => !('heldByProducers' in x))) expect(p).not.toHaveProperty('heldOldestSec')
    // Part of producerBuffered, all of it here; not in the lag (not yet in the log).
    expect(holding.reduce((n, p) => n + p.heldByProducers!, 0)).toBe(j.producerBuffered)
    // The hot lane holds the most, and its oldest record has waited longer than the run's first seconds.
    const p6 = holding.find((p) => p.partition === 6)!
    expect(p6.heldByProducers).toBe(Math.max(...holding.map((p) => p.heldByProducers!)))
    expect(p6.heldOldestSec).toBeGreaterThan(3)
  })

  it('broker-failure: after the crash at 20 s the lanes hold what was sent since (acks=all waits on broker 2, then its lanes have no leader); once led again, none', () => {
    const during = run(['--preset', 'broker-failure', '--seconds', '25'])
    const holding = during.partitions.filter((p) => p.heldByProducers !== undefined)
    expect(holding.length).toBeGreaterThan(0)
    for (const p of holding) expect(p.heldOldestSec).toBeLessThanOrEqual(5)
    const after = run(['--preset', 'broker-failure', '--seconds', '40'])
    expect(after.producerBuffered).toBe(0)
    expect(after.partitions.some((p) => 'heldByProducers' in p || 'heldOldestSec' in p)).toBe(false)
  })
})
