// Compare mode on one clock, through the real session: four sides at 4×, side B's worker answering
// a tick later than the others (it takes longer than the page's flush waits for the sides to line
// up). The toolbar's clock, the Timeline's label and slider, each side's table and the frame each
// side draws must be of the same moment at every point: the Timeline followed side A's frame and
// ran 0.4 s ahead of the toolbar here, and sides A, C and D drew (and tabled) the moment ahead.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { Variant } from '../scenario/overrides.ts'
import { CompareApp } from '../ui/compare/CompareApp.tsx'
import { CompareContext } from '../ui/compare/compareActions.ts'
import '../ui/renderForTest.tsx'
import { createCompareSession } from './compareSession.ts'
import { fakeWorker, type FakeWorker } from './fakeWorker.ts'

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** A fake worker whose answers wait while `slow` is set, until `release()`. */
function slowable(w: FakeWorker): FakeWorker & { slow: boolean; release(): void } {
  let listener: ((ev: MessageEvent) => void) | null = null
  const held: MessageEvent[] = []
  const out = Object.assign(w, { slow: false, release: () => held.splice(0).forEach((ev) => listener?.(ev)) })
  const inner = w.addEventListener.bind(w)
  inner('message', ((ev: MessageEvent) => (out.slow ? held.push(ev) : listener?.(ev))) as never)
  out.addEventListener = (type: string, l: (ev: never) => void) => {
    if (type === 'message') listener = l as (ev: MessageEvent) => void
  }
  return out
}

describe('compare mode: one clock through the session', () => {
  it('four sides at 4×, side B a tick late: the toolbar and the Timeline show the same moment throughout', () => {
    const variants: Variant[] = ['a', 'b', 'c', 'd'].map((label) => ({ label, set: {} }))
    const workers: Array<ReturnType<typeof slowable>> = []
    const frames: Array<(t: number) => void> = []
    let wall = 0
    const session = createCompareSession({
      base: defaultScenario(),
      variants,
      createWorker: (side) => (workers[side] ??= slowable(fakeWorker())),
      host: { requestFrame: (cb) => frames.push(cb), cancelFrame: () => {}, now: () => wall },
      validate: () => [],
      share: async () => 'copied',
      exit: () => {},
    })
    const el = document.createElement('div')
    document.body.appendChild(el)
    const root = createRoot(el)
    act(() =>
      root.render(
        <CompareContext.Provider value={{ store: session.store, actions: session.actions, sides: session.sides }}>
          <CompareApp />
        </CompareContext.Provider>,
      ),
    )
    act(() => {
      session.driver.start()
      session.actions.setSpeed(4)
    })
    const tick = (): void => {
      wall += 100
      frames.shift()?.(wall)
    }
    const read = (): string[] => [
      el.querySelector('[role="timer"]')?.textContent ?? '',
      el.querySelector('.timeline-now')?.textContent ?? '',
      `${Number(el.querySelector('[role="slider"]')?.getAttribute('aria-valuenow')).toFixed(1)} s`,
      // Each side's table, and the frame each side's highway draws: of the same moment.
      ...[...el.querySelectorAll('table[data-t]')].map((t) => `${(Number(t.getAttribute('data-t')) / 1000).toFixed(1)} s`),
      ...session.sides.map((s) => `${((s.store.getState().frame?.t ?? NaN) / 1000).toFixed(1)} s`),
    ]
    const seen = new Set<string>()
    for (let i = 0; i < 12; i++) {
      // The others answer at once; side B's answer waits past the page's flush (250 ms).
      act(() => {
        workers[1]!.slow = true
        tick()
        vi.advanceTimersByTime(300)
      })
      const ahead = read()
      expect(ahead).toHaveLength(3 + 4 + 4)
      expect(new Set(ahead).size, `tick ${i}, side B behind: ${ahead.join(' | ')}`).toBe(1)
      act(() => {
        workers[1]!.slow = false
        workers[1]!.release()
        vi.advanceTimersByTime(300)
      })
      const lined = read()
      expect(new Set(lined).size, `tick ${i}, lined up: ${lined.join(' | ')}`).toBe(1)
      seen.add(lined[0]!)
    }
    // It played on (0.4 s of sim time a tick), not stuck at one moment.
    expect(seen.size, [...seen].join(", ")).toBeGreaterThanOrEqual(6)
    act(() => root.unmount())
    session.dispose()
    el.remove()
  })
})
