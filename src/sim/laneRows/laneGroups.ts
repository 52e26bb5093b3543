// Lane groups for big topics: above GROUP_ABOVE lanes the highway draws one row per group of lanes
// (by consumer, by leader broker, or the hottest N lanes and "the rest") and a group opens into
// its own lanes (drill-down). Pure: a Frame in, a smaller Frame out, so the lanes view draws a
// group exactly as it draws a lane. Reads only the frame it is given. The simulation worker
// builds these rows (laneRows/pageFrame.ts), so a frame of 10 000 lanes never crosses to the page.

import { topLanes } from './topLanes.ts'
import { LANE_HOT, LANE_MOVING, LANE_PAUSED, LANE_SATURATED, LANE_STATE_WAIT, LANE_STOPPED, PARTICLE_STRIDE, type Frame, type LaneGrouping } from '../frameTypes.ts'

export type { LaneGrouping }

/** A grouped row's leader when its lanes are led by different brokers. */
export const MIXED_LEADERS = -2

/** Up to this many lanes the highway shows every lane; above it, groups. */
export const GROUP_ABOVE = 64
/** At most this many group rows: more owners (consumers, brokers) than this share rows in ranges. */
export const MAX_GROUPS = 64
/** The hottest N lanes shown one by one before "the rest". */
export const HOTTEST_DEFAULT = 16

export interface LaneGroup {
  /** Stable id within its grouping (for drill-down and keys). */
  id: string
  /** Short row label, e.g. "c3–c9", "b2", "P17", "rest". */
  label: string
  /** Words for screen readers and the drill-down button, e.g. "Consumers 3 to 9: 70 lanes". */
  title: string
  /** Lane (partition) indexes, ascending. */
  lanes: number[]
}

/** A frame whose rows are groups (or a group's lanes): each row's label, and which lanes it holds. */
export interface GroupedFrame extends Frame {
  laneLabels: string[]
  /** Per row: the lanes it stands for (one lane per row in a drill-down). */
  rowLanes: number[][]
}

/** The lane → leader broker map a frame carries once brokers exist (frame.laneLeader), if any. */
export function laneLeaderOf(frame: Frame): Int32Array | null {
  const l = (frame as Frame & { laneLeader?: Int32Array }).laneLeader
  return l instanceof Int32Array && l.length >= frame.partitions ? l : null
}

/**
 * Groups a frame's lanes. `consumer`: by owning member (unowned lanes last); `broker`: by leader
 * broker (frame.laneLeader; offline lanes last; without leaders, one group); `hottest`: the `n`
 * lanes with the highest in-rate (ties: larger lag, then lower index) one by one, then the rest.
 * When owners outnumber MAX_GROUPS, consecutive owners share a row.
 */
export function groupLanes(frame: Frame, by: LaneGrouping, n = HOTTEST_DEFAULT): LaneGroup[] {
  const P = frame.partitions
  if (by === 'hottest') return hottest(frame, Math.max(0, Math.min(n, MAX_GROUPS - 1)))
  const leader = by === 'broker' ? laneLeaderOf(frame) : null
  const keyOf = (p: number): number => (by === 'consumer' ? frame.owner[p]! : leader ? leader[p]! : 0)
  const byKey = new Map<number, number[]>()
  for (let p = 0; p < P; p++) {
    const k = keyOf(p)
    let list = byKey.get(k)
    if (!list) byKey.set(k, (list = []))
    list.push(p)
  }
  const keys = [...byKey.keys()].filter((k) => k >= 0).sort((a, b) => a - b)
  // Broker ids count from 0 in the cluster state; people read them from 1 (`b1`, as run --json and the broker strip do).
  const name = (k: number): string => (by === 'consumer' ? memberShort(frame, k) : `b${k + 1}`)
  const noun = by === 'consumer' ? 'Consumer' : 'Broker'
  const out: LaneGroup[] = []
  const rows = MAX_GROUPS - (byKey.has(-1) ? 1 : 0)
  const per = Math.ceil(keys.length / Math.max(1, rows))
  for (let i = 0; i < keys.length; i += per) {
    const ks = keys.slice(i, i + per)
    const lanes = ks.flatMap((k) => byKey.get(k)!).sort((a, b) => a - b)
    const first = ks[0]!, last = ks[ks.length - 1]!
    const one = ks.length === 1
    out.push({
      id: `${by}:${first}-${last}`,
      label: one ? name(first) : `${name(first)}+`, // the label column fits ~6 characters; the title says the range
      title: `${one ? `${noun} ${longName(frame, by, first)}` : `${noun}s ${longName(frame, by, first)} to ${longName(frame, by, last)}`}: ${lanesWord(lanes.length)}`,
      lanes,
    })
  }
  const none = byKey.get(-1)
  if (none) out.push({ id: `${by}:none`, label: by === 'consumer' ? 'none' : 'offline', title: `${by === 'consumer' ? 'No consumer' : 'No leader'}: ${lanesWord(none.length)}`, lanes: none })
  if (by === 'broker' && !leader && out.length === 1) {
    out[0] = { id: 'broker:all', label: 'all', title: `All lanes (no broker leaders in this run): ${lanesWord(P)}`, lanes: out[0]!.lanes }
  }
  return out
}

