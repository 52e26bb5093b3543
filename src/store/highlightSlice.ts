// What a lesson step asks the room to watch: lanes (partition numbers) and consumers (by name),
// outlined on the highway. Data only; the lesson controller sets it per step and clears it when
// the step changes or the lesson ends; the lanes view draws it. Also which lesson runs, so the
// preset notice does not call the lesson's own scenario an edited preset, and at which step, so
// Share can offer the lesson's own link.

import type { StateCreator } from 'zustand'
import type { AppState } from './createAppStore.ts'

export interface LaneHighlight {
  partitions: readonly number[]
  consumers: readonly string[]
}

/** The lesson running over this highway and its step (counted from 1), as its link names them. */
export interface LessonAt {
  name: string
  step: number
  steps: number
}

export interface HighlightSlice {
  /** null: nothing highlighted. */
  highlight: LaneHighlight | null
  setHighlight: (h: LaneHighlight | null) => void
  /** The title of the lesson running over this highway (its scenario is the lesson's own), or null. */
  lessonTitle: string | null
  setLessonTitle: (title: string | null) => void
  /** The running lesson's step, or null: Share offers `#lesson=NAME&step=N` while there is one. */
  lessonAt: LessonAt | null
  setLessonAt: (at: LessonAt | null) => void
}

export const createHighlightSlice: StateCreator<AppState, [], [], HighlightSlice> = (set) => ({
  highlight: null,
  lessonTitle: null,
  setLessonTitle: (title) => set({ lessonTitle: title }),
  lessonAt: null,
  setLessonAt: (at) => set({ lessonAt: at }),
  setHighlight: (h) => set({ highlight: h === null || (h.partitions.length === 0 && h.consumers.length === 0) ? null : h }),
})
