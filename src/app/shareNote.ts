// What Share tells the teacher it copied, in one wording for one highway and compare mode. Read
// from the link itself, so the note says exactly what the link opens. Pure.

import { readLinkHash } from '../scenario/links.ts'

/** "opens paused at 42.5 s" for a link carrying a moment (t=), else "opens at the start". */
export function whereLinkOpens(link: string): string {
  const i = link.indexOf('#')
  const t = i < 0 ? undefined : readLinkHash(link.slice(i)).t
  return t === undefined ? 'opens at the start' : `opens paused at ${t} s`
}

/**
 * The note for a scenario or comparison link: "Link copied: opens paused at 42.5 s", or (the
 * browser would not copy) the link itself to select by hand. `withoutLesson`: copied inside a
 * lesson, whose own link is Share's first item.
 */
export function shareNote(link: string, copied: boolean, withoutLesson = false): string {
  const opens = whereLinkOpens(link)
  return copied ? `Link copied${withoutLesson ? ' without the lesson' : ''}: ${opens}` : `Copy this link (${opens}): ${link}`
}
