// Share: copy the link to the run (its settings and every action so far), or the link that opens
// it paused at the moment shown. A small menu button; the outcome is announced politely.

import { useState, type ReactNode } from 'react'
import { useActions } from './actions.ts'
import { menuKeys, useMenuBox } from './useMenuBox.ts'
import { useShareNote } from './useShareNote.ts'

export function ShareMenu(): ReactNode {
  const actions = useActions()
  const [open, setOpen] = useState(false)
  const [note, setNote] = useShareNote()
  const { box, button, first } = useMenuBox(open, setOpen)

  const copy = (moment: boolean): void => {
    setOpen(false)
    button.current?.focus()
    void actions.share(moment ? { moment: true } : undefined).then(setNote)
  }

  return (
    <>
      <div className="share" ref={box}>
        <button ref={button} type="button" className="primary" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
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
            <button ref={first} type="button" role="menuitem" onClick={() => copy(false)} title="The scenario with everything done so far; opens at 0 s">
              Copy link
            </button>
            <button type="button" role="menuitem" onClick={() => copy(true)} title="Opens paused at the simulated moment shown now">
              Link to this moment
            </button>
          </div>
        ) : null}
      </div>
      <span className="share-note" role="status" aria-live="polite">
        {note}
      </span>
    </>
  )
}