/** Busiest first: higher in-rate, then larger lag, then lower index. */
function byHeat(frame: Frame): (a: number, b: number) => number {
  return (a, b) => frame.inRate[b]! - frame.inRate[a]! || frame.lag[b]! - frame.lag[a]! || a - b
}

/**
 * The rows of an opened group: each of its lanes, or, when it holds more than MAX_GROUPS (a
 * consumer's 1 000), its MAX_GROUPS − 1 busiest lanes in partition order and one row for the
 * others, so the highway never draws more rows than it has room for.
 */
export function openRows(frame: Frame, group: LaneGroup): LaneGroup[] {
  const lane = (p: number): LaneGroup => ({ id: `lane:${p}`, label: `P${p}`, title: `Lane P${p}`, lanes: [p] })
  if (group.lanes.length <= MAX_GROUPS) return group.lanes.map(lane)
  const busiest = group.lanes.slice().sort(byHeat(frame))
  const shown = busiest.slice(0, MAX_GROUPS - 1).sort((a, b) => a - b)
  const others = busiest.slice(MAX_GROUPS - 1).sort((a, b) => a - b)
  return [...shown.map(lane), { id: `${group.id}:others`, label: 'others', title: `The other ${lanesWord(others.length)} of ${group.title.replace(/:.*$/, '')}`, lanes: others }]
}

function hottest(frame: Frame, n: number): LaneGroup[] {
  const P = frame.partitions
  const top = topLanes(P, n, byHeat(frame))
  const out: LaneGroup[] = top.map((p) => ({ id: `hottest:${p}`, label: `P${p}`, title: `Lane P${p}`, lanes: [p] }))
  const shown = new Uint8Array(P)
  for (const p of top) shown[p] = 1
  const rest: number[] = []
  for (let p = 0; p < P; p++) if (shown[p] === 0) rest.push(p)
  if (rest.length > 0) out.push({ id: 'hottest:rest', label: 'rest', title: `The rest: ${lanesWord(rest.length)}`, lanes: rest })
  return out
}

function lanesWord(n: number): string {
  return `${n.toLocaleString('en')} lane${n === 1 ? '' : 's'}`
}

function memberShort(frame: Frame, m: number): string {
  const name = frame.members[m]?.name ?? `#${m}`
  const num = /(\d+)$/.exec(name)
  return num ? `c${num[1]}` : name.slice(0, 6)
}

function longName(frame: Frame, by: LaneGrouping, k: number): string {
  return by === 'consumer' ? (frame.members[k]?.name ?? `#${k}`) : String(k + 1)
}

/**
 * One row per group: offsets, lags and rates are the sums of the group's lanes, the age of the
 * oldest waiting record the largest of theirs. A row is stopped or paused only when all its lanes
 * are, hot, moving or saturated when any is. Its owner is the group's one owner, else none (an
 * index into the frame's members, all kept: the view draws only those that own a row).
 * Particles move to their group's row, queued as far ahead as they were in their own lane.
 */
