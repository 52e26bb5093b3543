import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { getPreset } from '../scenario/presets/index.ts'
import { PARTICLE_STRIDE } from './frameTypes.ts'
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

describe('frame: particles', () => {
  it('on a topic with more sampled lanes than particles, every consumer’s lanes get their share', () => {
    // scale-10k: 10 000 lanes, 3 000 particles a frame. Taken lowest lane first, four of the ten
    // consumers (the hot lane's among them) had none, and their rows on the page stayed empty.
    const sim = createSimulation(getPreset('scale-10k')!.build())
    sim.advanceTo(5000)
    const f = sim.frame()
    const perOwner = new Array<number>(f.members.length).fill(0)
    const n = f.particles.length / PARTICLE_STRIDE
    expect(n).toBe(3000)
    for (let i = 0; i < n; i++) perOwner[f.owner[f.particles[i * PARTICLE_STRIDE]!]!]!++
    // Each owns a tenth of the lanes: each gets roughly a tenth of the particles.
    for (const c of perOwner) expect(c).toBeGreaterThan(200)
  })
})
