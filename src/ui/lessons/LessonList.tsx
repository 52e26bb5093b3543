// The Lessons dialog: every lesson with its summary; choosing one starts it. ↑ / ↓ (Page Up / Page
// Down, Home / End) go from lesson to lesson.

import { useEffect, useRef, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { LessonStore } from '../../store/lessonSlice.ts'
import { moveMenuFocus } from '../menuFocus.ts'
import { useModalFocus } from '../useModalFocus.ts'


interface LessonListProps {
  store: LessonStore
  onChoose: (name: string) => void
}

export function LessonList(p: LessonListProps): ReactNode {
  const open = useStore(p.store, (s) => s.listOpen)
  return open ? <LessonListDialog {...p} /> : null
}

/** Mounted while open: Tab stays inside it, and focus goes back to what opened it when it closes. */
function LessonListDialog({ store, onChoose }: LessonListProps): ReactNode {
  const catalog = useStore(store, (s) => s.catalog)
  const box = useRef<HTMLDivElement>(null)
  const firstRef = useRef<HTMLButtonElement>(null)
  useModalFocus(box)
  useEffect(() => firstRef.current?.focus(), [])
  const close = (): void => store.getState().setListOpen(false)
  return (
    <div className="backdrop lesson-backdrop" onClick={close}>
      <div
        ref={box}
        className="dialog lesson-list"
        role="dialog"
        aria-modal="true"
        aria-labelledby="lessons-h"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Handled: the page's Esc (which blurs) leaves the focus given back to the opener alone.
            e.preventDefault()
            close()
            return
          }
          // The arrows (and a presenter remote's Page Down / Page Up) go from lesson to lesson, as in
          // a list, stopping at the ends: only Tab did, so a teacher pressing ↓ stayed on the first lesson.
          const items = Array.from(box.current?.querySelectorAll<HTMLButtonElement>('.lesson-item') ?? [])
          if (moveMenuFocus(items, e.key, { wrap: false, pageKeys: true })) e.preventDefault()
        }}
      >
        <h2 id="lessons-h">Lessons</h2>
        <ol className="lesson-items">
          {catalog.map((l, i) => (
            <li key={l.name}>
              <button ref={i === 0 ? firstRef : undefined} type="button" className="lesson-item" onClick={() => onChoose(l.name)}>
                <strong>{l.title}</strong>
                <span className="lesson-meta">
                  {l.steps} steps{l.compare ? ' · side by side' : ''}
                </span>
                <span className="lesson-summary">{l.summary}</span>
              </button>
            </li>
          ))}
        </ol>
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </div>
  )
}
