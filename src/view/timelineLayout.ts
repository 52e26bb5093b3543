// Where things sit on the timeline scrubber: sim ms ↔ x pixels, and the marker ticks. Pure.

import type { TimelineMarker } from '../sim/timeline.ts'
import type { Size } from './layout.ts'

/** Space kept at each end so the playhead and the first/last markers stay grabbable. */
export const TIMELINE_PAD = 8

/** A marker as the view draws it. */
export type MarkerMark = TimelineMarker

/** x (px) of sim ms `t` on a scrubber `width` wide that covers [0, latest]. */
export function xOfTime(t: number, latest: number, width: number): number {
  const span = Math.max(0, width - 2 * TIMELINE_PAD)
  const f = latest > 0 ? Math.min(1, Math.max(0, t / latest)) : 0
  return TIMELINE_PAD + f * span
}

/** Sim ms under x (px); the inverse of `xOfTime`, clamped to [0, latest], whole ms. */
export function timeOfX(x: number, latest: number, width: number): number {
  const span = Math.max(1, width - 2 * TIMELINE_PAD)
  const f = Math.min(1, Math.max(0, (x - TIMELINE_PAD) / span))
  return Math.round(f * latest)
}

/** Tick rows: rebalances above the track, everything else below, so crowded moments stay apart. */
export function markerRow(kind: MarkerMark['kind']): 'above' | 'below' {
  return kind === 'rebalance-start' || kind === 'rebalance-end' ? 'above' : 'below'
}

export type { Size }
