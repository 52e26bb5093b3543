// The lesson panel: the step's text, its question (choices first: predict, then reveal), Back/Next,
// step k of n and the autoplay countdown. Presentational: state from the lesson store, clicks to
// the callbacks. Text only (React escapes it): a teacher's lesson file is never rendered as HTML.

import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { LessonRun, LessonStore } from '../../store/lessonSlice.ts'
import { useFitChoices } from './useFitChoices.ts'

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

/** Keyboard focus is in the panel (a mouse click leaves none behind: then Space stays play/pause). */
function focusInPanel(panel: HTMLElement | null): boolean {
  return panel !== null && panel.contains(document.activeElement)
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
  // The lesson ends (×, Finish, autoplay past its last step) with keyboard focus in the panel: the
  // focus goes to the page's Lessons button, not with the panel to <body>. Told by the store before
  // React removes the panel, while the focus is still in it.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.lesson === null && prev.lesson !== null && focusInPanel(regionRef.current)) {
          regionRef.current?.ownerDocument.querySelector<HTMLElement>('.lessons-button')?.focus()
        }
      }),
    [store],
  )
  const nextRef = useRef<HTMLButtonElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const phase = run?.phase ?? null
  const stepIndex = run?.stepIndex ?? null
  // A new step reads from its top (the reveal below scrolled the panel to its end), and keyboard
  // focus in the panel goes to the panel: left on the button that now reads "Skip question", a
  // second Enter skipped the new question unread. A layout effect: Next is disabled while the step
  // opens, and the browser would move focus off it to <body> before a plain effect ran.
  useLayoutEffect(() => {
    const panel = regionRef.current
    if (stepIndex === null || panel === null) return
    panel.scrollTop = 0
    if (focusInPanel(panel)) panel.focus({ preventScroll: true })
  }, [stepIndex])
  // The reveal: at 1024×768 the panel scrolls, and the answer, its explanation and Next were below
  // its fold (the teacher saw "Not quite: …" cut off and no way on): they are scrolled into view,
  // and keyboard focus still on the chosen answer moves on to Next. Where Back/Next stay pinned at
  // the panel's foot (compare mode docks it in a column, lessons.css), the answer is scrolled above
  // them, never past its first line.
  useEffect(() => {
    if (phase !== 'revealed') return
    const panel = regionRef.current
    const next = nextRef.current
    if (next === null || panel === null) return
    if (focusInPanel(panel)) next.focus({ preventScroll: true })
    next.scrollIntoView?.({ block: 'nearest' })
    const status = statusRef.current
    if (status === null || status.offsetParent !== panel) return
    const foot = panel.querySelector<HTMLElement>('.lesson-foot')
    const footH = foot !== null && getComputedStyle(foot).position === 'sticky' ? foot.offsetHeight : 0
    const hidden = status.offsetTop + status.offsetHeight - (panel.scrollTop + panel.clientHeight - footH)
    if (hidden > 0) panel.scrollTop = Math.min(panel.scrollTop + hidden, status.offsetTop - 8)
  }, [phase, stepIndex])
  // The question's choices in view while it is asked: a long text is cut, with "Read all".
  const asking = run !== null && !folded && run.steps[run.stepIndex]?.question !== undefined && (run.phase === 'asking' || run.phase === 'opening')
  const fit = useFitChoices(regionRef, `${name ?? ''}#${stepIndex ?? ''}`, asking)
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
        <h2 className="lesson-title" title={run.title}>
          {run.title}
        </h2>
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
          <p
            id="lesson-text"
            className={`lesson-text${fit.lines !== null ? ' cut' : ''}`}
            style={fit.lines !== null ? { WebkitLineClamp: fit.lines } : undefined}
          >
            {step.text}
          </p>
          {fit.lines !== null || fit.expanded ? (
            <button type="button" className="link lesson-more" aria-expanded={fit.expanded} aria-controls="lesson-text" onClick={() => fit.setExpanded(!fit.expanded)}>
              {fit.expanded ? 'Show less' : 'Read all'}
            </button>
          ) : null}
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
                      // aria-disabled, not disabled: a disabled button drops keyboard focus to the
                      // page's <body>, and Next was then some forty Tabs away (the choice is ignored
                      // by the controller outside 'asking').
                      aria-disabled={run.phase !== 'asking'}
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
            <button ref={nextRef} type="button" onClick={() => on.next()} disabled={run.phase === 'playing' || run.phase === 'opening'}>
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
