// Export: run data (CSV), the summary (JSON), a picture (PNG), the client configuration and the embed
// code. A menu button like Share; the outcome (and the replay's progress) is announced politely.

import { useState, type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { menuKeys, useMenuBox } from './useMenuBox.ts'
import { ClientConfigDialog } from './ClientConfigDialog.tsx'
import { useShareNote } from './useShareNote.ts'
import './export.css'

export function ExportMenu(): ReactNode {
  const actions = useActions()
  // In the store, so the E key opens it too.
  const open = useAppStore((s) => s.exportOpen)
  const setOpen = useAppStore((s) => s.setExportOpen)
  const [dialog, setDialog] = useState(false)
  const [note, setNote] = useShareNote()
  const [busy, setBusy] = useState(false)
  const { box, button, first } = useMenuBox(open, setOpen)
  const exportRun = actions.exportRun
  if (exportRun === undefined) return null

  const close = (): void => {
    setOpen(false)
    button.current?.focus()
  }
  const run = (kind: 'csv' | 'json' | 'png'): void => {
    close()
    setBusy(true)
    setNote(kind === 'png' ? 'Drawing the picture…' : 'Replaying the run from 0 s…')
    const progress = (f: number): void => setNote(`Replaying the run from 0 s… ${Math.floor(f * 100)} %`)
    void exportRun(kind, progress).then((msg) => {
      setBusy(false)
      setNote(msg)
    })
  }
  const configFor = actions.clientConfig

  return (
    <>
      <div className="share export" ref={box}>
        <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} aria-busy={busy} onClick={() => setOpen(!open)}>
          Export
        </button>
        {open ? (
          <div
            className="menu"
            role="menu"
            aria-label="Export"
            onKeyDown={menuKeys(close)}
          >
            <button ref={first} type="button" role="menuitem" disabled={busy} onClick={() => run('csv')} title="One row per simulated second and partition, from 0 s to the moment shown">
              Run data (CSV)
            </button>
            <button type="button" role="menuitem" disabled={busy} onClick={() => run('json')} title="The run's summary with its rebalance log, as highway run --json prints it">
              Summary (JSON)
            </button>
            <button type="button" role="menuitem" disabled={busy} onClick={() => run('png')} title="A picture of the highway as shown now">
              Picture (PNG)
            </button>
            {configFor !== undefined ? (
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false)
                  setDialog(true)
                }}
              >
                Client configuration…
              </button>
            ) : null}
            {actions.copyEmbed !== undefined ? (
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  close()
                  void actions.copyEmbed?.().then(setNote)
                }}
              >
                Copy embed code
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <span className="share-note export-note" role="status" aria-live="polite">
        {note}
      </span>
      {dialog && configFor !== undefined ? (
        <ClientConfigDialog
          configFor={(c) => configFor(c)}
          onClose={() => {
            setDialog(false)
            button.current?.focus()
          }}
        />
      ) : null}
    </>
  )
}
