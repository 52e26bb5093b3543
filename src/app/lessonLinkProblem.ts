// What a lesson link says on the page it opens: why it could not be opened, or what it gave that was
// not used (a lesson or step given twice: the last is used; an opened lesson's t=, s=, v=… replaced
// by its own link). The lesson's world replaces the hash, so one highway's and compare mode's own
// link readers never see these. Pure; plain text.

import type { LessonOpening } from '../scenario/lessons/lessonLinks.ts'
import { linkWarnings, type LinkProblem } from './urlSync.ts'

/** The banner (one highway) or note (compare mode) for a lesson link; null when it has nothing to say. */
export function lessonLinkProblem(o: LessonOpening | null): LinkProblem | null {
  if (o === null) return null
  if (!o.ok) return { kind: 'warning', text: `The lesson link could not be opened: ${o.problem}`, details: o.warnings }
  return linkWarnings(o.warnings.map((message) => ({ path: '#', message })))
}
