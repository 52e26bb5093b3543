import { describe, expect, it } from 'vitest'
import { readLessonLink } from '../scenario/lessons/lessonLinks.ts'
import { lessonLinkProblem } from './lessonLinkProblem.ts'

describe('a lesson link’s banner', () => {
  it('names a lesson given twice, as a t given twice is named: the last is used', () => {
    expect(lessonLinkProblem(readLessonLink('#lesson=hot-key&lesson=load-aware'))).toEqual({
      kind: 'warning',
      text: 'Parts of this link were ignored:',
      details: ['the link gives lesson twice ("hot-key", then "load-aware"): the last is used'],
    })
  })

  it('names the parameters an opened lesson’s own link replaced, in the same banner', () => {
    expect(lessonLinkProblem(readLessonLink('#lesson=hot-key&step=1&t=30&v=a%3A'))).toEqual({
      kind: 'warning',
      text: 'Parts of this link were ignored:',
      details: ["the link's v (a side) and t (the moment the link opens at) were not used: lesson hot-key opens with its own scenario and moment (step 1 at 0 s)"],
    })
  })

  it('says why a lesson could not be opened, with what it gave twice', () => {
    expect(lessonLinkProblem(readLessonLink('#lesson=hot-key&lesson=nope'))).toEqual({
      kind: 'warning',
      text: expect.stringMatching(/^The lesson link could not be opened: there is no lesson named "nope"/),
      details: ['the link gives lesson twice ("hot-key", then "nope"): the last is used'],
    })
  })

  it('says nothing of a lesson link given once, or of a link with no lesson', () => {
    expect(lessonLinkProblem(readLessonLink('#lesson=hot-key&step=2'))).toBeNull()
    expect(lessonLinkProblem(readLessonLink('#s=abc'))).toBeNull()
  })
})
