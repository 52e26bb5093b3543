// The lesson panel: the step's text, its question (choices first: predict, then reveal), Back/Next,
// step k of n and the autoplay countdown. Presentational: state from the lesson store, clicks to
// the callbacks. Text only (React escapes it): a teacher's lesson file is never rendered as HTML.

import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { LessonRun, LessonStore } from '../../store/lessonSlice.ts'

export interface LessonCallbacks {
  next(): void
  prev(): void
  choose(choice: number): void
  close(): void
  setAutoplay(on: boolean): void
}

function highlightText(run: LessonRun): string | null {
  const h = run.steps[run.stepIndex]!.highlight
  if (h === undefined) return null
  const parts: string[] = []
  if (h.partitions !== undefined && h.partitions.length > 0) parts.push(`${h.partitions.length === 1 ? 'lane' : 'lanes'} ${h.partitions.join(', ')}`)
  if (h.consumers !== undefined && h.consumers.length > 0) parts.push(h.consumers.join(', '))
  return parts.length === 0 ? null : `Watch ${parts.join(' and ')}.`
}

function countdownText(run: LessonRun, autoplay: boolean): string | null {
  if (run.countdown === null) return null
  if (!autoplay) return 'Autoplay paused'
  const last = run.stepIndex + 1 === run.steps.length
  const what = run.phase === 'asking' ? 'Plays on' : last ? 'Ends' : 'Next step'
  return `${what} in ${run.countdown} s`
}

export function LessonPanel({ store, on }: { store: LessonStore; on: LessonCallbacks }): ReactNode {
  const run = useStore(store, (s) => s.lesson)
  const autoplay = useStore(store, (s) => s.autoplay)
  // Folded to its header, so the teacher can show the whole page and still go on from the panel.
  const [folded, setFolded] = useState(false)
  // A lesson just started (from the list or a link): keyboard focus moves to it, not to the page's top.
  const regionRef = useRef<HTMLElement>(null)
  const name = run?.name ?? null
  useEffect(() => {
    if (name !== null) regionRef.current?.focus()
  }, [name])
  // The answer shown: in a column too short for the whole step (compare mode docks the panel in
  // one, lessons.css), scroll it into the panel's view, above Back/Next, never past its first line.
  const statusRef = useRef<HTMLDivElement>(null)
  const revealedAt = run !== null && run.phase === 'revealed' ? run.stepIndex : null
  useEffect(() => {
    const panel = regionRef.current
    const status = statusRef.current
    if (revealedAt === null || panel === null || status === null || status.offsetParent !== panel) return
    const foot = panel.querySelector<HTMLElement>('.lesson-foot')
    const footH = foot !== null && getComputedStyle(foot).position === 'sticky' ? foot.offsetHeight : 0
    const hidden = status.offsetTop + status.offsetHeight - (panel.scrollTop + panel.clientHeight - footH)
    if (hidden > 0) panel.scrollTop = Math.min(panel.scrollTop + hidden, status.offsetTop - 8)
  }, [revealedAt])
  if (run === null) return null
  const step = run.steps[run.stepIndex]!
  const q = step.question
  const n = run.steps.length
  const last = run.stepIndex + 1 === n
  const revealed = run.phase === 'revealed'
  const watch = highlightText(run)
  const countdown = countdownText(run, autoplay)
  return (
    <section ref={regionRef} tabIndex={-1} className={`lesson-panel${folded ? ' folded' : ''}`} role="region" aria-label="Lesson">
      <header className="lesson-head">
        <h2 className="lesson-title">{run.title}</h2>
        <span className="lesson-count">
          Step {run.stepIndex + 1} of {n}
        </span>
        <button type="button" className="ghost" aria-expanded={!folded} onClick={() => setFolded(!folded)}>
          {folded ? 'Show' : 'Hide'}
        </button>
        <button type="button" className="ghost" aria-label="Close lesson" onClick={() => on.close()}>
          ×
        </button>
      </header>
      {folded ? null : (
        <>
          <p className="lesson-text">{step.text}</p>
          {watch !== null ? <p className="lesson-watch">{watch}</p> : null}
          {q !== undefined ? (
            <div className="lesson-question" role="group" aria-labelledby="lesson-prompt">
              <p id="lesson-prompt" className="lesson-prompt">
                {q.prompt}
              </p>
              <div className="lesson-choices">
                {q.choices.map((c, i) => {
                  const mark = revealed ? (i === q.answer ? ' lesson-right' : i === run.choice ? ' lesson-wrong' : '') : ''
                  return (
                    <button
                      key={i}
                      type="button"
                      className={`lesson-choice${run.choice === i ? ' chosen' : ''}${mark}`}
                      aria-pressed={run.choice === i}
                      disabled={run.phase !== 'asking'}
                      onClick={() => on.choose(i)}
                    >
                      {c}
                    </button>
                  )
                })}
              </div>
            </div>
          ) : null}
          <div ref={statusRef} className="lesson-status" role="status" aria-live="polite">
            {run.phase === 'opening' ? 'Getting to the start of this step…' : null}
            {run.phase === 'asking' && q !== undefined ? 'Predict: choose an answer, then watch.' : null}
            {run.phase === 'playing' ? `Playing to ${step.playToSec} s…` : null}
            {revealed && q !== undefined ? (
              <span className="lesson-reveal">
                <strong>
                  {run.choice === null ? 'Answer' : run.choice === q.answer ? 'Right' : 'Not quite'}: {q.choices[q.answer]}
                </strong>{' '}
                {q.explain}
              </span>
            ) : null}
            {revealed && q === undefined ? `At ${step.playToSec} s.` : null}
          </div>
          <footer className="lesson-foot">
            <button type="button" onClick={() => on.prev()}>
              Back
            </button>
            <button type="button" onClick={() => on.next()} disabled={run.phase === 'playing' || run.phase === 'opening'}>
              {run.phase === 'asking' ? 'Skip question' : last && revealed ? 'Finish' : 'Next'}
            </button>
            {countdown !== null ? <span className="lesson-countdown">{countdown}</span> : null}
            <button type="button" className="ghost" aria-pressed={!autoplay} onClick={() => on.setAutoplay(!autoplay)}>
              {autoplay ? 'Pause autoplay' : 'Resume autoplay'}
            </button>
          </footer>
        </>
      )}
    </section>
  )
}
