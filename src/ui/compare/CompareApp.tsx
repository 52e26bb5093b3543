// Compare mode's page: the shared controls on the left, the sides stacked so their lanes line up
// (same partition rows, same width), each side's metrics table on the right.

import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react'
import { useStore } from 'zustand'
import { SHOWN_NOTES } from '../../store/compareNotes.ts'
import { AppStoreProvider } from '../../store/useAppStore.ts'
import { ActionsContext } from '../actions.ts'
import { MetricsTable } from '../MetricsTable.tsx'
import { TimelineBar } from '../TimelineBar.tsx'
import { SCROLL_COLUMN } from '../keyTargets.ts'
import { useCompare } from './compareActions.ts'
import { CompareSide, SIDE_LETTERS } from './CompareSide.tsx'
import { CompareToolbar } from './CompareToolbar.tsx'
import { sideMarkerSource } from './sideMarkerSource.ts'
import { sidesInStep, useCompareDiffs } from './DiffStrip.tsx'
import { createThrottleClock, ThrottleClockContext, type ThrottleClock } from '../useThrottled.ts'
import type { CompareStore } from '../../store/compareStore.ts'
import type { AppStore } from '../../store/createAppStore.ts'
import { SharedControls } from './SharedControls.tsx'
import { useCompareKeys } from './useCompareKeys.ts'
import { usePresenter } from './presenter.ts'
import { usePublishMainTop } from './mainTop.ts'
import { usePointerBlur } from '../usePointerBlur.ts'
import { BannerList, type BannerItem } from '../BannerList.tsx'
import { ShortcutsDialog } from '../ShortcutsDialog.tsx'
import { TitleTip } from '../TitleTip.tsx'
import { COMPARE_SHORTCUTS } from '../shortcuts.ts'

/** The comparison's notes (a link's warnings and problems, copied links, worker faults) as one highway's banners. */
function Notes(): ReactNode {
  const { store } = useCompare()
  const notes = useStore(store, (s) => s.notes)
  const dismiss = useStore(store, (s) => s.dismissNote)
  const items = useMemo<BannerItem[]>(() => notes.map((n, i) => ({ ...n, key: i })), [notes])
  return <BannerList banners={items} onDismiss={dismiss} shown={SHOWN_NOTES} />
}

function SideTables(): ReactNode {
  const { store, sides } = useCompare()
  const labels = useStore(store, (s) => s.variants.map((v) => v.label).join('\u0000'))
  const names = labels.split('\u0000')
  return (
    <>
      {sides.map((side, i) => (
        <AppStoreProvider key={side.id ?? i} store={side.store}>
          <h2>
            {SIDE_LETTERS[i]} · {names[i]}
          </h2>
          <MetricsTable label={names[i] ?? SIDE_LETTERS[i] ?? String(i + 1)} />
        </AppStoreProvider>
      ))}
    </>
  )
}

/**
 * One Timeline for every side (one clock): it seeks them all to the same moment, and its cursor and
 * label show the session's moment (the toolbar's), not side A's frame, which may be a step ahead.
 * Its markers are every side's: a shared fault once, each side's rebalances with its letter (sideMarkerSource).
 */
function SharedTimeline(): ReactNode {
  const { store, sides } = useCompare()
  const markerSource = useMemo(() => sideMarkerSource(sides.map((s) => s.store)), [sides])
  const first = sides[0]
  if (first === undefined) return null
  return (
    <AppStoreProvider store={first.store}>
      <ActionsContext.Provider value={first.actions}>
        <TimelineBar pauseToggle={false} markerSource={markerSource} clockStore={store} />
      </ActionsContext.Provider>
    </AppStoreProvider>
  )
}

/**
 * Compare mode's figures a teacher reads together (the clock, the Timeline's label, each side's
 * table, the difference strip) while playing: one period, one timer, flushed in one task and only
 * when every side and the clock show the same frame time.
 */
export const COMPARE_MOMENT_MS = 250

export function compareMomentClock(store: CompareStore, sides: readonly { store: AppStore }[]): ThrottleClock {
  return createThrottleClock(COMPARE_MOMENT_MS, COMPARE_MOMENT_MS, () => {
    const states = sides.map((s) => s.store.getState())
    return sidesInStep(states) && states[0]?.frame?.t === store.getState().clock
  })
}

export function CompareApp(): ReactNode {
  const { store, sides } = useCompare()
  const clock = useMemo(() => compareMomentClock(store, sides), [store, sides])
  return (
    <ThrottleClockContext.Provider value={clock}>
      <ComparePage />
    </ThrottleClockContext.Provider>
  )
}

function ComparePage(): ReactNode {
  const { sides } = useCompare()
  const diffs = useCompareDiffs()
  useCompareKeys()
  usePointerBlur()
  const presenter = usePresenter()
  const mainRef = useRef<HTMLElement>(null)
  usePublishMainTop(mainRef)
  return (
    <div className={presenter ? 'app compare-app presenter' : 'app compare-app'}>
      <CompareToolbar />
      <Notes />
      {/* Three or four sides on a short screen go two by two (compare.css): stacked, each had a few px per lane. */}
      <main ref={mainRef} className={sides.length >= 3 ? 'compare-main many-sides' : 'compare-main'}>
        <aside className="left" aria-label="Shared controls">
          <SharedControls />
        </aside>
        <div className="compare-center">
          <div className="compare-sides" style={{ '--sides': sides.length, '--side-rows': Math.ceil(sides.length / 2) } as CSSProperties}>
            {sides.map((side, i) => (
              <CompareSide key={side.id ?? i} index={i} diffs={diffs} />
            ))}
          </div>
          <SharedTimeline />
        </div>
        {/* A Tab stop of its own when its tables overflow: Page Down / Page Up and Space scroll it (keyTargets). */}
        <aside className="right" aria-label="Partition metrics of each side" {...{ [SCROLL_COLUMN]: '' }}>
          <SideTables />
        </aside>
      </main>
      {sides[0] !== undefined ? (
        <AppStoreProvider store={sides[0].store}>
          <ShortcutsDialog rows={COMPARE_SHORTCUTS} />
        </AppStoreProvider>
      ) : null}
      <TitleTip />
    </div>
  )
}
