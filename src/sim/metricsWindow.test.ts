// Latency per metrics window: a second in which nothing was consumed has no p99 (null), not 0 ms.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSimulation } from './simulation.ts'

describe('p99 per metrics window', () => {
  it('is null for every second when nothing is consumed, and so is the whole-run figure', () => {
    const s = defaultScenario()
    s.group.consumers = 0
    const sim = createSimulation(s)
    sim.advanceTo(5_000)
    const samples = sim.drainSamples()
    expect(samples).toHaveLength(5)
    for (const m of samples) expect(m.p99Ms).toBeNull()
    expect(sim.frame(0).totals.latencyMs).toEqual({ p50: null, p95: null, p99: null })
  })

  it('is a number while records are consumed and null once the producers stop and the lanes are empty', () => {
    const s = defaultScenario()
    s.actions = [{ atSec: 20, do: 'setRate', perSec: 0 }]
    const sim = createSimulation(s)
    sim.advanceTo(30_000)
    const byT = new Map(sim.drainSamples().map((m) => [m.t, m.p99Ms]))
    for (let t = 10_000; t <= 20_000; t += 1000) expect(byT.get(t), `${t} ms`).toBeGreaterThan(0)
    for (let t = 25_000; t <= 30_000; t += 1000) expect(byT.get(t), `${t} ms`).toBeNull()
    expect(sim.frame(0).totals.latencyMs.p99).toBeGreaterThan(0) // the whole run still has data
  })
})
