// The difference strip: per side, what happened since the mark (lag, stopped lanes, duplicates,
// ordering, p99, rebalances, and records lost once a broker fault ran), the best side of each row marked with ★ and the word "best", not by
// colour alone. The figures are computed for all sides at once (the best needs them all).

import { useEffect, useState, type ReactNode } from 'react'
import { bestSides, DIFF_ROWS, shownValue, sideDiff, type DiffRowKey, type SideDiff } from '../../store/compareDiff.ts'
import { effectiveMark, type CompareState } from '../../store/compareStore.ts'
import type { AppState } from '../../store/createAppStore.ts'
import { fmt } from '../MetricsTable.tsx'
import { useCompare } from './compareActions.ts'

export interface CompareDiffs {
  /** The mark in effect (ms), or null while the groups are still forming. */
  mark: number | null
  /** Whether the mark is the teacher's. */
  userMark: boolean
  sides: Array<SideDiff | null>
  best: Record<DiffRowKey, number[]>
}

/** The strip's figures for every side now. Pure over the stores' states. */
export function diffsOf(c: Pick<CompareState, 'mark' | 'autoMark' | 'tracks'>, sides: ReadonlyArray<Pick<AppState, 'frame' | 'metrics'>>): CompareDiffs {
  const mark = effectiveMark(c)
  const out = sides.map((s, i) => (mark === null || s.frame === null ? null : sideDiff(mark, s.frame, c.tracks[i] ?? [], s.metrics.items)))
  return { mark, userMark: c.mark !== null, sides: out, best: bestSides(out.map((d) => d?.values ?? null)) }
}

/** True when every side shows a frame of the same moment: only then are their figures comparable. */
export function sidesInStep(sides: ReadonlyArray<Pick<AppState, 'frame'>>): boolean {
  const t = sides[0]?.frame?.t
  return t !== undefined && sides.every((s) => s.frame?.t === t)
}

/**
 * Recomputed about twice a second, and at once when the mark changes, but only from frames of one
 * moment: a side a frame ahead would otherwise "win" a row it ties.
 */
export function useCompareDiffs(ms = 500): CompareDiffs {
  const { store, sides } = useCompare()
  const compute = (): CompareDiffs => diffsOf(store.getState(), sides.map((s) => s.store.getState()))
  const [diffs, setDiffs] = useState(compute)
  useEffect(() => {
    let last = 0
    let markChanged = false
    // What the figures were last computed from: paused, nothing changes, and the strip (and the
    // compare page with it) is not re-rendered twice a second for the same figures.
    let seen: readonly unknown[] = []
    // A side added or removed: the strips follow the new places at once (a new side shows "—" until it is in step).
    setDiffs((d) => (d.sides.length === sides.length ? d : diffsOf(store.getState(), sides.map((s) => s.store.getState()))))
    const tick = (): void => {
      const states = sides.map((s) => s.store.getState())
      if (!sidesInStep(states)) return
      const now = Date.now()
      if (!markChanged && now - last < ms) return
      const c = store.getState()
      const inputs = [c.mark, c.autoMark, c.tracks, ...states.flatMap((s) => [s.frame, s.metrics])]
      if (!markChanged && inputs.length === seen.length && inputs.every((x, i) => x === seen[i])) return
      seen = inputs
      last = now
      markChanged = false
      setDiffs(diffsOf(c, states))
    }
    const timer = setInterval(tick, Math.max(20, Math.round(ms / 5)))
    const unsub = store.subscribe((s, prev) => {
      if (s.mark !== prev.mark || s.autoMark !== prev.autoMark) {
        markChanged = true
        tick()
      }
    })
    return () => {
      clearInterval(timer)
      unsub()
    }
  }, [store, sides, ms])
  return diffs
}

function show(key: DiffRowKey, v: number | null): string {
  if (v === null) return '—'
  const x = shownValue(key, v)
  return key === 'stopped' ? x.toFixed(1) : fmt(x)
}

export function DiffStrip(p: { side: number; label: string; diffs: CompareDiffs }): ReactNode {
  const d = p.diffs.sides[p.side] ?? null
  const since = p.diffs.mark === null ? 'waiting for the group to settle' : `since ${(p.diffs.mark / 1000).toFixed(1)} s`
  return (
    <dl className="diff-strip" aria-label={`Differences: ${p.label}, ${since}`}>
      {DIFF_ROWS.filter((row) => !row.optional || p.diffs.sides.some((s) => (s?.values[row.key] ?? null) !== null)).map((row) => {
        const v = d?.values[row.key] ?? null
        const best = p.diffs.best[row.key].includes(p.side)
        return (
          <div key={row.key} className={best ? 'diff-cell best' : 'diff-cell'} title={row.title} data-row={row.key} data-best={best}>
            {/* The short word is drawn by CSS (compare.css) where the side is narrow; the label stays for screen readers. */}
            <dt data-short={row.short}>
              <span className="dt-long">{row.label}</span>
            </dt>
            <dd>
              {show(row.key, v)}
              {row.unit !== '' && v !== null ? <span className="unit"> {row.unit}</span> : null}
              {best ? (
                <span className="best-mark">
                  {' '}
                  <span aria-hidden="true">★</span>
                  <span className="sr-only">best</span>
                </span>
              ) : null}
            </dd>
          </div>
        )
      })}
      {d !== null && !d.exact ? <div className="diff-cell dim">(from {((p.diffs.mark ?? 0) / 1000).toFixed(1)} s on, approx.)</div> : null}
    </dl>
  )
}
