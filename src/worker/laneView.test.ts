import { describe, expect, it } from 'vitest'
import { makeFrame } from '../view/frameFixture.ts'
import { createLaneViewState, REGROUP_MS } from './laneView.ts'

describe('the worker\'s lane view', () => {
  it('passes a topic of up to 64 lanes through untouched', () => {
    const lv = createLaneViewState(() => 0)
    const f = makeFrame({ partitions: 64 })
    expect(lv.frame(f)).toBe(f)
  })

  it('regroups the hottest lanes at most once a wall second, and at once when the page changes its view', () => {
    const clock = { now: 0 }
    const lv = createLaneViewState(() => clock.now)
    lv.set({ by: 'hottest', open: null, inspect: null })
    const f = makeFrame({ partitions: 200, members: 4 })
    f.inRate[10] = 1e6
    expect(lv.frame(f).grouped!.rowLabels[0]).toBe('P10')
    f.inRate[20] = 2e6
    clock.now += REGROUP_MS - 1
    expect(lv.frame(f).grouped!.rowLabels[0]).toBe('P10') // rows hold still within the second …
    clock.now += 1
    expect(lv.frame(f).grouped!.rowLabels[0]).toBe('P20') // … and follow the rates after it
    f.inRate[30] = 3e6
    lv.set({ by: 'hottest', open: 'hottest:30', inspect: null })
    const opened = lv.frame(f)
    expect(opened.grouped!.open).toBe('hottest:30')
    expect(Array.from(opened.grouped!.rowLane)).toEqual([30])
  })
})
