// PAGESCALE: the worker's half of the page's lane groups. The page says how it groups a big topic's
// lanes, which group is open and which lane it inspects (LaneView); the worker keeps the groups and
// an open group's rows (made again at most once a wall second: rows that jumped every frame could
// not be read) and turns each frame into the rows the page draws (sim/laneRows/pageFrame.ts).
// Topics of up to GROUP_ABOVE partitions pass through unchanged.

import type { Frame, LaneView, MetricsSample } from '../sim/frameTypes.ts'
import { GROUP_ABOVE, groupLanes, openRows, type LaneGroup } from '../sim/laneRows/laneGroups.ts'
import { DEFAULT_LANE_VIEW, foldSampleLag, pageFrame } from '../sim/laneRows/pageFrame.ts'

/** Wall ms between regroupings of a big topic's lanes (the hottest lanes change all the time). */
export const REGROUP_MS = 1000

export interface LaneViewState {
  /** The page's choice; the next frame regroups. */
  set(view: LaneView): void
  /** The frame for the page: `full` itself for a small topic, else its rows. */
  frame(full: Frame): Frame
  /** A metric sample as the page needs it (a big topic's lag folded into bands). */
  sample(s: MetricsSample): MetricsSample
}

export function createLaneViewState(now: () => number): LaneViewState {
  let view = DEFAULT_LANE_VIEW
  let groups: LaneGroup[] = []
  let opened: LaneGroup[] | null = null
  let key = ''
  let at = -Infinity
  return {
    set(v) {
      view = v
      at = -Infinity
    },
    frame(full) {
      if (full.partitions <= GROUP_ABOVE) return full
      const k = `${view.by}:${full.partitions}:${full.members.length}`
      const wall = now()
      if (k !== key || wall - at >= REGROUP_MS) {
        groups = groupLanes(full, view.by)
        const open = view.open === null ? undefined : groups.find((g) => g.id === view.open)
        opened = open ? openRows(full, open) : null
        key = k
        at = wall
      }
      return pageFrame(full, groups, view, opened)
    },
    sample: foldSampleLag,
  }
}
