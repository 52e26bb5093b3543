import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSimulation } from './simulation.ts'

describe('frame: members', () => {
  it('a consumer not started yet reads "starting", one that went down after running reads "restarting"', () => {
    const s = defaultScenario()
    s.actions = [{ do: 'restartConsumer', consumer: 'consumer-1', downMs: 5000, atSec: 10 }]
    const sim = createSimulation(s)
    // The group's consumers start at seeded moments within one heartbeat interval: some are not up at 0 ms.
    const first = sim.frame(0).members.map((m) => m.phase)
    expect(first[0]).not.toBe('starting')
    expect(first.slice(1)).toContain('starting')
    expect(first).not.toContain('restarting')
    sim.advanceTo(11_000)
    const later = sim.frame(0).members
    expect(later.find((m) => m.name === 'consumer-1')?.phase).toBe('restarting')
    expect(later.map((m) => m.phase)).not.toContain('starting')
  })
})
