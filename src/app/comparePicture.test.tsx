import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { bestSides, type DiffValues } from '../store/compareDiff.ts'
import { DiffStrip, type CompareDiffs } from '../ui/compare/DiffStrip.tsx'
import { captionOf } from './comparePicture.ts'
import '../ui/renderForTest.tsx'

const values = (lag: number, p99: number | null): DiffValues => ({ lag, stopped: 2.25, duplicates: 0, ordering: 0, p99, rebalances: 3 })

/** A side's section as CompareSide renders its header and strip (the label one from a link). */
function section(label: string, side: number, diffs: CompareDiffs): HTMLElement {
  const el = document.createElement('div')
  document.body.appendChild(el)
  act(() =>
    createRoot(el).render(
      <section className="compare-side">
        <header className="side-head">
          <span className="side-letter">B</span>
          <strong className="side-label">{label}</strong>
          <span className="side-summary">cooperative · cooperative-sticky</span>
        </header>
        <DiffStrip side={side} label={label} diffs={diffs} />
      </section>,
    ),
  )
  return el.querySelector('section')!
}

describe('captionOf', () => {
  it('reads a side\'s header and strip as the page shows them: figures with units, ★ as a flag, not the screen reader\'s "best"', () => {
    const all = [values(900, 4000), values(120, 300)]
    const diffs: CompareDiffs = { mark: 5000, userMark: false, sides: all.map((v) => ({ values: v, exact: false })), best: bestSides(all) }
    const c = captionOf(section('<b>coop</b>', 1, diffs))
    expect(c.letter).toBe('B')
    expect(c.label).toBe('<b>coop</b>')
    expect(c.summary).toBe('cooperative · cooperative-sticky')
    expect(c.cells.find((x) => x.label === 'max lag')).toEqual({ label: 'max lag', value: '120', best: true })
    expect(c.cells.find((x) => x.label === 'p99 (worst 1 s)')).toEqual({ label: 'p99 (worst 1 s)', value: '300 ms', best: true })
    expect(c.cells.find((x) => x.label === 'stopped')).toEqual({ label: 'stopped', value: '2.3 lane·s', best: false })
    expect(c.cells.map((x) => x.label)).toEqual(['max lag', 'stopped', 'duplicates', 'out of order', 'p99 (worst 1 s)', 'rebalances'])
    expect(c.note).toBe('(from 5.0 s on, approx.)')
  })
})
