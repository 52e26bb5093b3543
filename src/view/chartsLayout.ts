// Metric history → chart geometry: scales, line paths, rebalance bands, heat-strip cells.
// Pure (d3-scale and d3-shape only, no DOM), so it is testable in Node.

import { line, scaleLinear, type ScaleLinear } from 'd3'
import type { MetricsSample } from '../sim/frameTypes.ts'
import { backlogFraction } from './layout.ts'
import { recentP99 } from './latencyWords.ts'

export interface ChartsSize {
  width: number
  height: number
}

export interface Band {
  x0: number
  x1: number
}

export interface ChartRow {
  y: number
  h: number
}

export interface ChartsLayout {
  width: number
  height: number
  /** Height of the header row above the plot rows (the rebalance count sits there, off the data). */
  top: number
  /** Plot area left/right edges (labels sit left of `left`). */
  left: number
  right: number
  /** Sim ms shown: [t0, t1]. */
  t0: number
  t1: number
  x: ScaleLinear<number, number>
  heat: ChartRow & { partitions: number; cells: HeatCell[] }
  throughput: ChartRow & { max: number; inPath: string; outPath: string }
  /**
   * `recent` is the label's p99, the status bar's figure too: the worst one-second p99 of the last
   * P99_WINDOW_S seconds (latencyWords.ts recentP99), null when nothing was consumed in them.
   */
  latency: ChartRow & { max: number; p99Path: string; recent: number | null }
  /** Sim-time spans where the group was rebalancing. */
  bands: Band[]
  /** x of each rebalance start, for markers. */
  starts: number[]
}

export interface HeatCell {
  x: number
  w: number
  partition: number
  /** 0..1 on the same log scale as the lanes' backlog bar. */
  heat: number
}

/** Seconds of sim time the charts show. */
export const CHART_WINDOW_MS = 120_000
const LEFT = 112
const RIGHT_PAD = 12

function niceMax(v: number): number {
  if (!(v > 0)) return 1
  const e = Math.pow(10, Math.floor(Math.log10(v)))
  for (const m of [1, 2, 2.5, 5, 10]) if (v <= m * e) return m * e
  return 10 * e
}

/**
 * Lays out the charts for `samples` (oldest first); `left` is the room for the row labels (wider
 * for presenter mode's type, see chartsType.ts); `top` the header row's height, kept free of data.
 * Pure.
 */
export function chartsLayout(samples: readonly MetricsSample[], size: ChartsSize, backlogFull = 1_000_000, left = LEFT, top = 0): ChartsLayout {
  const width = Math.max(200, size.width)
  // Never taller than the box it is given: the rows drawn past it ran over the time axis (presenter
  // mode at 1024×768 gives the plot 88 px, header row included).
  const height = Math.max(24 + top, size.height)
  const right = width - RIGHT_PAD
  const last = samples[samples.length - 1]
  const t1 = Math.max(CHART_WINDOW_MS, last?.t ?? 0)
  const t0 = t1 - CHART_WINDOW_MS
  const x = scaleLinear().domain([t0, t1]).range([left, right])
  const shown = samples.filter((s) => s.t >= t0)

  const gap = 6
  const usable = height - top - 2 * gap
  const heatRow: ChartRow = { y: top, h: Math.round(usable * 0.42) }
  const tpRow: ChartRow = { y: top + heatRow.h + gap, h: Math.round(usable * 0.33) }
  const latRow: ChartRow = { y: tpRow.y + tpRow.h + gap, h: height - (tpRow.y + tpRow.h + gap) }

  const partitions = shown.reduce((m, s) => Math.max(m, s.lag.length), 0)
  const cells: HeatCell[] = []
  shown.forEach((s, i) => {
    const next = shown[i + 1]
    const xa = x(s.t)
    const xb = next === undefined ? Math.min(right, xa + Math.max(2, x(s.t + 1000) - xa)) : x(next.t)
    for (let p = 0; p < s.lag.length; p++) {
      cells.push({ x: xa, w: Math.max(1, xb - xa), partition: p, heat: backlogFraction(s.lag[p] ?? 0, backlogFull) })
    }
  })

  const tpMax = niceMax(shown.reduce((m, s) => Math.max(m, s.inRate, s.outRate), 0))
  const yTp = scaleLinear().domain([0, tpMax]).range([tpRow.y + tpRow.h, tpRow.y])
  const latMax = niceMax(shown.reduce((m, s) => Math.max(m, s.p99Ms ?? 0), 0))
  const yLat = scaleLinear().domain([0, latMax]).range([latRow.y + latRow.h, latRow.y])
  // A window without data (null) leaves a gap in the line instead of a dip to 0.
  const path = (f: (s: MetricsSample) => number | null, y: (v: number) => number): string =>
    line<MetricsSample>()
      .defined((s) => f(s) !== null)
      .x((s) => x(s.t))
      .y((s) => y(f(s) ?? 0))(shown as MetricsSample[]) ?? ''

  const bands: Band[] = []
  const starts: number[] = []
  let open: number | null = null
  for (const s of shown) {
    if (s.rebalancing && open === null) {
      open = x(s.t)
      starts.push(open)
    } else if (!s.rebalancing && open !== null) {
      bands.push({ x0: open, x1: x(s.t) })
      open = null
    }
  }
  if (open !== null && last !== undefined) bands.push({ x0: open, x1: Math.max(open + 2, x(last.t)) })

  return {
    width,
    height,
    top,
    left,
    right,
    t0,
    t1,
    x,
    heat: { ...heatRow, partitions, cells },
    throughput: { ...tpRow, max: tpMax, inPath: path((s) => s.inRate, yTp), outPath: path((s) => s.outRate, yTp) },
    latency: { ...latRow, max: latMax, p99Path: path((s) => s.p99Ms, yLat), recent: recentP99(samples) ?? null },
    bands,
    starts,
  }
}
