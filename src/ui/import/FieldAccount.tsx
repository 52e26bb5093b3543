// The import's field-by-field account: each scenario field, its value, whether it was measured,
// derived or assumed, which paste(s) it came from, and why. Text only. A value cut short ("…")
// is whole in its title; the table is then one Tab stop whose arrow keys read each such value in
// the page's bubble (useTipGroup), as the status bar's figures are read.

import { useId, useRef, type ReactNode } from 'react'
import type { ImportedField } from '../../scenario/import/types.ts'
import { useTipGroup } from '../useTipGroup.ts'

const SHOWN_CHARS = 60

function whole(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v)
}

function shown(v: unknown): string {
  const text = whole(v)
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 1)}…` : text
}

export function FieldAccount({ fields }: { fields: readonly ImportedField[] }): ReactNode {
  const table = useRef<HTMLTableElement>(null)
  useTipGroup(table)
  const hint = useId()
  const cut = fields.some((f) => whole(f.value).length > SHOWN_CHARS)
  return (
    <>
    <span id={hint} className="sr-only">
      Arrow keys: each value cut short, whole
    </span>
    <table ref={table} className="field-account" tabIndex={cut ? 0 : undefined} aria-describedby={cut ? hint : undefined}>
      <caption>Field by field: what came from which paste, and what was assumed</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Value</th>
          <th scope="col">How</th>
          <th scope="col">From</th>
          <th scope="col">Why</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.path} className={`how-${f.how}`}>
            <th scope="row">{f.path}</th>
            <td title={whole(f.value).length > SHOWN_CHARS ? whole(f.value) : undefined}>{shown(f.value)}</td>
            <td>{f.how}</td>
            <td>{f.sources.length > 0 ? f.sources.join(', ') : '—'}</td>
            <td>{f.why}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </>
  )
}
