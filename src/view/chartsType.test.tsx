// The charts in a theme: presenter mode's 20 px type everywhere (labels, axis, storm line), its
// colours on the axis, lines and labels, and row labels that never overlap (jsdom, no canvas).
import { describe, expect, it } from 'vitest'
import type { MetricsSample } from '../sim/frameTypes.ts'
import { chartsLayout } from './chartsLayout.ts'
import { chartsType, LABEL_EM_PER_CHAR, labelsHeight, labelYs } from './chartsType.ts'
import { projectorTheme, theme } from './theme.ts'
import { chartsViewMounts } from './viewMount.ts'

const mount = chartsViewMounts()

function sample(t: number): MetricsSample {
  return { t, inRate: 12_500, outRate: 12_400, totalLag: 10, p99Ms: 1234, skewRatio: 1, lag: new Float64Array([1, 2, 3]), rebalancing: t === 5000, ...{} }
}

/** The font size an SVG text gets from its own attribute or its nearest ancestor's. */
function fontPx(t: Element): number {
  for (let e: Element | null = t; e !== null; e = e.parentElement) {
    const v = e.getAttribute('font-size')
    if (v !== null) return Number(v)
  }
  return NaN
}

describe('chart type per theme', () => {
  it('presenter mode sets every size at 20 px or more, with room on the left for the labels', () => {
    const p = chartsType(projectorTheme)
    expect(Math.min(p.labelPx, p.axisPx, p.stormPx)).toBeGreaterThanOrEqual(20)
    expect(p.axisH).toBeGreaterThan(p.axisPx)
    // "p99 9999 ms" at 20 px bold is 144 px in Chromium on Debian.
    expect(p.left).toBeGreaterThanOrEqual(6 + 144)
    expect(chartsType(theme)).toMatchObject({ labelPx: 14, axisPx: 13, stormPx: 15, axisH: 20, left: 112 })
  })

  it('keeps the four row labels a line apart and inside the plot, even in a short chart (or, shorter still, the axis row\'s left end)', () => {
    for (const [t, height, spills] of [[projectorTheme, 140, false], [projectorTheme, 115, false], [projectorTheme, 100, true], [theme, 140, false], [theme, 200, false]] as const) {
      const type = chartsType(t)
      const L = chartsLayout([sample(1000)], { width: 800, height: height - type.axisH }, undefined, type.left, type.headerH)
      // The plot is the box it is given (its rows ran over the axis when it kept a 90 px minimum).
      expect(L.height).toBe(height - type.axisH)
      expect(labelsHeight(type.labelPx) > L.height, `${type.labelPx} px in ${height}`).toBe(spills)
      const floor = spills ? height : L.height
      const ys = labelYs(L, type.labelPx, floor)
      for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!, `${type.labelPx} px in ${height}`).toBeGreaterThanOrEqual(type.labelPx)
      expect(ys[0]! - type.labelPx / 2).toBeGreaterThanOrEqual(0)
      expect(ys[3]! + type.labelPx / 2).toBeLessThanOrEqual(floor + 1)
    }
    // With room, the standard labels sit where they always did: In and Out 18 px apart at the throughput row's top.
    const L = chartsLayout([sample(1000)], { width: 800, height: 180 })
    const [, yIn, yOut] = labelYs(L, 14)
    expect([yIn, yOut]).toEqual([L.throughput.y + 10, L.throughput.y + 28])
  })
})

describe('createChartsView in the projector theme', () => {
  it('draws every text at ≥ 20 px and the axis, lines and labels in the theme\'s colours', () => {
    const { view, el } = mount({ width: 700, height: 140 }, { theme: projectorTheme })
    view.update([sample(1000), sample(5000), sample(9000)], { rebalancing: false, storm: false, generation: 2, rebalances: 1, rebalancesLastMinute: 1 } as never)
    const texts = Array.from(el.querySelectorAll('text')).filter((t) => (t.textContent ?? '') !== '')
    expect(texts.length).toBeGreaterThan(5)
    for (const t of texts) expect(fontPx(t), t.textContent ?? '').toBeGreaterThanOrEqual(20)
    const axis = el.querySelector('g[color]')!
    expect(axis.getAttribute('color')).toBe(projectorTheme.textDim)
    const strokes = Array.from(el.querySelectorAll('path[stroke]')).map((p) => p.getAttribute('stroke'))
    expect(strokes).toEqual(expect.arrayContaining([projectorTheme.inRate, projectorTheme.outRate, projectorTheme.p99]))
    expect(Number(el.querySelector('path[stroke]')!.parentElement!.getAttribute('stroke-width'))).toBeGreaterThan(2.5)
    // Labels end before the plot starts (estimated width of bold 20 px text: the label's own words,
    // not the p99 label's <title> tooltip).
    const left = view.lastLayout()!.left
    for (const t of el.querySelectorAll('g[font-weight="600"] text')) expect(6 + (t.firstChild?.textContent ?? '').length * LABEL_EM_PER_CHAR * 20).toBeLessThanOrEqual(left)
    expect(el.querySelector('g[font-weight="600"] text:last-child title')?.textContent).toMatch(/^Worst of the last 5 s' p99s, as the status bar shows/)
  })
})
