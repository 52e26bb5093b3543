// The Import dialog (issue 11): paste tool output (or drop / pick files), several pastes merge;
// each paste says what it was read as or which line stopped it; the field-by-field account shows
// what came from which paste and what was assumed; "Open scenario" runs it. Strangers' text is
// only ever shown as text (React escapes it), never as HTML.

import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { importPastes, parseProblem, type Paste } from '../../scenario/import/fromPastes.ts'
import { FORMAT_LABELS, IMPORT_FORMATS, IMPORT_LIMITS, isImportFormat } from '../../scenario/import/parse.ts'
import type { ImportFormat } from '../../scenario/import/types.ts'
import type { ImportedStory } from '../../store/importSlice.ts'
import { useModalFocus } from '../useModalFocus.ts'
import { FieldAccount } from './FieldAccount.tsx'
import { fileText } from './fileText.ts'

interface PasteState {
  id: number
  /** "paste 1", or the file's name. */
  source: string
  text: string
  format: ImportFormat | ''
}

const PASTE_FORMATS = IMPORT_FORMATS.filter((f) => f !== 'snapshot')

export interface ImportDialogProps {
  onOpen: (imported: ImportedStory) => void
  onClose: () => void
}

let nextId = 1

export function ImportDialog(p: ImportDialogProps): ReactNode {
  const [pastes, setPastes] = useState<PasteState[]>(() => [{ id: nextId++, source: 'paste 1', text: '', format: '' }])
  const [fileNote, setFileNote] = useState('')
  const [topic, setTopic] = useState('')
  // A cluster over the simulator's budget is refused until the user asks for the scaled copy the
  // refusal names (the import never changes the shape silently); 'auto' is the factor it named.
  const [scaled, setScaled] = useState(false)
  const [slice, setSlice] = useState(0)
  const first = useRef<HTMLTextAreaElement>(null)
  const box = useRef<HTMLDivElement>(null)
  useModalFocus(box)
  const topicId = useId()
  const onClose = p.onClose
  useEffect(() => first.current?.focus(), [])
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])

  const result = useMemo(() => {
    const list: Paste[] = pastes
      .filter((x) => x.text.trim() !== '')
      .map((x) => ({ source: x.source, text: x.text, ...(x.format !== '' ? { format: x.format } : {}) }))
    return list.length === 0 ? null : importPastes(list, { ...(topic !== '' ? { topic } : {}), ...(scaled ? { scale: 'auto' as const } : {}), ...(slice > 1 ? { slice } : {}) })
  }, [pastes, topic, scaled, slice])
  const topics = result?.facts?.topics.map((t) => t.name) ?? []
  const built = result?.build ?? null
  const notes = result?.facts?.notes ?? []

  const update = (id: number, patch: Partial<PasteState>) => setPastes((ps) => ps.map((x) => (x.id === id ? { ...x, ...patch } : x)))
  // The new paste box takes focus: from the keyboard, Add a paste then Ctrl+V, not a hunt back up.
  const added = useRef<HTMLTextAreaElement>(null)
  const [focusAdded, setFocusAdded] = useState(0)
  useEffect(() => {
    if (focusAdded > 0) added.current?.focus()
  }, [focusAdded])
  const addPaste = () => {
    setPastes((ps) => [...ps, { id: nextId++, source: `paste ${ps.length + 1}`, text: '', format: '' }])
    setFocusAdded((n) => n + 1)
  }
  const addFiles = async (files: FileList | null) => {
    if (files === null || files.length === 0) return
    const added: PasteState[] = []
    const refused: string[] = []
    for (const f of Array.from(files)) {
      // Sizes are checked before reading: a huge file is refused without loading it.
      if (f.size > IMPORT_LIMITS.maxChars * 4) refused.push(`${f.name} is too large (${Math.round(f.size / 1e6)} MB)`)
      else {
        // Blob.text() is always UTF-8 and never fails: a PowerShell-saved (UTF-16) file is decoded by
        // its byte-order mark, and a binary file is refused by name, as the CLI refuses it.
        const read = fileText(new Uint8Array(await f.arrayBuffer()))
        if (read.ok) added.push({ id: nextId++, source: f.name, text: read.text, format: '' })
        else refused.push(`${f.name} ${read.problem}`)
      }
    }
    setPastes((ps) => [...ps.filter((x) => x.text.trim() !== ''), ...added])
    const took = `${added.length} file${added.length === 1 ? '' : 's'} added`
    setFileNote(refused.length === 0 ? took : `${added.length > 0 ? `${took}. ` : ''}Not read: ${refused.join('; ')}`)
  }
  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    void addFiles(e.dataTransfer.files)
  }

  return (
    <div className="backdrop" onClick={p.onClose}>
      <div
        ref={box}
        className="dialog import-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="import-h"
        onClick={(e) => e.stopPropagation()}
        onDragOver={(e) => e.preventDefault()}
        onDrop={onDrop}
      >
        <h2 id="import-h">Import a cluster</h2>
        <p className="hint">
          Paste the output of kafka-consumer-groups.sh --describe (or kafka-share-groups.sh --describe), kafka-topics.sh --describe, two kafka_exporter scrapes, kcat -L (with or without -J) or kcat -C -J records, a client's .properties,
          Burrow lag or kafka-log-dirs.sh — or drop files here. Several pastes merge.
        </p>
        {pastes.map((x, i) => {
          const parsed = result?.parsed.find((r) => r.source === x.source)?.result
          return (
            <PasteBox
              key={x.id}
              paste={x}
              textRef={i === 0 ? first : i === pastes.length - 1 ? added : undefined}
              status={x.text.trim() === '' ? '' : parsed === undefined ? '' : parsed.ok ? `Read as ${FORMAT_LABELS[parsed.format]}` : parseProblem(x.source, parsed, 'pick its format in the list above it')}
              failed={parsed !== undefined && !parsed.ok}
              onChange={(patch) => update(x.id, patch)}
              onRemove={pastes.length > 1 ? () => setPastes((ps) => ps.filter((y) => y.id !== x.id)) : undefined}
            />
          )
        })}
        <div className="import-add">
          <button type="button" onClick={addPaste}>
            Add a paste
          </button>
          <label className="file-pick">
            Choose files
            <input type="file" multiple onChange={(e) => void addFiles(e.target.files)} />
          </label>
          <span role="status" aria-live="polite">
            {fileNote}
          </span>
        </div>
        {topics.length > 1 ? (
          <div className="field">
            <label htmlFor={topicId}>Topic</label>
            <select id={topicId} value={topic} onChange={(e) => setTopic(e.target.value)}>
              <option value="">The one the group reads</option>
              {topics.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {built !== null && !built.ok ? (
          <div>
            <p className="import-problem" role="alert">
              {built.message}
            </p>
            {built.scaleFits !== undefined ? (
              <button type="button" onClick={() => setScaled(true)}>
                Simulate a scaled copy (1/{built.scaleFits} of the rate)
              </button>
            ) : null}
            {built.sliceFits !== undefined ? (
              <button type="button" onClick={() => setSlice(built.sliceFits ?? 0)}>
                Simulate a slice (every {built.sliceFits === 2 ? 'second' : built.sliceFits === 3 ? 'third' : `${built.sliceFits}th`} consumer with its partitions)
              </button>
            ) : null}
          </div>
        ) : null}
        {scaled || slice > 1 ? (
          <button
            type="button"
            className="ghost"
            onClick={() => {
              setScaled(false)
              setSlice(0)
            }}
          >
            Back to the cluster as measured
          </button>
        ) : null}
        {built?.ok === true ? (
          <section aria-labelledby="import-result-h" className="import-result">
            <h3 id="import-result-h">What the scenario will be</h3>
            <p className="import-story">{built.story}</p>
            {notes.length > 0 ? (
              // What the readers and the merge noticed (records of other topics left out, two pastes that
              // disagree, keys on several partitions): `highway import` prints them; the page said nothing.
              <ul className="import-notes" aria-label="Notes on the pastes">
                {notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            ) : null}
            <FieldAccount fields={built.fields} />
          </section>
        ) : null}
        <div className="dialog-buttons">
          <button
            type="button"
            disabled={built?.ok !== true}
            onClick={() => {
              if (built?.ok !== true) return
              p.onOpen({ scenario: built.scenario, story: built.story, offers: built.offers.map((o) => ({ id: o.id, label: o.label, why: o.why, hash: o.hash })) })
            }}
          >
            Open scenario
          </button>
          <button type="button" onClick={p.onClose}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  )
}

interface PasteBoxProps {
  paste: PasteState
  status: string
  failed: boolean
  textRef?: React.RefObject<HTMLTextAreaElement | null> | undefined
  onChange: (patch: Partial<PasteState>) => void
  onRemove?: (() => void) | undefined
}

function PasteBox(p: PasteBoxProps): ReactNode {
  const textId = useId()
  const formatId = useId()
  const statusId = useId()
  return (
    <div className="paste">
      <div className="paste-head">
        <label htmlFor={textId}>{p.paste.source}</label>
        <label htmlFor={formatId} className="sr-only">
          Format of {p.paste.source}
        </label>
        <select id={formatId} value={p.paste.format} onChange={(e) => p.onChange({ format: isImportFormat(e.target.value) ? e.target.value : '' })}>
          <option value="">Guess the format</option>
          {PASTE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
        {p.onRemove !== undefined ? (
          <button type="button" className="ghost" onClick={p.onRemove} aria-label={`Remove ${p.paste.source}`}>
            Remove
          </button>
        ) : null}
      </div>
      <textarea
        id={textId}
        ref={p.textRef}
        value={p.paste.text}
        rows={6}
        // Tool output is a table: soft-wrapping its long rows (consumer ids) broke the columns apart.
        wrap="off"
        spellCheck={false}
        aria-describedby={statusId}
        onChange={(e) => p.onChange({ text: e.target.value })}
      />
      <p id={statusId} className={p.failed ? 'paste-status failed' : 'paste-status'}>
        {p.status}
      </p>
    </div>
  )
}
