// The toolbar's Import button and its dialog (issue 11). Absent where the page cannot open an
// imported scenario (embedded, compare mode).

import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useActions } from '../actions.ts'
import './import.css'

// The parsers load with the dialog, not with the page.
const ImportDialog = lazy(async () => ({ default: (await import('./ImportDialog.tsx')).ImportDialog }))

export function ImportButton(): ReactNode {
  const actions = useActions()
  const [open, setOpen] = useState(false)
  const importScenario = actions.importScenario
  if (importScenario === undefined) return null
  return (
    <>
      <button type="button" className="import-button" aria-haspopup="dialog" title="Your cluster in the simulator: paste tool output" onClick={() => setOpen(true)}>
        Import
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog
            onClose={() => setOpen(false)}
            onOpen={(imported) => {
              setOpen(false)
              importScenario(imported)
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
