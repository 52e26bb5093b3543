import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import type { Scenario } from '../scenario/types.ts'
import { createSimulation } from './simulation.ts'
import { Timeline } from './timeline.ts'

function preset(name: string): Scenario {
  const p = getPreset(name)
  if (!p) throw new Error(name)
  return p.build()
}

/** What a straight run shows at `t`: its summary and the lanes' lag. */
function straightAt(s: Scenario, t: number): { summary: string; lag: number[] } {
  const sim = createSimulation(s)
  sim.advanceTo(t)
  return { summary: JSON.stringify(sim.summary()), lag: Array.from(sim.frame(0).lag) }
}

function shownAt(tl: Timeline): { summary: string; lag: number[] } {
  return { summary: JSON.stringify(tl.sim().summary()), lag: Array.from(tl.sim().frame(0).lag) }
}

describe('Timeline', () => {
  it('seeking to any moment already reached shows exactly what the straight run has there (property)', () => {
    const s = preset('kip848-churn')
    const tl = new Timeline(s, { checkpointEveryMs: 7000 })
    tl.advanceTo(70_000)
    fc.assert(
      fc.property(fc.double({ min: 0, max: 70_000, noNaN: true }), (t) => {
        tl.seek(t)
        expect(tl.now()).toBe(t)
        expect(shownAt(tl)).toEqual(straightAt(s, t))
      }),
      { numRuns: 12, seed: 8 },
    )
    // Back at the end, the branch goes on as if never sought.
    tl.seek(70_000)
    tl.advanceTo(80_000)
    expect(shownAt(tl)).toEqual(straightAt(s, 80_000))
  }, 120_000)

  it('records a live command; after seeking back, a new command forks: the recorded future goes, the script stays', () => {
    const s = preset('consumer-crash')
    const tl = new Timeline(s)
    tl.advanceTo(20_000.4)
    const crash = tl.apply({ do: 'gcPause', consumer: 'consumer-1', durationMs: 8000 })
    expect(crash.atSec).toBe(20.001)
    tl.advanceTo(40_000)
    expect(tl.markers().some((m) => m.kind === 'fault' && m.t === 20_001 && m.text.includes('consumer-1'))).toBe(true)
    tl.seek(10_000)
    tl.apply({ do: 'addConsumer' })
    // The scripted crash at 30 s is the scenario's; the recorded GC pause at 20 s was this branch's future.
    expect(tl.actions()).toEqual([{ do: 'crashConsumer', consumer: 'consumer-2', atSec: 30 }, { do: 'addConsumer', atSec: 10 }].sort((a, b) => a.atSec - b.atSec))
    expect(tl.latest()).toBe(10_000)
    expect(tl.markers().every((m) => m.t <= 10_000)).toBe(true)
    tl.advanceTo(40_000)
    expect(shownAt(tl)).toEqual(straightAt({ ...s, actions: [...tl.actions()] }, 40_000))
  }, 60_000)

  it('a command for a moment already passed (a compare side that ran on) lands exactly at that moment', () => {
    const s = preset('consumer-crash')
    const tl = new Timeline(s)
    tl.advanceTo(8_340)
    const crash = tl.apply({ do: 'crashConsumer', consumer: 'consumer-3' }, 8_250)
    expect(crash.atSec).toBe(8.25)
    expect(tl.now()).toBe(8_250)
    tl.advanceTo(20_000)
    expect(shownAt(tl)).toEqual(straightAt({ ...s, actions: [...tl.actions()] }, 20_000))
  }, 60_000)

  it('keeps checkpoint memory under its budget by thinning, and seeking stays exact', () => {
    const s = preset('steady')
    const budget = 4 * 1024 * 1024
    const tl = new Timeline(s, { checkpointEveryMs: 1000, maxCheckpointBytes: budget })
    tl.advanceTo(120_000)
    expect(tl.checkpointBytes()).toBeLessThanOrEqual(budget)
    const times = tl.checkpointTimes()
    expect(times[0]).toBe(0)
    // Thinned: fewer than one a second, but still spread over the run.
    expect(times.length).toBeLessThan(120)
    expect(times.at(-1)!).toBeGreaterThan(60_000)
    tl.seek(61_234)
    expect(shownAt(tl)).toEqual(straightAt(s, 61_234))
  }, 60_000)

  it('marks rebalance starts and ends where the group log has them, and a storm when one begins', () => {
    const s = preset('slow-consumer-storm')
    const tl = new Timeline(s)
    tl.advanceTo(240_000)
    const log = tl.sim().rebalanceLog()
    const starts = tl.markers().filter((m) => m.kind === 'rebalance-start').map((m) => m.t)
    expect(starts).toEqual(log.map((r) => r.startMs))
    const ends = tl.markers().filter((m) => m.kind === 'rebalance-end').map((m) => m.t)
    expect(ends).toEqual(log.filter((r) => r.endMs !== null).map((r) => r.endMs))
    expect(tl.sim().summary().storm).toBe(true)
    expect(tl.markers().some((m) => m.kind === 'storm')).toBe(true)
    const ts = tl.markers().map((m) => m.t)
    expect(ts).toEqual([...ts].sort((a, b) => a - b))
  }, 60_000)

  it('pauses just after the next rebalance starts when asked', () => {
    const s = preset('consumer-joins-eager')
    const tl = new Timeline(s)
    tl.advanceTo(20_000)
    const before = tl.sim().rebalanceLog().length
    expect(tl.advanceTo(60_000, true)).toBe(true)
    const log = tl.sim().rebalanceLog()
    expect(log.length).toBe(before + 1)
    expect(tl.now() - log.at(-1)!.startMs).toBeGreaterThanOrEqual(0)
    expect(tl.now() - log.at(-1)!.startMs).toBeLessThanOrEqual(10)
    expect(log.at(-1)!.trigger).toMatch(/join/)
  }, 60_000)
})
