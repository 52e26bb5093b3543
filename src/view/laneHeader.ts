// The highway's header row: the titles over its zones ("Lane", "Records flow →", "Backlog (log
// scale)", "Consumers") and the backlog scale's tick labels. Each title takes the longest of its
// wordings that fits before the next title starts, and a tick label that would run into its
// neighbour is left out, so nothing overlaps at presenter mode's 20 px in a 1024 px window. Pure.

import { formatCount } from './laneRows.ts'
import { textWidth } from './textWidth.ts'
import { backlogFraction } from './particleLayout.ts'

export interface HeaderText {
  k: string
  x: number
  y: number
  text: string
  fontPx: number
}

export interface HeaderZones {
  width: number
  x0: number
  x1: number
  queueX: number
  consumerX: number
}

/** Space kept between two words of the header (px). */
const GAP = 8

export function titlePx(minFontPx: number): number {
  return Math.max(14, minFontPx)
}

export function tickPx(minFontPx: number): number {
  return Math.max(12, minFontPx)
}

/** Baselines of the title row and the tick row. */
export function headerBaselines(minFontPx: number): { title: number; tick: number } {
  const title = titlePx(minFontPx) + 2
  return { title, tick: Math.max(34, title + tickPx(minFontPx) + 4) }
}

/** Height of the header above the first lane (40 px in the standard type, more for bigger type). */
export function headerHeight(minFontPx: number): number {
  return Math.max(40, headerBaselines(minFontPx).tick + Math.ceil(0.3 * tickPx(minFontPx)))
}


/** The longest of `options` (longest first) that fits in `room` px at `px`; '' when none does. */
function fitting(options: readonly string[], room: number, px: number): string {
  return options.find((t) => textWidth(t, px) <= room) ?? ''
}

const TITLES = {
  p: ['Lane'],
  log: ['Records flow →', 'Flow →', '→'],
  q: ['Backlog (log scale)', 'Backlog (log)', 'Backlog'],
  c: ['Consumers'],
} as const

/** The backlog scale's ticks (records). */
export const TICK_VALUES = [100, 10_000, 1_000_000] as const

export function headerTitles(z: HeaderZones, minFontPx: number): HeaderText[] {
  const px = titlePx(minFontPx)
  const y = headerBaselines(minFontPx).title
  const starts = [
    { k: 'p', x: 8 },
    { k: 'log', x: z.x0 + 6 },
    { k: 'q', x: z.queueX + 4 },
    { k: 'c', x: z.consumerX + 8 },
  ] as const
  return starts.map((s, i) => {
    const end = (starts[i + 1]?.x ?? z.width) - GAP
    return { k: s.k, x: s.x, y, fontPx: px, text: fitting(TITLES[s.k], end - s.x, px) }
  })
}

/**
 * The tick labels under the backlog's title, centred on their gridlines (`backlogFull` records at
 * the zone's left edge): from the right (small counts), each kept only if it clears the one kept
 * before it and stays inside the lane area.
 */
export function headerTicks(z: HeaderZones, minFontPx: number, backlogFull = 1_000_000): Array<HeaderText & { v: number; lineX: number }> {
  const px = tickPx(minFontPx)
  const y = headerBaselines(minFontPx).tick
  const out: Array<HeaderText & { v: number; lineX: number }> = []
  let limit = z.consumerX - GAP / 2
  for (const v of [...TICK_VALUES].sort((a, b) => a - b)) {
    const x = z.x1 - (z.x1 - z.queueX) * backlogFraction(v, backlogFull)
    const text = formatCount(v)
    const half = textWidth(text, px) / 2
    const show = x + half <= limit && x - half >= z.x0
    out.push({ k: String(v), v, lineX: x, x, y, fontPx: px, text: show ? text : '' })
    if (show) limit = x - half - GAP / 2
  }
  return out
}
