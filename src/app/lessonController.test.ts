import { describe, expect, it } from 'vitest'
import type { Lesson, LessonHighlight } from '../scenario/lessons/types.ts'
import { createLessonStore } from '../store/lessonSlice.ts'
import type { LessonAt } from '../store/highlightSlice.ts'
import { ASK_SECONDS, createLessonController, EXPLAIN_SECONDS, READ_SECONDS, type LessonHost } from './lessonController.ts'
import { lessonNext, lessonPrev, registerLessonController } from './lessonNav.ts'

const lesson: Lesson = {
  name: 'l',
  title: 'L',
  summary: 'S',
  scenario: { preset: 'steady' },
  steps: [
    { text: 'one', playToSec: 10, question: { prompt: 'P1', choices: ['a', 'b'], answer: 1, explain: 'E1' } },
    { text: 'two', playToSec: 20, highlight: { partitions: [6], consumers: ['consumer-2'] } },
    { text: 'three', playToSec: 30, question: { prompt: 'P3', choices: ['a', 'b', 'c'], answer: 0, explain: 'E3' } },
  ],
}

/** A page that plays in 250 ms frames (overshooting moments, as frames do) and seeks to moments reached. */
function fakeHost() {
  const subs = new Set<() => void>()
  const log: string[] = []
  const h = {
    t: 0,
    latest: 0,
    playing: false,
    speed: 1,
    highlight: null as LessonHighlight | null,
    lessonTitle: null as string | null,
    steps: [] as Array<LessonAt | null>,
    log,
    time: () => h.t,
    subscribe(cb: () => void) {
      subs.add(cb)
      return () => subs.delete(cb)
    },
    setPlaying(p: boolean) {
      h.playing = p
    },
    seek(t: number) {
      log.push(`seek ${t}`)
      h.playing = false
      h.t = Math.min(t, h.latest)
      for (const cb of [...subs]) cb()
    },
    setSpeed(x: number) {
      h.speed = x
    },
    setHighlight(x: LessonHighlight | null) {
      h.highlight = x
    },
    setLesson(title: string | null) {
      h.lessonTitle = title
    },
    setStep(at: LessonAt | null) {
      h.steps.push(at)
    },
    /** Plays `frames` frames of 250 ms while playing. */
    frames(n: number) {
      for (let i = 0; i < n && h.playing; i++) {
        h.t += 250
        h.latest = Math.max(h.latest, h.t)
        for (const cb of [...subs]) cb()
      }
    },
  }
  return h satisfies LessonHost
}

function setup() {
  const store = createLessonStore([])
  let tick: (() => void) | null = null
  const c = createLessonController(store, { setInterval: (cb) => ((tick = cb), 1), clearInterval: () => (tick = null) })
  const host = fakeHost()
  const seconds = (n: number) => {
    for (let i = 0; i < n; i++) tick?.()
  }
  return { store, c, host, seconds, run: () => store.getState().lesson }
}

