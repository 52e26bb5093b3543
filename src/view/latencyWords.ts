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

/**
 * Seconds the page's p99 figure looks back over (the status bar's and the p99 chart's label). A
 * lane fetched every other second (the Parallel Consumer's hot key) made the last second's p99
 * swing between 6 ms and 30 s from one second to the next: unreadable on a projector.
 */
export const P99_WINDOW_S = 5

/**
 * The worst one-second p99 among the samples of the last P99_WINDOW_S seconds (oldest first, one a
 * second, as the p99 chart draws them): null when nothing was consumed in any of them, undefined
 * before the first sample. The highest point of the chart's line over that stretch.
 */
export function recentP99(samples: ReadonlyArray<{ t: number; p99Ms: number | null }>): number | null | undefined {
  const last = samples[samples.length - 1]
  if (last === undefined) return undefined
  let worst: number | null = null
  for (let i = samples.length - 1; i >= 0; i--) {
    const s = samples[i]!
    if (s.t <= last.t - P99_WINDOW_S * 1000) break
    if (s.p99Ms !== null) worst = Math.max(worst ?? 0, s.p99Ms)
  }
  return worst
}