export function aggregateFrame(frame: Frame, groups: readonly LaneGroup[]): GroupedFrame {
  const G = groups.length
  const logEndOffset = new Float64Array(G)
  const position = new Float64Array(G)
  const committed = new Float64Array(G)
  const lag = new Float64Array(G)
  const inRate = new Float64Array(G)
  const outRate = new Float64Array(G)
  const lagMs = new Float64Array(G)
  const flags = new Uint8Array(G)
  const owner = new Int32Array(G).fill(-1)
  const rowOf = new Int32Array(frame.partitions).fill(-1)
  // Per row: the one leader of its lanes (MIXED_LEADERS when they differ), leaderless when all are.
  const laneLeader = new Int32Array(G).fill(MIXED_LEADERS)
  const laneNoLeader = new Uint8Array(G)
  const leaders = frame.laneLeader as Int32Array | undefined
  const noLeader = frame.laneNoLeader as Uint8Array | undefined
  // One pass over each group's lanes for every figure (this runs on every frame of 10 000 lanes).
  for (let i = 0; i < G; i++) {
    const lanes = groups[i]!.lanes
    const first = lanes.length > 0 ? lanes[0]! : -1
    let leo = 0, pos = 0, com = 0, lg = 0, inr = 0, outr = 0, age = 0
    let lead = first >= 0 ? (leaders?.[first] ?? -1) : -1
    let none = first >= 0 ? 1 : 0
    let all = LANE_STOPPED | LANE_PAUSED
    let any = 0
    let o = first >= 0 ? frame.owner[first]! : -1
    for (let j = 0; j < lanes.length; j++) {
      const p = lanes[j]!
      leo += frame.logEndOffset[p]!
      pos += frame.position[p]!
      com += frame.committed[p]!
      lg += frame.lag[p]!
      inr += frame.inRate[p]!
      outr += frame.outRate[p]!
      if ((leaders?.[p] ?? -1) !== lead) lead = MIXED_LEADERS
      if (noLeader?.[p] !== 1) none = 0
      rowOf[p] = i
      if (frame.lagMs[p]! > age) age = frame.lagMs[p]!
      const f = frame.laneFlags[p]!
      all &= f
      any |= f
      if (frame.owner[p] !== o) o = -1
    }
    logEndOffset[i] = leo
    position[i] = pos
    committed[i] = com
    lag[i] = lg
    inRate[i] = inr
    outRate[i] = outr
    laneLeader[i] = lead
    laneNoLeader[i] = none
    lagMs[i] = age
    flags[i] = (all & (LANE_STOPPED | LANE_PAUSED)) | (any & (LANE_HOT | LANE_MOVING | LANE_SATURATED | LANE_STATE_WAIT))
    if (o >= 0 && frame.members[o]) owner[i] = o
  }
  return {
    ...frame,
    partitions: G,
    logEndOffset,
    position,
    committed,
    lag,
    lagMs,
    inRate,
    outRate,
    owner,
    laneFlags: flags,
    laneLeader,
    laneNoLeader,
    particles: moveParticles(frame, rowOf, position),
    laneLabels: groups.map((g) => g.label),
    rowLanes: groups.map((g) => g.lanes),
  }
}

function moveParticles(frame: Frame, rowOf: Int32Array, rowPosition: Float64Array): Float64Array {
  const src = frame.particles
  const n = Math.floor(src.length / PARTICLE_STRIDE)
  const out = new Float64Array(src.length)
  let o = 0
  for (let i = 0; i < n; i++) {
    const b = i * PARTICLE_STRIDE
    const p = src[b]!
    const row = rowOf[p] ?? -1
    if (row < 0) continue
    out.set(src.subarray(b, b + PARTICLE_STRIDE), o)
    out[o] = row
    // Same distance ahead of the row's position as it had ahead of its lane's.
    out[o + 4] = src[b + 4]! - frame.position[p]! + rowPosition[row]!
    o += PARTICLE_STRIDE
  }
  return out.subarray(0, o)
}
