// An initial backlog (topic.initialLag): the run starts with that many records waiting in each
// lane, consumers work them off from offset 0, and a run without it is unchanged.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { Scenario } from '../scenario/types.ts'
import { createSimulation, restoreSimulation } from './simulation.ts'

function backlogged(start: 'warm' | undefined): Scenario {
  const s = defaultScenario()
  const { start: _cold, ...rest } = s
  return { ...rest, ...(start ? { start } : {}), topic: { ...s.topic, partitions: 4, initialLag: [0, 50_000, 2000] } }
}

describe('initial backlog', () => {
  it('a warm run starts with the measured lag per partition, committed offsets at 0', () => {
    const sim = createSimulation(backlogged('warm'))
    sim.advanceTo(0)
    const f = sim.frame(0)
    expect(Array.from(f.committed)).toEqual([0, 0, 0, 0])
    expect(f.totals.produced).toBe(52_000)
    // The owners' first polls at t = 0 already hold up to max.poll.records of it.
    const poll = backlogged('warm').group.config['max.poll.records']
    expect(Array.from(f.lag)).toEqual([0, 50_000 - poll, 2000 - poll, 0])
  })

  it('the skew is of what the run produced, not of the seeded backlog (50 000 on one of four lanes)', () => {
    const sim = createSimulation(backlogged('warm'))
    sim.advanceTo(10_000)
    const t = sim.summary()
    expect(t.produced).toBeGreaterThan(52_000)
    // The default keys spread the run's records over the four lanes about evenly.
    expect(t.skewRatio).toBeLessThan(1.5)
    expect(t.skewRatio).toBeGreaterThanOrEqual(1)
  })

  it('the consumers work the backlog off from its first record, the busiest lane last', () => {
    const s = backlogged('warm')
    const sim = createSimulation(s)
    sim.advanceTo(10_000)
    const early = sim.frame(0)
    // partition 2's 2000 records are gone within seconds; partition 1 is still far behind
    expect(early.lag[2]).toBeLessThan(2000)
    expect(early.lag[1]).toBeGreaterThan(10_000)
    expect(early.lag[1]).toBeLessThan(50_000)
    expect(early.totals.consumed).toBeGreaterThan(2000)
  })

  it('a cold run keeps the backlog while the group forms', () => {
    const sim = createSimulation(backlogged(undefined))
    sim.advanceTo(100)
    expect(sim.frame(0).totals.lag).toBeGreaterThanOrEqual(52_000)
  })

  it('a checkpoint taken mid-backlog continues exactly as the run', () => {
    const a = createSimulation(backlogged('warm'))
    a.advanceTo(3_000)
    const b = restoreSimulation(a.checkpoint())
    a.advanceTo(30_000)
    b.advanceTo(30_000)
    expect(JSON.stringify(b.summary())).toEqual(JSON.stringify(a.summary()))
  })

  it('no initialLag (or an empty one) is the same run as before', () => {
    const plain = defaultScenario()
    const empty = { ...plain, topic: { ...plain.topic, initialLag: [] } }
    const a = createSimulation(plain)
    const b = createSimulation(empty)
    a.advanceTo(20_000)
    b.advanceTo(20_000)
    expect(JSON.stringify(b.summary())).toEqual(JSON.stringify(a.summary()))
  })
})
