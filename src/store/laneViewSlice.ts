// PAGESCALE: how the highway shows a big topic's lanes (more than GROUP_ABOVE): grouped by
// consumer, by leader broker or the hottest N, and which group is open. The app sends it, with the
// inspected lane, to the simulation worker (app/laneViewSync.ts), which builds only those rows.

import type { StateCreator } from 'zustand'
import type { LaneGrouping, LaneView } from '../sim/frameTypes.ts'
import type { AppState } from './createAppStore.ts'

export interface LaneViewSlice {
  laneBy: LaneGrouping
  /** The open group's id, or null. */
  laneOpen: string | null
  /** A new grouping closes any open group (its ids belong to the old grouping). */
  setLaneBy: (by: LaneGrouping) => void
  setLaneOpen: (id: string | null) => void
}

export const createLaneViewSlice: StateCreator<AppState, [], [], LaneViewSlice> = (set) => ({
  laneBy: 'consumer',
  laneOpen: null,
  setLaneBy: (by) => set({ laneBy: by, laneOpen: null }),
  setLaneOpen: (id) => set({ laneOpen: id }),
})

/** What the worker needs to know of the page's choices. */
export function laneViewOf(s: Pick<AppState, 'laneBy' | 'laneOpen' | 'selectedLane'>): LaneView {
  return { by: s.laneBy, open: s.laneOpen, inspect: s.selectedLane }
}
