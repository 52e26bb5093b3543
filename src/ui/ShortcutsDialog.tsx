// The `?` dialog listing the keyboard shortcuts.

import { useEffect, useRef, type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { SHORTCUTS } from './shortcuts.ts'

/** `rows`: the keys this page answers (compare mode leaves out the ones it has not). */
export function ShortcutsDialog({ rows = SHORTCUTS }: { rows?: ReadonlyArray<[string, string]> }): ReactNode {
  const open = useAppStore((s) => s.shortcutsOpen)
  const setOpen = useAppStore((s) => s.setShortcutsOpen)
  const closeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (open) closeRef.current?.focus()
  }, [open])
  if (!open) return null
  return (
    <div className="backdrop" onClick={() => setOpen(false)}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-h"
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false)
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
