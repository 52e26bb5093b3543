// The per-lane SVG of the highway, kept as plain element rows and written imperatively: each
// attribute is written only when its value changed (a JS-side cache, no DOM reads), because at
// 256 lanes and 60 fps a data join plus full rewrite costs most of a frame. DOM only; no state
// beyond the elements and their last written values.

import type { LaneMark, LanesLayout, LinkMark } from './layout.ts'
import { laneTags, OWNER_LABEL_MIN_PITCH, rowHolds, type LaneTag } from './laneTags.ts'
import { theme as standardTheme, type Theme } from './theme.ts'
import { textWidth } from './textWidth.ts'

const SVG_NS = 'http://www.w3.org/2000/svg'

export { OWNER_LABEL_MIN_PITCH }

export interface LaneLayers {
  /** Background SVG group: roads and backlog bars. */
  roads: SVGGElement
  links: SVGGElement
  labels: SVGGElement
  hits: SVGGElement
}

interface Row {
  road: SVGRectElement
  backlog: SVGRectElement
  label: SVGTextElement
  hot: SVGTextElement
  noLeader: SVGTextElement
  leader: SVGTextElement
  lag: SVGTextElement
  barrier: SVGRectElement
  tag: SVGRectElement
  /** Under the owner label, over the particles: records sliding into their consumer pass beneath it. */
  ownerBox: SVGRectElement
  owner: SVGTextElement
  /** In the owner label: the named reader (its colour), then " +1" for a share lane's other readers (plain text colour). */
  ownerWho: SVGTSpanElement
  ownerMore: SVGTSpanElement
  link: SVGPathElement
  hit: SVGRectElement
}

export interface LaneRows {
  /**
   * Draws `L`. With `labels` false the lag numbers keep their text (they change every frame while
   * playing, and each new text costs the browser a text layout; see createLanesView's update).
   */
  update(L: LanesLayout, labels?: boolean): void
  /** Number of rows currently in the DOM (for tests). */
  size(): number
}

