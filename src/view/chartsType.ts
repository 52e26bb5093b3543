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

/**
 * Bold text of the page's sans-serif, in characters like these labels' (mostly digits): Chromium on
 * Debian draws "p99 6745 ms" 144 px wide at 20 px, 0.66 em a character (0.6 left it 6 px short).
 */
export const LABEL_EM_PER_CHAR = 0.66
/** The longest row label ("Out 12.5k/s", "p99 9999 ms"; a p99 from 10 s on reads "p99 12.3 s"). */
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
    left: Math.max(112, Math.ceil(LABEL_CHARS * LABEL_EM_PER_CHAR * labelPx) + 10),
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

/** The distance between two row labels' centres: a line of `px` type (1.1 lines: 22 px at 20 px). */
export function labelGap(px: number): number {
  return Math.max(18, Math.ceil(px * 1.1))
}

/** The height four row labels of `px` type need, one line each. */
export function labelsHeight(px: number): number {
  return 4 * labelGap(px)
}

/**
 * The centre y of the labels "Lag / lane", "In", "Out" and "p99", top to bottom: each in its row
 * where there is room, pushed apart to one line of `px` type each (and kept above `floor`, the
 * plot's bottom unless the caller gives them the axis row's left end too) where the rows are too
 * short for big type.
 */
export function labelYs(L: LabelRows, px: number, floor = L.height): [lag: number, inRate: number, outRate: number, p99: number] {
  const gap = labelGap(px)
  const want = [L.heat.y + L.heat.h / 2, L.throughput.y + 10, L.throughput.y + 10 + gap, L.latency.y + L.latency.h / 2]
  const half = px * 0.55
  const y = want.slice()
  y[0] = Math.max(half, y[0]!)
  for (let i = 1; i < y.length; i++) y[i] = Math.max(y[i]!, y[i - 1]! + gap)
  y[y.length - 1] = Math.min(y[y.length - 1]!, floor - half)
  for (let i = y.length - 2; i >= 0; i--) y[i] = Math.min(y[i]!, y[i + 1]! - gap)
  return [y[0]!, y[1]!, y[2]!, y[3]!]
}
