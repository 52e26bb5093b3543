import { act, type ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { mount } from './renderForTest.tsx'
import { createThrottleClock, GRID_MS, useThrottled } from './useThrottled.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** Shows the sim time it reads, at most every `ms`. */
function Reader(props: { ms: number; name: string }): ReactNode {
  const t = useThrottled((s) => s.simTime, props.ms)
  return <span data-reader={props.name}>{t}</span>
}

const readers = [250, 250, 500, 200, 300].map((ms, i) => <Reader key={i} ms={ms} name={`r${i}`} />)

describe('useThrottled', () => {
  it('keeps one timer for all of a store’s readers while frames stream in, and each reader still follows at its own pace', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<>{readers}</>, store)
    const shown = (name: string): string | null | undefined => m.container.querySelector(`[data-reader="${name}"]`)?.textContent
    const seen = new Map<string, string[]>()
    for (let i = 1; i <= 90; i++) {
      act(() => {
        store.getState().receiveFrame(0, makeFrame({ t: i * 16 }), [], [])
        vi.advanceTimersByTime(16)
      })
      // Five readers with a change each to show: one timer, not five.
      expect(vi.getTimerCount()).toBeLessThanOrEqual(1)
      for (let r = 0; r < 5; r++) {
        const list = seen.get(`r${r}`) ?? []
        const v = shown(`r${r}`) ?? ''
        if (list.at(-1) !== v) list.push(v)
        seen.set(`r${r}`, list)
      }
    }
    // Over 1.44 s: each reader changed about once per its period (never more often).
    const changes = (name: string): number => (seen.get(name)?.length ?? 1) - 1
    expect(changes('r0')).toBeGreaterThanOrEqual(4)
    expect(changes('r0')).toBeLessThanOrEqual(Math.ceil(1440 / 250) + 1)
    expect(changes('r2')).toBeLessThanOrEqual(Math.ceil(1440 / 500) + 1)
    expect(changes('r3')).toBeGreaterThan(changes('r2'))
    // Frames stop: every reader catches up with the last one within its period (and the grid).
    act(() => vi.advanceTimersByTime(500 + GRID_MS))
    for (let r = 0; r < 5; r++) expect(shown(`r${r}`)).toBe(String(90 * 16))
    expect(vi.getTimerCount()).toBe(0)
    m.unmount()
  })
})

describe('createThrottleClock', () => {
  it('waits for a moment that is not ready one grid step at most: a side that stays behind never freezes the figures', () => {
    let ready = false
    const clock = createThrottleClock(250, 250, () => ready)
    const flushed: number[] = []
    clock.request(Date.now(), () => flushed.push(Date.now()))
    vi.advanceTimersByTime(240)
    expect(flushed).toEqual([])
    vi.advanceTimersByTime(300)
    expect(flushed).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0) // no 10 ms timer left looking
    // Ready in time: flushed as soon as it is.
    clock.request(Date.now(), () => flushed.push(Date.now()))
    vi.advanceTimersByTime(260)
    ready = true
    vi.advanceTimersByTime(20)
    expect(flushed).toHaveLength(2)
  })
})
