// Runs a guided lesson over whatever page is showing (one highway or compare mode) through a small
// host interface: the playhead, play/pause, seek and speed. Each step: ask (paused), play to the
// step's moment, seek exactly there (so Back and a replay land on the same frame), reveal; autoplay
// moves on after a countdown when nobody clicks. After the last step the panel closes and the
// scenario plays on as a free sandbox.

import type { Lesson, LessonHighlight } from '../scenario/lessons/types.ts'
import type { LessonAt } from '../store/highlightSlice.ts'
import type { LessonStore } from '../store/lessonSlice.ts'

/** What a lesson needs from the page it runs over. */
export interface LessonHost {
  /** The shown sim time, ms. */
  time(): number
  /** Calls `cb` whenever the shown sim time may have changed; returns the unsubscribe. */
  subscribe(cb: () => void): () => void
  setPlaying(playing: boolean): void
  /** Pauses and shows sim ms `t` (a moment already reached). */
  seek(t: number): void
  setSpeed(speed: number): void
  /** Outlines the step's lanes and consumers on the highway (every side's); null clears it. */
  setHighlight(h: LessonHighlight | null): void
  /** The lesson running over the host (its title), or null once it ends. */
  setLesson?(title: string | null): void
  /** The step on screen (its link's name and number), or null once the lesson ends: Share offers its link. */
  setStep?(at: LessonAt | null): void
}

export interface LessonTimers {
  setInterval(cb: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

/** Seconds autoplay waits on a question before playing on without an answer. */
export const ASK_SECONDS = 20
/** Seconds autoplay waits after a reveal (longer when there is an explanation to read). */
export const READ_SECONDS = 10
export const EXPLAIN_SECONDS = 20

export interface LessonController {
  /** Starts `lesson` at step `stepIndex` over `host`; the host is paused at (or on its way to) the step's start. */
  start(lesson: Lesson, speed: number, stepIndex: number, host: LessonHost): void
  /** The next phase or step; false when no lesson is open. */
  next(): boolean
  /** The previous step (the current one again from its start on step 1); false when no lesson is open. */
  prev(): boolean
  /**
   * Answers the question asked with choice `choice` (from 0); a choice it does not have is ignored.
   * False when no lesson is open.
   */
  choose(choice: number): boolean
  /** Ends the lesson: the panel closes and the page stays as it is. */
  close(): void
  dispose(): void
}

export function createLessonController(store: LessonStore, timers: LessonTimers): LessonController {
  let host: LessonHost | null = null
  let lesson: Lesson | null = null
  let speed = 1
  let unsubscribe: (() => void) | null = null
  let tick: unknown = null
  /** A seek back to the step's start is on its way (the playhead still shows the later moment). */
  let seeking = false

  const st = () => store.getState()
  const run = () => st().lesson
  const startMs = (i: number): number => (i <= 0 ? 0 : lesson!.steps[i - 1]!.playToSec * 1000)
  const endMs = (i: number): number => lesson!.steps[i]!.playToSec * 1000

  function stopWatching(): void {
    unsubscribe?.()
    unsubscribe = null
    if (tick !== null) timers.clearInterval(tick)
    tick = null
  }

  /** Phase changes driven by the playhead: the start reached (opening), the moment reached (playing). */
  function onTime(): void {
    const r = run()
    if (r === null || host === null || lesson === null) return
    const t = host.time()
    if (r.phase === 'opening') {
      const start = startMs(r.stepIndex)
      if (Math.abs(t - start) <= 1) {
        seeking = false
        begin(r.stepIndex)
      } else if (t > start && !seeking) {
        seeking = true
        host.seek(start)
      }
    } else if (r.phase === 'playing' && t >= endMs(r.stepIndex)) {
      const step = lesson.steps[r.stepIndex]!
      st().patchLesson({ phase: 'revealed', countdown: step.question !== undefined ? EXPLAIN_SECONDS : READ_SECONDS })
      // Past the moment by up to a frame: show exactly the moment, paused.
      host.seek(endMs(r.stepIndex))
    }
  }

  function onTick(): void {
    const r = run()
    if (r === null || r.countdown === null || !st().autoplay) return
    if (r.countdown > 1) {
      st().patchLesson({ countdown: r.countdown - 1 })
      return
    }
    st().patchLesson({ countdown: null })
    if (r.phase === 'asking') play()
    else if (r.phase === 'revealed') forward()
  }

  /** The step's start is on screen: ask its question, or play straight on. */
  function begin(i: number): void {
    const step = lesson!.steps[i]!
    if (step.question !== undefined) {
      host!.setPlaying(false)
      st().patchLesson({ stepIndex: i, phase: 'asking', choice: null, countdown: ASK_SECONDS })
    } else {
      st().patchLesson({ stepIndex: i, phase: 'asking', choice: null, countdown: null })
      play()
    }
  }

  function play(): void {
    st().patchLesson({ phase: 'playing', countdown: null })
    host!.setSpeed(speed)
    host!.setPlaying(true)
    onTime()
  }

  /** Step `i` from its start: seek back if the playhead is past it, else wait for it to arrive. */
  function enter(i: number): void {
    seeking = false
    host!.setPlaying(false)
    // The step's lanes and consumers, from its start; the previous step's go.
    host!.setHighlight(lesson!.steps[i]!.highlight ?? null)
    host!.setStep?.({ name: lesson!.name, step: i + 1, steps: lesson!.steps.length })
    st().patchLesson({ stepIndex: i, phase: 'opening', choice: null, countdown: null })
    onTime()
  }

  function forward(): void {
    const r = run()!
    if (r.stepIndex + 1 < lesson!.steps.length) {
      enter(r.stepIndex + 1)
      return
    }
    // The end: a free sandbox, the scenario playing on at the speed the lesson used.
    finish()
    host?.setPlaying(true)
  }

  function finish(): void {
    stopWatching()
    host?.setHighlight(null)
    host?.setLesson?.(null)
    host?.setStep?.(null)
    st().setLesson(null)
    lesson = null
  }

  return {
    start(l, s, stepIndex, h) {
      stopWatching()
      lesson = l
      speed = s
      host = h
      st().setListOpen(false)
      st().setAutoplay(true)
      st().setLesson({ name: l.name, title: l.title, steps: l.steps, stepIndex, phase: 'opening', choice: null, countdown: null })
      h.setPlaying(false)
      h.setSpeed(s)
      h.setLesson?.(l.title)
      unsubscribe = h.subscribe(onTime)
      tick = timers.setInterval(onTick, 1000)
      enter(stepIndex)
    },
    next() {
      const r = run()
      if (r === null) return false
      if (r.phase === 'asking') play()
      else if (r.phase === 'revealed') forward()
      return true
    },
    prev() {
      const r = run()
      if (r === null) return false
      enter(Math.max(0, r.stepIndex - 1))
      return true
    },
    choose(choice) {
      const r = run()
      if (r === null) return false
      const count = lesson?.steps[r.stepIndex]?.question?.choices.length ?? 0
      if (r.phase !== 'asking' || !(choice >= 0 && choice < count)) return true
      st().patchLesson({ choice })
      play()
      return true
    },
    close() {
      finish()
    },
    dispose() {
      stopWatching()
      host = null
    },
  }
}
