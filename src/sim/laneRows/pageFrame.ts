// The frame the page gets for a big topic (issue 12 §5): what it shows, nothing more. Above
// GROUP_ABOVE partitions the simulation worker turns the whole frame into rows (the lane groups, or
// the open group's lanes), the lanes the metrics table lists and the inspected lane's figures, so a
// frame of 10 000 partitions crosses to the page as a few kilobytes and the page's work per frame
// follows the rows it draws, not the partitions. Pure: a Frame in, a smaller Frame out.

import { topLanes } from './topLanes.ts'
import { HELD_STRIDE, PARTICLE_STRIDE, type Frame, type LaneFigures, type LaneGroupInfo, type LaneHeld, type LaneView, type MetricsSample } from '../frameTypes.ts'
import { aggregateFrame, GROUP_ABOVE, type LaneGroup } from './laneGroups.ts'

/** Up to this many partitions the metrics table lists every one (it did before frames were grouped). */
export const ALL_ROWS_UP_TO = 1024
/** Above ALL_ROWS_UP_TO, the table lists this many: the partitions with the most lag. */
export const MOST_LAG = 100
/** The charts' backlog heat map of a big topic: at most this many bands of adjacent partitions. */
export const HEAT_BANDS = 64

/**
 * A row of a grouped frame carries at most this many records in flight: rows of 1 000 lanes would
 * otherwise get all of the frame's particles (~190 KB of them), more than a row can show apart.
 */
export const PARTICLES_PER_ROW = 100

/** What the page shows when it has not said otherwise: groups by consumer, none open. */
export const DEFAULT_LANE_VIEW: LaneView = { by: 'consumer', open: null, inspect: null }

/** Lane `p`'s figures read from a frame that holds every lane. */
export function figuresOf(frame: Frame, p: number): LaneFigures {
  const held = findHeld(frame.heldLanes, p)
  return {
    lane: p,
    owner: frame.owner[p] ?? -1,
    leader: frame.laneLeader[p] ?? -1,
    inRate: frame.inRate[p] ?? 0,
    outRate: frame.outRate[p] ?? 0,
    lag: frame.lag[p] ?? 0,
    lagMs: frame.lagMs[p] ?? 0,
    logEndOffset: frame.logEndOffset[p] ?? 0,
    position: frame.position[p] ?? 0,
    committed: frame.committed[p] ?? 0,
    flags: frame.laneFlags[p] ?? 0,
    ...(held !== null ? { held } : {}),
  }
}

/** Lane `p`'s entry in a Frame.heldLanes list, or null (binary search: the list is in lane order). */
export function findHeld(list: Float64Array | undefined, p: number): LaneHeld | null {
  if (list === undefined) return null
  let lo = 0
  let hi = list.length / HELD_STRIDE - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const at = mid * HELD_STRIDE
    const lane = list[at]!
    if (lane === p) return { records: list[at + 1]!, oldestSentAt: list[at + 2]! }
    if (lane < p) lo = mid + 1
    else hi = mid - 1
  }
  return null
}

/**
 * The lanes the metrics table lists: all up to ALL_ROWS_UP_TO, in partition order; else the
 * MOST_LAG with the most lag, the most first (ties: lower lane), so the lane that matters is the
 * first row, not somewhere among a hundred.
 */
export function tableLanes(frame: Frame): number[] {
  const P = frame.partitions
  if (P <= ALL_ROWS_UP_TO) return Array.from({ length: P }, (_, p) => p)
  const lag = frame.lag
  return topLanes(P, MOST_LAG, (a, b) => lag[b]! - lag[a]! || a - b)
}


/**
 * The rows of `full` the page draws for `view`, with what else it lists: the groups, or, when
 * `view.open` is one of them, `opened` (its rows: laneGroups.ts openRows).
 */