export function formatCount(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)}M`
  if (n >= 1e3) return `${(n / 1e3).toFixed(n >= 1e4 ? 0 : 1)}k`
  return String(Math.round(n))
}

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
}

/** Lane colour from heat 0..1: dark road (`heatCold`) → deep reddish purple (`heatHot`). */
export function heatColour(heat: number, t: Theme = standardTheme): string {
  const k = Math.max(0, Math.min(1, heat))
  const a = rgb(t.heatCold)
  const b = rgb(t.heatHot)
  const c = a.map((v, i) => Math.round(v + ((b[i] ?? v) - v) * k))
  return `rgb(${c[0]},${c[1]},${c[2]})`
}

export function createLaneRows(
  layers: LaneLayers,
  patterns: { hatch: string; barrier: string },
  onLaneClick: (lane: number) => void,
  theme: Theme = standardTheme,
): LaneRows {
  const doc = layers.roads.ownerDocument
  const rows: Row[] = []
  const written = new WeakMap<Element, Map<string, string>>()

  function set(el: Element, name: string, value: string | number | null): void {
    let m = written.get(el)
    if (m === undefined) written.set(el, (m = new Map()))
    if (value === null) {
      if (m.get(name) !== undefined) {
        el.removeAttribute(name)
        m.delete(name)
      }
      return
    }
    const s = typeof value === 'number' ? String(Math.round(value * 100) / 100) : value
    if (m.get(name) === s) return
    el.setAttribute(name, s)
    m.set(name, s)
  }

  function text(el: Element, value: string): void {
    if (el.textContent !== value) el.textContent = value
  }

  function make<K extends keyof SVGElementTagNameMap>(parent: Element, tag: K, attrs: Record<string, string>): SVGElementTagNameMap[K] {
    const el = doc.createElementNS(SVG_NS, tag)
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v)
    parent.appendChild(el)
    return el
  }

  function addRow(index: number): Row {
    const hit = make(layers.hits, 'rect', { fill: 'transparent', style: 'cursor: pointer' })
    hit.addEventListener('click', () => onLaneClick(index))
    // Before the label, so under it; in the labels layer, so over the particles' canvas.
    const ownerBox = make(layers.labels, 'rect', { class: 'owner-box', fill: theme.background })
    const owner = make(layers.labels, 'text', {
      class: 'owner',
      dy: '0.35em',
      'font-weight': '800',
      stroke: theme.background,
      'stroke-width': '3',
      'paint-order': 'stroke',
    })
    return {
      road: make(layers.roads, 'rect', { class: 'road' }),
      backlog: make(layers.roads, 'rect', { class: 'backlog', fill: theme.backlog }),
      link: make(layers.links, 'path', { fill: 'none' }),
      label: make(layers.labels, 'text', {
        class: 'p',
        dy: '0.35em',
        'font-weight': '700',
        stroke: theme.background,
        'stroke-width': '3',
        'paint-order': 'stroke',
      }),
      hot: make(layers.labels, 'text', {
        class: 'hot',
        dy: '0.35em',
        'font-weight': '800',
        fill: theme.hot,
        stroke: theme.background,
        'stroke-width': '3',
        'paint-order': 'stroke',
      }),
      noLeader: make(layers.labels, 'text', {
        class: 'no-leader',
        dy: '0.35em',
        'font-weight': '800',
        fill: theme.text,
        stroke: theme.background,
        'stroke-width': '3',
        'paint-order': 'stroke',
      }),
      leader: make(layers.labels, 'text', {
        class: 'leader',
        dy: '0.35em',
        'font-weight': '700',
        fill: theme.text,
        stroke: theme.background,
        'stroke-width': '3',
        'paint-order': 'stroke',
      }),
      lag: make(layers.labels, 'text', {
        class: 'lag',
        dy: '0.35em',
        'text-anchor': 'end',
        'font-weight': '700',
        fill: theme.text,
        stroke: theme.background,
        'stroke-width': '3',
        'paint-order': 'stroke',
      }),
      barrier: make(layers.labels, 'rect', { class: 'barrier', width: '12' }),
      tag: make(layers.labels, 'rect', { class: 'tag', width: '6' }),
      ownerBox,
      owner,
      ownerWho: make(owner, 'tspan', {}),
      ownerMore: make(owner, 'tspan', { fill: theme.text }),
      hit,
    }
  }

  function resize(n: number): void {
    while (rows.length < n) rows.push(addRow(rows.length))
    while (rows.length > n) {
      const r = rows.pop()
      if (r !== undefined) for (const el of Object.values(r) as Element[]) el.remove()
    }
  }

  /** A tag at the producers' end, on the row's vertical middle `y`. */
  function drawTag(el: SVGTextElement, t: LaneTag | null, y: number): void {
    set(el, 'display', t ? null : 'none')
    if (!t) return
    set(el, 'x', t.x)
    set(el, 'y', y)
    set(el, 'font-size', t.px)
    set(el, 'textLength', t.squeezeTo)
    set(el, 'lengthAdjust', t.squeezeTo !== null ? 'spacingAndGlyphs' : null)
    text(el, t.text)
  }

  function drawRow(r: Row, d: LaneMark, L: LanesLayout, link: LinkMark | undefined, labels: boolean): void {
    const mid = d.y + d.h / 2
    set(r.road, 'x', L.x0)
    set(r.road, 'y', d.y)
    set(r.road, 'width', L.x1 - L.x0)
    set(r.road, 'height', d.h)
    set(r.road, 'fill', d.stopped || d.noLeader ? `url(#${patterns.hatch})` : heatColour(d.heat, theme))
    set(r.road, 'stroke', L.pitch >= 8 ? theme.laneEdge : null)

    set(r.backlog, 'x', L.x1 - d.backlogW)
    set(r.backlog, 'y', d.y + d.h * 0.1)
    set(r.backlog, 'width', d.backlogW)
    set(r.backlog, 'height', d.h * 0.8)
    set(r.backlog, 'opacity', d.stopped ? 0.95 : 0.75)

    set(r.label, 'display', d.labelled ? null : 'none')
    if (d.labelled) {
      set(r.label, 'x', d.labelX)
      set(r.label, 'y', mid)
      set(r.label, 'font-size', L.fontPx)
      set(r.label, 'fill', d.hot ? theme.hot : theme.text)
      // "7" in two tight columns is read as its whole name ("P7"), as the table and the words say it.
      set(r.label, 'aria-label', d.labelText !== d.name ? d.name : null)
      text(r.label, d.labelText)
    }

    // At the producers' end: the leader broker and HOT, or why its clients are not served; the lag.
    const tags = laneTags(d, L, theme.minFontPx, `lag ${formatCount(d.lag)}`)
    drawTag(r.noLeader, tags.fault, mid)
    drawTag(r.leader, tags.leader, mid)
    drawTag(r.hot, tags.hot, mid)
    // Only a real backlog gets a number; records in flight (under the noise floor) do not. Its text
    // is rewritten only with `labels` (see LaneRows.update).
    set(r.lag, 'display', tags.lag ? null : 'none')
    if (tags.lag) {
      set(r.lag, 'x', tags.lag.x)
      set(r.lag, 'y', mid)
      set(r.lag, 'font-size', tags.lag.px)
      if (labels || r.lag.textContent === '') text(r.lag, tags.lag.text)
    }

    // Barrier at the log end: yellow while the owner is paused, striped red when nobody may consume.
    const barred = d.stopped || d.paused
    set(r.barrier, 'display', barred ? null : 'none')
    if (barred) {
      set(r.barrier, 'x', L.x1 - 2)
      set(r.barrier, 'y', d.y - Math.min(3, L.pitch * 0.1))
      set(r.barrier, 'height', d.h + Math.min(6, L.pitch * 0.2))
      set(r.barrier, 'fill', d.paused ? theme.barrierPaused : `url(#${patterns.barrier})`)
    }

    const tagged = !barred && d.owner >= 0
    set(r.tag, 'display', tagged ? null : 'none')
    if (tagged) {
      set(r.tag, 'x', L.x1 + 2)
      set(r.tag, 'y', d.y)
      set(r.tag, 'height', d.h)
      set(r.tag, 'fill', d.ownerColour)
    }

    // The owner's name beside the tag, so lanes read by label as well as colour (colours repeat
    // past eight members): the name is the member whose colour the tag and link carry. A share
    // lane's other readers are counted (" +1", in the text colour) and named in its accessible name.
    // On a lane too thin for the label's type (presenter mode's 20 px on a compare side's 13 px
    // lanes) the label goes, as lane names thin out; the tag stays and carries its words for
    // screen readers instead.
    const px = Math.max(theme.minFontPx, Math.min(L.fontPx, 14))
    const more = d.ownerMore > 0 ? ` +${d.ownerMore}` : ''
    const named = d.ownerLabel !== '' && rowHolds(L.pitch, px)
    const ownerWords = d.ownerTitle !== '' ? `${d.name} ${d.ownerTitle}` : `${d.name}: ${d.ownerLabel}${more}`
    const tagSays = tagged && !named && d.ownerLabel !== ''
    set(r.tag, 'role', tagSays ? 'img' : null)
    set(r.tag, 'aria-label', tagSays ? ownerWords : null)
    set(r.owner, 'display', named ? null : 'none')
    set(r.ownerBox, 'display', named ? null : 'none')
    if (named) {
      set(r.owner, 'x', L.x1 + 11)
      set(r.owner, 'y', mid)
      set(r.owner, 'font-size', px)
      // "c10 +2" at 20 px would run under the consumer cards: squeezed into the room before them,
      // at full height (estimated at 0.66 em a bold character: this file reads no layout back).
      const room = L.consumerX - (L.x1 + 11) - 4
      const squeeze = room > 0 && (d.ownerLabel.length + more.length) * 0.66 * px > room
      set(r.owner, 'textLength', squeeze ? room : null)
      set(r.owner, 'lengthAdjust', squeeze ? 'spacingAndGlyphs' : null)
      // Delivered records slide from the log end into their consumer along the lane's line, right
      // through "c1": drawn under the label's 3 px halo only, they crossed its letters (default
      // page at 1024 px, once the records flowed). The box keeps them off the name; it is the
      // page's colour, so nothing else shows of it.
      const boxW = (squeeze ? room : textWidth(`${d.ownerLabel}${more}`, px)) + 6
      const boxH = Math.min(L.pitch, Math.max(d.h, px + 4))
      set(r.ownerBox, 'x', L.x1 + 9)
      set(r.ownerBox, 'y', mid - boxH / 2)
      set(r.ownerBox, 'width', boxW)
      set(r.ownerBox, 'height', boxH)
      set(r.owner, 'fill', d.ownerColour)
      set(r.owner, 'aria-label', d.ownerTitle !== '' ? `${d.name} ${d.ownerTitle}` : null)
      text(r.ownerWho, d.ownerLabel)
      text(r.ownerMore, more)
    }

    set(r.link, 'display', link === undefined ? 'none' : null)
    if (link !== undefined) {
      const mx = (link.x0 + link.x1) / 2
      set(r.link, 'd', `M${link.x0},${link.y0.toFixed(1)}C${mx},${link.y0.toFixed(1)} ${mx},${link.y1.toFixed(1)} ${link.x1},${link.y1.toFixed(1)}`)
      set(r.link, 'stroke', link.colour)
      set(r.link, 'stroke-opacity', L.lanes.length > 64 ? 0.35 : 0.7)
      set(r.link, 'stroke-dasharray', link.moving ? '6 4' : null)
      // A lane just handed to a new owner: the dashes march toward it, as a function of sim time
      // (10 px per 100 ms of simulated time), so pausing or stepping freezes them exactly.
      set(r.link, 'stroke-dashoffset', link.moving ? String(-Math.round(L.t / 10) % 10) : null)
      set(r.link, 'stroke-width', link.moving ? 3 : L.pitch >= 10 ? 2 : 1)
    }

    set(r.hit, 'x', 0)
    set(r.hit, 'y', d.y)
    set(r.hit, 'width', L.x1 + 10)
    set(r.hit, 'height', Math.max(1, L.pitch))
  }

  return {
    update(L, labels = true) {
      resize(L.lanes.length)
      const links = new Array<LinkMark | undefined>(L.lanes.length)
      for (const k of L.links) links[k.lane] = k
      for (let i = 0; i < L.lanes.length; i++) {
        const r = rows[i]
        const d = L.lanes[i]
        if (r !== undefined && d !== undefined) drawRow(r, d, L, links[i], labels)
      }
    },
    size: () => rows.length,
  }
}
