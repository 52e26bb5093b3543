// One lane's held records as the lane details and `run --json` show them: how many, and when the
// oldest was sent; the frame lists only the lanes that hold any.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { getPreset } from '../scenario/presets/index.ts'
import type { Frame } from './frameTypes.ts'
import { heldLanes, laneHeld } from './laneHeld.ts'
import { DEFAULT_LANE_VIEW, findHeld, laneFigures, pageFrame } from './laneRows/pageFrame.ts'
import { groupLanes } from './laneRows/laneGroups.ts'
import { holdRecords } from './producerHeld.ts'
import { createSimulation } from './simulation.ts'
import type { RunSummary } from './simulationApi.ts'
import { createWorldState } from './worldState.ts'

/** What the frame says of each lane that holds records: lane → [records, oldest sent at]. */
function frameHeld(f: Frame): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>()
  for (let p = 0; p < f.partitions; p++) {
    const h = findHeld(f.heldLanes, p)
    if (h !== null) out.set(p, [h.records, h.oldestSentAt])
  }
  return out
}

/** What run --json says of each lane that holds records: lane → [records, seconds since the oldest was sent]. */
function summaryHeld(s: RunSummary): Map<number, [number, number]> {
  return new Map(s.partitions.filter((x) => x.heldByProducers !== undefined).map((x) => [x.partition, [x.heldByProducers!, x.heldOldestSec!]]))
}

/** The frame and the summary at the same moment tell the same story, and add up to producerBuffered. */
function expectAgree(f: Frame, s: RunSummary): void {
  const fromFrame = frameHeld(f)
  const fromSummary = summaryHeld(s)
  expect([...fromSummary.keys()]).toEqual([...fromFrame.keys()])
  for (const [p, [records, sentAt]] of fromFrame) expect(fromSummary.get(p)).toEqual([records, Math.round(f.t - sentAt) / 1000])
  expect([...fromFrame.values()].reduce((n, [r]) => n + r, 0)).toBe(s.producerBuffered)
}

describe('a lane\'s held records', () => {
  it('are its buffered count and its oldest entry\'s send time; the frame\'s list names only the lanes holding any, in lane order', () => {
    const w = createWorldState(defaultScenario(), 6)
    expect(laneHeld(w, 3)).toBeNull()
    expect(heldLanes(w)).toBeUndefined()
    holdRecords(w, 5, 7, 1_200)
    holdRecords(w, 5, 3, 4_000)
    w.buffered[5] = 10
    holdRecords(w, 2, 4, 3_000)
    w.buffered[2] = 4
    expect(laneHeld(w, 5)).toEqual({ records: 10, oldestSentAt: 1_200 })
    expect(Array.from(heldLanes(w)!)).toEqual([2, 4, 3_000, 5, 10, 1_200])
    expect(findHeld(heldLanes(w), 5)).toEqual({ records: 10, oldestSentAt: 1_200 })
    expect(findHeld(heldLanes(w), 3)).toBeNull()
  })

  it('broker-hotspot: broker 1 at capacity, its lanes 1, 4, 6 and 11 hold records, their oldest sent longer ago as the run goes on', () => {
    const sim = createSimulation(getPreset('broker-hotspot')!.build())
    sim.advanceTo(30_000)
    const f = sim.frame(0)
    expect([...frameHeld(f).keys()]).toEqual([1, 4, 6, 11])
    expectAgree(f, sim.summary())
    // The hot lane: most of what is held, its oldest record sent seconds ago (not at the start).
    const p6 = summaryHeld(sim.summary()).get(6)!
    expect(p6[0]).toBeGreaterThan(10_000)
    expect(p6[1]).toBeGreaterThan(3)
    expect(p6[1]).toBeLessThan(30)
    sim.advanceTo(60_000)
    expect(summaryHeld(sim.summary()).get(6)![1]).toBeGreaterThan(p6[1])
  })

  it('broker-failure: every lane holds what it sent since the crash, then the four still without a leader hold the records sent back to them too, then none', () => {
    const sim = createSimulation(getPreset('broker-failure')!.build())
    sim.advanceTo(19_000)
    expect(sim.frame(0).heldLanes).toBeUndefined()
    expect(summaryHeld(sim.summary()).size).toBe(0)
    sim.advanceTo(25_000) // broker 2 crashed at 20 s; acks=all waits on it everywhere
    let f = sim.frame(0)
    expect(frameHeld(f).size).toBe(12)
    for (const [, [, sentAt]] of frameHeld(f)) expect(sentAt).toBeGreaterThanOrEqual(20_000)
    expectAgree(f, sim.summary())
    sim.advanceTo(28_000) // fenced at 27.6 s: its lanes wait for clients to learn the new leaders
    f = sim.frame(0)
    expect([...frameHeld(f).keys()]).toEqual([2, 3, 7, 10])
    // Records appended before the crash but never acknowledged went back to their producer, oldest first.
    for (const [, [, sentAt]] of frameHeld(f)) expect(sentAt).toBe(20_000)
    expectAgree(f, sim.summary())
    sim.advanceTo(29_000)
    expect(sim.frame(0).heldLanes).toBeUndefined()
    expect(summaryHeld(sim.summary()).size).toBe(0)
  })

  it('in a big topic\'s page frame, reach the page through the inspected lane\'s figures, not a list of lanes', () => {
    const sim = createSimulation({ ...getPreset('broker-failure')!.build(), topic: { ...getPreset('broker-failure')!.build().topic, partitions: 200 } })
    sim.advanceTo(25_000)
    const full = sim.frame(0)
    const lane = [...frameHeld(full).keys()][150]!
    const page = pageFrame(full, groupLanes(full, 'consumer'), { ...DEFAULT_LANE_VIEW, inspect: lane }, null)
    expect(page.heldLanes).toBeUndefined()
    expect(page.grouped!.inspected!.held).toEqual(findHeld(full.heldLanes, lane))
    expect(laneFigures(page, lane)!.held!.records).toBeGreaterThan(0)
  })
})
