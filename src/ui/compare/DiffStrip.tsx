// The difference strip: per side, what happened since the mark (lag, stopped lanes, duplicates,
// ordering, p99, rebalances, and lanes paused by brokers and records lost once a broker fault ran, records the
// producers hold while some side's do), the best side of each row marked with ★ and the word "best", not by
// colour alone. The figures are computed for all sides at once (the best needs them all).

import { useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { bestSides, DIFF_ROWS, rowShown, shownValue, sideDiff, type DiffRowKey, type SideDiff } from '../../store/compareDiff.ts'
import { effectiveMark, type CompareState } from '../../store/compareStore.ts'
import type { AppState } from '../../store/createAppStore.ts'
import { fmt } from '../MetricsTable.tsx'
import { storeClock, ThrottleClockContext } from '../useThrottled.ts'
import { tipItems, useTipGroup } from '../useTipGroup.ts'
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
 * Recomputed on the page's throttle clock while playing (compare mode's: in the same task as the
 * clock, the Timeline and the tables, from the same moment), at once when paused or the mark
 * changes, but only from frames of one moment: a side a frame ahead would otherwise "win" a row it ties.
 */
export function useCompareDiffs(ms = 500): CompareDiffs {
  const { store, sides } = useCompare()
  const clock = useContext(ThrottleClockContext) ?? storeClock(store)
  const period = clock.period ?? ms
  const compute = (): CompareDiffs => diffsOf(store.getState(), sides.map((s) => s.store.getState()))
  const [diffs, setDiffs] = useState(compute)
  useEffect(() => {
    let last = 0
    let cancel: (() => void) | null = null
    // What the figures were last computed from: paused, nothing changes, and the strip (and the
    // compare page with it) is not re-rendered for the same figures.
    let seen: readonly unknown[] = []
    // A side added or removed: the strips follow the new places at once (a new side shows "—" until it is in step).
    setDiffs((d) => (d.sides.length === sides.length ? d : diffsOf(store.getState(), sides.map((s) => s.store.getState()))))
    /** Computes the figures if every side shows one moment and something changed; false if out of step. */
    const compute = (force: boolean): boolean => {
      const states = sides.map((s) => s.store.getState())
      if (!sidesInStep(states)) return false
      const c = store.getState()
      const inputs = [c.mark, c.autoMark, c.tracks, ...states.flatMap((s) => [s.frame, s.metrics])]
      if (!force && inputs.length === seen.length && inputs.every((x, i) => x === seen[i])) return true
      seen = inputs
      setDiffs(diffsOf(c, states))
      return true
    }
    const flush = (slot?: number): void => {
      cancel = null
      last = slot ?? Date.now()
      // Out of step (the default clock does not wait for the sides): look again on the next change.
      compute(false)
    }
    const changed = (): void => {
      if (!store.getState().playing) {
        cancel?.()
        cancel = null
        compute(false)
        return
      }
      if (cancel === null) cancel = clock.request(Math.max(Date.now(), last + period), flush)
    }
    compute(false)
    const unsubs = sides.map((s) => s.store.subscribe(changed))
    unsubs.push(
      store.subscribe((s, prev) => {
        if (s.mark !== prev.mark || s.autoMark !== prev.autoMark) {
          // The teacher moved the mark: the figures follow at once (when the sides are in step).
          if (compute(true)) {
            cancel?.()
            cancel = null
          } else changed()
        } else if (s.playing !== prev.playing) changed()
      }),
    )
    return () => {
      for (const u of unsubs) u()
      cancel?.()
    }
  }, [store, sides, period, clock])
  return diffs
}

function show(key: DiffRowKey, v: number | null): string {
  if (v === null) return '—'
  const x = shownValue(key, v)
  return key === 'stopped' || key === 'paused' ? x.toFixed(1) : fmt(x)
}

/**
 * The strip's cells and, first, its side's summary (whole in its title where the header cuts it)
 * and the toolbar's mark, which says what the cells count from (its words were a mouse's only).
 */
function stripFigures(strip: HTMLElement): HTMLElement[] {
  const doc = strip.ownerDocument
  return tipItems(strip, [strip.closest('.compare-side')?.querySelector('.side-summary') ?? null, doc.querySelector('.compare-toolbar .mark-note')])
}

export function DiffStrip(p: { side: number; label: string; diffs: CompareDiffs }): ReactNode {
  const d = p.diffs.sides[p.side] ?? null
  const since = p.diffs.mark === null ? 'waiting for the group to settle' : `since ${(p.diffs.mark / 1000).toFixed(1)} s`
  // One Tab stop per side whose arrow keys read each cell's explanation and the side's summary.
  const strip = useRef<HTMLDListElement>(null)
  useTipGroup(strip, stripFigures)
  const hint = useId()
  return (
    <>
    <span id={hint} className="sr-only">
      Arrow keys: the side's settings, the mark, and each difference, with what it means
    </span>
    <dl ref={strip} className="diff-strip" aria-label={`Differences: ${p.label}, ${since}`} tabIndex={0} aria-describedby={hint}>
      {DIFF_ROWS.filter((row) => rowShown(row, p.diffs.sides)).map((row) => {
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
    </>
  )
}
