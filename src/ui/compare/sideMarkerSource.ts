// The shared Timeline's markers in compare mode: every side's, merged (store/sideMarkers.ts), read
// again only when a side's markers change, so a frame that moves the clock merges nothing.

import { mergeSideMarkers } from '../../store/sideMarkers.ts'
import type { AppStore } from '../../store/createAppStore.ts'
import type { TimelineMark } from '../../store/timelineSlice.ts'
import type { MarkerSource } from '../TimelineBar.tsx'
import { SIDE_LETTERS } from './CompareSide.tsx'

/** Every side's markers on one track, now (for a key that jumps between them). */
export function sidesMarkers(stores: readonly AppStore[]): TimelineMark[] {
  return mergeSideMarkers(
    stores.map((s) => s.getState().timeline.markers),
    SIDE_LETTERS,
  )
}

export function sideMarkerSource(stores: readonly AppStore[]): MarkerSource {
  let inputs: ReadonlyArray<readonly TimelineMark[]> = []
  let merged: readonly TimelineMark[] = []
  return {
    get() {
      const now = stores.map((s) => s.getState().timeline.markers)
      if (now.length !== inputs.length || now.some((m, i) => m !== inputs[i])) {
        inputs = now
        merged = mergeSideMarkers(now, SIDE_LETTERS)
      }
      return merged
    },
    subscribe(onChange) {
      const offs = stores.map((s) =>
        s.subscribe((st, prev) => {
          if (st.timeline.markers !== prev.timeline.markers) onChange()
        }),
      )
      return () => offs.forEach((off) => off())
    },
  }
}
