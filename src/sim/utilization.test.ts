// A consumer's load (the card's "load 99%") is the share of each simulated second it spent
// processing. A batch's time is added when it is polled; the part past a second's end is the next
// second's, so an overloaded consumer reads a steady ~100 %, never 117 %.

import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/index.ts'
import { createSimulation } from './simulation.ts'

describe('consumer utilisation', () => {
  it('the hot lane’s owner is busy all the time, and no second reads over 100 %', () => {
    const sim = createSimulation(getPreset('hot-key')!.build())
    const hot: number[] = []
    for (let t = 5000; t <= 30_000; t += 1000) {
      sim.advanceTo(t + 500)
      const members = sim.frame(0).members
      for (const m of members) expect(m.utilization).toBeLessThanOrEqual(1 + 1e-9)
      // consumer-3 owns partition 6, the hot key's lane (2975 rec/s against its 2500).
      hot.push(members.find((m) => m.name === 'consumer-3')!.utilization)
    }
    expect(Math.min(...hot)).toBeGreaterThan(0.95)
  })
})
