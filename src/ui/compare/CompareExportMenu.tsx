// Compare mode's Export menu: each side's run data (CSV) and summary (JSON), a picture of the
// sides' highways (PNG) and each side's client configuration. Opened by its button or the E key
// (side A's store holds `exportOpen`, as single mode's store does); outcomes announced politely.

import { useState, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { AppStoreProvider } from '../../store/useAppStore.ts'
import { ClientConfigDialog } from '../ClientConfigDialog.tsx'
import { menuKeys, useMenuBox } from '../useMenuBox.ts'
import { useShareNote } from '../useShareNote.ts'
import '../export.css'
import { useCompare } from './compareActions.ts'
import { SIDE_LETTERS } from './CompareSide.tsx'

export function CompareExportMenu(): ReactNode {
  const { store, actions, sides } = useCompare()
  const first = sides[0]!
  const open = useStore(first.store, (s) => s.exportOpen)
  const setOpen = useStore(first.store, (s) => s.setExportOpen)
  const labels = useStore(store, (s) => s.variants.map((v) => v.label).join('\u0000')).split('\u0000')
  const [dialogSide, setDialogSide] = useState<number | null>(null)
  const [note, setNote] = useShareNote()
  const [busy, setBusy] = useState(false)
  const menu = useMenuBox(open, setOpen)
  const { exportSide, exportPicture, clientConfig } = actions
  if (exportSide === undefined || exportPicture === undefined) return null

  const close = (): void => {
    setOpen(false)
    menu.button.current?.focus()
  }
  const start = (work: Promise<string>): void => {
    setBusy(true)
    void work.then((msg) => {
      setBusy(false)
      setNote(msg)
    })
  }
  const runSide = (side: number, kind: 'csv' | 'json'): void => {
    close()
    const who = `side ${SIDE_LETTERS[side] ?? side + 1}`
    setNote(`Replaying ${who} from 0 s…`)
    start(exportSide(side, kind, (f) => setNote(`Replaying ${who} from 0 s… ${Math.floor(f * 100)} %`)))
  }
  const name = (i: number): string => `${SIDE_LETTERS[i] ?? i + 1} · ${labels[i] ?? ''}`
  const dialog = dialogSide === null ? undefined : sides[dialogSide]

  return (
    <>
      <div className="share export" ref={menu.box}>
        <button ref={menu.button} type="button" aria-haspopup="menu" aria-expanded={open} aria-busy={busy} aria-keyshortcuts="E" onClick={() => setOpen(!open)}>
          Export
        </button>
        {open ? (
          <div
            className="menu"
            role="menu"
            aria-label="Export"
            onKeyDown={menuKeys(close)}
          >
            {sides.map((_, i) => (
              <button key={`csv${i}`} ref={i === 0 ? menu.first : undefined} type="button" role="menuitem" disabled={busy} onClick={() => runSide(i, 'csv')} title="One row per simulated second and partition, from 0 s to the moment shown">
                Run data {name(i)} (CSV)
              </button>
            ))}
            {sides.map((_, i) => (
              <button key={`json${i}`} type="button" role="menuitem" disabled={busy} onClick={() => runSide(i, 'json')} title="The side's summary with its rebalance log, as highway run --json prints it">
                Summary {name(i)} (JSON)
              </button>
            ))}
            <button
              type="button"
              role="menuitem"
              disabled={busy}
              title="A picture of every side as shown now: its header, difference strip and highway, with the simulated time"
              onClick={() => {
                close()
                setNote('Drawing the picture…')
                start(exportPicture())
              }}
            >
              Picture of the sides (PNG)
            </button>
            {clientConfig !== undefined
              ? sides.map((_, i) => (
                  <button
                    key={`cfg${i}`}
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      setOpen(false)
                      setDialogSide(i)
                    }}
                  >
                    Client configuration {name(i)}…
                  </button>
                ))
              : null}
          </div>
        ) : null}
      </div>
      <span className="share-note export-note" role="status" aria-live="polite">
        {note}
      </span>
      {dialog !== undefined && dialogSide !== null && clientConfig !== undefined ? (
        <AppStoreProvider store={dialog.store}>
          <ClientConfigDialog
            title={`Client configuration: side ${name(dialogSide)}`}
            configFor={(c) => clientConfig(dialogSide, c)}
            onClose={() => {
              setDialogSide(null)
              menu.button.current?.focus()
            }}
          />
        </AppStoreProvider>
      ) : null}
    </>
  )
}
