// The Share menu button: one button, a small menu of links to copy. Single mode's Share offers its
// choices always; compare mode's only inside a lesson (else its Share copies the comparison at once).
// Keyboard: the first item takes focus, ↓ / ↑ move, Esc closes (useMenuBox).

import { useState, type ReactNode } from 'react'
import { menuKeys, useMenuBox } from './useMenuBox.ts'

export interface ShareChoice {
  label: string
  /** What the link opens, in words (the item's tooltip). */
  title: string
  /** Copies the link; resolves to what the user should be told. */
  copy: () => Promise<string>
}

/** Share's choices inside a lesson: the lesson's own link first (what a teacher shares), then `scenario`'s. */
export function lessonChoices(at: { step: number; steps: number }, scenario: readonly ShareChoice[], lesson: () => Promise<string>): ShareChoice[] {
  return [
    { label: `Lesson link (step ${at.step} of ${at.steps})`, title: `Opens this lesson at step ${at.step}, with its questions and its panel`, copy: lesson },
    ...scenario,
  ]
}

export function ShareChoices(p: { choices: readonly ShareChoice[]; onNote: (note: string) => void; title?: string }): ReactNode {
  const [open, setOpen] = useState(false)
  const { box, button, first } = useMenuBox(open, setOpen)
  const pick = (c: ShareChoice): void => {
    setOpen(false)
    button.current?.focus()
    void c.copy().then(p.onNote)
  }
  return (
    <div className="share" ref={box}>
      <button ref={button} type="button" className="primary" aria-haspopup="menu" aria-expanded={open} title={p.title} onClick={() => setOpen(!open)}>
        Share
      </button>
      {open ? (
        <div
          className="menu"
          role="menu"
          aria-label="Share"
          onKeyDown={menuKeys(() => {
            setOpen(false)
            button.current?.focus()
          })}
        >
          {p.choices.map((c, i) => (
            <button key={c.label} ref={i === 0 ? first : undefined} type="button" role="menuitem" onClick={() => pick(c)} title={c.title}>
              {c.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
