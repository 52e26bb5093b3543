import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/index.ts'
import type { Scenario } from '../scenario/types.ts'
import { CSV_HEADER, runDataCsv } from './csv.ts'
import { createSimulation } from './simulation.ts'

interface Row { t: number; partition: number; owner: string; produced: number; consumed: number; lag: number; inRate: number }

function parse(text: string): Row[] {
  const lines = text.split('\n')
  expect(lines[0]).toBe(CSV_HEADER)
  expect(lines.at(-1)).toBe('')
  return lines.slice(1, -1).map((l) => {
    const [t, partition, owner, produced, consumed, lag, inRate] = l.split(',')
    return { t: Number(t), partition: Number(partition), owner: owner!, produced: Number(produced), consumed: Number(consumed), lag: Number(lag), inRate: Number(inRate) }
  })
}

const scenario = (name: string): Scenario => getPreset(name)!.build()

describe('run data CSV', () => {
  it('has one row per second and partition whose last rows equal the summary of a straight run to that moment', () => {
    const s = scenario('consumer-joins-eager')
    const rows = parse(runDataCsv(createSimulation(s), 25_000))
    expect(rows).toHaveLength(25 * s.topic.partitions)
    expect(rows.map((r) => r.t)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1).flatMap((t) => Array(s.topic.partitions).fill(t)))
    // The oracle: a simulation advanced to 25 s in one go.
    const straight = createSimulation(s)
    straight.advanceTo(25_000)
    const last = rows.filter((r) => r.t === 25)
    expect(last.map((r) => [r.partition, r.owner, r.produced, r.consumed, r.lag])).toEqual(
      straight.summary().partitions.map((p) => [p.partition, p.owner ?? '', p.produced, p.consumed, p.lag]),
    )
    for (const r of rows) expect(r.lag).toBe(r.produced - r.consumed)
  })

  it('in_rate is what the partition gained in that second, and owners change when the group rebalances', () => {
    const s = scenario('consumer-joins-eager')
    const rows = parse(runDataCsv(createSimulation(s), 40_000))
    for (const r of rows) {
      const prev = rows.find((x) => x.t === r.t - 1 && x.partition === r.partition)
      expect(r.inRate).toBe(r.produced - (prev?.produced ?? 0))
    }
    expect(rows.some((r) => r.inRate > 0)).toBe(true)
    const owners = new Set(rows.filter((r) => r.t === 40).map((r) => r.owner))
    expect(owners.has('consumer-4')).toBe(true)
    expect(rows.some((r) => r.owner === '')).toBe(true)
  })

  it('partitions added by the script get rows from the second they exist', () => {
    const s = scenario('add-partitions')
    const rows = parse(runDataCsv(createSimulation(s), 35_000))
    const at = (t: number): number => rows.filter((r) => r.t === t).length
    expect(at(29)).toBe(6)
    expect(at(31)).toBe(12)
  })

  it('ends the simulation at the requested moment, with rows only for whole seconds', () => {
    const sim = createSimulation(scenario('steady'))
    const rows = parse(runDataCsv(sim, 3_500))
    expect(sim.now()).toBe(3_500)
    expect(Math.max(...rows.map((r) => r.t))).toBe(3)
  })
})
