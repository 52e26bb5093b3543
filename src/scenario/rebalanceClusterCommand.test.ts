import { describe, expect, it } from 'vitest'
import { describeCommand } from './describeCommand.ts'
import { defaultScenario } from './defaults.ts'
import { applyCommandToScenario } from './applyCommand.ts'
import { validateScenario } from './validate.ts'

function withActions(actions: unknown[]): unknown {
  return { ...defaultScenario(), actions }
}

describe('rebalanceCluster: the scripted / live command that runs the cluster balancer', () => {
  it('validates with or without a throttle, and names the path of a bad one', () => {
    const ok = validateScenario(withActions([{ do: 'rebalanceCluster', atSec: 5 }, { do: 'rebalanceCluster', atSec: 9, throttleBytesPerSec: 1_000_000 }]))
    expect(ok.ok).toBe(true)
    if (ok.ok) expect(ok.scenario.actions).toEqual([{ do: 'rebalanceCluster', atSec: 5 }, { do: 'rebalanceCluster', atSec: 9, throttleBytesPerSec: 1_000_000 }])
    const bad = validateScenario(withActions([{ do: 'rebalanceCluster', atSec: 5, throttleBytesPerSec: 0 }, { do: 'rebalanceCluster', atSec: 6, throttleBytesPerSec: 'fast' }]))
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.errors.map((e) => e.path)).toEqual(['actions[0].throttleBytesPerSec', 'actions[1].throttleBytesPerSec'])
  })

  it('allows at most 20 in a script (each plans the whole cluster), naming the first one too many', () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ do: 'rebalanceCluster', atSec: i }))
    const r = validateScenario(withActions(many))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.errors).toEqual([{ path: 'actions[20]', message: 'is rebalanceCluster number 21: at most 20 in a script' }])
    expect(validateScenario(withActions(many.slice(0, 20))).ok).toBe(true)
  })

  it('changes no setting (the plan acts on the cluster, not on the scenario) and reads in words', () => {
    const s = defaultScenario()
    expect(applyCommandToScenario(s, { do: 'rebalanceCluster' })).toBe(s)
    expect(describeCommand({ do: 'rebalanceCluster' })).toBe('rebalance the cluster')
    expect(describeCommand({ do: 'rebalanceCluster', throttleBytesPerSec: 2_500_000 })).toBe('rebalance the cluster (throttle 2.5 MB/s)')
  })
})
