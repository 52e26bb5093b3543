// A Parallel Consumer's load (its card's "load %") is the share of each simulated second its
// workers spent processing, averaged over them: the part of a batch's work past a second's end is
// the next second's (as for a plain consumer, sim/utilization.test.ts), so it never reads over 100 %.

import { describe, expect, it } from 'vitest'
import { getPreset } from '../../scenario/index.ts'
import { createSimulation } from '../simulation.ts'

describe('Parallel Consumer utilisation', () => {
  it('no second reads over 100 %, and the busy consumer reads near full', () => {
    const s = getPreset('parallel-consumer-key-order')!.build()
    // A quarter of the preset's processing rate: the consumer cannot keep up (it read up to 132 %).
    s.group.processing.recordsPerSec /= 4
    const sim = createSimulation(s)
    let most = 0
    for (let t = 5000; t <= 40_000; t += 1000) {
      sim.advanceTo(t + 500)
      for (const m of sim.frame(0).members) {
        expect(m.utilization, `${m.name} at ${t} ms`).toBeLessThanOrEqual(1 + 1e-9)
        most = Math.max(most, m.utilization)
      }
    }
    expect(most).toBeGreaterThan(0.9)
  })
})
