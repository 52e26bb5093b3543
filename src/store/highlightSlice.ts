// What a lesson step asks the room to watch: lanes (partition numbers) and consumers (by name),
// outlined on the highway. Data only; the lesson controller sets it per step and clears it when
// the step changes or the lesson ends; the lanes view draws it.

import type { StateCreator } from 'zustand'
import type { AppState } from './createAppStore.ts'

export interface LaneHighlight {
  partitions: readonly number[]
  consumers: readonly string[]
}

export interface HighlightSlice {
  /** null: nothing highlighted. */
  highlight: LaneHighlight | null
  setHighlight: (h: LaneHighlight | null) => void
}

export const createHighlightSlice: StateCreator<AppState, [], [], HighlightSlice> = (set) => ({
  highlight: null,
  setHighlight: (h) => set({ highlight: h === null || (h.partitions.length === 0 && h.consumers.length === 0) ? null : h }),
})
