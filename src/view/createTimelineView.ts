// The timeline scrubber's picture: the run so far as a track, the part up to the playhead filled,
// and a tick per marker with its words as a tooltip (<title>). D3 owns the subtree it is given;
// the React component around it owns the slider semantics, keys and pointer.

import { select } from 'd3'
import { put, putText } from './domWrite.ts'
import { theme } from './theme.ts'
import { markerRow, xOfTime, type MarkerMark, type Size } from './timelineLayout.ts'

export interface TimelineView {
  /** Moves the playhead to sim ms `now` on a track covering [0, latest]. */
  update(now: number, latest: number): void
  setMarkers(markers: readonly MarkerMark[]): void
  resize(size: Size): void
  destroy(): void
}

const MARKER_COLOUR: Record<MarkerMark['kind'], string> = {
  'rebalance-start': theme.barrierStopped,
  'rebalance-end': '#8fd175',
  fault: theme.hot,
  action: theme.moving,
  storm: theme.backlog,
  hotspot: theme.barrierPaused,
}

const TRACK_H = 6
const TICK_H = 9

/** "12.3 s" */
export function formatSimSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

export function createTimelineView(container: HTMLElement): TimelineView {
  const svg = select(container).append('svg').attr('class', 'ph-timeline').attr('width', '100%').attr('height', '100%')
  const track = svg.append('rect').attr('class', 'track').attr('height', TRACK_H).attr('rx', 3).attr('fill', theme.road)
  const played = svg.append('rect').attr('class', 'played').attr('height', TRACK_H).attr('rx', 3).attr('fill', theme.laneEdge)
  const marks = svg.append('g').attr('class', 'markers')
  const head = svg.append('g').attr('class', 'playhead')
  head.append('line').attr('stroke', theme.text).attr('stroke-width', 2)
  head.append('circle').attr('r', 6).attr('fill', theme.text)

  let size: Size = { width: 0, height: 0 }
  let now = 0
  let latest = 0
  let markers: readonly MarkerMark[] = []

  // What was last drawn, in whole pixels: while playing, the playhead and the markers move by
  // fractions of a pixel per frame, and redrawing (a d3 join plus attribute writes the page then
  // repaints) for a change nobody can see cost main-thread time every frame.
  let drawnKey = ''
  let drawnMarkers: readonly MarkerMark[] | null = null

  function draw(): void {
    const mid = Math.round(size.height / 2)
    const x0 = xOfTime(0, latest, size.width)
    const xEnd = Math.round(xOfTime(latest, latest, size.width))
    const xNow = Math.round(xOfTime(now, latest, size.width))
    const key = `${size.width}|${size.height}|${xEnd}|${xNow}|${markers.length}|${markers.map((m) => Math.round(xOfTime(m.t, latest, size.width))).join(',')}`
    if (key === drawnKey && markers === drawnMarkers) return
    drawnKey = key
    drawnMarkers = markers
    track.call(put, 'x', x0).call(put, 'y', mid - TRACK_H / 2).call(put, 'width', Math.max(0, xEnd - x0))
    played.call(put, 'x', x0).call(put, 'y', mid - TRACK_H / 2).call(put, 'width', Math.max(0, xNow - x0))
    head.call(put, 'transform', `translate(${xNow.toFixed(1)},0)`)
    head.select('line').call(put, 'y1', mid - 12).call(put, 'y2', mid + 12)
    head.select('circle').call(put, 'cy', mid)
    const ticks = marks
      .selectAll<SVGGElement, MarkerMark>('g.marker')
      .data(markers, (m, i) => `${i}:${m.t}:${m.kind}`)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'marker')
        g.append('rect').attr('width', 3).attr('height', TICK_H)
        g.append('title')
        return g
      })
    ticks.call(put, 'data-kind', (m) => m.kind).call(put, 'transform', (m) => `translate(${Math.round(xOfTime(m.t, latest, size.width)) - 1.5},0)`)
    ticks
      .select('rect')
      .call(put, 'y', (m) => (markerRow(m.kind) === 'above' ? mid - TRACK_H / 2 - TICK_H - 1 : mid + TRACK_H / 2 + 1))
      .call(put, 'fill', (m) => MARKER_COLOUR[m.kind])
    ticks.select('title').call(putText, (m) => `${formatSimSeconds(m.t)}: ${m.text}`)
  }

  return {
    update(n, l) {
      if (n === now && l === latest) return
      now = n
      latest = Math.max(l, n)
      draw()
    },
    setMarkers(m) {
      if (m === markers) return
      markers = m
      draw()
    },
    resize(s) {
      size = s
      draw()
    },
    destroy() {
      svg.remove()
    },
  }
}
