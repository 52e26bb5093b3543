// The consumer column's cards: one column of cards (up to 96 px each), a grid of small named cards
// when there are too many for one column, or, when even those cannot show their names at the type's
// size, a grid of colour chips under one caption ("24 members"). Pure.

import type { Countdown, Frame, MemberPhase } from '../sim/frameTypes.ts'
import { memberColour } from './theme.ts'

export interface ConsumerMark {
  member: number
  name: string
  phase: MemberPhase
  x: number
  y: number
  w: number
  h: number
  colour: string
  owned: number
  utilization: number
  speed: number
  gone: boolean
  /** Its most pressing countdown (a silent session before a long poll), or null. */
  countdown: Countdown | null
  /** A chip of a crowded group: too small for words, its colour and phase fill say it (see ConsumerCaption). */
  chip: boolean
}

/** The words over a crowded group's chips ("24 members"), drawn at `fontPx`, baseline at `y`. */
export interface ConsumerCaption {
  text: string
  x: number
  y: number
  fontPx: number
}

/** Minimum height of a consumer box before the column splits into a grid. */
const MIN_BOX_H = 26

/** Longest short name: an imported client id past this keeps its end (where instances differ). */
const SHORT_CHARS = 12

/**
 * "consumer-12" → "c12"; an imported client id (group.consumerNames) keeps its words, or its last
 * SHORT_CHARS − 1 characters after "…" when longer ("orders-billing-svc-7" → "…illing-svc-7"):
 * "consumer-billing-1" shortened to "cbilling-1" named nobody the architect knows.
 */
export function shortName(name: string): string {
  if (/^consumer-\d+$/.test(name)) return `c${name.slice('consumer-'.length)}`
  return [...name].length <= SHORT_CHARS ? name : `…${[...name].slice(-(SHORT_CHARS - 1)).join('')}`
}

/**
 * A small card's name size (`h`: its height). Presenter mode's theme minimum (20 px) is already
 * projector type: its small cards use it as it is (2 px more and "c13" ran past a 44 px card).
 */
export function smallNamePx(minFontPx: number, h: number): number {
  return minFontPx >= 20 ? minFontPx : Math.max(minFontPx + 2, Math.min(15, h * 0.5))
}

/**
 * Width a small card's name needs: bold sans digits run up to 0.7 em (DejaVu Sans Bold, Debian's
 * default), wider than textWidth's average, plus 4 px each side.
 */
function nameRoom(name: string, px: number): number {
  return name.length * 0.7 * px + 8
}

export function layoutConsumers(frame: Frame, x: number, width: number, top: number, avail: number, minFontPx: number): { consumers: ConsumerMark[]; caption: ConsumerCaption | null } {
  const m = frame.members.length
  if (m === 0) return { consumers: [], caption: null }
  const gap = m > 12 ? 4 : 8
  // A named small card must hold its name (in the widest member's words) and its type's height.
  const px = smallNamePx(minFontPx, MIN_BOX_H)
  let longest = 0
  for (const mv of frame.members) longest = Math.max(longest, nameRoom(shortName(mv.name), px))
  const minH = Math.max(14, Math.round(minFontPx * 1.3))
  const maxCols = Math.max(1, Math.floor((width + gap) / (longest + gap)))
  const heightFor = (cols: number): number => {
    const perCol = Math.ceil(m / cols)
    return (avail - gap * (perCol - 1)) / perCol
  }
  // As many columns as the cards need to be MIN_BOX_H tall (at most 4), as many as their names allow.
  let cols = Math.max(1, Math.min(4, maxCols, Math.ceil((m * (MIN_BOX_H + gap)) / avail)))
  while (heightFor(cols) < minH && cols < maxCols) cols++
  if (m > 1 && heightFor(cols) < minH) return chips(frame, x, width, top, avail, minFontPx)
  const perCol = Math.ceil(m / cols)
  const h = Math.max(14, Math.min(96, heightFor(cols)))
  const w = (width - gap * (cols - 1)) / cols
  const stackH = perCol * h + (perCol - 1) * gap
  const y0 = top + Math.max(0, (avail - stackH) / 2)
  return { consumers: frame.members.map((_, i) => mark(frame, i, x + Math.floor(i / perCol) * (w + gap), y0 + (i % perCol) * (h + gap), w, h, false)), caption: null }
}

/**
 * Too many members for named cards at this type size (a share group of 24 in presenter mode on a
 * compare side): one caption in the type's size, then a grid of chips filling the rest, the
 * squarest that fits. Each chip is still the member's button (its menu, its aria-label).
 */
function chips(frame: Frame, x: number, width: number, top: number, avail: number, minFontPx: number): { consumers: ConsumerMark[]; caption: ConsumerCaption } {
  const m = frame.members.length
  const fontPx = Math.max(14, minFontPx)
  const captionH = fontPx + 8
  const gap = 3
  const room = Math.max(8, avail - captionH)
  let best = { cols: 1, w: width, h: 0, side: -1 }
  for (let cols = 1; cols <= m; cols++) {
    const rows = Math.ceil(m / cols)
    const w = (width - gap * (cols - 1)) / cols
    const h = Math.min(w, (room - gap * (rows - 1)) / rows)
    const side = Math.min(w, h)
    if (side > best.side) best = { cols, w, h, side }
  }
  const rows = Math.ceil(m / best.cols)
  const h = Math.max(2, best.h)
  const gridH = rows * h + (rows - 1) * gap
  const y0 = top + Math.max(0, (avail - captionH - gridH) / 2)
  const consumers = frame.members.map((_, i) => mark(frame, i, x + (i % best.cols) * (best.w + gap), y0 + captionH + Math.floor(i / best.cols) * (h + gap), best.w, h, true))
  return { consumers, caption: { text: `${m} members`, x: x + 2, y: y0 + fontPx, fontPx } }
}

function mark(frame: Frame, i: number, x: number, y: number, w: number, h: number, chip: boolean): ConsumerMark {
  const mv = frame.members[i]!
  return {
    member: i,
    name: mv.name,
    phase: mv.phase,
    x,
    y,
    w,
    h,
    colour: memberColour(i),
    owned: mv.ownedCount ?? mv.owned.length,
    utilization: mv.utilization,
    speed: mv.speed,
    gone: mv.phase === 'dead',
    countdown: mv.countdowns[0] ?? null,
    chip,
  }
}
