// Compare mode while playing: the clock, the Timeline's label and each side's table are read from
// one moment (one throttle clock, one period, one task, sides in step); paused, the exact moment.
// With a period each (clock per frame, Timeline 200 ms, tables 500 ms) they disagreed by 0.1–0.2 s.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../../scenario/defaults.ts'
import { createCompareStore } from '../../store/compareStore.ts'
import { createAppStore } from '../../store/createAppStore.ts'
import { makeFrame } from '../../view/frameFixture.ts'
import type { AppActions } from '../actions.ts'
import '../renderForTest.tsx'
import { CompareApp } from './CompareApp.tsx'
import { CompareContext, type CompareActions } from './compareActions.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** Any action is a no-op: the test drives the stores as the compare session does. */
const noop = new Proxy({}, { get: () => () => undefined })

/** Compare mode of two playing sides at 0 s on the default scenario, mounted in a fresh element. */
function mountTwoPlayingSides() {
  const base = defaultScenario()
  const store = createCompareStore({ base, variants: [{ label: 'a', set: {} }, { label: 'b', set: {} }], playing: true, mark: 0 })
  const sides = [0, 1].map(() => ({ store: createAppStore({ scenario: base, playing: true }), actions: noop as AppActions }))
  for (const s of sides) s.store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  act(() =>
    root.render(
      <CompareContext.Provider value={{ store, actions: noop as CompareActions, sides }}>
        <CompareApp />
      </CompareContext.Provider>,
    ),
  )
  return { store, sides, el, root }
}

describe('compare mode: one moment on screen', () => {
  it('at 60 fps, the clock, the Timeline label and both tables change together and always read the same sim time', () => {
    const { store, sides, el, root } = mountTwoPlayingSides()
    const read = (): string[] => [
      el.querySelector('[role="timer"]')?.textContent ?? '',
      el.querySelector('.timeline-now')?.textContent ?? '',
      ...[...el.querySelectorAll('table[data-t]')].map((t) => `${(Number(t.getAttribute('data-t')) / 1000).toFixed(1)} s`),
    ]
    const moments = new Set<string>()
    // Side A's frame comes first, side B's half a frame later (a flush may fall between them);
    // the clock is the slower side's time, as the session sets it.
    const sideFrame = (side: number, t: number): void => {
      sides[side]!.store.getState().receiveFrame(0, makeFrame({ t }), [], [])
      store.getState().setClock(Math.min(...sides.map((s) => s.store.getState().frame!.t)))
    }
    const frame = (t: number): void => {
      sideFrame(0, t)
      sideFrame(1, t)
    }
    const check = (what: string): void => {
      const shown = read()
      expect(shown).toHaveLength(4)
      expect(new Set(shown).size, `${what}: ${shown.join(' | ')}`).toBe(1)
      moments.add(shown[0]!)
    }
    // At 4× speed: 64 ms of sim time a frame, so a side a frame behind reads a different tenth.
    for (let i = 1; i <= 180; i++) {
      for (const side of [0, 1]) {
        act(() => {
          sideFrame(side, i * 64)
          vi.advanceTimersByTime(8)
        })
        check(`frame ${i}, side ${side} in`)
      }
    }
    // It moved on while playing (about four times a wall second), not frozen at one moment.
    expect(moments.size).toBeGreaterThanOrEqual(10)
    // Paused, a step shows the exact moment everywhere at once.
    act(() => {
      store.getState().setPlaying(false)
      for (const s of sides) s.store.getState().setPlaying(false)
      frame(181 * 64 + 100)
    })
    expect(read()).toEqual(Array(4).fill(`${((181 * 64 + 100) / 1000).toFixed(1)} s`))
    act(() => root.unmount())
    el.remove()
  })

  it('when a side stays a step ahead longer than the flush waits, the Timeline still shows the toolbar\'s moment', () => {
    // Under load the sides run apart for longer than the page's flush waits for them (one period):
    // it then reads whatever is there. The toolbar shows the shared moment (the slowest side's);
    // the Timeline followed side A's frame, 0.4–0.8 s ahead of it at 4×.
    const { store, sides, el, root } = mountTwoPlayingSides()
    const read = (): string[] => [
      el.querySelector('[role="timer"]')?.textContent ?? '',
      el.querySelector('.timeline-now')?.textContent ?? '',
      `${el.querySelector('[role="slider"]')?.getAttribute('aria-valuenow') ?? ''} s`.replace(/^(\d+) s$/, '$1.0 s'),
    ]
    // Side A is at each new target at once; side B gets there 0.8 s of sim time (a 200 ms wall
    // tick at 4×) later, each time after the flush gave up waiting.
    let tA = 0
    for (let i = 1; i <= 8; i++) {
      act(() => {
        tA = i * 800
        sides[0]!.store.getState().receiveFrame(0, makeFrame({ t: tA }), [], [])
        store.getState().setClock(Math.min(...sides.map((s) => s.store.getState().frame!.t)))
        vi.advanceTimersByTime(600)
      })
      const shown = read()
      expect(new Set(shown).size, `side A at ${tA}: ${shown.join(' | ')}`).toBe(1)
      act(() => {
        sides[1]!.store.getState().receiveFrame(0, makeFrame({ t: tA }), [], [])
        store.getState().setClock(tA)
        vi.advanceTimersByTime(600)
      })
      expect(read()).toEqual(Array(3).fill(`${(tA / 1000).toFixed(1)} s`))
    }
    act(() => root.unmount())
    el.remove()
  })
})
