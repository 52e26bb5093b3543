import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { decodeScenario, encodeScenario } from '../scenario/codec.ts'
import { compareLinkHash, readLinkHash } from '../scenario/links.ts'
import type { Scenario } from '../scenario/types.ts'
import { compareHashOf, readCompareLink } from './compareLinks.ts'
import { scenarioFromHash } from './urlSync.ts'

describe('compareHashOf', () => {
  const st = { base: defaultScenario(), variants: [{ label: 'a', set: {} }, { label: 'b', set: {} }], playing: false, clock: 36_300 }

  it('carries the default mark once fixed as automark=, apart from a set mark, so the page opening the link counts from the same moment', () => {
    const auto = readLinkHash(compareHashOf({ ...st, mark: null, autoMark: 6_012 }))
    expect([auto.mark, auto.automark]).toEqual([undefined, 6.012])
    const both = readLinkHash(compareHashOf({ ...st, mark: 9_000, autoMark: 6_012 }))
    expect([both.mark, both.automark]).toEqual([9, 6.012])
    const none = readLinkHash(compareHashOf({ ...st, mark: null, autoMark: null }))
    expect([none.mark, none.automark]).toEqual([undefined, undefined])
  })

  it('reads automark= as the default mark and mark= (an old link’s default mark too) as a set one', () => {
    const fallback = defaultScenario()
    const hash = (tail: string) => `${compareHashOf({ ...st, mark: null, autoMark: null })}${tail}`
    expect(readCompareLink(hash('&automark=6.012'), fallback)).toMatchObject({ autoMarkMs: 6_012, problems: [] })
    expect(readCompareLink(hash('&automark=6.012'), fallback).markMs).toBeUndefined()
    // Written before automark= existed: the default mark as mark=. It opens, as a set mark.
    const old = readCompareLink(hash('&mark=6.012'), fallback)
    expect(old).toMatchObject({ markMs: 6_012, problems: [] })
    expect(old.autoMarkMs).toBeUndefined()
    const bad = readCompareLink(hash('&automark=later'), fallback)
    expect(bad.autoMarkMs).toBeUndefined()
    expect(bad.problems).toEqual(['automark must be a number of seconds (like 42 or 42.5), got "later"'])
  })

  it('carries the moment only while paused', () => {
    expect(readLinkHash(compareHashOf({ ...st, mark: null, autoMark: null })).t).toBe(36.3)
    expect(readLinkHash(compareHashOf({ ...st, playing: true, mark: null, autoMark: null })).t).toBeUndefined()
  })
})

describe('readCompareLink: the link’s warnings', () => {
  const sides = [{ label: 'eager', set: { 'group.protocol': 'eager' } }, { label: 'coop', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } }]
  const typo = (): Scenario => Object.assign(defaultScenario(), { colour: 'red', topic: { ...defaultScenario().topic, partitionz: 6 } })

  it('says what one highway says of the shared scenario’s unknown fields, in the same words', () => {
    const r = readCompareLink(compareLinkHash(typo(), sides), defaultScenario())
    const single = scenarioFromHash(`#s=${encodeURIComponent(encodeScenario(typo()))}`, { encode: encodeScenario, decode: decodeScenario })
    expect(r.warnings).toEqual(single.problem)
    expect(r.warnings?.details).toContain('topic.partitionz: unknown field (ignored); did you mean topic.partitions?')
    expect(r.problems).toEqual([])
  })

  it('names a side’s own warning by its letter, and a warning the shared scenario already has once', () => {
    const hb = { label: 'slow hb', set: { 'group.config.heartbeat.interval.ms': 20_000 } }
    const r = readCompareLink(compareLinkHash(defaultScenario(), [sides[0]!, hb]), defaultScenario())
    expect(r.warnings?.details).toEqual(['side B (slow hb): group.config["heartbeat.interval.ms"]: should be ≤ 1/3 of session.timeout.ms (15000), as Kafka advises'])
    const shared = defaultScenario()
    shared.group.config['heartbeat.interval.ms'] = 20_000
    const both = readCompareLink(compareLinkHash(shared, [sides[0]!, hb]), defaultScenario())
    expect(both.warnings?.details).toEqual(['group.config["heartbeat.interval.ms"]: should be ≤ 1/3 of session.timeout.ms (15000), as Kafka advises'])
  })

  it('has none for a clean link', () => {
    expect(readCompareLink(compareLinkHash(defaultScenario(), sides), defaultScenario()).warnings).toBeNull()
  })

  it('opens a moment past the run’s end at the end, saying so in one highway’s words', () => {
    const hash = `${compareLinkHash(defaultScenario(), sides)}&t=99999`
    const r = readCompareLink(hash, defaultScenario())
    expect(r.openAtMs).toBe(120_000)
    expect(r.warnings?.details).toEqual(["t: 99999 s is past the run's end (120 s): opened at 120 s"])
    expect(r.warnings).toEqual(scenarioFromHash(`#s=${encodeURIComponent(encodeScenario(defaultScenario()))}&t=99999`, { encode: encodeScenario, decode: decodeScenario }).problem)
  })

  it('the page’s own link paused past durationSec (the run goes on) carries a run that reaches the moment', () => {
    const st = { base: defaultScenario(), variants: sides, playing: false, clock: 150_400, mark: null, autoMark: null }
    const r = readCompareLink(compareHashOf(st), defaultScenario())
    expect([r.openAtMs, r.base.durationSec, r.warnings]).toEqual([150_400, 151, null])
  })
})

