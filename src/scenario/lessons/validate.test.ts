import { describe, expect, it } from 'vitest'
import { lessons } from './catalog.ts'
import { LESSON_LIMITS } from './limits.ts'
import { validateLesson } from './validate.ts'

/** A small valid lesson to break one field at a time. */
function lesson(): Record<string, unknown> {
  return {
    name: 'my-lesson',
    title: 'Mine',
    summary: 'A lesson.',
    scenario: { preset: 'hot-key' },
    steps: [
      { text: 'Look.', playToSec: 10 },
      { text: 'Predict.', playToSec: 20, question: { prompt: 'Which?', choices: ['a', 'b'], answer: 1, explain: 'Because.' } },
    ],
  }
}

function errorsOf(input: unknown): Array<{ path: string; message: string }> {
  const r = validateLesson(input)
  expect(r.ok).toBe(false)
  return r.ok ? [] : r.errors
}

describe('validateLesson', () => {
  it('accepts a small lesson and builds its world from the preset', () => {
    const r = validateLesson(lesson())
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.resolved.scenario.name).toBe('hot-key')
    expect(r.resolved.variants).toEqual([])
    expect(r.resolved.lesson.steps[1]!.question!.answer).toBe(1)
  })

  it('survives a JSON round trip: every built-in lesson is data', () => {
    for (const l of lessons) {
      const r = validateLesson(JSON.parse(JSON.stringify(l)))
      expect(r.ok, l.name).toBe(true)
      if (r.ok) expect(r.warnings, l.name).toEqual([])
    }
  })

  it('names the path of each problem in a step', () => {
    const l = lesson()
    const steps = l.steps as Array<Record<string, unknown>>
    steps[1]!.question = { prompt: 'Which?', choices: ['a', 'b'], answer: 2, explain: 'x' }
    expect(errorsOf(l)).toContainEqual({ path: 'steps[1].question.answer', message: 'must be the index of one of the 2 choices (0 to 1)' })
    steps[1]!.question = { prompt: 'Which?', choices: ['only'], answer: 0, explain: 'x' }
    expect(errorsOf(l)[0]!.path).toBe('steps[1].question.choices')
    steps[1]!.question = { prompt: 'Which?', choices: ['a', 'b', 'c', 'd', 'e'], answer: 0, explain: 'x' }
    expect(errorsOf(l)[0]).toEqual({ path: 'steps[1].question.choices', message: 'must have 2 to 4 choices (has 5)' })
    steps[1]!.question = { prompt: '', choices: ['a', 'b'], answer: 0, explain: 'x' }
    expect(errorsOf(l)[0]!.path).toBe('steps[1].question.prompt')
  })

  it('names the path of a bad highlight: lanes are partition numbers, consumers are names', () => {
    const l = lesson()
    const steps = l.steps as Array<Record<string, unknown>>
    steps[0]!.highlight = { partitions: [6, -1, 2.5], consumers: ['consumer-2', ''] }
    const paths = errorsOf(l).map((e) => e.path)
    expect(paths).toEqual(['steps[0].highlight.partitions[1]', 'steps[0].highlight.partitions[2]', 'steps[0].highlight.consumers[1]'])
    steps[0]!.highlight = 'lane 6'
    expect(errorsOf(l)).toEqual([{ path: 'steps[0].highlight', message: 'must be an object' }])
    steps[0]!.highlight = { partitions: [6], consumers: ['consumer-2'] }
    const r = validateLesson(l)
    expect(r.ok && r.resolved.lesson.steps[0]!.highlight).toEqual({ partitions: [6], consumers: ['consumer-2'] })
  })

  it('steps play forward in time', () => {
    const l = lesson()
    ;(l.steps as Array<Record<string, unknown>>)[1]!.playToSec = 10
    expect(errorsOf(l)).toEqual([{ path: 'steps[1].playToSec', message: "must be later than the previous step's (10 s): steps play forward" }])
  })

  it('bounds text lengths and the number of steps', () => {
    const l = lesson()
    l.title = 'x'.repeat(LESSON_LIMITS.titleChars + 1)
    expect(errorsOf(l)[0]!.path).toBe('title')
    const m = lesson()
    m.steps = Array.from({ length: LESSON_LIMITS.steps.max + 1 }, (_, i) => ({ text: 't', playToSec: i + 1 }))
    expect(errorsOf(m)[0]).toEqual({ path: 'steps', message: `must have 1 to ${LESSON_LIMITS.steps.max} steps (has ${LESSON_LIMITS.steps.max + 1})` })
  })

  it('rejects a name that is not a slug and text with control characters', () => {
    const l = lesson()
    l.name = 'Hot Key'
    ;(l.steps as Array<Record<string, unknown>>)[0]!.text = 'a\u202eb'
    const paths = errorsOf(l).map((e) => e.path)
    expect(paths).toEqual(['name', 'steps[0].text'])
  })

  it('reports an unknown preset, a bad override and a bad added action under scenario', () => {
    const l = lesson()
    l.scenario = { preset: 'no-such' }
    expect(errorsOf(l)[0]).toEqual({ path: 'scenario.preset', message: 'no preset named "no-such" (see highway presets)' })
    l.scenario = { preset: 'hot-key', set: { 'group.consumers': -1 } }
    expect(errorsOf(l)[0]!.path).toBe('scenario.set["group.consumers"]')
    l.scenario = { preset: 'consumer-joins-eager', actions: [{ atSec: 5, do: 'addConsumer' }, { atSec: 10, do: 'explode' }] }
    expect(errorsOf(l)[0]!.path).toMatch(/^scenario\.actions\[1\]/)
  })

  it('checks a full embedded scenario with the scenario validator', () => {
    const l = lesson()
    l.scenario = { scenario: { topic: { partitions: 0 } } }
    expect(errorsOf(l)[0]!.path).toBe('scenario.scenario.topic.partitions')
    l.scenario = { scenario: { topic: { partitions: 3 } } }
    const r = validateLesson(l)
    expect(r.ok && r.resolved.scenario.topic.partitions).toBe(3)
  })

  it('reads compare variants with the variant syntax and names the bad one', () => {
    const l = lesson()
    l.variants = ['a: group.protocol=eager', 'b: group.protocol=cooperative, group.assignor=cooperative-sticky']
    const r = validateLesson(l)
    expect(r.ok && r.resolved.variants.map((v) => v.label)).toEqual(['a', 'b'])
    l.variants = ['a: group.protocol=eager', 'no colon here']
    expect(errorsOf(l)[0]!.path).toBe('variants[1]')
    l.variants = ['a: group.protocol=eager', 'b: group.nope=1']
    expect(errorsOf(l)[0]!.path).toBe('variants[1]')
    l.variants = ['a: group.protocol=eager']
    expect(errorsOf(l)[0]!.path).toBe('variants')
  })

  it('never throws on garbage, and unknown fields are warnings', () => {
    for (const x of [null, 3, 'x', [], { steps: 'no' }, { scenario: [] }]) expect(validateLesson(x).ok).toBe(false)
    const l = { ...lesson(), colour: 'red' }
    const r = validateLesson(l)
    expect(r.ok && r.warnings).toEqual([{ path: 'colour', message: 'unknown field (ignored)' }])
  })
})