describe('lesson controller', () => {
  it('asks first with the sim paused, plays to the moment after the choice, lands exactly on it and reveals', () => {
    const { c, host, run } = setup()
    expect(c.choose(0)).toBe(false) // no lesson open: a digit picks a preset
    c.start(lesson, 4, 0, host)
    expect(run()).toMatchObject({ stepIndex: 0, phase: 'asking', choice: null, countdown: ASK_SECONDS })
    expect(host.playing).toBe(false)
    // A choice the question does not have (a digit past its last) is taken, and ignored.
    expect(c.choose(7)).toBe(true)
    expect(run()).toMatchObject({ phase: 'asking', choice: null })
    expect(c.choose(1)).toBe(true)
    expect(run()).toMatchObject({ phase: 'playing', choice: 1 })
    expect(host).toMatchObject({ playing: true, speed: 4 })
    host.frames(39)
    expect(run()!.phase).toBe('playing')
    host.frames(5) // 11 s: past the moment by a frame
    expect(host.log).toEqual(['seek 10000'])
    expect(host.t).toBe(10_000)
    expect(host.playing).toBe(false)
    expect(run()).toMatchObject({ phase: 'revealed', countdown: EXPLAIN_SECONDS })
  })

  it('autoplays: plays on without an answer, then moves to the next step, and a step without a question plays straight on', () => {
    const { c, host, run, seconds, store } = setup()
    c.start(lesson, 4, 0, host)
    seconds(ASK_SECONDS - 1)
    expect(run()).toMatchObject({ phase: 'asking', countdown: 1 })
    seconds(1)
    expect(run()).toMatchObject({ phase: 'playing', choice: null })
    host.frames(100)
    seconds(EXPLAIN_SECONDS)
    expect(run()).toMatchObject({ stepIndex: 1, phase: 'playing' })
    host.frames(100)
    expect(run()).toMatchObject({ stepIndex: 1, phase: 'revealed', countdown: READ_SECONDS })
    // Paused autoplay: the countdown stands still.
    store.getState().setAutoplay(false)
    seconds(READ_SECONDS * 3)
    expect(run()).toMatchObject({ stepIndex: 1, phase: 'revealed', countdown: READ_SECONDS })
  })

  it('Back seeks to the previous step\'s start and asks again; the end leaves a playing sandbox', () => {
    const { c, host, run } = setup()
    registerLessonController(c)
    expect(lessonNext()).toBe(false)
    c.start(lesson, 4, 0, host)
    c.choose(0)
    host.frames(100)
    expect(lessonNext()).toBe(true) // to step 2, which plays on
    host.frames(100)
    expect(run()).toMatchObject({ stepIndex: 1, phase: 'revealed' })
    expect(lessonPrev()).toBe(true)
    expect(host.t).toBe(0)
    expect(run()).toMatchObject({ stepIndex: 0, phase: 'asking', choice: null })
    c.choose(1)
    host.frames(100)
    c.next()
    host.frames(100)
    c.next()
    expect(run()).toMatchObject({ stepIndex: 2, phase: 'asking' })
    expect(host.t).toBe(20_000)
    c.choose(0)
    host.frames(100)
    expect(host.t).toBe(30_000)
    expect(lessonNext()).toBe(true) // Finish
    expect(run()).toBeNull()
    expect(host.playing).toBe(true)
    expect(lessonNext()).toBe(false)
    expect(lessonPrev()).toBe(false)
    registerLessonController(null)
  })

  it('highlights the step\'s lanes and consumers from its start, and clears them on the next step, Back and close', () => {
    const { c, host, run } = setup()
    c.start(lesson, 4, 0, host)
    expect(host.highlight).toBeNull()
    c.choose(1)
    host.frames(100)
    c.next()
    expect(run()!.stepIndex).toBe(1)
    expect(host.highlight).toEqual({ partitions: [6], consumers: ['consumer-2'] })
    host.frames(100)
    c.next()
    expect(run()!.stepIndex).toBe(2)
    expect(host.highlight).toBeNull()
    c.prev()
    expect(host.highlight).toEqual({ partitions: [6], consumers: ['consumer-2'] })
    expect(host.lessonTitle).toBe(lesson.title) // the page names the lesson, not an edited preset
    // The page knows the step on screen (its Share offers #lesson=NAME&step=N), and that it ended.
    const n = lesson.steps.length
    expect(host.steps).toEqual([1, 2, 3, 2].map((step) => ({ name: lesson.name, step, steps: n })))
    c.close()
    expect(host.highlight).toBeNull()
    expect(host.lessonTitle).toBeNull()
    expect(host.steps.at(-1)).toBeNull()
  })

  it('opened at a later step, waits for the page to reach its start before asking', () => {
    const { c, host, run } = setup()
    c.start(lesson, 4, 2, host)
    expect(run()).toMatchObject({ stepIndex: 2, phase: 'opening' })
    // The page gets there by itself (a moment link), paused.
    host.t = 20_000
    host.latest = 20_000
    host.seek(20_000)
    expect(run()).toMatchObject({ stepIndex: 2, phase: 'asking' })
  })
})
