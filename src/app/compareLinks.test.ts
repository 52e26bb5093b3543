import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { readLinkHash } from '../scenario/links.ts'
import { compareHashOf } from './compareLinks.ts'

describe('compareHashOf', () => {
  const st = { base: defaultScenario(), variants: [{ label: 'a', set: {} }, { label: 'b', set: {} }], playing: false, clock: 36_300 }

  it('carries the default mark once fixed, so the page opening the link counts from the same moment', () => {
    expect(readLinkHash(compareHashOf({ ...st, mark: null, autoMark: 6_012 })).mark).toBe(6.012)
    expect(readLinkHash(compareHashOf({ ...st, mark: 9_000, autoMark: 6_012 })).mark).toBe(9)
    expect(readLinkHash(compareHashOf({ ...st, mark: null, autoMark: null })).mark).toBeUndefined()
  })

  it('carries the moment only while paused', () => {
    expect(readLinkHash(compareHashOf({ ...st, mark: null, autoMark: null })).t).toBe(36.3)
    expect(readLinkHash(compareHashOf({ ...st, playing: true, mark: null, autoMark: null })).t).toBeUndefined()
  })
})
