// Same scenario + seed ⇒ identical run; a checkpoint restored and run on ⇒ the same continuation.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../src/scenario/index.ts'
import { createSimulation, restoreSimulation } from '../src/sim/simulation.ts'
import type { Scenario } from '../src/scenario/types.ts'

function preset(name: string): Scenario {
  const p = getPreset(name)
  if (!p) throw new Error(`no preset ${name}`)
  return p.build()
}

function run(s: Scenario, ms: number) {
  const sim = createSimulation(s)
  sim.advanceTo(ms)
  return { summary: JSON.stringify(sim.summary()), frame: sim.frame(), trace: sim.drainTrace() }
}

describe('determinism', () => {
  it.each(['hot-key', 'salted-hot-key', 'consumer-crash', 'spike'])('gives identical results for the same seed (%s)', (name) => {
    const a = run(preset(name), 45_000)
    const b = run(preset(name), 45_000)
    expect(a.summary).toBe(b.summary)
    expect(Array.from(a.frame.lag)).toEqual(Array.from(b.frame.lag))
    expect(Array.from(a.frame.particles)).toEqual(Array.from(b.frame.particles))
  })

  it('gives a different run for a different seed', () => {
    const s1 = preset('hot-key')
    const s2 = { ...preset('hot-key'), seed: s1.seed + 1 }
    expect(run(s1, 20_000).summary).not.toBe(run(s2, 20_000).summary)
  })

  it("continues exactly from a restored checkpoint", () => {
    for (const name of ['hot-key', 'consumer-joins-cooperative', 'rolling-restart-dynamic']) {
      const straight = createSimulation(preset(name))
      straight.advanceTo(17_300)
      const cp = straight.checkpoint()
      straight.advanceTo(60_000)
      // Round-trip through JSON-like cloning is not required; a checkpoint is plain data.
      const resumed = restoreSimulation(cp)
      resumed.advanceTo(60_000)
      expect(JSON.stringify(resumed.summary())).toBe(JSON.stringify(straight.summary()))
      expect(Array.from(resumed.frame().particles)).toEqual(Array.from(straight.frame().particles))
    }
  }, 60_000)

  it('continues exactly from a checkpoint taken while a metadata refresh is pending', () => {
    // add-partitions: +6 at 30 s; the group leader refreshes at 35 s, the producers at 40 s.
    for (const at of [32_000, 37_000]) {
      const straight = createSimulation(preset('add-partitions'))
      straight.advanceTo(at)
      const cp = straight.checkpoint()
      straight.advanceTo(60_000)
      const resumed = restoreSimulation(cp)
      resumed.advanceTo(60_000)
      expect(JSON.stringify(resumed.summary())).toBe(JSON.stringify(straight.summary()))
      expect(Array.from(resumed.frame().particles)).toEqual(Array.from(straight.frame().particles))
    }
  }, 60_000)

  it('gives the same result whether advanced in many small steps or one big one', () => {
    const s = preset('hot-key')
    const a = createSimulation(s)
    for (let t = 0; t <= 30_000; t += 16.7) a.advanceTo(t)
    a.advanceTo(30_000)
    const b = createSimulation(s)
    b.advanceTo(30_000)
    expect(JSON.stringify(a.summary())).toBe(JSON.stringify(b.summary()))
  })
})
