// Mounts the D3 highway once and feeds it frames straight from the store (transient updates):
// animation never re-renders React.

import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import type { Frame, LaneGroupInfo } from '../sim/frameTypes.ts'
import { laneAtRow } from '../sim/laneRows/pageFrame.ts'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'
import { createLanesView } from '../view/createLanesView.ts'
import { drawnRows } from '../view/groupedRows.ts'
import { LaneGroupsBar } from './LaneGroupsBar.tsx'
import { projectorTheme, theme } from '../view/theme.ts'
import { followSize } from './followSize.ts'

/** Wall ms between refreshes of the lanes' lag numbers while frames stream in. */
export const LABEL_MS = 250

const NO_GROUPS: readonly LaneGroupInfo[] = []

/** The groups' identity: a new list only when a group comes, goes or changes size (not every frame). */
function groupsKey(f: Frame | null): string {
  const g = f?.grouped
  return g === undefined ? '' : `${g.by}|${g.open ?? ''}|${g.groups.map((x) => `${x.id}:${x.size}`).join()}`
}

export function LanesPanel(): ReactNode {
  const store = useAppStoreApi()
  const ref = useRef<HTMLDivElement>(null)
  // Presenter mode redraws the highway in the projector theme (a new view: colours are set once).
  const presenter = useAppStore((s) => s.presenter)
  // Big topics (sim/laneRows): the worker sends rows (groups, or the open group's lanes), built
  // for the grouping and open group chosen here (store: laneBy, laneOpen; app/laneViewSync.ts).
  const big = useAppStore((s) => s.frame?.grouped !== undefined)
  const hasBrokers = useAppStore((s) => (s.frame?.brokers.length ?? 0) > 0)
  const partitions = useAppStore((s) => s.frame?.grouped?.partitions ?? 0)
  const by = useAppStore((s) => s.laneBy)
  const key = useAppStore((s) => groupsKey(s.frame))
  const groups = useMemo(() => (key === '' ? NO_GROUPS : (store.getState().frame?.grouped?.groups ?? NO_GROUPS)), [key, store])
  const openId = useMemo(() => (key === '' ? null : (store.getState().frame?.grouped?.open ?? null)), [key, store])
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const view = createLanesView(el, {
      onLaneClick: (row) => {
        const s = store.getState()
        const g = s.frame?.grouped
        // A group's row opens the group; a lane's row opens the lane inspector as ever.
        if (g !== undefined && g.open === null) {
          const id = g.groups[row]?.id
          if (id !== undefined) s.setLaneOpen(id)
          return
        }
        const lane = s.frame ? laneAtRow(s.frame, row) : row
        if (lane >= 0) s.selectLane(lane)
      },
      onConsumerClick: (member, name, x, y) => store.getState().selectConsumer({ member, name, x, y }),
      theme: presenter ? projectorTheme : theme,
    })
    const unfollow = followSize(el, view)
    // Lag numbers on the lanes: at most every LABEL_MS of wall time, and once more LABEL_MS after
    // the last frame, so a paused highway always reads the exact lags of the moment it shows.
    // Each frame is drawn once.
    let labelled = 0
    let shown = 0
    let trailing: ReturnType<typeof setTimeout> | null = null
    const relabel = (): void => {
      trailing = null
      // Frames still coming: the first one past LABEL_MS carries the numbers. Redrawing the frame
      // on screen here as well drew the whole highway twice, four times a second.
      const quiet = performance.now() - shown
      if (quiet < LABEL_MS) {
        trailing = setTimeout(relabel, LABEL_MS - quiet)
        return
      }
      labelled = performance.now()
      const f = store.getState().frame
      if (f !== null) view.update(drawnRows(f), { labels: true })
    }
    // data-t: the sim ms this highway shows, so a test can tell that compare mode's sides move together.
    const show = (f: Frame): void => {
      shown = performance.now()
      const wait = LABEL_MS - (shown - labelled)
      if (wait <= 0) labelled = performance.now()
      else trailing ??= setTimeout(relabel, wait)
      view.update(drawnRows(f), { labels: wait <= 0 })
      el.dataset['t'] = String(f.t)
      // A big topic's rows: their lanes (-1: a group) and lags, so a test can check them against the CLI.
      if (f.grouped !== undefined) {
        el.dataset['rows'] = f.grouped.rowLane.join(',')
        el.dataset['lags'] = f.lag.join(',')
      }
    }
    const first = store.getState().frame
    if (first !== null) show(first)
    view.setHighlight(store.getState().highlight)
    const unsub = store.subscribe((s, prev) => {
      if (s.frame !== prev.frame && s.frame !== null) show(s.frame)
      // A lesson step's lanes and consumers, outlined until the step changes.
      if (s.highlight !== prev.highlight) view.setHighlight(s.highlight)
    })
    return () => {
      if (trailing !== null) clearTimeout(trailing)
      unsub()
      unfollow()
      view.destroy()
    }
  }, [store, presenter])
  const openGroup = openId === null ? null : (groups.find((g) => g.id === openId) ?? null)
  return (
    <div
      className="lanes-wrap"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && openId !== null) {
          e.stopPropagation()
          store.getState().setLaneOpen(null)
        }
      }}
    >
      {big && (
        <LaneGroupsBar
          partitions={partitions}
          by={by}
          groups={groups}
          open={openGroup}
          hasBrokers={hasBrokers}
          onBy={(b) => store.getState().setLaneBy(b)}
          onOpen={(id) => store.getState().setLaneOpen(id)}
        />
      )}
      <div ref={ref} className="lanes" data-testid="highway" data-grouped={big ? (openId === null ? 'groups' : 'lanes') : undefined} />
    </div>
  )
}
