// Compare mode's picture: a title (scenario, simulated time, the mark), then each side where the page
// puts it (stacked, or two by two as the page shows three or four sides on a short screen) with its
// header and difference strip (read as plain text from the page, so the picture says what the page
// says) above its highway's layers. The words are drawn with fillText: a side's label may come from
// a stranger's link, and text drawn on a canvas is never markup.

import { layoutCaption, layoutTitle, sizesFor, type Block, type CellText, type SideCaption, type TextRole } from './captionLayout.ts'
import { backgroundOf, blankCanvas, drawLayers, layersOf, pngOf } from './picture.ts'
import { columnWidths, gridCells, planGrid } from './pictureGrid.ts'

const text = (el: Element | null): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim()

/** A side's header and difference strip as its section shows them (the strip's "best" for screen readers becomes the ★ alone). */
export function captionOf(section: Element): SideCaption {
  const cells: CellText[] = Array.from(section.querySelectorAll('.diff-strip .diff-cell[data-row]')).map((cell) => {
    const dd = cell.querySelector('dd')
    const value = Array.from(dd?.childNodes ?? [])
      .filter((n) => !(n instanceof Element && n.classList.contains('best-mark')))
      .map((n) => n.textContent ?? '')
      .join('')
    return { label: text(cell.querySelector('dt')), value: value.replace(/\s+/g, ' ').trim(), best: cell.getAttribute('data-best') === 'true' }
  })
  return {
    letter: text(section.querySelector('.side-head .side-letter')),
    label: text(section.querySelector('.side-head .side-label')),
    summary: text(section.querySelector('.side-head .side-summary')),
    cells,
    note: text(section.querySelector('.diff-strip .diff-cell.dim')),
  }
}

interface Palette {
  family: string
  text: string
  dim: string
  ok: string
  head: string
  accent: string
  rule: string
}

function paletteOf(el: HTMLElement): Palette {
  const cs = (el.ownerDocument.defaultView as Window).getComputedStyle(el)
  const v = (name: string, fallback: string): string => cs.getPropertyValue(name).trim() || fallback
  return { family: cs.fontFamily || 'sans-serif', text: cs.color || '#000', dim: v('--dim', '#666'), ok: v('--ok', '#0a0'), head: v('--panel', 'rgba(127,127,127,0.15)'), accent: v('--accent', '#fc0'), rule: v('--border', '#888') }
}

const WEIGHT: Record<TextRole, number> = { title: 700, letter: 800, label: 700, summary: 400, cellLabel: 400, cellValue: 700, cellBest: 700, note: 400 }

function fontOf(role: TextRole, sz: { body: number; head: number }, family: string, dpr = 1): string {
  const px = role === 'title' || role === 'letter' || role === 'label' ? sz.head : sz.body
  return `${WEIGHT[role]} ${px * dpr}px ${family}`
}

function colourOf(role: TextRole, p: Palette): string {
  if (role === 'letter') return '#000'
  if (role === 'cellLabel' || role === 'note') return p.dim
  if (role === 'cellBest') return p.ok
  return p.text
}

function drawBlock(ctx: CanvasRenderingContext2D, b: Block, at: { x: number; y: number }, dpr: number, sz: { body: number; head: number }, p: Palette): void {
  const { x: left, y: top } = at
  for (const box of b.boxes) {
    const [x, y, w, h] = [(left + box.x) * dpr, (top + box.y) * dpr, box.w * dpr, box.h * dpr]
    if (box.role === 'head' || box.role === 'letter') {
      ctx.fillStyle = box.role === 'head' ? p.head : p.accent
      ctx.fillRect(x, y, w, h)
    } else {
      ctx.strokeStyle = box.role === 'cellBest' ? p.ok : p.dim
      ctx.lineWidth = (box.role === 'cellBest' ? 2 : 1) * dpr
      ctx.strokeRect(x, y, w, h)
    }
  }
  ctx.textBaseline = 'middle'
  ctx.textAlign = 'left'
  for (const t of b.texts) {
    ctx.font = fontOf(t.role, sz, p.family, dpr)
    ctx.fillStyle = colourOf(t.role, p)
    ctx.fillText(t.text, (left + t.x) * dpr, (top + t.y) * dpr)
  }
}

/** A PNG of the sides inside `sidesEl`, each with its header and difference strip, under `title`. */
export async function comparePictureOf(sidesEl: HTMLElement, title: string): Promise<Blob> {
  const doc = sidesEl.ownerDocument
  const dpr = (doc.defaultView as Window).devicePixelRatio || 1
  const sides = Array.from(sidesEl.querySelectorAll<HTMLElement>('section.compare-side')).map((section) => {
    // The highway (and broker strip): the section's layers outside its header and strip.
    const layers = layersOf(section, (l) => l.closest('.side-head, .diff-strip') !== null)
    const rects = layers.map((l) => l.getBoundingClientRect())
    const left = Math.min(...rects.map((r) => r.left))
    const top = Math.min(...rects.map((r) => r.top))
    const width = rects.length === 0 ? 0 : Math.max(...rects.map((r) => r.right)) - left
    const height = rects.length === 0 ? 0 : Math.max(...rects.map((r) => r.bottom)) - top
    const box = section.getBoundingClientRect()
    return { caption: captionOf(section), layers, origin: { left, top }, width, height, box: { left: box.left, top: box.top } }
  })
  if (sides.length === 0) throw new Error('there are no sides on the page to draw')
  const cells = gridCells(sides.map((s) => s.box))
  const widths = columnWidths(
    cells,
    sides.map((s) => s.width),
    480,
  )
  // Type sized to the whole picture's width (it is scaled to a slide as one).
  const sz = sizesFor(widths.reduce((a, w) => a + w, 0))
  const p = paletteOf(sidesEl)
  const scratch = doc.createElement('canvas').getContext('2d')
  if (scratch === null) throw new Error('this browser cannot draw a picture')
  const measure = (t: string, role: TextRole): number => {
    scratch.font = fontOf(role, sz, p.family)
    return scratch.measureText(t).width
  }
  const captions = sides.map((s, i) => layoutCaption(s.caption, widths[cells[i]!.col]!, measure, sz))
  const gap = sz.pad * 2
  const fullWidth = widths.reduce((a, w) => a + w + gap, -gap)
  const head = layoutTitle(title, fullWidth, measure, sz)
  const plan = planGrid(
    cells,
    widths,
    sides.map((s, i) => ({ caption: captions[i]!.height, highway: s.height })),
    { top: head.height, gap, pad: sz.pad },
  )
  const { out, ctx } = blankCanvas(doc, plan.width, plan.height, dpr, backgroundOf(sidesEl))
  drawBlock(ctx, head, { x: 0, y: 0 }, dpr, sz, p)
  // Rules between the cells of a grid, as the page's borders between its sides.
  ctx.fillStyle = p.rule
  for (const x of plan.columnRules) ctx.fillRect(Math.round((x - 1) * dpr), Math.round(head.height * dpr), 2 * dpr, out.height)
  for (const y of plan.rowRules) ctx.fillRect(0, Math.round((y - 1) * dpr), out.width, 2 * dpr)
  for (const [i, s] of sides.entries()) {
    const at = plan.sides[i]!
    drawBlock(ctx, captions[i]!, { x: at.x, y: at.y }, dpr, sz, p)
    await drawLayers(ctx, s.layers, s.origin, dpr, { x: at.x * dpr, y: at.highwayY * dpr })
  }
  return pngOf(out)
}
