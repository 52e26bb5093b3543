// The import's field-by-field account: each scenario field, its value, whether it was measured,
// derived or assumed, which paste(s) it came from, and why. Text only.

import type { ReactNode } from 'react'
import type { ImportedField } from '../../scenario/import/types.ts'

function shown(v: unknown): string {
  const text = typeof v === 'string' ? v : JSON.stringify(v)
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

export function FieldAccount({ fields }: { fields: readonly ImportedField[] }): ReactNode {
  return (
    <table className="field-account">
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
            <td title={typeof f.value === 'string' ? f.value : JSON.stringify(f.value)}>{shown(f.value)}</td>
            <td>{f.how}</td>
            <td>{f.sources.length > 0 ? f.sources.join(', ') : '—'}</td>
            <td>{f.why}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
