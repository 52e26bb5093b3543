import { describe, expect, it } from 'vitest'
import { decodeScenario } from '../codec.ts'
import { readLinkHash } from '../links.ts'
import { parseVariant } from '../overrides.ts'
import { getLesson } from './catalog.ts'
import { lessonLinkHash, readLessonLink } from './lessonLinks.ts'

describe('lesson links', () => {
  it('readLinkHash reads lesson and step next to the other parameters', () => {
    const h = readLinkHash('#lesson=hot-key&step=3&t=5')
    expect(h).toMatchObject({ lesson: 'hot-key', step: 3, t: 5, problems: [] })
    expect(readLinkHash('#lesson=x&step=0').problems).toEqual(['step must be a step number (1, 2, …), got "0"'])
    expect(readLinkHash('#step=two').problems).toEqual(['step must be a step number (1, 2, …), got "two"'])
  })

  it('opens a single-mode lesson paused at the start of its step', () => {
    const o = readLessonLink(`#${lessonLinkHash('hot-key', 2)}`)
    expect(o?.ok).toBe(true)
    if (!o?.ok) return
    expect(o.stepIndex).toBe(1)
    const h = readLinkHash(o.modeHash)
    expect(h.v).toEqual([])
    expect(h.t).toBe(o.resolved.lesson.steps[0]!.playToSec)
    const d = decodeScenario(h.s!)
    expect(d.ok && d.scenario).toEqual(getLesson('hot-key')!.scenario)
  })

  it('opens a lesson with variants as a compare link with those sides', () => {
    const o = readLessonLink('lesson=eager-vs-cooperative')
    expect(o?.ok).toBe(true)
    if (!o?.ok) return
    expect(o.stepIndex).toBe(0)
    const h = readLinkHash(o.modeHash)
    expect(h.t).toBe(0)
    expect(h.v.map((v) => { const p = parseVariant(v); return p.ok ? p.variant.label : null })).toEqual(['eager', 'cooperative'])
  })

  it('says what is wrong with a bad name or step, and ignores a hash without a lesson', () => {
    expect(readLessonLink('#s=abc')).toBeNull()
    expect(readLessonLink('#lesson=nope')).toEqual({ ok: false, problem: expect.stringMatching(/^there is no lesson named "nope" \(lessons: hot-key, /), warnings: [] })
    expect(readLessonLink('#lesson=hot-key&step=9')).toEqual({ ok: false, problem: 'lesson hot-key has 4 steps, so there is no step 9', warnings: [] })
    expect(readLessonLink('#lesson=hot-key&step=x')).toEqual({ ok: false, problem: 'lesson hot-key: step must be a step number (1, 2, …), got "x"', warnings: [] })
    expect(readLessonLink('#step=2')).toEqual({ ok: false, problem: 'the link has a step but no lesson (lesson=NAME)', warnings: [] })
    // A name or step edited by hand is quoted with its control and invisible characters escaped
    // (a bidi override turned the banner's words around).
    expect(readLessonLink('#lesson=%E2%80%AEnope')).toEqual({ ok: false, problem: expect.stringMatching(/^there is no lesson named "\\u202enope" \(lessons: /), warnings: [] })
    expect(readLessonLink('#lesson=hot-key&step=%1B%5B2J')).toEqual({ ok: false, problem: 'lesson hot-key: step must be a step number (1, 2, …), got "\\u001b[2J"', warnings: [] })
  })
  it('says a lesson or step given twice (the last is used), opened or not', () => {
    const o = readLessonLink('#lesson=hot-key&lesson=load-aware')
    expect(o).toMatchObject({ ok: true, warnings: ['the link gives lesson twice ("hot-key", then "load-aware"): the last is used'] })
    expect(o?.ok === true && o.resolved.lesson.name).toBe('load-aware')
    expect(readLessonLink('#lesson=hot-key&step=2&step=3')?.warnings).toEqual(["the link gives step (the lesson's step) twice (2, then 3): the last is used"])
    // The same lesson twice is no problem; a second name that is no lesson fails, and says both.
    expect(readLessonLink('#lesson=hot-key&lesson=hot-key')?.warnings).toEqual([])
    expect(readLessonLink('#lesson=hot-key&lesson=nope')).toMatchObject({ ok: false, warnings: ['the link gives lesson twice ("hot-key", then "nope"): the last is used'] })
    // Not opened, a link with a scenario or sides is read by its own mode, which says it: not twice.
    expect(readLessonLink('#s=abc&lesson=hot-key&lesson=nope')).toMatchObject({ ok: false, warnings: [] })
    // Opened, a link with sides says what was given twice and that its side was not used.
    expect(readLessonLink('#lesson=hot-key&lesson=load-aware&v=a%3A')?.warnings).toEqual([
      'the link gives lesson twice ("hot-key", then "load-aware"): the last is used',
      "the link's v (a side) was not used: lesson load-aware opens with its own scenario and moment (step 1 at 0 s)",
    ])
  })

  it('an opened lesson names the link parameters its own link replaced (s, v, t, mark, automark, embed), whatever their order or values', () => {
    const at = getLesson('hot-key')!.lesson.steps[0]!.playToSec
    const o = readLessonLink('#t=30&lesson=hot-key&v=a%3A&step=2&s=v1.abc&v=b%3A&mark=soon')
    expect(o).toMatchObject({ ok: true, stepIndex: 1 })
    expect(o?.warnings).toEqual([
      `the link's s (a scenario), v (2 sides), t (the moment the link opens at) and mark (where the counts start) were not used: lesson hot-key opens with its own scenario and moment (step 2 at ${at} s)`,
    ])
    // The lesson's own link is what opens: none of the link's moment or sides.
    if (o?.ok === true) expect(readLinkHash(o.modeHash)).toMatchObject({ t: at, v: [] })
    // One parameter; a compare lesson's sides; a t given twice is said once, as not used.
    expect(readLessonLink('#lesson=hot-key&t=30')?.warnings).toEqual(["the link's t (the moment the link opens at) was not used: lesson hot-key opens with its own scenario and moment (step 1 at 0 s)"])
    expect(readLessonLink('#lesson=eager-vs-cooperative&automark=4&embed=1')?.warnings).toEqual([
      "the link's automark (where the counts start by default) and embed (the highway alone) were not used: lesson eager-vs-cooperative opens with its own scenario, sides and moment (step 1 at 0 s)",
    ])
    expect(readLessonLink('#lesson=hot-key&t=10&t=30')?.warnings).toEqual(["the link's t (the moment the link opens at) was not used: lesson hot-key opens with its own scenario and moment (step 1 at 0 s)"])
    // Nothing of the link's own text is quoted: a side's HTML is counted, not repeated.
    expect(readLessonLink(`#lesson=hot-key&v=${encodeURIComponent('<img src=x onerror=alert(1)>:')}`)?.warnings).toEqual([
      "the link's v (a side) was not used: lesson hot-key opens with its own scenario and moment (step 1 at 0 s)",
    ])
    // A lesson link as Share writes it has nothing else.
    expect(readLessonLink(`#${lessonLinkHash('hot-key', 3)}`)?.warnings).toEqual([])
  })
})
