// Which lanes show their name at the highway's left edge, where, and in which words. While a name
// fits its row, every lane's, in one column. On lanes thinner than the type (presenter mode's 20 px
// names on a compare side's 14 px lanes, two by two at 1024×768) the names take two staggered
// columns, even lanes left and odd lanes right, so names in one column are two lanes apart and every
// lane keeps its name: a teacher says "lane 7" and the room finds it. Where two columns of "P7"
// would take much of a short lane's length, they read "7" under the header's "Lane". Thinner still
// (under half the type), every k-th lane is named, and a hot lane, or one a lesson step points at,
// always: two of those closer than the type take the two columns, so neither name covers the other. Pure.

/** The name column's usual width (px): the lanes start here. */
export const LABEL_W = 64
/** Where a name (the first column's) starts. */
const LEFT = 8
/** Between the first column's widest name and the second column; between that and the lane. */
const COL_GAP = 6
const ROAD_GAP = 4
/**
 * Bold capitals and digits run wider than text on average (textWidth's 0.62 em): "P10" at 20 px
 * measures 43 px in the page's sans-serif, 0.72 em a character.
 */
const NAME_EM = 0.72
/** A second column may take this much of the lanes' length (px), or this share of it on a wide highway. */
const WIDEN_PX = 16
const WIDEN_SHARE = 0.1

export interface LaneName {
  shown: boolean
  x: number
  /** The words drawn: the lane's name, or its number alone ("7" for "P7") in two tight columns. */
  text: string
}

export interface LaneNames {
  /** Where the lanes start: LABEL_W, or further right to make room for a second column. */
  x0: number
  names: LaneName[]
}

function nameWidth(text: string, px: number): number {
  return text.length * NAME_EM * px
}

/** "P7" → "7"; a lane group's name ("c12", "rest") stays as it is. */
export function laneNumber(name: string): string {
  return /^P\d+$/.test(name) ? name.slice(1) : name
}

/** Both columns of `texts`, or null when they take the lanes more than they may spare. */
function staggered(texts: readonly string[], px: number, spare: number): LaneNames | null {
  let even = 0
  let odd = 0
  texts.forEach((t, i) => {
    const w = nameWidth(t, px)
    if (i % 2 === 0) even = Math.max(even, w)
    else odd = Math.max(odd, w)
  })
  const second = Math.ceil(LEFT + even + COL_GAP)
  const x0 = Math.max(LABEL_W, Math.ceil(second + odd + ROAD_GAP))
  if (x0 - LABEL_W > spare) return null
  return { x0, names: texts.map((text, i) => ({ shown: true, x: i % 2 === 0 ? LEFT : second, text })) }
}

/**
 * The names of lanes `pitch` px apart drawn at `px`, on lanes reaching `x1` (LABEL_W to x1 before
 * any second column); `hot[i]`: lane i is always named (it is hot, or a lesson step highlights it).
 */
export function laneNames(names: readonly string[], hot: readonly boolean[], pitch: number, px: number, x1: number): LaneNames {
  // A name needs the type's height, and at least 16 px between names.
  const gap = Math.max(16, px)
  if (pitch >= gap || names.length <= 1) return { x0: LABEL_W, names: names.map((text) => ({ shown: true, x: LEFT, text })) }
  if (2 * pitch >= gap) {
    const spare = Math.max(WIDEN_PX, (x1 - LABEL_W) * WIDEN_SHARE)
    const two = staggered(names, px, spare) ?? staggered(names.map(laneNumber), px, spare)
    if (two !== null) return two
  }
  // Every k-th lane, spaced by the type's size; hot lanes always, a regular name too close to one gives way.
  const every = Math.ceil(gap / Math.max(pitch, 0.1))
  const hotRows: number[] = []
  hot.forEach((h, i) => {
    if (h) hotRows.push(i)
  })
  const nearHot = (i: number): boolean => hotRows.some((h) => h !== i && Math.abs(h - i) < every)
  const out = names.map((text, i) => ({ shown: hot[i] === true || (i % every === 0 && !nearHot(i)), x: LEFT, text }))
  return { x0: alwaysApart(out, hotRows, pitch, px, gap, x1), names: out }
}

/**
 * Always-named lanes closer than `gap` px (a lesson's lanes 4 and 6 on a compare side's 7 px lanes in
 * presenter mode's 20 px type) alternate between two columns, as staggered names do; the lanes then
 * start after the second. Past the room a second column may take, its names read as numbers ("6").
 * Moves `out`'s entries; returns where the lanes start.
 */
function alwaysApart(out: LaneName[], rows: readonly number[], pitch: number, px: number, gap: number, x1: number): number {
  const second: number[] = []
  let prev = -1
  let prevSecond = false
  for (const i of rows) {
    const close = prev >= 0 && (i - prev) * pitch < gap
    const inSecond: boolean = close && !prevSecond
    if (inSecond) second.push(i)
    prev = i
    prevSecond = inSecond
  }
  if (second.length === 0) return LABEL_W
  const firstW = Math.max(0, ...out.filter((n, i) => n.shown && !second.includes(i)).map((n) => nameWidth(n.text, px)))
  const x = Math.ceil(LEFT + firstW + COL_GAP)
  const spare = Math.max(WIDEN_PX, (x1 - LABEL_W) * WIDEN_SHARE)
  const fits = (texts: string[]) => Math.max(LABEL_W, Math.ceil(x + Math.max(...texts.map((t) => nameWidth(t, px))) + ROAD_GAP))
  let x0 = fits(second.map((i) => out[i]!.text))
  const short = x0 - LABEL_W > spare
  if (short) x0 = fits(second.map((i) => laneNumber(out[i]!.text)))
  for (const i of second) out[i] = { shown: true, x, text: short ? laneNumber(out[i]!.text) : out[i]!.text }
  return x0
}
