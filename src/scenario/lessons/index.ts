// Guided lessons: the data format, its validator and the built-in lessons.

export * from './types.ts'
export { validateLesson, type LessonValidation, type ResolvedLesson } from './validate.ts'
export { lessons, getLesson } from './catalog.ts'
export { DEFAULT_LESSON_SPEED, LESSON_LIMITS } from './limits.ts'
export { lessonLinkHash, lessonModeHash, readLessonLink, stepStartSec, type LessonOpening } from './lessonLinks.ts'
