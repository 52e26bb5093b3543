// The highway: D3 owns the subtree of `container` it is given. SVG draws lanes, labels, barriers
// and consumers; one canvas draws the moving records, batched by colour. Everything is recomputed
// from the latest frame by `layout`, so the view keeps no animation state of its own.

import { select, type Selection } from 'd3'
import type { Frame } from '../sim/frameTypes.ts'
import { drawConsumers } from './consumerMarks.ts'
import { drawParticles } from './drawParticles.ts'
import { put, putText } from './domWrite.ts'
import { drawHighlight, highlightBoxes, type HighlightSpec } from './highlightMarks.ts'
import { headerTicks, headerTitles } from './laneHeader.ts'
import { createLaneRows } from './laneRows.ts'
import { layout, NARROW_W, type LanesLayout, type Size } from './layout.ts'
import { theme as standardTheme, type Theme } from './theme.ts'

export interface LanesViewCallbacks {
  onLaneClick?: (lane: number) => void
  /** `x`, `y`: page coordinates to open a menu at. */
  onConsumerClick?: (member: number, name: string, x: number, y: number) => void
  /** Colours and smallest type (default: the standard theme; presenter mode: projectorTheme). */
  theme?: Theme
}

export interface LanesView {
  /**
   * Draws `frame` (no-op for the same frame object twice). `labels: false` leaves the lanes' lag
   * numbers as they are: a caller drawing 60 frames a second refreshes them a few times a second
   * (numbers nobody can read at 60 Hz, each a text layout) and once more on the last frame shown.
   */
  update(frame: Frame, opts?: { labels?: boolean }): void
  resize(size: Size): void
  /** Outlines these lanes and consumers (a lesson step's), or none; kept across frames until changed. */
  setHighlight(h: HighlightSpec | null): void
  destroy(): void
  /** The marks last drawn (for tests). */
  lastLayout(): LanesLayout | null
}

type G = Selection<SVGGElement, unknown, null, undefined>

let viewCount = 0

/** Absolutely placed layer with its own compositing layer, so repaints of one never touch another. */
function layer<E extends Element>(s: Selection<E, unknown, null, undefined>): Selection<E, unknown, null, undefined> {
  return s.style('position', 'absolute').style('inset', '0').style('will-change', 'transform')
}

/** Bold text of the page's sans-serif runs about 0.58 em a character; a little over, to be safe. */
const BANNER_EM_PER_CHAR = 0.62

/**
 * The banner's font size: its usual size, smaller when the text would not fit `width` (a side of
 * compare mode at 1024 px leaves ~300 px, and the rebalance line was cut off at both ends).
 */
export function bannerFontSize(text: string, width: number): number {
  const usual = width < 520 ? 15 : 18
  const fits = Math.floor((width - 16) / (Math.max(1, text.length) * BANNER_EM_PER_CHAR))
  return Math.max(9, Math.min(usual, fits))
}

/**
 * Whether two lists of flat records hold the same values, field by field (whatever fields the
 * marks carry, so a field added to a mark is compared without touching this). A field holding an
 * object compares by identity: such marks are redrawn every frame (correct, only slower). Pure.
 */
export function sameRecords(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Record<string, unknown>
    const y = b[i] as Record<string, unknown>
    const keys = Object.keys(x)
    if (keys.length !== Object.keys(y).length) return false
    for (const k of keys) if (!Object.is(x[k], y[k])) return false
  }
  return true
}

