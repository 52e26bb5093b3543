// One way to apply a change: the scenario the page writes into the link after a live edit is the
// simulation's own settings after the same commands — same clamps, same defaults — because both
// run applyCommandToScenario.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../src/scenario/index.ts'
import type { Scenario } from '../src/scenario/types.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import { applyEdit, type ScenarioEdit } from '../src/store/scenarioEdits.ts'

function liveSettings(s: Scenario, edit: ScenarioEdit): { link: Scenario; sim: Scenario } {
  const r = applyEdit(s, edit)
  expect(r.restart).toBe(false)
  const sim = createSimulation(s)
  sim.advanceTo(2_000)
  for (const c of r.commands) sim.apply(c)
  // The live settings travel in the checkpoint's world state (plain data).
  const state = sim.checkpoint().state as { w: { live: Scenario } }
  return { link: r.scenario, sim: state.w.live }
}

const edits: ScenarioEdit[] = [
  { kind: 'rate', perSec: 7500 },
  { kind: 'rate', perSec: 5e12 },
  { kind: 'hotKeyShare', share: 0.6 },
  { kind: 'hotKeyShare', share: 1.7 },
  { kind: 'zipf', s: 1.1 },
  { kind: 'zipf', s: 40 },
  { kind: 'keyCount', count: 5_000_000 },
  { kind: 'keyCount', count: 12.4 },
  { kind: 'hotKeyCost', cost: 3 },
  { kind: 'hotKeyCost', cost: 1e9 },
  { kind: 'partitions', count: 18 },
  { kind: 'partitions', count: 99_999 },
  { kind: 'consumers', count: 5 },
  { kind: 'consumers', count: 1 },
  { kind: 'partitioner', partitioner: 'round-robin', ignoreKeys: true },
  { kind: 'dynamic', patch: { salting: { enabled: true, splits: 6 }, loadAware: { enabled: true } } },
  { kind: 'autoscaler', enabled: true },
]

describe('one command path', () => {
  for (const preset of ['hot-key', 'steady']) {
    it.each(edits.map((e) => [JSON.stringify(e), e] as const))(`${preset}: the link after %s holds the simulation's live settings`, (_, edit) => {
      const s = getPreset(preset)!.build()
      const { link, sim } = liveSettings(s, edit)
      expect(sim).toEqual(link)
    })
  }

  it('clamps as the schema does, so the link stays valid', () => {
    const s = getPreset('steady')!.build()
    expect(applyEdit(s, { kind: 'keyCount', count: 5_000_000 }).scenario.producers[0]!.keys).toEqual({ kind: 'uniform', count: 1_000_000 })
    expect(applyEdit(s, { kind: 'partitions', count: 99_999 }).scenario.topic.partitions).toBe(10_000)
    expect(applyEdit(s, { kind: 'rate', perSec: 5e12 }).scenario.producers[0]!.rate).toEqual({ kind: 'constant', perSec: 1e8 })
  })
})
