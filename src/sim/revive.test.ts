import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { validateScenario } from '../scenario/validate.ts'
import type { Scenario } from '../scenario/types.ts'
import { createSimulation } from './simulation.ts'

function crashThenRevive(staticMembership: boolean, protocol: Scenario['group']['protocol'] = 'eager'): Scenario {
  const s = defaultScenario()
  s.group = { ...s.group, staticMembership, protocol, assignor: protocol === 'consumer' ? 'uniform' : s.group.assignor }
  s.actions = [
    { atSec: 20, do: 'crashConsumer', consumer: 'consumer-2' },
    { atSec: 30, do: 'reviveConsumer', consumer: 'consumer-2' },
  ]
  return s
}

function member(sim: ReturnType<typeof createSimulation>, name: string) {
  return sim.frame(0).members.find((m) => m.name === name)!
}

describe('reviveConsumer: a crashed consumer process started again', () => {
  it('is a valid scripted action (a link or a CLI scenario file may carry it)', () => {
    expect(validateScenario(crashThenRevive(false)).ok).toBe(true)
    const bad = { ...crashThenRevive(false), actions: [{ atSec: 1, do: 'reviveConsumer' }] } as unknown as Scenario
    const r = validateScenario(bad)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.errors[0]?.path).toBe('actions[0].consumer')
  })

  it('dynamic membership: joins anew with a new member.id, and the group rebalances to take it back', () => {
    const sim = createSimulation(crashThenRevive(false))
    sim.advanceTo(19_000)
    const before = member(sim, 'consumer-2').memberId
    sim.advanceTo(29_000)
    expect(member(sim, 'consumer-2').phase).toBe('dead')
    const rebalancesBefore = sim.frame(0).group.rebalances
    sim.advanceTo(90_000)
    const after = member(sim, 'consumer-2')
    expect(after.phase).not.toBe('dead')
    expect(after.owned.length).toBeGreaterThan(0)
    expect(after.memberId).not.toBe(before)
    expect(after.memberId).not.toBe('')
    expect(sim.frame(0).group.rebalances).toBeGreaterThan(rebalancesBefore)
    expect(sim.drainTrace().some((e) => e.t >= 30_000 && e.fact.kind === 'member.start' && e.fact.member === 'consumer-2' && e.fact.rejoin)).toBe(true)
  })

  it('static membership: comes back with the same group.instance.id and its partitions', () => {
    const sim = createSimulation(crashThenRevive(true))
    sim.advanceTo(19_000)
    const before = member(sim, 'consumer-2')
    sim.advanceTo(90_000)
    const after = member(sim, 'consumer-2')
    expect(after.phase).toBe('stable')
    expect(after.groupInstanceId).toBe(before.groupInstanceId)
    expect(after.groupInstanceId).not.toBeNull()
    expect(after.owned).toEqual(before.owned)
  })

  it('a consumer that is running is left alone', () => {
    const s = defaultScenario()
    s.actions = [{ atSec: 10, do: 'reviveConsumer', consumer: 'consumer-1' }]
    const a = createSimulation(s)
    const b = createSimulation({ ...s, actions: [] })
    a.advanceTo(40_000)
    b.advanceTo(40_000)
    expect(a.summary().rebalances).toBe(b.summary().rebalances)
    expect(a.summary().consumed).toBe(b.summary().consumed)
  })
})
