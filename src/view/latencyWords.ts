// A latency as the page writes it everywhere (status bar, charts): milliseconds below 10 s,
// seconds from 10 s on ("12.0 s"), so the status bar and the p99 chart beside it read alike.

export interface LatencyParts {
  value: string
  unit: 'ms' | 's'
}

/** From 10 s on in seconds with one decimal; below, whole milliseconds. */
export function latencyParts(ms: number): LatencyParts {
  return ms >= 10_000 ? { value: (ms / 1000).toFixed(1), unit: 's' } : { value: String(Math.round(ms)), unit: 'ms' }
}

/** "812 ms", "12.0 s"; "—" for none. */
export function latencyText(ms: number | null): string {
  if (ms === null) return '—'
  const p = latencyParts(ms)
  return `${p.value} ${p.unit}`
}
