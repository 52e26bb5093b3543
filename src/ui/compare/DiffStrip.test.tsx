import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { bestSides, type DiffValues } from '../../store/compareDiff.ts'
import { makeFrame } from '../../view/frameFixture.ts'
import { DiffStrip, sidesInStep, type CompareDiffs } from './DiffStrip.tsx'
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
