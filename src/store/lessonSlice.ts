// The guided lesson being run: which lesson, which step, what phase of predict-then-reveal, the
// answer chosen and the autoplay countdown. Data only; src/app/lessonController.ts drives it.
// It is its own small store (createLessonStore), not part of a highway's store: a lesson runs over
// one highway or over compare mode, whose stores are different.

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { LessonStep } from '../scenario/lessons/types.ts'

/**
 * `opening`: waiting for the run to reach the step's start; `asking`: the question shown, the sim
 * paused; `playing`: playing to the step's moment; `revealed`: at the moment, the answer shown.
 */
export type LessonPhase = 'opening' | 'asking' | 'playing' | 'revealed'

export interface LessonInfo {
  name: string
  title: string
  summary: string
  steps: number
  /** Opens side by side (compare mode). */
  compare: boolean
}

export interface LessonRun {
  name: string
  title: string
  steps: readonly LessonStep[]
  stepIndex: number
  phase: LessonPhase
  /** The choice made for this step's question; null: none (yet, or autoplay went on without one). */
  choice: number | null
  /** Seconds until autoplay moves on; null when nothing is counting. */
  countdown: number | null
}

export interface LessonSlice {
  /** The lessons the list offers. */
  catalog: readonly LessonInfo[]
  listOpen: boolean
  lesson: LessonRun | null
  /** Autoplay moves on when nobody clicks; the teacher can pause it. */
  autoplay: boolean
  setListOpen: (open: boolean) => void
  setLesson: (lesson: LessonRun | null) => void
  patchLesson: (patch: Partial<LessonRun>) => void
  setAutoplay: (on: boolean) => void
}

export type LessonStore = StoreApi<LessonSlice>

export function createLessonStore(catalog: readonly LessonInfo[]): LessonStore {
  return createStore<LessonSlice>()((set) => ({
    catalog,
    listOpen: false,
    lesson: null,
    autoplay: true,
    setListOpen: (listOpen) => set({ listOpen }),
    setLesson: (lesson) => set({ lesson }),
    patchLesson: (patch) => set((s) => (s.lesson === null ? {} : { lesson: { ...s.lesson, ...patch } })),
    setAutoplay: (autoplay) => set({ autoplay }),
  }))
}
