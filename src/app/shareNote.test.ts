import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { compareLinkHash } from '../scenario/links.ts'
import { shareNote, whereLinkOpens } from './shareNote.ts'

describe('Share’s note says what the copied link opens, in one wording for both modes', () => {
  it('a link with a moment opens paused there; one without, at the start', () => {
    expect(whereLinkOpens('http://x/#s=v1.abc&t=42.5&mark=3')).toBe('opens paused at 42.5 s')
    expect(whereLinkOpens('http://x/#s=v1.abc&t=0')).toBe('opens paused at 0 s')
    expect(whereLinkOpens('http://x/#s=v1.abc&mark=3')).toBe('opens at the start')
    const compare = `http://x/#${compareLinkHash(defaultScenario(), [{ label: 'a', set: {} }, { label: 'b', set: {} }], { t: 12 })}`
    expect(whereLinkOpens(compare)).toBe('opens paused at 12 s')
  })

  it('copied, inside a lesson, or left to copy by hand', () => {
    expect(shareNote('http://x/#s=v1.abc&t=42.5', true)).toBe('Link copied: opens paused at 42.5 s')
    expect(shareNote('http://x/#s=v1.abc', true, true)).toBe('Link copied without the lesson: opens at the start')
    expect(shareNote('http://x/#s=v1.abc&t=7', false)).toBe('Copy this link (opens paused at 7 s): http://x/#s=v1.abc&t=7')
  })
})
