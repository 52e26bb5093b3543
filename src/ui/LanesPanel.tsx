// Mounts the D3 highway once and feeds it frames straight from the store (transient updates):
// animation never re-renders React.

import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { Frame } from '../sim/frameTypes.ts'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'
import { createLanesView } from '../view/createLanesView.ts'
import { GROUP_ABOVE, groupLanes, laneLeaderOf, laneOfRow, shownFrame, type LaneGroup, type LaneGrouping } from '../view/laneGroups.ts'
import { LaneGroupsBar } from './LaneGroupsBar.tsx'
import { projectorTheme, theme } from '../view/theme.ts'
import { followSize } from './followSize.ts'

/** Wall ms between refreshes of the lanes' lag numbers while frames stream in. */
export const LABEL_MS = 250
/** Wall ms between regroupings of a big topic's lanes (rows would jump if the hottest moved every frame). */
export const REGROUP_MS = 1000

interface Grouping {
  by: LaneGrouping
  open: string | null
  groups: LaneGroup[]
  /** When and for what the groups were made. */
  at: number
  key: string
  /** The frame last drawn (rows → lanes for clicks). */
  shown: Frame | null
}

export function LanesPanel(): ReactNode {
  const store = useAppStoreApi()
  const ref = useRef<HTMLDivElement>(null)
  // Presenter mode redraws the highway in the projector theme (a new view: colours are set once).
  const presenter = useAppStore((s) => s.presenter)
  // Big topics (laneGroups.ts): how lanes are grouped and which group is open. The effect reads
  // them through `grouping` so changing them redraws without rebuilding the view.
  const big = useAppStore((s) => (s.frame?.partitions ?? 0) > GROUP_ABOVE)
  const hasBrokers = useAppStore((s) => s.frame !== null && laneLeaderOf(s.frame) !== null)
  const partitions = useAppStore((s) => s.frame?.partitions ?? 0)
  const [by, setBy] = useState<LaneGrouping>('consumer')
  const [open, setOpen] = useState<string | null>(null)
  const [groups, setGroups] = useState<LaneGroup[]>([])
  const grouping = useRef<Grouping>({ by, open, groups: [], at: -Infinity, key: '', shown: null })
  const redraw = useRef<(() => void) | null>(null)
  useEffect(() => {
    grouping.current.by = by
    grouping.current.open = open
    grouping.current.at = -Infinity
    redraw.current?.()
  }, [by, open])
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const regroup = (f: Frame): Frame => {
      const g = grouping.current
      if (f.partitions <= GROUP_ABOVE) return (g.shown = f)
      const key = `${g.by}:${f.partitions}:${f.members.length}`
      const now = performance.now()
      if (key !== g.key || now - g.at >= REGROUP_MS) {
        const next = groupLanes(f, g.by)
        const ids = (x: LaneGroup[]) => x.map((y) => `${y.id}:${y.lanes.length}`).join()
        if (ids(next) !== ids(g.groups)) setGroups(next)
        g.groups = next
        g.key = key
        g.at = now
      }
      return (g.shown = shownFrame(f, g.groups, g.open))
    }
    const view = createLanesView(el, {
      onLaneClick: (row) => {
        const g = grouping.current
        // A group's row opens the group; a lane's row opens the lane inspector as ever.
        if (g.shown !== null && 'rowLanes' in g.shown && g.open === null) {
          const id = g.groups[row]?.id
          if (id !== undefined) setOpen(id)
          return
        }
        const lane = g.shown ? laneOfRow(g.shown, row) : row
        if (lane >= 0) store.getState().selectLane(lane)
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
      if (f !== null) view.update(regroup(f), { labels: true })
    }
    // data-t: the sim ms this highway shows, so a test can tell that compare mode's sides move together.
    const show = (f: Parameters<typeof view.update>[0]): void => {
      shown = performance.now()
      const wait = LABEL_MS - (shown - labelled)
      if (wait <= 0) labelled = performance.now()
      else trailing ??= setTimeout(relabel, wait)
      view.update(regroup(f), { labels: wait <= 0 })
      el.dataset['t'] = String(f.t)
    }
    const first = store.getState().frame
    if (first !== null) show(first)
    redraw.current = () => {
      const f = store.getState().frame
      if (f !== null) view.update(regroup(f), { labels: true })
    }
    view.setHighlight(store.getState().highlight)
    const unsub = store.subscribe((s, prev) => {
      if (s.frame !== prev.frame && s.frame !== null) show(s.frame)
      // A lesson step's lanes and consumers, outlined until the step changes.
      if (s.highlight !== prev.highlight) view.setHighlight(s.highlight)
    })
    return () => {
      redraw.current = null
      if (trailing !== null) clearTimeout(trailing)
      unsub()
      unfollow()
      view.destroy()
    }
  }, [store, presenter])
  const openGroup = open === null ? null : (groups.find((g) => g.id === open) ?? null)
  return (
    <div
      className="lanes-wrap"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open !== null) {
          e.stopPropagation()
          setOpen(null)
        }
      }}
    >
      {big && <LaneGroupsBar partitions={partitions} by={by} groups={groups} open={openGroup} hasBrokers={hasBrokers} onBy={(b) => (setOpen(null), setBy(b))} onOpen={setOpen} />}
      <div ref={ref} className="lanes" data-testid="highway" data-grouped={big ? (open === null ? 'groups' : 'lanes') : undefined} />
    </div>
  )
}
