// Frame + size → every mark the highway draws, positioned. Pure: reads only its arguments (no DOM,
// no clock). Motion is a function of the frame's sim time: a record's x comes from its produce and
// consume times and the lane's backlog, so pause, step, speed and replay need no animation state.

import { shareLaneOwners } from './shareLanes.ts'
import { LANE_HOT, LANE_MOVING, LANE_PAUSED, LANE_SATURATED, LANE_STATE_WAIT, LANE_STOPPED, type Frame } from '../sim/frameTypes.ts'
import { headerHeight } from './laneHeader.ts'
import { LABEL_W, laneNames } from './laneNames.ts'
import { backlogFloor, backlogFraction, layoutParticles, type ParticleMarks } from './particleLayout.ts'
import { memberColour } from './theme.ts'
import { layoutConsumers, shortName, type ConsumerCaption, type ConsumerMark } from './consumerLayout.ts'
import { MIXED_LEADERS } from '../sim/laneRows/laneGroups.ts'

/** A grouped row whose lanes are led by different brokers (sim/laneRows/laneGroups.ts). */
export { MIXED_LEADERS }

export { shortName, smallNamePx, type ConsumerCaption, type ConsumerMark } from './consumerLayout.ts'
export { backlogFloor, backlogFraction, particleX, type ParticleMarks } from './particleLayout.ts'

export interface Size {
  width: number
  height: number
}

export interface LayoutOptions {
  /** Lane labels are never smaller than this (px; presenter mode asks for 20). */
  minFontPx: number
  /** Sim ms a record takes to cross an empty lane (default 1200). */
  travelMs: number
  /** Sim ms a delivered record takes to slide into its consumer (default 400). */
  exitMs: number
  /** Key 0 is drawn as the hot key only at or above this share of traffic (default 0.05). */
  hotShareThreshold: number
  /** Backlog (records) that fills the queue zone; the bar grows on a log scale up to it. */
  backlogFull: number
  /** Lanes named however thin (a lesson step's highlighted partitions), as hot lanes are; not for a big topic's grouped rows. */
  named?: readonly number[]
}

export const DEFAULT_LAYOUT_OPTIONS: LayoutOptions = {
  minFontPx: 11,
  travelMs: 1200,
  exitMs: 400,
  hotShareThreshold: 0.05,
  backlogFull: 1_000_000,
}

export interface LaneMark {
  index: number
  y: number
  h: number
  /** 0 (no lag) … 1 (backlogFull or more), log scale. */
  heat: number
  /** Width of the backlog bar, px, anchored at the lane's right end. */
  backlogW: number
  lag: number
  lagMs: number
  inRate: number
  outRate: number
  owner: number
  ownerColour: string
  /**
   * The owner's short name ("c2"; '' when unowned), drawn beside the lane's colour tag: colour
   * alone fails colour-blind viewers, and slots past the palette's length repeat colours.
   */
  ownerLabel: string
  /** A share group's lane: how many running readers besides the named one (drawn "c1 +1"), and all of them in words. */
  ownerMore: number
  ownerTitle: string
  stopped: boolean
  paused: boolean
  hot: boolean
  moving: boolean
  saturated: boolean
  /** Its producers and consumers have no leader to talk to (a broker fault): striped, "no leader". */
  noLeader: boolean
  /** A share group's lane whose share coordinator is down: its acknowledgements wait ("state down"). */
  stateWait: boolean
  /** Draw the "P3" label for this lane (lanes too thin to label are skipped in a regular pattern). */
  labelled: boolean
  /** Where the label starts (two staggered columns on thin lanes: laneNames.ts), and its words ("P3", or "3" there). */
  labelX: number
  labelText: string
  /** The broker leading it, as the broker strip names it ("b1"), or "no leader" (offline). */
  leader: string
  /** The row's label: "P3", or a lane group's ("c12", "b2", "rest": laneGroups.ts). */
  name: string
}

export interface LinkMark {
  lane: number
  member: number
  x0: number
  y0: number
  x1: number
  y1: number
  colour: string
  moving: boolean
}

