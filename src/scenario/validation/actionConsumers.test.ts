// Actions naming a consumer the run never has are warnings at the action's own path; names a
// scale-out can generate later are not.
import { describe, expect, it } from 'vitest'
import { validateScenario } from '../validate.ts'

function consumerWarnings(input: object): Array<{ path: string; message: string }> {
  const r = validateScenario({ durationSec: 120, ...input })
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return r.warnings.filter((w) => w.path.endsWith('.consumer'))
}
const crash = (consumer: string, atSec = 10) => ({ do: 'crashConsumer', consumer, atSec })

describe('an action naming a consumer that never exists', () => {
  it('is a warning at its path in the input (before sorting by atSec) in the input order, and the action stays in the script', () => {
    const input = { actions: [crash('consumer-1', 50), { do: 'gcPause', consumer: 'consumer-9', durationMs: 100, atSec: 40 }, crash('nobody', 5), { do: 'removeConsumer', atSec: 1 }] }
    expect(consumerWarnings(input)).toEqual([
      { path: 'actions[1].consumer', message: 'no consumer of this run is ever called "consumer-9" (it starts with consumer-1, consumer-2, consumer-3; no scale-out adds any), so this gcPause does nothing' },
      { path: 'actions[2].consumer', message: 'no consumer of this run is ever called "nobody" (it starts with consumer-1, consumer-2, consumer-3; no scale-out adds any), so this crashConsumer does nothing' },
    ])
    const r = validateScenario({ durationSec: 120, ...input })
    expect(r.ok && r.scenario.actions.map((a) => a.do)).toEqual(['removeConsumer', 'crashConsumer', 'gcPause', 'crashConsumer'])
  })

  it('every consumer-field action is checked', () => {
    const actions = [
      { do: 'removeConsumer', consumer: 'x', atSec: 1 },
      crash('x', 1),
      { do: 'gcPause', consumer: 'x', durationMs: 5, atSec: 1 },
      { do: 'slowConsumer', consumer: 'x', factor: 2, atSec: 1 },
      { do: 'restartConsumer', consumer: 'x', downMs: 5, atSec: 1 },
      { do: 'reviveConsumer', consumer: 'x', atSec: 1 },
    ]
    expect(consumerWarnings({ actions }).map((w) => w.path)).toEqual(actions.map((_, i) => `actions[${i}].consumer`))
  })

  it('a consumer addConsumer starts later is not warned about; one past what it adds is', () => {
    const adds = [{ do: 'addConsumer', atSec: 20 }, { do: 'addConsumer', count: 2, atSec: 30 }]
    expect(consumerWarnings({ actions: [...adds, crash('consumer-6', 40)] })).toEqual([])
    expect(consumerWarnings({ actions: [...adds, crash('consumer-7', 40)] })).toEqual([
      { path: 'actions[2].consumer', message: 'no consumer of this run is ever called "consumer-7" (it starts with consumer-1, consumer-2, consumer-3; addConsumer adds consumer-4 to consumer-6), so this crashConsumer does nothing' },
    ])
  })

  it('with the autoscaler on (from the start or switched on by the script) any later consumer-N may exist', () => {
    const autoscaler = { enabled: true, minConsumers: 1, maxConsumers: 4 }
    expect(consumerWarnings({ group: { autoscaler }, actions: [crash('consumer-40')] })).toEqual([])
    expect(consumerWarnings({ actions: [{ do: 'setAutoscaler', enabled: true, atSec: 1 }, crash('consumer-40')] })).toEqual([])
    expect(consumerWarnings({ group: { autoscaler }, actions: [crash('consumer-0'), crash('nobody')] }).map((w) => w.path)).toEqual(['actions[0].consumer', 'actions[1].consumer'])
  })

  it('an imported group (consumerNames) has its client ids, not consumer-1…; names past its count are never used', () => {
    const group = { consumers: 2, consumerNames: ['billing-1', 'billing-2', 'billing-3'] }
    expect(consumerWarnings({ group, actions: [crash('billing-2')] })).toEqual([])
    expect(consumerWarnings({ group, actions: [crash('consumer-1'), crash('billing-3')] })).toEqual([
      { path: 'actions[0].consumer', message: 'no consumer of this run is ever called "consumer-1" (it starts with billing-1, billing-2; no scale-out adds any), so this crashConsumer does nothing' },
      { path: 'actions[1].consumer', message: 'no consumer of this run is ever called "billing-3" (it starts with billing-1, billing-2; no scale-out adds any), so this crashConsumer does nothing' },
    ])
    // A scale-out after them is consumer-3, as the sim names it.
    expect(consumerWarnings({ group, actions: [{ do: 'addConsumer', atSec: 5 }, crash('consumer-3')] })).toEqual([])
  })

  it('a long group is listed short', () => {
    const [w] = consumerWarnings({ group: { consumers: 40 }, topic: { partitions: 40 }, actions: [crash('nobody')] })
    expect(w?.message).toContain('(it starts with consumer-1, consumer-2, …, consumer-40 (40); no scale-out adds any)')
  })
})
