// SUPERVISE: a fresh worker continues a run from a checkpoint the failed one posted; the run
// must be the straight run, with the rebalance markers before the checkpoint back.
import { describe, expect, it } from 'vitest'
import { checkpointToJson } from '../engine/checkpointJson.ts'
import { getPreset } from '../scenario/presets/index.ts'
import type { Scenario } from '../scenario/types.ts'
import { createSimulation } from './simulation.ts'
import { Timeline } from './timeline.ts'

function preset(name: string): Scenario {
  const p = getPreset(name)
  if (!p) throw new Error(name)
  return p.build()
}

function straightAt(s: Scenario, t: number): { summary: string; lag: number[] } {
  const sim = createSimulation(s)
  sim.advanceTo(t)
  return { summary: JSON.stringify(sim.summary()), lag: Array.from(sim.frame(0).lag) }
}

const shownAt = (tl: Timeline) => ({ summary: JSON.stringify(tl.sim().summary()), lag: Array.from(tl.sim().frame(0).lag) })

describe('Timeline resumed from a checkpoint', () => {
  it('continues exactly as the straight run, with a recorded action, and seeks back before the checkpoint', () => {
    const s = preset('consumer-crash')
    const first = new Timeline(s)
    first.advanceTo(12_000)
    first.apply({ do: 'gcPause', consumer: 'consumer-1', durationMs: 8000 })
    first.advanceTo(41_500)
    const text = checkpointToJson(first.sim().checkpoint())
    const run = { ...s, actions: [...first.actions()] }

    const resumed = new Timeline(run, { resumeFrom: text })
    expect(resumed.now()).toBe(41_500)
    expect(resumed.latest()).toBe(41_500)
    // The markers of what happened before the checkpoint: the crash's rebalances and the actions.
    const kinds = (tl: Timeline) => tl.markers().map((m) => `${m.t} ${m.kind} ${m.text}`)
    expect(kinds(resumed)).toEqual(kinds(first))
    resumed.advanceTo(60_000)
    expect(shownAt(resumed)).toEqual(straightAt(run, 60_000))
    resumed.seek(5_000)
    expect(shownAt(resumed)).toEqual(straightAt(run, 5_000))
  }, 60_000)

  it('brings back the hotspot markers flagged before the checkpoint', () => {
    const s = preset('hot-key')
    const first = new Timeline(s)
    first.advanceTo(30_000)
    const hot = first.markers().filter((m) => m.kind === 'hotspot')
    expect(hot.length).toBeGreaterThan(0)
    const resumed = new Timeline(s, { resumeFrom: checkpointToJson(first.sim().checkpoint()) })
    expect(resumed.markers()).toEqual(first.markers())
  }, 60_000)
})