export interface HighwayBanner {
  text: string
  tone: 'rebalance' | 'storm'
}

export interface LanesLayout {
  width: number
  height: number
  t: number
  /** Lane area: from x0 (producers' side) to x1 (the log end, where the queue builds). */
  x0: number
  x1: number
  /** Top of the first lane and the lane pitch. */
  top: number
  pitch: number
  /** Left edge of the consumer column. */
  consumerX: number
  /** Left edge of the queue zone (backlogFull reaches here). */
  queueX: number
  fontPx: number
  lanes: LaneMark[]
  consumers: ConsumerMark[]
  /** Over a crowded group's chips ("24 members"); null when the cards carry their names. */
  consumerCaption: ConsumerCaption | null
  links: LinkMark[]
  particles: ParticleMarks
  banner: HighwayBanner | null
}

/** A lane's leader as the broker strip names it: "b1" for broker index 0; "no leader" when offline. */
export function leaderLabel(b: number): string {
  // MIXED_LEADERS: a lane group whose lanes have different leaders names none.
  if (b === MIXED_LEADERS) return ''
  return b >= 0 ? `b${b + 1}` : 'no leader'
}

const CONSUMER_W = 200
const LINK_GAP = 70
/**
 * Under this width (a phone held upright) the consumer column and the links' gap narrow, so the
 * lanes keep ~120 of 390 px instead of ~100: a card's lines ("consumer-1", "3 lanes · load 0%")
 * still fit its 154 px. From this width up (every desktop and compare side at 1024 px) nothing changes.
 */
export const NARROW_W = 480
const NARROW_CONSUMER_W = 166
const NARROW_LINK_GAP = 36

function laneY(i: number, top: number, pitch: number): number {
  return top + i * pitch
}

