import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../../scenario/defaults.ts'
import { bestSides, type DiffValues } from '../../store/compareDiff.ts'
import { createCompareStore } from '../../store/compareStore.ts'
import { createAppStore } from '../../store/createAppStore.ts'
import { makeFrame } from '../../view/frameFixture.ts'
import type { AppActions } from '../actions.ts'
import { CompareContext, type CompareActions } from './compareActions.ts'
import { DiffStrip, sidesInStep, useCompareDiffs, type CompareDiffs } from './DiffStrip.tsx'
import '../renderForTest.tsx'

function render(side: number, diffs: CompareDiffs): HTMLElement {
  const el = document.createElement('div')
  document.body.appendChild(el)
  const root = createRoot(el)
  act(() => root.render(<DiffStrip side={side} label={`side ${side}`} diffs={diffs} />))
  return el
}

const values = (lag: number, p99: number | null, rebalances: number): DiffValues => ({ lag, stopped: 2, duplicates: 0, ordering: 0, p99, rebalances })

function diffsFor(all: DiffValues[]): CompareDiffs {
  return { mark: 5000, userMark: false, sides: all.map((values) => ({ values, exact: true })), best: bestSides(all) }
}

describe('DiffStrip', () => {
  it('marks the best side of a row with ★ and the word "best" for screen readers, not by colour alone', () => {
    const d = diffsFor([values(900, 4000, 3), values(120, 300, 3)])
    const a = render(0, d)
    const b = render(1, d)
    const cell = (root: HTMLElement, row: string) => root.querySelector(`[data-row="${row}"]`)!
    expect(cell(b, 'lag').textContent).toContain('★')
    expect(cell(b, 'lag').querySelector('.sr-only')?.textContent).toBe('best')
    expect(cell(b, 'p99').textContent).toMatch(/300 ms ★best/)
    expect(cell(a, 'lag').textContent).not.toContain('★')
    // A tie (rebalances 3 vs 3) singles out nobody.
    expect(cell(a, 'rebalances').textContent).toBe('rebalances3')
    expect(cell(b, 'rebalances').textContent).toBe('rebalances3')
    expect(a.querySelector('dl')?.getAttribute('aria-label')).toBe('Differences: side 0, since 5.0 s')
  })

  it('shows "records lost" only once some side has the figure (a broker fault ran), the lower side best', () => {
    const none = diffsFor([values(900, 4000, 3), values(120, 300, 3)])
    expect(render(0, none).querySelector('[data-row="lost"]')).toBeNull()
    const d = diffsFor([{ ...values(900, 4000, 3), lost: 15 }, { ...values(120, 300, 3), lost: 0 }])
    const a = render(0, d)
    const b = render(1, d)
    expect(a.querySelector('[data-row="lost"]')?.textContent).toBe('records lost15')
    expect(b.querySelector('[data-row="lost"]')?.textContent).toMatch(/^records lost0 ★best$/)
  })

  it('says what it waits for before the groups have settled', () => {
    const el = render(0, { mark: null, userMark: false, sides: [null, null], best: bestSides([null, null]) })
    expect(el.querySelector('dl')?.getAttribute('aria-label')).toMatch(/waiting for the group to settle/)
    expect(el.querySelector('[data-row="lag"]')?.textContent).toBe('max lag—')
  })
})

describe('sidesInStep', () => {
  it('compares only frames of one moment', () => {
    expect(sidesInStep([{ frame: makeFrame({ t: 1000 }) }, { frame: makeFrame({ t: 1000 }) }])).toBe(true)
    expect(sidesInStep([{ frame: makeFrame({ t: 1000 }) }, { frame: makeFrame({ t: 1016 }) }])).toBe(false)
    expect(sidesInStep([{ frame: makeFrame({ t: 1000 }) }, { frame: null }])).toBe(false)
  })
})

describe('useCompareDiffs', () => {
  it('paused with nothing changing, computes nothing new (no re-render twice a second); a new frame is picked up', () => {
    vi.useFakeTimers()
    try {
      const base = defaultScenario()
      const store = createCompareStore({ base, variants: [{ label: 'a', set: {} }, { label: 'b', set: {} }], playing: false, mark: 0 })
      const sides = [0, 1].map(() => ({ store: createAppStore({ scenario: base, playing: false }), actions: {} as AppActions }))
      for (const s of sides) s.store.getState().receiveFrame(0, makeFrame({ t: 1000 }), [], [])
      let renders = 0
      const seen: CompareDiffs[] = []
      function Probe(): null {
        renders++
        seen.push(useCompareDiffs(500))
        return null
      }
      const el = document.createElement('div')
      const root = createRoot(el)
      act(() =>
        root.render(
          <CompareContext.Provider value={{ store, actions: {} as CompareActions, sides }}>
            <Probe />
          </CompareContext.Provider>,
        ),
      )
      act(() => vi.advanceTimersByTime(1000))
      const settled = renders
      // One act per half second: act batches the updates inside it into one render.
      for (let i = 0; i < 10; i++) act(() => vi.advanceTimersByTime(500))
      expect(renders).toBe(settled)
      // Paused, the figures follow the frame at once (a React update: inside act).
      act(() => {
        for (const s of sides) s.store.getState().receiveFrame(0, makeFrame({ t: 1100 }), [], [])
      })
      act(() => vi.advanceTimersByTime(1000))
      expect(renders).toBeGreaterThan(settled)
      expect(seen.at(-1)?.sides.every((d) => d !== null)).toBe(true)
      act(() => root.unmount())
    } finally {
      vi.useRealTimers()
    }
  })
})
