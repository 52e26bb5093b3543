// Share inside a lesson: the lesson's own link at the step on screen (`#lesson=NAME&step=N`), which
// opens the lesson with its questions and panel; the scenario link opens only the lesson's world.

import { lessonLinkHash } from '../scenario/links.ts'
import type { LessonAt } from '../store/highlightSlice.ts'
import { copyText } from '../ui/clipboard.ts'

/** The link that opens lesson `at.name` at step `at.step` on the page at `href`. Pure. */
export function lessonLinkFor(href: string, at: LessonAt): string {
  return `${href.split('#')[0] ?? href}#${lessonLinkHash(at.name, at.step)}`
}

/** Copies the lesson's link; resolves to what the teacher should be told. */
export async function shareLesson(href: string, at: LessonAt, doc: Document): Promise<string> {
  const link = lessonLinkFor(href, at)
  const ok = await copyText(link, doc)
  return ok ? `Lesson link copied (step ${at.step} of ${at.steps}): paste it to a colleague` : `Copy this link: ${link}`
}
