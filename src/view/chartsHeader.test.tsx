// The rebalance count ("3 rebalances · 1 in last min", or the storm warning) sits in the charts'
// header row, above every data row: drawn over the throughput row's top right, it covered the In
// and Out lines a teacher wanted to read at 1024×768 (jsdom; geometry from the view's own layout).
import { describe, expect, it } from 'vitest'
import type { GroupView, MetricsSample } from '../sim/frameTypes.ts'
import { projectorTheme, theme, type Theme } from './theme.ts'
import { textWidth } from './textWidth.ts'
import { chartsViewMounts } from './viewMount.ts'

const mount = chartsViewMounts()

function sample(t: number): MetricsSample {
  return { t, inRate: 100, outRate: 100, totalLag: 10, p99Ms: 50, skewRatio: 1, lag: new Float64Array([1, 2, 3]), rebalancing: t === 20_000 }
}

const group = (storm: boolean): GroupView => ({ rebalancing: false, storm, generation: 4, rebalances: 12, rebalancesLastMinute: storm ? 7 : 3 }) as never

describe('the charts header', () => {
  // The charts' box at 1024×768 (about 512×115), at 1440×900 and in presenter mode.
  const cases: Array<[string, Theme, number, number]> = [
    ['1024×768', theme, 512, 115],
    ['1440×900', theme, 880, 180],
    ['presenter', projectorTheme, 700, 140],
  ]
  for (const [name, t, width, height] of cases) {
    for (const storm of [false, true]) {
      it(`keeps the ${storm ? 'storm warning' : 'rebalance count'} above the data rows (${name})`, () => {
        const { view, el } = mount({ width, height }, { theme: t })
        view.update(Array.from({ length: 60 }, (_, i) => sample((i + 1) * 1000)), group(storm))
        const label = Array.from(el.querySelectorAll('svg > text')).find((x) => /rebalance/i.test(x.textContent ?? ''))
        expect(label, 'the rebalance line is drawn').toBeDefined()
        const L = view.lastLayout()!
        const px = Number(label!.getAttribute('font-size'))
        // Its centre line: y, moved by dy (0.35em puts the middle of lower-case letters on y).
        const dy = label!.getAttribute('dy') === '0.35em' ? 0.35 * px : 0
        const baseline = Number(label!.getAttribute('y')) + dy
        const capTop = baseline - 0.75 * px
        const descent = baseline + 0.25 * px
        expect(capTop, 'inside the chart').toBeGreaterThanOrEqual(0)
        // Clear of every data row: the heat strip (top row), the In/Out lines, the p99 line.
        const firstRow = Math.min(L.heat.y, L.throughput.y, L.latency.y)
        expect(descent, `ends above the data rows (first at ${firstRow})`).toBeLessThanOrEqual(firstRow)
        // And clear of the rebalance bands, which start at the rows too.
        for (const b of el.querySelectorAll('svg > g rect')) expect(Number(b.getAttribute('y'))).toBeGreaterThanOrEqual(descent)
      })
    }
  }

  it('says the count is the whole run\'s ("since 0 s"), not since the mark as the status bar\'s counts are', () => {
    const { view, el } = mount({ width: 512, height: 115 }, { theme })
    view.update([sample(1000)], { rebalancing: false, storm: false, generation: 2, rebalances: 1, rebalancesLastMinute: 1 } as never)
    const label = Array.from(el.querySelectorAll('svg > text')).find((x) => /rebalance/i.test(x.textContent ?? ''))
    expect(label?.textContent).toBe('1 rebalance since 0 s · 1 in last min')
  })

  it('presenter mode at 1024×768 (a 505 px chart): the count keeps "since 0 s" and stays right of the row labels', () => {
    const { view, el } = mount({ width: 505, height: 115 }, { theme: projectorTheme })
    view.update([sample(1000)], { rebalancing: false, storm: false, generation: 2, rebalances: 1, rebalancesLastMinute: 1 } as never)
    const label = Array.from(el.querySelectorAll('svg > text')).find((x) => /rebalance/i.test(x.textContent ?? ''))!
    expect(label.textContent).toBe('1 rebalance since 0 s')
    const right = Number(label.getAttribute('x'))
    expect(right - textWidth(label.textContent!, Number(label.getAttribute('font-size')))).toBeGreaterThanOrEqual(view.lastLayout()!.left)
  })
})
