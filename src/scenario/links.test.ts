import { describe, expect, it } from 'vitest'
import { decodeScenario, getPreset } from './index.ts'
import { compareLinkHash, isCompareLink, momentWithinRun, readLinkHash, scenarioReaching } from './links.ts'
import { parseVariant, type Variant } from './overrides.ts'

const base = getPreset('consumer-joins-eager')!.build()
const variants: Variant[] = [
  { label: 'eager', set: {} },
  { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } },
  { label: 'odd & # % (x)', atSec: 40, set: { name: 'a&b=c#d, e: f' } },
]

describe('compare links', () => {
  it('round-trip: the scenario, every variant in order, and the moment', () => {
    const hash = compareLinkHash(base, variants, { t: 42.5, mark: 31, automark: 6.012 })
    expect(hash.startsWith('s=v1.')).toBe(true)
    const r = readLinkHash(`#${hash}`)
    expect(r.problems).toEqual([])
    expect(r.t).toBe(42.5)
    expect(r.mark).toBe(31)
    expect(r.automark).toBe(6.012)
    expect(r.v.map((v) => parseVariant(v))).toEqual(variants.map((variant) => ({ ok: true, variant })))
    const s = decodeScenario(r.s!)
    expect(s.ok && s.scenario).toEqual(base)
  })

  it('single mode has no v, and a hash without a moment has no t', () => {
    const r = readLinkHash(compareLinkHash(base, []))
    expect(r.v).toEqual([])
    expect(r.t).toBeUndefined()
    expect(r.s).toMatch(/^v1\./)
  })

  it('bad t, mark or percent-encoding are problem lines, not crashes; other parameters are left alone', () => {
    const r = readLinkHash('#s=v1.abc&t=soon&mark=-1&v=%E0%A4%A&x=1&v=a%3A&automark=1e9')
    expect(r.s).toBe('v1.abc')
    expect(r.t).toBeUndefined()
    expect(r.mark).toBeUndefined()
    expect(r.automark).toBeUndefined()
    expect(r.v).toEqual(['a:'])
    expect(r.problems).toEqual([
      't must be a number of seconds (like 42 or 42.5), got "soon"',
      'mark must be a number of seconds (like 42 or 42.5), got "-1"',
      "side 1 (v=%E0%A4%A) is cut short or damaged (not valid percent-encoding): it was left out",
      'automark must be a number of seconds (like 42 or 42.5), got "1e9"',
    ])
    expect(readLinkHash('#automark=1234567890').problems).toEqual(['automark must be a number of seconds (like 42 or 42.5), got "1234567890"'])
    expect(r.cutSides).toBe(1)
    expect(readLinkHash('')).toEqual({ v: [], problems: [] })
  })

  it('a number parameter given twice (one appended by hand) takes the last, and says so in words that are not a bad moment', () => {
    const r = readLinkHash('#s=v1.abc&t=10&mark=2&t=30&step=1&step=3&mark=2')
    expect(r).toMatchObject({ t: 30, mark: 2, step: 3 })
    expect(r.problems).toEqual([
      'the link gives t (the moment the link opens at) twice (10, then 30): the last is used',
      "the link gives step (the lesson's step) twice (1, then 3): the last is used",
    ])
    expect(readLinkHash('#lesson=hot-key&lesson=nope').problems).toEqual(['the link gives lesson twice ("hot-key", then "nope"): the last is used'])
  })

  it('a comparison link cut inside a side (a chat app cut it mid %-escape) still counts that side, so the page knows it was a comparison', () => {
    const link = compareLinkHash(base, variants.slice(0, 2))
    const cut = link.slice(0, link.lastIndexOf('%') + 2)
    const r = readLinkHash(cut)
    expect(r.v).toHaveLength(1)
    expect(r.cutSides).toBe(1)
    expect(isCompareLink(cut)).toBe(true)
    // Cut inside its first side: no side is readable, and it is still a comparison.
    expect(isCompareLink(link.slice(0, link.indexOf('%', link.indexOf('&v=')) + 2))).toBe(true)
    expect(isCompareLink(compareLinkHash(base, []))).toBe(false)
    expect(r.problems).toEqual([expect.stringMatching(/^side 2 \(v=.*\) is cut short or damaged \(not valid percent-encoding\): it was left out$/)])
  })
})

describe('a link a chat app cut inside a parameter', () => {
  const CUT = 'the link is cut short (it stops at'
  it('names the parameter and asks for the whole link, never `got ""`', () => {
    for (const hash of ['#s=v1.abc&t=', '#s=v1.abc&t', '#s=v1.abc&t=&mark=3']) {
      const r = readLinkHash(hash)
      expect(r.t, hash).toBeUndefined()
      expect(r.problems, hash).toEqual([expect.stringMatching(/^t \(the moment the link opens at\) is empty: the link is cut short \(it stops at "t="\): ask for the whole link$/)])
    }
    expect(readLinkHash('#s=v1.abc&t=42.').problems).toEqual([`t (the moment the link opens at) stops at "42.": ${CUT} "t=42."): ask for the whole link`])
    expect(readLinkHash('#mark=&automark=').problems).toEqual([
      `mark (where the counts start) is empty: ${CUT} "mark="): ask for the whole link`,
      `automark (where the counts start by default) is empty: ${CUT} "automark="): ask for the whole link`,
    ])
    expect(readLinkHash('#lesson=hot-key&step=').problems).toEqual([`step (the lesson's step) is empty: ${CUT} "step="): ask for the whole link`])
    // A wrong value is still named as one: it was typed, not cut.
    expect(readLinkHash('#t=soon').problems).toEqual(['t must be a number of seconds (like 42 or 42.5), got "soon"'])
  })

  it('an empty v= at the end is a side cut off whole: still a comparison, said in the same words', () => {
    const link = `${compareLinkHash(base, variants.slice(0, 2))}&v=`
    const r = readLinkHash(link)
    expect(r.v).toHaveLength(2)
    expect(r.cutSides).toBe(1)
    expect(isCompareLink('#s=v1.abc&v=')).toBe(true)
    expect(r.problems).toEqual(['side 3 (v=) is empty: the link is cut short (it stops at "v="): ask for the whole link'])
  })
})

describe('a moment past the run’s end', () => {
  it('is clamped to durationSec with an issue naming t; at or before the end it is left alone', () => {
    expect(momentWithinRun(99999, 120)).toEqual({ tSec: 120, issue: { path: 't', message: "99999 s is past the run's end (120 s): opened at 120 s" } })
    expect(momentWithinRun(120, 120)).toEqual({ tSec: 120, issue: null })
    expect(momentWithinRun(0, 120)).toEqual({ tSec: 0, issue: null })
  })

  it('a link written at such a moment carries a run long enough to reach it (whole seconds, within the limit)', () => {
    expect(scenarioReaching(base, base.durationSec)).toBe(base)
    expect(scenarioReaching(base, base.durationSec + 0.2).durationSec).toBe(base.durationSec + 1)
    expect(scenarioReaching(base, 10_000_000).durationSec).toBe(86_400)
    const r = readLinkHash(compareLinkHash(base, variants, { t: base.durationSec + 30.5 }))
    const s = decodeScenario(r.s!)
    expect(s.ok && s.scenario).toEqual({ ...base, durationSec: base.durationSec + 31 })
    expect(momentWithinRun(r.t!, s.scenario.durationSec).issue).toBeNull()
  })
})
