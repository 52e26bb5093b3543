// The lag-aware assignor in the running world: the classic leader weighs the partitions by the lags
// and rates the world has when its JoinGroup response arrives, and a run checkpointed across that
// moment ends as the straight run does.

import { describe, expect, it } from 'vitest'
import { lagAwareAssignorScenario } from '../../scenario/presets/lagAwareAssignor.ts'
import type { Scenario } from '../../scenario/types.ts'
import { validateScenario } from '../../scenario/validate.ts'
import { createSimulation, restoreSimulation } from '../simulation.ts'

/**
 * After the rebalance that follows the join at 20 s (read at `t`, later while a lane is unowned): each
 * consumer's owned lanes, and the hottest lane by measured rate. An eager rebalance waits for the
 * slowest member's rejoin, which the lagging consumer's last batch delays by a second or more.
 */
function settled(s: Scenario, t: number) {
  const sim = createSimulation(s)
  sim.advanceTo(t)
  while (sim.frame(0).owner.includes(-1) && sim.now() < t + 20_000) sim.advanceTo(sim.now() + 500)
  const f = sim.frame(0)
  expect(f.owner.includes(-1)).toBe(false)
  const hot = f.inRate.indexOf(Math.max(...f.inRate))
  const lanes = new Map<number, number[]>()
  f.owner.forEach((o, p) => lanes.set(o, [...(lanes.get(o) ?? []), p]))
  const heaviest = Math.max(...[...lanes.values()].map((ps) => ps.reduce((sum, p) => sum + f.inRate[p]!, 0)))
  return { hot, hotLanes: lanes.get(f.owner[hot]!) ?? [], owners: lanes.size, heaviest }
}

/** The preset at a tenth of its rates (same shares and ratios, far fewer events). */
function small(): Scenario {
  const s = lagAwareAssignorScenario()
  return {
    ...s,
    producers: s.producers.map((p) => ({ ...p, rate: { kind: 'constant', perSec: 480 } })),
    group: { ...s.group, processing: { ...s.group.processing, recordsPerSec: 250 } },
  }
}

describe('lag-aware assignor run by the classic group leader', () => {
  it('gives the hot lane a consumer of its own at the rebalance, where range leaves it sharing', () => {
    const s = small()
    const lag = settled(s, 26_000)
    expect(lag.owners).toBe(4)
    expect(lag.hotLanes).toEqual([lag.hot])
    const range = settled({ ...s, group: { ...s.group, assignor: 'range' } }, 26_000)
    expect(range.hotLanes.length).toBe(3)
    expect(lag.heaviest).toBeLessThan(range.heaviest)
  })

  it('a run checkpointed before and during the rebalance ends identical to the straight run', () => {
    const s = small()
    const straight = createSimulation(s)
    straight.advanceTo(24_000)
    const end = { summary: straight.summary(), lag: Array.from(straight.frame(0).lag), owner: Array.from(straight.frame(0).owner) }
    for (const at of [19_000, 20_050]) {
      const first = createSimulation(s)
      first.advanceTo(at)
      const resumed = restoreSimulation(structuredClone(first.checkpoint()))
      resumed.advanceTo(24_000)
      expect({ summary: resumed.summary(), lag: Array.from(resumed.frame(0).lag), owner: Array.from(resumed.frame(0).owner) }).toEqual(end)
    }
  })

  it('is refused outside the eager protocol, naming the field and why', () => {
    const s = lagAwareAssignorScenario()
    const r = validateScenario({ ...s, group: { ...s.group, protocol: 'cooperative' } })
    expect(r.ok).toBe(false)
    const msg = r.ok ? '' : r.errors.map((e) => `${e.path}: ${e.message}`).join('\n')
    expect(msg).toMatch(/^group\.assignor: 'lag-aware' does not work with group\.protocol 'cooperative'/)
    expect(msg).toMatch(/not built into Kafka/)
    expect(validateScenario(s).ok).toBe(true)
  })
})
