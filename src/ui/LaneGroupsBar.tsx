// The lane-group controls shown above a highway of more than GROUP_ABOVE lanes: how to group the
// lanes, one button per group (click or Enter opens it: the highway shows that group's lanes), and
// a way back (the button, or Esc on the highway). Presentational: LanesPanel owns the state; the
// groups come from the worker's frame (Frame.grouped), which keeps their lanes. Groups past one row
// fold behind "+N more groups" (useGroupsFit.ts); whether they are unfolded is the bar's own state.

import { useId, useRef, useState, type ReactNode } from 'react'
import type { LaneGroupInfo, LaneGrouping } from '../sim/frameTypes.ts'
import { MAX_GROUPS } from '../sim/laneRows/laneGroups.ts'
import { useGroupsFit } from './useGroupsFit.ts'

export interface LaneGroupsBarProps {
  partitions: number
  by: LaneGrouping
  groups: readonly LaneGroupInfo[]
  open: LaneGroupInfo | null
  /** The run has broker leaders (frame.laneLeader): grouping by broker means something. */
  hasBrokers: boolean
  onBy: (by: LaneGrouping) => void
  onOpen: (id: string | null) => void
}

const BY_WORDS: Record<LaneGrouping, string> = {
  consumer: 'consumer',
  broker: 'leader broker',
  hottest: 'hottest lanes + the rest',
}

/**
 * What an opened group shows: its lanes, or, past MAX_GROUPS (a consumer's 1 000 lanes), its
 * busiest MAX_GROUPS − 1 one by one and the rest in one row (laneGroups.ts openRows), said so that
 * "1,000 lanes" over 64 rows is not read as every lane drawn.
 */
export function openWords(open: LaneGroupInfo): string {
  if (open.size <= MAX_GROUPS) return `Showing ${open.title}`
  const one = MAX_GROUPS - 1
  return `Showing ${open.title}: the ${one} busiest one by one, the other ${(open.size - one).toLocaleString('en')} in the last row`
}

export function LaneGroupsBar(p: LaneGroupsBarProps): ReactNode {
  const options = (Object.keys(BY_WORDS) as LaneGrouping[]).filter((b) => b !== 'broker' || p.hasBrokers)
  const bar = useRef<HTMLDivElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const listId = useId()
  const [unfolded, setUnfolded] = useState(false)
  const fit = useGroupsFit(bar, list, p.groups.map((g) => g.id).join(), !unfolded)
  const n = p.groups.length
  // Measuring (fit null): every group, and the button with the widest words it can have.
  const shown = unfolded || fit === null ? n : fit
  const folds = unfolded || fit === null || fit < n
  const more = unfolded ? 'Fewer groups' : `+${fit === null ? n : n - fit} more groups`
  return (
    <div ref={bar} className="lane-groups" role="group" aria-label="Lane groups" data-testid="lane-groups">
      <label>
        {p.partitions.toLocaleString('en')} lanes, grouped by{' '}
        <select value={p.by} onChange={(e) => p.onBy(e.target.value as LaneGrouping)} aria-label="Group lanes by">
          {options.map((b) => (
            <option key={b} value={b}>
              {BY_WORDS[b]}
            </option>
          ))}
        </select>
      </label>
      {p.open ? (
        <span className="lane-groups-open">
          <span role="status" data-testid="lane-group-open">
            {openWords(p.open)}
          </span>{' '}
          <button type="button" onClick={() => p.onOpen(null)}>
            Back to all groups (Esc)
          </button>
        </span>
      ) : (
        <div ref={list} id={listId} className={`lane-groups-list${unfolded ? ' unfolded' : ''}`} role="group" aria-label={`Open a group (${n} groups)`}>
          {p.groups.slice(0, shown).map((g) => (
            <button key={g.id} type="button" className="lane-group" title={g.title} aria-label={`Open ${g.title}`} onClick={() => p.onOpen(g.id)}>
              {g.label}
            </button>
          ))}
          {folds ? (
            <button key="more" type="button" className="lane-groups-more" aria-expanded={unfolded} aria-controls={listId} onClick={() => setUnfolded(!unfolded)}>
              {more}
            </button>
          ) : null}
        </div>
      )}
    </div>
  )
}
