// The Parallel Consumer control (Confluent's library on every consumer): off, or its ordering
// (partition / key / unordered) and its worker threads. Used in the controls panel and on each
// compare side; a change restarts the run (or the side), as client settings do.

import type { ReactNode } from 'react'
import type { ParallelConsumerSpec } from '../scenario/types.ts'
import { NumberField, SelectField } from './fields.tsx'

type Choice = 'off' | ParallelConsumerSpec['ordering']

export const PARALLEL_CHOICES: ReadonlyArray<{ value: Choice; label: string }> = [
  { value: 'off', label: 'Off (one record at a time)' },
  { value: 'partition', label: 'Parallel, partition order' },
  { value: 'key', label: 'Parallel, key order' },
  { value: 'unordered', label: 'Parallel, unordered' },
]

/** PC's DEFAULT_MAX_CONCURRENCY. */
const DEFAULT_THREADS = 16

export function ParallelConsumerControls(p: { parallel: ParallelConsumerSpec | undefined; onChange: (next: ParallelConsumerSpec | null) => void; compact?: boolean }): ReactNode {
  const cur = p.parallel
  const threads = cur?.maxConcurrency ?? DEFAULT_THREADS
  return (
    <>
      <SelectField
        label="Parallel Consumer"
        value={cur?.ordering ?? 'off'}
        options={PARALLEL_CHOICES}
        onChange={(v) => p.onChange(v === 'off' ? null : { ...(cur ?? {}), ordering: v, maxConcurrency: threads })}
        hint="Confluent Parallel Consumer (a library, not part of Kafka): several threads per consumer; key order keeps each key's records in order. Restarts the run"
      />
      {cur && !p.compact ? (
        <NumberField
          label="Threads per consumer"
          value={threads}
          min={1}
          max={1000}
          onCommit={(v) => p.onChange({ ...cur, maxConcurrency: Math.max(1, Math.min(1000, Math.round(v))) })}
          debounceMs={800}
          hint="maxConcurrency: records one consumer processes at once. Restarts the run"
        />
      ) : null}
    </>
  )
}
