// "Client configuration…": the settings in force now as a chosen client writes them, read-only, with
// Copy and Download. The text comes from AppActions.clientConfig (pure, src/scenario/clientConfig);
// it is read again when the run passes a live change or the scenario changes.

import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { CLIENT_FILE_EXT, CLIENT_LABELS, CLIENTS, isClient, type ClientName } from '../scenario/clientConfig/index.ts'
import { lastActionAt } from '../store/settingsNow.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { downloadText, fileSafe } from './download.ts'
import { useModalFocus } from './useModalFocus.ts'

export interface ClientConfigDialogProps {
  configFor: (client: ClientName) => string
  onClose: () => void
  /** The heading (default "Client configuration"; compare mode names the side). */
  title?: string
}

async function copy(area: HTMLTextAreaElement): Promise<boolean> {
  const win = area.ownerDocument.defaultView
  try {
    if (win?.isSecureContext === true && win.navigator.clipboard !== undefined) {
      await win.navigator.clipboard.writeText(area.value)
      return true
    }
  } catch {
    // Denied or unfocused: select the text and try the old route.
  }
  area.select()
  try {
    return area.ownerDocument.execCommand('copy')
  } catch {
    return false
  }
}

export function ClientConfigDialog(p: ClientConfigDialogProps): ReactNode {
  const [client, setClient] = useState<ClientName>('java')
  const [note, setNote] = useState('')
  const name = useAppStore((s) => s.scenario.name)
  // Re-render (and ask configFor again) when a live change comes into force or the scenario changes.
  useAppStore((s) => s.scenario)
  useAppStore((s) => lastActionAt(s.scenario, s.simTime))
  const text = p.configFor(client)
  const pick = useRef<HTMLSelectElement>(null)
  const area = useRef<HTMLTextAreaElement>(null)
  const pickId = useId()
  const box = useRef<HTMLDivElement>(null)
  useModalFocus(box) // before the focus moves in: it remembers what opened the dialog
  useEffect(() => pick.current?.focus(), [])
  const onClose = p.onClose
  // Esc closes it wherever focus is (a mouse pick in the select leaves no focus inside the dialog).
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  return (
    <div className="backdrop" onClick={p.onClose}>
      <div
        ref={box}
        className="dialog client-config"
        role="dialog"
        aria-modal="true"
        aria-labelledby="client-config-h"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="client-config-h">{p.title ?? 'Client configuration'}</h2>
        <div className="field">
          <label htmlFor={pickId}>Client</label>
          <select
            id={pickId}
            ref={pick}
            value={client}
            onChange={(e) => {
              if (isClient(e.target.value)) setClient(e.target.value)
              setNote('')
            }}
          >
            {CLIENTS.map((c) => (
              <option key={c} value={c}>
                {CLIENT_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <textarea ref={area} className="config-text" readOnly value={text} aria-label="Configuration" rows={18} spellCheck={false} />
        <div className="dialog-buttons">
          <button type="button" onClick={() => void (area.current === null ? Promise.resolve(false) : copy(area.current)).then((ok) => setNote(ok ? 'Copied' : 'Select the text and copy it by hand'))}>
            Copy
          </button>
          <button
            type="button"
            onClick={() => {
              const doc = area.current?.ownerDocument ?? document
              downloadText(doc, text, `partition-highway-${fileSafe(name)}-${client}.${CLIENT_FILE_EXT[client]}`)
              setNote('Downloaded')
            }}
          >
            Download
          </button>
          <button type="button" onClick={p.onClose}>
            Close
          </button>
          <span role="status" aria-live="polite">
            {note}
          </span>
        </div>
      </div>
    </div>
  )
}
