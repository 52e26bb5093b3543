// Moving between the Timeline's markers: one rule for Shift+← / → on the slider and for a
// presenter remote's PageUp / PageDown (controller's prevStep / nextStep). Pure.

import type { TimelineMark } from './timelineSlice.ts'

/**
 * The marker strictly before (`dir` -1) or after (+1) sim ms `now`, if any. Markers are compared
 * at the whole ms a seek to them lands on (a rebalance can end at 33287.5 ms; the seek shows
 * 33288): otherwise Shift+← from there finds the same marker again and never gets past it.
 */
export function adjacentMarker(markers: readonly TimelineMark[], now: number, dir: -1 | 1): TimelineMark | undefined {
  const here = Math.round(now)
  let best: TimelineMark | undefined
  for (const m of markers) {
    const t = Math.round(m.t)
    if (dir < 0 ? t < here && (best === undefined || m.t >= best.t) : t > here && (best === undefined || m.t < best.t)) best = m
  }
  return best
}

/**
 * Where a jump to the previous / next marker seeks to: back past the first marker goes to 0 s;
 * forward past the last goes nowhere (undefined).
 */
export function markerTarget(markers: readonly TimelineMark[], now: number, dir: -1 | 1): number | undefined {
  const m = adjacentMarker(markers, now, dir)
  return dir < 0 ? (m?.t ?? 0) : m?.t
}
