import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { createCompareStore, effectiveMark } from './compareStore.ts'

function store() {
  return createCompareStore({ base: defaultScenario(), variants: [{ label: 'a', set: {} }, { label: 'b', set: {} }], playing: true })
}

describe('compare store', () => {
  it('fixes the default mark when the last side settles, and keeps it when one side restarts', () => {
    const s = store()
    s.getState().noteFrame(0, makeFrame({ t: 3000 }))
    s.getState().noteFrame(1, makeFrame({ t: 3000, rebalancing: true }))
    expect(effectiveMark(s.getState())).toBeNull()
    s.getState().noteFrame(1, makeFrame({ t: 4500 }))
    expect(effectiveMark(s.getState())).toBe(4500)
    expect(s.getState().tracks[1]!.at(-1)).toMatchObject({ t: 4500, pinned: true })
    s.getState().resetSide(1)
    expect(effectiveMark(s.getState())).toBe(4500)
    s.getState().setMark(9000)
    expect(effectiveMark(s.getState())).toBe(9000)
    s.getState().resetAll()
    expect(s.getState().autoMark).toBeNull()
  })

  it('does not notify for a frame that changes nothing it keeps', () => {
    const s = store()
    s.getState().noteFrame(0, makeFrame({ t: 3000, rebalancing: true }))
    let calls = 0
    s.subscribe(() => calls++)
    s.getState().noteFrame(0, makeFrame({ t: 3016, rebalancing: true }))
    expect(calls).toBe(0)
  })
})
