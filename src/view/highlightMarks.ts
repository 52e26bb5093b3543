// A lesson step's highlight on the highway: an outline with a soft glow around each lane and each
// consumer the step names, so "watch lane 6" points at lane 6. Boxes are computed from the layout
// (pure, `highlightBoxes`); `drawHighlight` writes them into the view's own SVG group.

import type { Selection } from 'd3'
import { put } from './domWrite.ts'
import type { LanesLayout } from './layout.ts'
import type { Theme } from './theme.ts'

export interface HighlightSpec {
  partitions: readonly number[]
  consumers: readonly string[]
}

export interface HighlightBox {
  /** `lane:6` or `consumer:consumer-2`. */
  key: string
  kind: 'lane' | 'consumer'
  /** The lane's partition number or the consumer's name. */
  id: string
  x: number
  y: number
  w: number
  h: number
}

/** Space between a mark and its outline (px). */
const PAD = 3

/**
 * The outlines for `h` on layout `L`: a lane from its label to the log end, a consumer around its
 * box. Lanes and consumers not on the highway now (not yet added, or gone) get none. Pure.
 */
export function highlightBoxes(L: LanesLayout, h: HighlightSpec | null): HighlightBox[] {
  if (h === null) return []
  const out: HighlightBox[] = []
  for (const p of h.partitions) {
    const lane = L.lanes[p]
    if (lane === undefined) continue
    out.push({ key: `lane:${p}`, kind: 'lane', id: String(p), x: 2, y: lane.y - PAD, w: L.x1 + 8 - 2, h: lane.h + 2 * PAD })
  }
  for (const name of h.consumers) {
    const c = L.consumers.find((m) => m.name === name && !m.gone)
    if (c === undefined) continue
    out.push({ key: `consumer:${name}`, kind: 'consumer', id: name, x: c.x - PAD, y: c.y - PAD, w: c.w + 2 * PAD, h: c.h + 2 * PAD })
  }
  return out
}

type G = Selection<SVGGElement, unknown, null, undefined>

/** Draws `boxes` into `g`: a wide translucent stroke (the glow) under a dashed bright one. */
export function drawHighlight(g: G, boxes: readonly HighlightBox[], theme: Theme): void {
  g.selectAll<SVGGElement, HighlightBox>('g.highlight')
    .data(boxes, (d) => d.key)
    .join((enter) => {
      const e = enter.append('g').call(put, 'class', 'highlight')
      e.append('rect').call(put, 'class', 'glow').call(put, 'rx', 6).call(put, 'fill', 'none').call(put, 'stroke-width', 9)
      e.append('rect').call(put, 'class', 'outline').call(put, 'rx', 6).call(put, 'fill', 'none').call(put, 'stroke-width', 3).call(put, 'stroke-dasharray', '10 5')
      return e
    })
    .call(put, 'data-kind', (d) => d.kind)
    .call(put, 'data-id', (d) => d.id)
    .call((sel) => {
      for (const cls of ['glow', 'outline']) {
        sel
          .select<SVGRectElement>(`rect.${cls}`)
          .call(put, 'x', (d) => d.x)
          .call(put, 'y', (d) => d.y)
          .call(put, 'width', (d) => Math.max(1, d.w))
          .call(put, 'height', (d) => Math.max(1, d.h))
          .call(put, 'stroke', cls === 'glow' ? theme.highlightGlow : theme.highlight)
      }
    })
}