export function pageFrame(full: Frame, groups: readonly LaneGroup[], view: LaneView, opened: readonly LaneGroup[] | null): Frame {
  const open = view.open === null || opened === null ? undefined : groups.find((g) => g.id === view.open)
  // heldLanes names lanes, which are not the rows: the lanes listed one by one carry it (LaneFigures.held).
  const { laneLabels, rowLanes, heldLanes: _lanes, ...rows } = aggregateFrame(full, open ? opened! : groups)
  const inspect = view.inspect
  return {
    ...rows,
    particles: capPerRow(rows.particles, rows.partitions, PARTICLES_PER_ROW),
    // How many lanes each owns is what the page shows of it, not which (the rows say that).
    members: rows.members.map((m) => ({ ...m, owned: [], ownedCount: m.owned.length })),
    grouped: {
      partitions: full.partitions,
      by: view.by,
      open: open?.id ?? null,
      groups: groups.map((g): LaneGroupInfo => ({ id: g.id, label: g.label, title: g.title, size: g.lanes.length })),
      rowLabels: laneLabels,
      rowLane: Int32Array.from(rowLanes, (l) => (l.length === 1 ? l[0]! : -1)),
      mostLag: tableLanes(full).map((p) => figuresOf(full, p)),
      inspected: inspect !== null && inspect >= 0 && inspect < full.partitions ? figuresOf(full, inspect) : null,
    },
  }
}

/** The first `perRow` particles of each row (they come newest first, lane by lane in turn). */
function capPerRow(particles: Float64Array, rows: number, perRow: number): Float64Array {
  const n = Math.floor(particles.length / PARTICLE_STRIDE)
  if (n <= perRow) return particles
  const count = new Int32Array(rows)
  const out = new Float64Array(Math.min(n, rows * perRow) * PARTICLE_STRIDE)
  let o = 0
  for (let i = 0; i < n && o < out.length; i++) {
    const b = i * PARTICLE_STRIDE
    const row = particles[b]!
    if (count[row]! >= perRow) continue
    count[row]!++
    out.set(particles.subarray(b, b + PARTICLE_STRIDE), o)
    o += PARTICLE_STRIDE
  }
  return o === out.length ? out : out.slice(0, o)
}

/** The topic's partition count, whether the frame holds lanes or rows. */
export function topicPartitions(frame: Frame): number {
  return frame.grouped?.partitions ?? frame.partitions
}

/** Lane `p`'s figures as the page has them: from every lane, or from what a grouped frame lists; null when it has none. */
export function laneFigures(frame: Frame, p: number): LaneFigures | null {
  const g = frame.grouped
  if (g === undefined) return p >= 0 && p < frame.partitions ? figuresOf(frame, p) : null
  if (g.inspected?.lane === p) return g.inspected
  const row = g.rowLane.indexOf(p)
  if (row >= 0) return figuresOf(frame, row)
  return g.mostLag.find((x) => x.lane === p) ?? null
}

/** The row showing lane `p` of a frame, or -1 (a group of several or not shown). */
export function rowOfLane(frame: Frame, p: number): number {
  return frame.grouped ? frame.grouped.rowLane.indexOf(p) : p < frame.partitions ? p : -1
}

/** The lane (partition) behind row `row` of a page frame, or -1 when the row is a group of several. */
export function laneAtRow(frame: Frame, row: number): number {
  const g = frame.grouped
  return g === undefined ? row : (g.rowLane[row] ?? -1)
}

/**
 * A metrics sample's lag per partition folded into at most HEAT_BANDS bands of adjacent partitions
 * (each band its largest lag: a hot lane still shows), for a topic above GROUP_ABOVE partitions.
 * 10 000 heat cells a second is more than the chart has pixels and more than a frame may carry.
 */
export function foldSampleLag(s: MetricsSample): MetricsSample {
  const P = s.lag.length
  if (P <= GROUP_ABOVE) return s
  const bands = Math.min(HEAT_BANDS, P)
  const lag = new Float64Array(bands)
  for (let p = 0; p < P; p++) {
    const b = Math.floor((p * bands) / P)
    if (s.lag[p]! > lag[b]!) lag[b] = s.lag[p]!
  }
  return { ...s, lag }
}
