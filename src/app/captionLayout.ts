// Where compare mode's picture puts its words: a title line (scenario, simulated time, the mark) and,
// above each side's highway, that side's header (letter, label, strategy in words) and difference
// strip (one cell per row, ★ on the best side's). Pure: text widths come from a `measure` the
// caller backs with a canvas, positions are CSS px, and the words stay plain strings (drawn with
// fillText, never parsed as markup, since a side's label may come from a stranger's link).

/** How a piece of text is drawn (font weight and colour are the drawer's). */
export type TextRole = 'title' | 'letter' | 'label' | 'summary' | 'cellLabel' | 'cellValue' | 'cellBest' | 'note'

export interface TextOp {
  text: string
  role: TextRole
  x: number
  /** The line's middle (drawn with textBaseline 'middle'). */
  y: number
}

export interface BoxOp {
  role: 'head' | 'letter' | 'cell' | 'cellBest'
  x: number
  y: number
  w: number
  h: number
}

export interface Block {
  height: number
  texts: TextOp[]
  boxes: BoxOp[]
}

/** One difference-strip cell as the page shows it: "max lag" "1,234" (value with its unit). */
export interface CellText {
  label: string
  value: string
  best: boolean
}

/** A side's header and strip, as the page shows them. */
export interface SideCaption {
  letter: string
  label: string
  summary: string
  cells: CellText[]
  /** "(from 12.0 s on, approx.)", or ''. */
  note: string
}

export type Measure = (text: string, role: TextRole) => number

export interface CaptionSizes {
  /** Body text px (summary, cells). */
  body: number
  /** Title, letter and label px. */
  head: number
  pad: number
}

/**
 * Type sized to the picture, so it stays readable when the picture is scaled to a slide's width:
 * about a sixtieth of the width, never under 15 px (the page's header size) nor over 26.
 */
export function sizesFor(width: number): CaptionSizes {
  const body = Math.min(26, Math.max(15, Math.round(width / 60)))
  return { body, head: Math.round(body * 1.25), pad: Math.round(body * 0.6) }
}

/** `text` cut into lines no wider than `max` at word breaks (a word longer than a line gets its own). */
export function wrapWords(text: string, max: number, role: TextRole, measure: Measure): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const next = line === '' ? word : `${line} ${word}`
    if (line !== '' && measure(next, role) > max) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line !== '') lines.push(line)
  return lines
}

/** The picture's first line(s): what is compared and at which simulated moment. */
export function layoutTitle(title: string, width: number, measure: Measure, sz: CaptionSizes): Block {
  const lh = Math.round(sz.head * 1.5)
  const texts = wrapWords(title, width - 2 * sz.pad, 'title', measure).map((text, i) => ({ text, role: 'title' as const, x: sz.pad, y: sz.pad + lh * i + lh / 2 }))
  return { height: sz.pad + lh * texts.length, texts, boxes: [] }
}

/** A side's header band then its difference strip, `width` wide, from y = 0. */
export function layoutCaption(c: SideCaption, width: number, measure: Measure, sz: CaptionSizes): Block {
  const texts: TextOp[] = []
  const boxes: BoxOp[] = []
  const right = width - sz.pad
  const headLh = Math.round(sz.head * 1.6)
  const bodyLh = Math.round(sz.body * 1.5)
  // Header: [A] label, and the summary on the same line while it fits there, else wrapped below.
  let y = 0
  let x = sz.pad
  if (c.letter !== '') {
    const w = measure(c.letter, 'letter') + sz.pad
    boxes.push({ role: 'letter', x, y: y + headLh * 0.15, w, h: headLh * 0.7 })
    texts.push({ text: c.letter, role: 'letter', x: x + sz.pad / 2, y: headLh / 2 })
    x += w + sz.pad
  }
  texts.push({ text: c.label, role: 'label', x, y: headLh / 2 })
  x += measure(c.label, 'label') + sz.pad
  y = headLh
  if (c.summary !== '') {
    if (x + measure(c.summary, 'summary') <= right) texts.push({ text: c.summary, role: 'summary', x, y: headLh / 2 })
    else {
      for (const line of wrapWords(c.summary, right - sz.pad, 'summary', measure)) {
        texts.push({ text: line, role: 'summary', x: sz.pad, y: y + bodyLh / 2 })
        y += bodyLh
      }
    }
  }
  y += sz.pad / 2
  boxes.unshift({ role: 'head', x: 0, y: 0, w: width, h: y })
  // The strip: cells left to right, a new line when the next would not fit.
  const cellH = Math.round(sz.body * 1.7)
  const inner = sz.pad / 2
  y += sz.pad / 2
  x = sz.pad
  for (const cell of c.cells) {
    const value = cell.best ? `${cell.value} ★` : cell.value
    const lw = measure(cell.label, 'cellLabel')
    const vw = measure(value, cell.best ? 'cellBest' : 'cellValue')
    const w = inner * 3 + lw + vw
    if (x > sz.pad && x + w > right) {
      x = sz.pad
      y += cellH + inner
    }
    boxes.push({ role: cell.best ? 'cellBest' : 'cell', x, y, w, h: cellH })
    texts.push({ text: cell.label, role: 'cellLabel', x: x + inner, y: y + cellH / 2 })
    texts.push({ text: value, role: cell.best ? 'cellBest' : 'cellValue', x: x + inner * 2 + lw, y: y + cellH / 2 })
    x += w + inner
  }
  if (c.cells.length > 0) y += cellH + inner
  if (c.note !== '') {
    for (const line of wrapWords(c.note, right - sz.pad, 'note', measure)) {
      texts.push({ text: line, role: 'note', x: sz.pad, y: y + bodyLh / 2 })
      y += bodyLh
    }
  }
  return { height: y + sz.pad / 2, texts, boxes }
}
