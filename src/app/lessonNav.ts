// The presenter remote's way into the lesson: PageDown/PageUp go to lessonNext()/lessonPrev() first
// and fall back to the timeline's markers when they return false (no lesson open); the digits go to
// lessonChoose() first and fall back to the presets.

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

/**
 * Digit `n` (1–9) while a lesson is open: the question's n-th choice while it is asked, else nothing;
 * false when no lesson is open (the digit then picks a preset). A preset picked mid-lesson swapped
 * the scenario under the lesson, which went on asking about the old one.
 */
export function lessonChoose(n: number): boolean {
  return active?.choose(n - 1) ?? false
}

/** Ends the open lesson, if any (a preset picked from the menu starts another run). */
export function lessonClose(): void {
  active?.close()
}