describe('readCompareLink: a side’s members (group.consumers)', () => {
  const eager = { label: 'eager', set: { 'group.protocol': 'eager' } }
  it('opens each side with its own members, the other side keeping the shared count', () => {
    const r = readCompareLink(compareLinkHash(defaultScenario(), [eager, { label: 'six', set: { 'group.consumers': 6 } }]), defaultScenario())
    expect(r.problems).toEqual([])
    expect(r.variants.map((v) => v.set['group.consumers'])).toEqual([undefined, 6])
  })

  it('a side whose members are out of bounds or not a count is left out, named by its path and limit', () => {
    const sides = (x: unknown) => [eager, { label: 'odd', set: { 'group.consumers': 6 } }, { label: 'bad', set: { 'group.consumers': x } }]
    expect(readCompareLink(compareLinkHash(defaultScenario(), sides(5000)), defaultScenario()).problems).toEqual(['side "bad" was left out: group.consumers: must be ≤ 1000'])
    expect(readCompareLink(compareLinkHash(defaultScenario(), sides(-1)), defaultScenario()).problems).toEqual(['side "bad" was left out: group.consumers: must be ≥ 0'])
    const half = readCompareLink(compareLinkHash(defaultScenario(), sides(2.5)), defaultScenario())
    expect(half.problems).toEqual(['side "bad" was left out: group.consumers: must be an integer'])
    expect(half.variants.map((v) => v.label)).toEqual(['eager', 'odd'])
  })
})

describe('readCompareLink: labels edited by hand', () => {
  const s = `s=${encodeURIComponent(encodeScenario(defaultScenario()))}`
  const v = (text: string) => `v=${encodeURIComponent(text)}`

  it('a side labelled with a control or invisible character is left out, its text quoted escaped', () => {
    const r = readCompareLink([s, v('a:'), v('x\u0000y:'), v('abc\u202eDEF:'), v('b: dynamic.salting.enabled=true')].join('&'), defaultScenario())
    expect(r.variants.map((x) => x.label)).toEqual(['a', 'b'])
    expect(r.problems).toEqual([
      `side 2 ("x\\u0000y:") was left out: a variant's label must be printable text (no control or invisible characters), got "x\\u0000y"`,
      `side 3 ("abc\\u202eDEF:") was left out: a variant's label must be printable text (no control or invisible characters), got "abc\\u202eDEF"`,
    ])
  })

  it('a label used twice is made unique, as Add side makes a copy’s, and said; what the page shares reopens as shown', () => {
    const r = readCompareLink([s, v('a:'), v('a: dynamic.salting.enabled=true'), v('a 2:')].join('&'), defaultScenario())
    expect(r.variants.map((x) => x.label)).toEqual(['a', 'a 3', 'a 2'])
    expect(r.problems).toEqual(['side B has side A’s label "a": shown as "a 3"'])
    expect(r.variants[1]!.set).toEqual({ 'dynamic.salting.enabled': true })
    const again = readCompareLink(compareHashOf({ base: r.base, variants: r.variants, playing: true, clock: 0, mark: null, autoMark: null }), defaultScenario())
    expect(again).toMatchObject({ problems: [], variants: r.variants })
  })
})