/** Positions every mark of `frame` in a `size` box. Pure; allocates fresh arrays each call. */
export function layout(frame: Frame, size: Size, options: Partial<LayoutOptions> = {}): LanesLayout {
  const opts: LayoutOptions = { ...DEFAULT_LAYOUT_OPTIONS, ...options }
  const n = Math.max(0, frame.partitions)
  const width = Math.max(320, size.width)
  // The box's own height, however short (a compare side under its broker strip at 1024×768 has
  // ~100 px): laid out taller, the lanes past its bottom edge, the hot lane among them, were cut off.
  // A box without room for the header and a lane is not laid out yet (0 or 1 px): 160 px, as before.
  const height = size.height >= headerHeight(opts.minFontPx) + 16 ? size.height : 160
  const narrow = width < NARROW_W
  const consumerW = narrow ? NARROW_CONSUMER_W : CONSUMER_W
  const consumerX = width - consumerW
  const x1 = Math.max(LABEL_W + 100, consumerX - (narrow ? NARROW_LINK_GAP : LINK_GAP))
  // The header's two rows (titles, backlog scale) grow with presenter mode's type (laneHeader.ts).
  const top = headerHeight(opts.minFontPx)
  const avail = height - top - 6
  const pitch = n > 0 ? avail / n : avail
  const laneH = Math.max(1, pitch * (pitch >= 6 ? 0.8 : 1))
  const fontPx = Math.max(opts.minFontPx, Math.min(20, Math.floor(pitch * 0.55)))
  // Rows that stand for lane groups carry their own labels (laneGroups.ts GroupedFrame).
  const laneLabels = (frame as Frame & { laneLabels?: readonly string[] }).laneLabels
  const names = Array.from({ length: n }, (_, i) => laneLabels?.[i] ?? `P${i}`)
  const hot = Array.from({ length: n }, (_, i) => ((frame.laneFlags[i] ?? 0) & LANE_HOT) !== 0)
  // Named however thin: hot lanes, and the lanes a lesson step talks about ("watch lanes 1, 4, 6, 11"
  // had only lane 6 named on a compare side's 7 px lanes). A big topic's rows are groups, not partitions.
  const named = frame.grouped === undefined ? (opts.named ?? []) : []
  const always = named.length === 0 ? hot : hot.map((h, i) => h || named.includes(i))
  // Every lane named while names fit their rows, in two staggered columns on thinner ones (the lanes
  // then start further right), else every k-th (laneNames.ts).
  const labels = laneNames(names, always, pitch, fontPx, x1)
  const x0 = labels.x0
  const queueX = x0 + (x1 - x0) * 0.45
  const lanes: LaneMark[] = []
  // A share group's lanes name a running reader and count the others (shareLanes.ts); null otherwise.
  const shared = shareLaneOwners(frame, shortName)
  for (let i = 0; i < n; i++) {
    const flags = frame.laneFlags[i] ?? 0
    const lag = frame.lag[i] ?? 0
    const share = shared?.[i]
    const owner = share !== undefined ? share.lead : (frame.owner[i] ?? -1)
    // Lag below the noise floor is records in flight, not a backlog: drawn as none. Quantised, so
    // a lane whose lag barely moved writes nothing to the DOM (see laneRows.ts).
    const frac = lag < backlogFloor(frame.inRate[i] ?? 0) ? 0 : Math.round(backlogFraction(lag, opts.backlogFull) * 64) / 64
    lanes.push({
      index: i,
      y: laneY(i, top, pitch) + (pitch - laneH) / 2,
      h: laneH,
      heat: frac,
      backlogW: Math.round((x1 - queueX) * frac),
      lag,
      lagMs: frame.lagMs[i] ?? 0,
      inRate: frame.inRate[i] ?? 0,
      outRate: frame.outRate[i] ?? 0,
      owner,
      ownerColour: memberColour(owner),
      ownerLabel: share !== undefined ? share.label : owner >= 0 ? shortName(frame.members[owner]?.name ?? '') : '',
      ownerMore: share?.more ?? 0,
      ownerTitle: share?.title ?? '',
      stopped: (flags & LANE_STOPPED) !== 0,
      paused: (flags & LANE_PAUSED) !== 0,
      hot: (flags & LANE_HOT) !== 0,
      moving: (flags & LANE_MOVING) !== 0,
      saturated: (flags & LANE_SATURATED) !== 0,
      noLeader: frame.laneNoLeader?.[i] === 1,
      stateWait: (flags & LANE_STATE_WAIT) !== 0,
      labelled: labels.names[i]?.shown ?? false,
      labelX: labels.names[i]?.x ?? 0,
      labelText: labels.names[i]?.text ?? '',
      leader: leaderLabel(frame.laneLeader[i] ?? -1),
      name: names[i] ?? `P${i}`,
    })
  }

  const { consumers, caption: consumerCaption } = layoutConsumers(frame, consumerX + 6, consumerW - 12, top, avail, opts.minFontPx)

  const links: LinkMark[] = []
  for (const lane of lanes) {
    const c = consumers[lane.owner]
    if (c === undefined) continue
    links.push({
      lane: lane.index,
      member: c.member,
      x0: x1 + 10,
      y0: lane.y + lane.h / 2,
      x1: c.x,
      y1: c.y + c.h / 2,
      colour: c.colour,
      moving: lane.moving,
    })
  }

  return {
    width,
    height,
    t: frame.t,
    x0,
    x1,
    top,
    pitch,
    consumerX,
    queueX,
    fontPx,
    lanes,
    consumers,
    consumerCaption,
    links,
    particles: layoutParticles(frame, lanes, { x0, x1, queueX, consumerX: consumerX + 6 }, opts),
    banner: bannerFor(frame),
  }
}

function bannerFor(frame: Frame): HighwayBanner | null {
  const g = frame.group
  if (g.storm) return { text: `Rebalance storm: ${g.rebalancesLastMinute} rebalances in the last minute`, tone: 'storm' }
  if (g.rebalancing) {
    let stopped = 0
    for (let i = 0; i < frame.partitions; i++) if (((frame.laneFlags[i] ?? 0) & LANE_STOPPED) !== 0) stopped++
    return {
      text: `Rebalancing (gen ${g.generation}): ${stopped} of ${frame.partitions} lanes stopped`,
      tone: 'rebalance',
    }
  }
  return null
}
