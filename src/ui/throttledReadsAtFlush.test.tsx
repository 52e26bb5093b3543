// A throttled reader shows the value of its flush's moment, not of the later moment React renders
// it: under load frames arrive between the two, and React computes a state updater then for some
// readers only, so two readers flushed together (compare mode's toolbar clock and Timeline label)
// showed moments 0.1–0.3 s apart in Chromium with the CPU slowed 6×.
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { createThrottleClock, ThrottleClockContext, useThrottledOf } from './useThrottled.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useThrottledOf', () => {
  it('two readers flushed in one task show the moment of that task, whatever arrives before React renders', () => {
    const store = createStore(() => ({ clock: 0, playing: true }))
    const clock = createThrottleClock(250, 250)
    function Two(): ReactNode {
      const a = useThrottledOf(store, (s) => s.clock, 100, (s) => s.playing)
      const b = useThrottledOf(store, (s) => s.clock, 100, (s) => s.playing)
      return <span data-two="">{`${a}|${b}`}</span>
    }
    const el = document.createElement('div')
    document.body.appendChild(el)
    const root = createRoot(el)
    act(() =>
      root.render(
        <ThrottleClockContext.Provider value={clock}>
          <Two />
        </ThrottleClockContext.Provider>,
      ),
    )
    const shown = (): string => el.querySelector('[data-two]')?.textContent ?? ''
    for (let i = 1; i <= 8; i++) {
      act(() => {
        store.setState({ clock: i * 100 })
        // The slot's flush, then a frame arrives before React gets to render.
        vi.advanceTimersByTime(250)
        store.setState({ clock: i * 100 + 50 })
      })
      const [a, b] = shown().split('|')
      expect(a, `flush ${i}: ${shown()}`).toBe(b)
    }
    act(() => root.unmount())
    el.remove()
  })
})