export function createLanesView(container: HTMLElement, callbacks: LanesViewCallbacks = {}): LanesView {
  const doc = container.ownerDocument
  const theme = callbacks.theme ?? standardTheme
  const uid = `ph-lanes-${++viewCount}`
  const root = select(container)
  root.style('position', 'relative').style('background', theme.background).style('overflow', 'hidden')

  const bg = layer(root.append('svg')).attr('class', 'ph-lanes-bg').attr('aria-hidden', 'true')
  const defs = bg.append('defs')
  const hatch = defs
    .append('pattern')
    .attr('id', `${uid}-hatch`)
    .attr('patternUnits', 'userSpaceOnUse')
    .attr('width', 10)
    .attr('height', 10)
    .attr('patternTransform', 'rotate(45)')
  hatch.append('rect').attr('width', 10).attr('height', 10).attr('fill', theme.roadStopped)
  hatch.append('rect').attr('width', 4).attr('height', 10).attr('fill', theme.roadStoppedStripe)
  const stripes = defs
    .append('pattern')
    .attr('id', `${uid}-barrier`)
    .attr('patternUnits', 'userSpaceOnUse')
    .attr('width', 8)
    .attr('height', 8)
    .attr('patternTransform', 'rotate(45)')
  stripes.append('rect').attr('width', 8).attr('height', 8).attr('fill', theme.barrierStopped)
  stripes.append('rect').attr('width', 4).attr('height', 8).attr('fill', '#ffffff')
  const roadLayer: G = bg.append('g')

  const canvas = layer(root.append('canvas')).attr('class', 'ph-particles').attr('aria-hidden', 'true').style('pointer-events', 'none')
  const canvasEl = canvas.node() as HTMLCanvasElement
  const ctx = canvasEl.getContext('2d')

  const fg = layer(root.append('svg'))
    .attr('class', 'ph-lanes-fg')
    .attr('role', 'group')
    .attr('aria-label', 'Highway view')
    .style('font-family', theme.fontFamily)
  const headerLayer: G = fg.append('g')
  const linkLayer: G = fg.append('g')
  // Under the lanes' words: where lane names are taller than their lanes (two staggered columns,
  // laneNames.ts), an outline passes behind a neighbour's name, broken by its halo, not across it.
  const highlightLayer: G = fg.append('g').attr('class', 'ph-highlight').attr('pointer-events', 'none')
  const labelLayer: G = fg.append('g')
  const hitLayer: G = fg.append('g')
  const consumerLayer: G = fg.append('g')
  const bannerLayer: G = fg.append('g').attr('pointer-events', 'none')

  const rows = createLaneRows(
    {
      roads: roadLayer.node() as SVGGElement,
      links: linkLayer.node() as SVGGElement,
      labels: labelLayer.node() as SVGGElement,
      hits: hitLayer.node() as SVGGElement,
    },
    { hatch: `${uid}-hatch`, barrier: `${uid}-barrier` },
    (lane) => callbacks.onLaneClick?.(lane),
    theme,
  )

  let size: Size = { width: container.clientWidth || 800, height: container.clientHeight || 400 }
  let lastFrame: Frame | null = null
  let marks: LanesLayout | null = null
  let dpr = 1

  function applySize(): void {
    dpr = doc.defaultView?.devicePixelRatio ?? 1
    for (const s of [bg, fg]) s.attr('width', size.width).attr('height', size.height)
    canvasEl.width = Math.round(size.width * dpr)
    canvasEl.height = Math.round(size.height * dpr)
    canvas.style('width', `${size.width}px`).style('height', `${size.height}px`)
  }

  function drawHeader(L: LanesLayout): void {
    // Each title in the words that fit its zone at this size (laneHeader.ts): nothing overlaps.
    const titles = headerTitles(L, theme.minFontPx)
    headerLayer
      .selectAll<SVGTextElement, (typeof titles)[number]>('text.title')
      .data(titles, (d) => d.k)
      .join('text')
      .call(put, 'class', 'title')
      .call(put, 'x', (d) => d.x)
      .call(put, 'y', (d) => d.y)
      .call(put, 'font-size', (d) => d.fontPx)
      .call(put, 'font-weight', 600)
      .call(put, 'fill', theme.textDim)
      // The rebalance/storm banner covers this row (all but "Consumers"); hide what it would
      // half-cover rather than let the scale's labels peek out under it.
      .call(put, 'visibility', (d) => (L.banner !== null && d.k !== 'c' ? 'hidden' : null))
      .call(putText, (d) => d.text)
    // Gridlines of the backlog's log scale, labelled, so a bar's length reads as a record count.
    const ticks = headerTicks(L, theme.minFontPx)
    headerLayer
      .selectAll<SVGTextElement, (typeof ticks)[number]>('text.tick')
      .data(ticks, (d) => d.v)
      .join('text')
      .call(put, 'class', 'tick')
      .call(put, 'x', (d) => d.x)
      .call(put, 'y', (d) => d.y)
      .call(put, 'text-anchor', 'middle')
      .call(put, 'font-size', (d) => d.fontPx)
      .call(put, 'fill', theme.textDim)
      .call(put, 'visibility', L.banner !== null ? 'hidden' : null)
      .call(putText, (d) => d.text)
    headerLayer
      .selectAll<SVGLineElement, (typeof ticks)[number]>('line')
      .data(ticks, (d) => d.v)
      .join('line')
      .call(put, 'x1', (d) => d.lineX)
      .call(put, 'x2', (d) => d.lineX)
      .call(put, 'y1', L.top - 2)
      .call(put, 'y2', L.height - 4)
      .call(put, 'stroke', theme.textDim)
      .call(put, 'stroke-opacity', 0.25)
      .call(put, 'stroke-dasharray', '3 5')
  }

  function drawBanner(L: LanesLayout): void {
    const data = L.banner === null ? [] : [L.banner]
    const g = bannerLayer
      .selectAll<SVGGElement, (typeof data)[number]>('g')
      .data(data)
      .join((enter) => {
        const e = enter.append('g')
        e.append('rect').attr('rx', 6)
        e.append('text').attr('font-weight', 800).attr('text-anchor', 'middle')
        return e
      })
    // Spans the labels and lanes (not the consumers, whose phases tell the rest of the story); on a
    // phone's narrow highway the whole width, else the rebalance line was cut at both ends even at 9 px.
    const x0 = 4
    const w = L.width < NARROW_W ? L.width - 8 : Math.max(100, L.consumerX - 8)
    g.select('text')
      .call(put, 'x', x0 + w / 2)
      .call(put, 'y', 24)
      .call(put, 'font-size', (d) => bannerFontSize(d.text, w))
      .call(put, 'fill', '#ffffff')
      .call(putText, (d) => d.text)
    g.select('rect')
      .call(put, 'x', x0)
      .call(put, 'y', 3)
      .call(put, 'width', w)
      .call(put, 'height', 30)
      .call(put, 'fill', (d) => (d.tone === 'storm' ? '#b3261e' : '#8a1c3d'))
  }

  // What the header, consumers and banner were last drawn from. They change a few times a run, not
  // every frame, and their d3 joins read every attribute back from the DOM to compare: skipping
  // them on an unchanged picture saves most of the SVG work of a frame while playing.
  let drawnHeader = ''
  let drawnConsumers: readonly object[] | null = null
  let drawnCaption = ''
  let drawnBanner = ''
  let highlight: HighlightSpec | null = null
  let drawnHighlight = ''

  /** The lag numbers shown are of an earlier frame than the one drawn. */
  let labelsStale = false

  function render(labels = true): void {
    if (lastFrame === null) return
    // A lesson step's lanes are named however thin, as hot lanes are (laneNames.ts).
    const L = layout(lastFrame, size, { minFontPx: theme.minFontPx, ...(highlight !== null && highlight.partitions.length > 0 ? { named: highlight.partitions } : {}) })
    marks = L
    labelsStale = !labels
    rows.update(L, labels)
    const header = `${L.x0}|${L.x1}|${L.queueX}|${L.consumerX}|${L.top}|${L.height}|${L.banner !== null}`
    if (header !== drawnHeader) {
      drawHeader(L)
      drawnHeader = header
    }
    const caption = L.consumerCaption === null ? '' : `${L.consumerCaption.text}@${L.consumerCaption.x},${L.consumerCaption.y}`
    if (drawnConsumers === null || !sameRecords(drawnConsumers, L.consumers) || caption !== drawnCaption) {
      drawConsumers(consumerLayer, L, (d, box) => callbacks.onConsumerClick?.(d.member, d.name, box.left, box.bottom), theme)
      drawnConsumers = L.consumers
      drawnCaption = caption
    }
    const banner = `${L.consumerX}|${L.banner?.tone ?? ''}|${L.banner?.text ?? ''}`
    if (banner !== drawnBanner) {
      drawBanner(L)
      drawnBanner = banner
    }
    const boxes = highlightBoxes(L, highlight)
    const hk = boxes.map((b) => `${b.key}@${b.x},${b.y},${b.w},${b.h}`).join('|')
    if (hk !== drawnHighlight) {
      drawHighlight(highlightLayer, boxes, theme)
      drawnHighlight = hk
    }
    if (ctx !== null) drawParticles(ctx, L, dpr)
  }

  applySize()

  return {
    update(frame, opts) {
      const labels = opts?.labels !== false
      if (frame === lastFrame && !(labels && labelsStale)) return
      lastFrame = frame
      render(labels)
    },
    resize(next) {
      const w = Math.max(1, Math.floor(next.width))
      const h = Math.max(1, Math.floor(next.height))
      if (w === size.width && h === size.height) return
      size = { width: w, height: h }
      applySize()
      render()
    },
    setHighlight(h) {
      highlight = h
      render(!labelsStale)
    },
    destroy() {
      root.selectAll('*').remove()
      lastFrame = null
      marks = null
      drawnHeader = ''
      drawnConsumers = null
      drawnCaption = ''
      drawnBanner = ''
      drawnHighlight = ''
    },
    lastLayout: () => marks,
  }
}
