// The `?` dialog listing the keyboard shortcuts.

import { useEffect, useRef, type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { SHORTCUTS } from './shortcuts.ts'
import { useModalFocus } from './useModalFocus.ts'

type Rows = ReadonlyArray<[string, string]>

/** `rows`: the keys this page answers (compare mode leaves out the ones it has not). */
export function ShortcutsDialog({ rows = SHORTCUTS }: { rows?: Rows }): ReactNode {
  const open = useAppStore((s) => s.shortcutsOpen)
  return open ? <ShortcutsBox rows={rows} /> : null
}

/** Mounted while open: Tab stays inside it, and focus goes back to what opened it when it closes. */
function ShortcutsBox({ rows }: { rows: Rows }): ReactNode {
  const setOpen = useAppStore((s) => s.setShortcutsOpen)
  const box = useRef<HTMLDivElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)
  useModalFocus(box)
  useEffect(() => closeRef.current?.focus(), [])
  return (
    <div className="backdrop" onClick={() => setOpen(false)}>
      <div
        ref={box}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-h"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return
          // Handled: the page's Esc (which blurs) leaves the focus given back to the opener alone.
          e.preventDefault()
          setOpen(false)
        }}
      >
        <h2 id="shortcuts-h">Keyboard shortcuts</h2>
        <dl className="shortcuts">
          {rows.map(([k, what]) => (
            <div key={k}>
              <dt>
                <kbd>{k}</kbd>
              </dt>
              <dd>{what}</dd>
            </div>
          ))}
        </dl>
        <button ref={closeRef} type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
    </div>
  )
}
