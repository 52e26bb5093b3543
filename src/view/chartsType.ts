// The charts' type in a theme: sizes (presenter mode's 20 px at the least), the room the labels
// need on the left and under the plot, and where the four row labels sit so they never overlap.
// Pure (no DOM).

import type { ChartRow } from './chartsLayout.ts'
import type { Theme } from './theme.ts'

export interface ChartsType {
  labelPx: number
  axisPx: number
  stormPx: number
  /** Height of the time axis under the plot. */
  axisH: number
  /** Height of the header row over the plot: the rebalance count (or storm) line, clear of the data. */
  headerH: number
  /** Width left of the plot for the row labels ("Out 12.5k/s"). */
  left: number
  lineWidth: number
}

/** Bold text of the page's sans-serif runs about 0.6 em a character. */
const EM_PER_CHAR = 0.6
/** The longest row label ("Out 12.5k/s", "p99 1234 ms"). */
const LABEL_CHARS = 11

export function chartsType(theme: Theme): ChartsType {
  const labelPx = Math.max(14, theme.minFontPx)
  const axisPx = Math.max(13, theme.minFontPx)
  return {
    labelPx,
    axisPx,
    stormPx: Math.max(15, theme.minFontPx),
    axisH: Math.max(20, axisPx + 7),
    headerH: Math.ceil(Math.max(15, theme.minFontPx) * 1.3),
    left: Math.max(112, Math.ceil(LABEL_CHARS * EM_PER_CHAR * labelPx) + 12),
    lineWidth: theme.minFontPx >= 20 ? 3.5 : 2.5,
  }
}

export interface LabelRows {
  heat: ChartRow
  throughput: ChartRow
  latency: ChartRow
  /** Height of the plot (labels stay inside it). */
  height: number
}

/**
 * The centre y of the labels "Lag / lane", "In", "Out" and "p99", top to bottom: each in its row
 * where there is room, pushed apart to one line of `px` type each (and kept inside the plot) where
 * the rows are too short for big type.
 */
export function labelYs(L: LabelRows, px: number): [lag: number, inRate: number, outRate: number, p99: number] {
  const gap = Math.max(18, Math.ceil(px * 1.15))
  const want = [L.heat.y + L.heat.h / 2, L.throughput.y + 10, L.throughput.y + 10 + gap, L.latency.y + L.latency.h / 2]
  const half = px * 0.55
  const y = want.slice()
  y[0] = Math.max(half, y[0]!)
  for (let i = 1; i < y.length; i++) y[i] = Math.max(y[i]!, y[i - 1]! + gap)
  y[y.length - 1] = Math.min(y[y.length - 1]!, L.height - half)
  for (let i = y.length - 2; i >= 0; i--) y[i] = Math.min(y[i]!, y[i + 1]! - gap)
  return [y[0]!, y[1]!, y[2]!, y[3]!]
}
