// When the run stops (Pause, "Pause at next rebalance", a step or a seek while paused), the
// throttled panels show the paused frame at once: a teacher read "Group Stable" and a countdown of
// the frame before for ~200 ms while the highway already showed the rebalance it paused at.

import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { Frame } from '../sim/frameTypes.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { NarrationPanel } from './NarrationPanel.tsx'
import { mount } from './renderForTest.tsx'
import { StatusBar } from './StatusBar.tsx'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const TL = { latest: 0, checkpointBytes: 0 }

/** A frame whose group is rebalancing, with a member's session running down (what "now" shows). */
function rebalancingFrame(t: number): Frame {
  const f = makeFrame({ t, rebalancing: true })
  const countdowns = [{ kind: 'session', member: f.members[1]!.name, elapsedMs: 44_000, limitMs: 45_000, config: 'session.timeout.ms' }]
  return { ...f, group: { ...f.group, countdowns } } as Frame
}

describe('a paused frame shows at once in the throttled panels', () => {
  it('the frame the run paused itself on (Pause at next rebalance): badge and countdown without waiting for the throttle', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(
      <>
        <StatusBar />
        <NarrationPanel />
      </>,
      store,
    )
    const badge = (): string => m.container.querySelector('.status .pill')?.textContent ?? ''
    // Playing: frames stream in, the status follows at its pace.
    for (let i = 1; i <= 20; i++) {
      act(() => {
        store.getState().receiveFrame(0, makeFrame({ t: i * 50 }), [], [], { ...TL, latest: i * 50 })
        vi.advanceTimersByTime(50)
      })
    }
    expect(badge()).toMatch(/^Group Stable/)
    // The next frame starts a rebalance and the worker paused there: no wall time passes.
    act(() => store.getState().receiveFrame(0, rebalancingFrame(1050), [], [], { ...TL, latest: 1050, pausedAt: 'rebalance' }))
    expect(store.getState().playing).toBe(false)
    expect(badge()).toMatch(/REBALANCING/)
    expect(m.container.querySelector('.paused-note')?.textContent).toBe('Paused: a rebalance started at 1.1 s')
    expect(m.container.querySelector('.countdowns')?.textContent).toContain('44 s of 45 s')
    m.unmount()
  })

  it('Pause pressed mid-period: the newest frame shows at once; a step while paused shows at once too', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<StatusBar />, store)
    const lag = (): string => m.container.querySelector('.status b')?.textContent ?? ''
    act(() => {
      store.getState().receiveFrame(0, makeFrame({ t: 50, lag: [10] }), [], [])
      vi.advanceTimersByTime(300)
    })
    expect(lag()).toBe('10')
    // A frame lands right after the last flush, then the user pauses before the next one.
    act(() => {
      store.getState().receiveFrame(0, makeFrame({ t: 100, lag: [20] }), [], [])
      vi.advanceTimersByTime(10)
    })
    expect(lag()).toBe('10')
    act(() => store.getState().setPlaying(false))
    expect(lag()).toBe('20')
    // A step (or a seek) while paused: its frame shows at once.
    act(() => store.getState().receiveFrame(0, makeFrame({ t: 200, lag: [30] }), [], []))
    expect(lag()).toBe('30')
    m.unmount()
  })
})
