import { describe, expect, it } from 'vitest'
import type { MetricsSample } from '../sim/frameTypes.ts'
import { CHART_WINDOW_MS, chartsLayout } from './chartsLayout.ts'

function sample(t: number, over: Partial<MetricsSample> = {}): MetricsSample {
  return { t, inRate: 3000, outRate: 2900, totalLag: 10, p99Ms: 12, skewRatio: 1, lag: new Float64Array([1, 2, 3]), rebalancing: false, ...over }
}

describe('chartsLayout', () => {
  it('is empty but well-formed with no samples', () => {
    const L = chartsLayout([], { width: 600, height: 150 })
    expect(L.heat.cells).toEqual([])
    expect(L.bands).toEqual([])
    expect(L.t1 - L.t0).toBe(CHART_WINDOW_MS)
  })

  it('makes one heat cell per partition per sample', () => {
    const L = chartsLayout([sample(1000), sample(2000)], { width: 600, height: 150 })
    expect(L.heat.partitions).toBe(3)
    expect(L.heat.cells).toHaveLength(6)
  })

  it('marks rebalances as bands from start to end', () => {
    const s = [sample(1000), sample(2000, { rebalancing: true }), sample(3000, { rebalancing: true }), sample(4000)]
    const L = chartsLayout(s, { width: 600, height: 150 })
    expect(L.starts).toHaveLength(1)
    expect(L.bands).toHaveLength(1)
    expect(L.bands[0]!.x0).toBeCloseTo(L.x(2000))
    expect(L.bands[0]!.x1).toBeCloseTo(L.x(4000))
  })

  it('keeps a rebalance still in progress open to the newest sample', () => {
    const L = chartsLayout([sample(1000), sample(2000, { rebalancing: true })], { width: 600, height: 150 })
    expect(L.bands).toHaveLength(1)
  })

  it('scrolls: only the last window of sim time is shown', () => {
    const s = Array.from({ length: 300 }, (_, i) => sample((i + 1) * 1000))
    const L = chartsLayout(s, { width: 600, height: 150 })
    expect(L.t1).toBe(300_000)
    expect(L.heat.cells.every((c) => c.x >= L.left - 0.001)).toBe(true)
  })

  it('draws throughput and p99 lines', () => {
    const L = chartsLayout([sample(1000), sample(2000, { p99Ms: 40 })], { width: 600, height: 150 })
    expect(L.throughput.inPath.startsWith('M')).toBe(true)
    expect(L.latency.p99Path.startsWith('M')).toBe(true)
    expect(L.latency.recent).toBe(40)
  })

  it('leaves a gap in the p99 line for a second with nothing consumed, instead of dropping to 0', () => {
    const s = [sample(1000, { p99Ms: 40 }), sample(2000, { p99Ms: 50 }), sample(3000, { p99Ms: null }), sample(4000, { p99Ms: 30 }), sample(5000, { p99Ms: 35 })]
    const L = chartsLayout(s, { width: 600, height: 150 })
    const yOf0 = L.latency.y + L.latency.h
    expect(L.latency.p99Path.match(/M/g)).toHaveLength(2) // two runs: 1–2 s and 4–5 s
    const ys = [...L.latency.p99Path.matchAll(/[ML][\d.]+,([\d.]+)/g)].map((m) => Number(m[1]))
    expect(ys).toHaveLength(4)
    for (const y of ys) expect(y).toBeLessThan(yOf0)
  })

  it('labels the worst one-second p99 of the last 5 s, which a lane fetched every other second does not flip each second', () => {
    // parallel-consumer-key-order's seconds: the hot lane's records (tens of seconds old) every
    // other second, 6 ms in between. The newest second alone read 6 ms, then 21 s, then 6 ms.
    const s = [12_462, 11_744, 14_035, 15_805, 6, 17_450, 6].map((p99Ms, i) => sample((i + 1) * 1000, { p99Ms }))
    expect(chartsLayout(s, { width: 600, height: 150 }).latency.recent).toBe(17_450)
    expect(chartsLayout(s.slice(0, 6), { width: 600, height: 150 }).latency.recent).toBe(17_450)
    // Seconds before the window are not in it: 5 s after a spike, the label is the calm run's.
    const calm = [9000, 7, 8, 7, 8, 7].map((p99Ms, i) => sample((i + 1) * 1000, { p99Ms }))
    expect(chartsLayout(calm, { width: 600, height: 150 }).latency.recent).toBe(8)
  })

  it('reports no p99 (null) when nothing was consumed in any of the last 5 s', () => {
    const s = [sample(1000, { p99Ms: 40 }), ...[2, 3, 4, 5, 6].map((k) => sample(k * 1000, { p99Ms: null }))]
    const L = chartsLayout(s, { width: 600, height: 150 })
    expect(L.latency.recent).toBeNull()
    expect(L.latency.max).toBe(50)
    // One second with records consumed in the window gives its p99.
    expect(chartsLayout(s.slice(0, 5), { width: 600, height: 150 }).latency.recent).toBe(40)
  })
})
