// The presenter remote's way into the lesson: PageDown/PageUp go to lessonNext()/lessonPrev() first
// and fall back to the timeline's markers when they return false (no lesson open).

import type { LessonController } from './lessonController.ts'

let active: LessonController | null = null

/** The page's lesson controller (main.tsx registers it; tests may register a fake). */
export function registerLessonController(c: LessonController | null): void {
  active = c
}

/** The next phase or step of the open lesson; false when no lesson is open. */
export function lessonNext(): boolean {
  return active?.next() ?? false
}

/** The previous step of the open lesson; false when no lesson is open. */
export function lessonPrev(): boolean {
  return active?.prev() ?? false
}
