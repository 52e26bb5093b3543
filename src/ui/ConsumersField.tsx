// The number of consumers with − / + beside it: one highway's Consumers, compare mode's shared
// Consumers (every side) and a side's own Members (its Strategy). One component, so the three keep
// the same bounds; the scenario's own limit (LIMITS.consumers, 0–1 000) is the validator's, for links.

import type { ReactNode } from 'react'
import { NumberField } from './fields.tsx'

/** The field's bounds: a classroom's group, a few dozen at most (a link may carry more). */
export const CONSUMERS_FIELD = { min: 0, max: 64 } as const

export function ConsumersField(p: {
  value: number
  onCount: (count: number) => void
  label?: string
  /** The − / + buttons' names (one highway's by default; a side names its own). */
  fewer?: string
  more?: string
  hint?: string
}): ReactNode {
  const to = (n: number): void => p.onCount(Math.min(CONSUMERS_FIELD.max, Math.max(CONSUMERS_FIELD.min, n)))
  return (
    <NumberField label={p.label ?? 'Consumers'} value={p.value} min={CONSUMERS_FIELD.min} max={CONSUMERS_FIELD.max} onCommit={p.onCount} debounceMs={500} {...(p.hint === undefined ? {} : { hint: p.hint })}>
      <button type="button" aria-label={p.fewer ?? 'Remove a consumer'} onClick={() => to(p.value - 1)}>
        −
      </button>
      <button type="button" aria-label={p.more ?? 'Add a consumer'} onClick={() => to(p.value + 1)}>
        +
      </button>
    </NumberField>
  )
}
