// Every partition's log segments (one per producer send cycle that appended to it, and one more for
// each stretch of records a producer had held): when it was appended, the offset it ends at, the
// mean cost per record of its records, and how long its records waited in the producer before
// (latency counts from send(), as a consumer reading the records' CreateTime does). Kept from the
// committed offset on; the world's segHead[p] is the first one not yet delivered.
//
// One store for all lanes: a lane's segments sit in its slot of one shared Float64Array
// ([t, end] per segment, POOL_SEGMENTS per slot) while they fit, and in an array of its own while
// a backlog is longer; costs other than 1 and producer waits are kept apart, for the lanes that have them. Per-lane arrays (and before them, three number[] per lane) put a
// typed-array header and a separate backing store between a fetch and its data: at 10 000 lanes
// each was a cache miss per append and per fetch, a fifth of a full-size run. Plain data (typed
// arrays and a list), so it checkpoints by copy.

export interface SegStore {
  /** Lane p's slot is [p·POOL_SLOT, (p + 1)·POOL_SLOT); only its first 2·n[p] entries are segments, [t, end] each. */
  pool: Float64Array
  /** Segments per lane. */
  n: Int32Array
  /** A lane's own array while its segments outgrow the slot (null: they are in the pool). */
  own: (Float64Array | null)[]
  /**
   * Per lane, OWN (its segments are in `own[p]`, not the pool) and DETAILED (its segments' costs and
   * producer waits are kept; without it every one costs 1, waited 0 and none is stored). A fetch or an append asks first where a
   * lane's segments are; a byte a lane answers from a line shared by 64 lanes, where the pointers of
   * `own` took a line per 8 (a full-size run asks a million times a simulated second, and nearly
   * always "the pool, costing 1").
   */
  flags: Uint8Array
  /**
   * DETAILED lanes' [cost, wait] per segment, in the pool's slots (empty until a lane is DETAILED) or
   * beside an own array. The wait is the ms its records spent in the producer before this append.
   */
  detailPool: Float64Array
  ownDetail: (Float64Array | null)[]
}

/** flags: lane p's segments are in own[p]. */
export const OWN = 1
/** flags: lane p's segments' costs and producer waits are stored (some cost other than 1 or waited). */
export const DETAILED = 2

const STRIDE = 2
/** A DETAILED lane's side entries per segment: [cost, wait]. */
export const DETAIL = 2
/** Segments a lane keeps in the shared pool (a lane keeping up holds two to five; one a few send cycles behind, more). */
export const POOL_SEGMENTS = 16
/** Pool entries per lane: its segments start at p · POOL_SLOT. */
export const POOL_SLOT = POOL_SEGMENTS * STRIDE
/** A lane back to this many segments returns to its slot (hysteresis: no move per breath). */
const RETURN_AT = POOL_SEGMENTS / 2
/** A lane's own array starts with room for this many segments. */
const OWN_SEGMENTS = 256

// Why [t, end] without the cost: nearly every segment costs 1 (only tracked keys with a cost
// multiplier make others) and waited 0 (only a lane whose producers hold records makes others),
// and a lane keeping up holds about three segments: 48 bytes, one cache
// line, where [t, end, cost] took two. A fetch and an append each touch a lane's segments, 3 M
// times a simulated second at full size; the full size ran ~6 % faster with one line.

export function createSegStore(P: number): SegStore {
  return { pool: new Float64Array(P * POOL_SLOT), n: new Int32Array(P), own: new Array<Float64Array | null>(P).fill(null), flags: new Uint8Array(P), detailPool: new Float64Array(0), ownDetail: new Array<Float64Array | null>(P).fill(null) }
}

/** Room for lanes added at the end (Kafka only grows a topic); existing lanes keep their segments. */
export function growSegStore(s: SegStore, P: number): void {
  const old = s.n.length
  if (P <= old) return
  const pool = new Float64Array(P * POOL_SLOT)
  pool.set(s.pool)
  s.pool = pool
  const n = new Int32Array(P)
  n.set(s.n)
  s.n = n
  const flags = new Uint8Array(P)
  flags.set(s.flags)
  s.flags = flags
  if (s.detailPool.length > 0) {
    const detailPool = new Float64Array(P * POOL_SEGMENTS * DETAIL)
    detailPool.set(s.detailPool)
    s.detailPool = detailPool
  }
  for (let p = old; p < P; p++) {
    s.own.push(null)
    s.ownDetail.push(null)
  }
}

/** Whether lane p's first h segments all cost 1 and waited 0: nothing a DETAILED lane need keep. */
function frontPlain(s: SegStore, p: number, h: number): boolean {
  if ((s.flags[p]! & DETAILED) === 0) return true
  const d = detailArray(s, p)
  const b = detailBase(s, p)
  for (let i = 0; i < h; i++) if (d[b + i * DETAIL] !== 1 || d[b + i * DETAIL + 1] !== 0) return false
  return true
}

/** The array holding lane p's segments; segBase gives where they start in it. Read both once in hot loops. */
export function segArray(s: SegStore, p: number): Float64Array {
  return (s.flags[p]! & OWN) === 0 ? s.pool : s.own[p]!
}

export function segBase(s: SegStore, p: number): number {
  return (s.flags[p]! & OWN) === 0 ? p * POOL_SLOT : 0
}

/** A DETAILED lane's [cost, wait] entries; detailBase gives where segment 0's start in it. */
export function detailArray(s: SegStore, p: number): Float64Array {
  return (s.flags[p]! & OWN) === 0 ? s.detailPool : s.ownDetail[p]!
}

export function detailBase(s: SegStore, p: number): number {
  return (s.flags[p]! & OWN) === 0 ? p * POOL_SEGMENTS * DETAIL : 0
}

export function segCount(s: SegStore, p: number): number {
  return s.n[p]!
}

export function segTime(s: SegStore, p: number, i: number): number {
  return segArray(s, p)[segBase(s, p) + i * STRIDE]!
}

export function segEnd(s: SegStore, p: number, i: number): number {
  return segArray(s, p)[segBase(s, p) + i * STRIDE + 1]!
}

export function segCost(s: SegStore, p: number, i: number): number {
  return (s.flags[p]! & DETAILED) === 0 ? 1 : detailArray(s, p)[detailBase(s, p) + i * DETAIL]!
}

/** How long segment i's records waited in the producer before they were appended (ms). */
export function segWait(s: SegStore, p: number, i: number): number {
  return (s.flags[p]! & DETAILED) === 0 ? 0 : detailArray(s, p)[detailBase(s, p) + i * DETAIL + 1]!
}

/** End offset of lane p's last segment (undefined when there is none). */
export function lastSegEnd(s: SegStore, p: number): number | undefined {
  const n = s.n[p]!
  return n > 0 ? segEnd(s, p, n - 1) : undefined
}

export function pushSeg(s: SegStore, p: number, t: number, end: number, cost: number, wait = 0): void {
  const n = s.n[p]!
  const f = s.flags[p]!
  if (f === 0 && n < POOL_SEGMENTS && cost === 1 && wait === 0) {
    // The common case: a lane in its slot, costing 1.
    const o = p * POOL_SLOT + n * STRIDE
    const pool = s.pool
    pool[o] = t
    pool[o + 1] = end
    s.n[p] = n + 1
    return
  }
  if ((f & DETAILED) === 0 && (cost !== 1 || wait !== 0)) makeDetailed(s, p)
  if ((s.flags[p]! & OWN) === 0 && n >= POOL_SEGMENTS) moveToOwn(s, p)
  let a: Float64Array
  if ((s.flags[p]! & OWN) === 0) a = s.pool
  else {
    a = s.own[p]!
    if ((n + 1) * STRIDE > a.length) a = growOwn(s, p, (a.length / STRIDE) * 2)
  }
  const o = segBase(s, p) + n * STRIDE
  a[o] = t
  a[o + 1] = end
  if ((s.flags[p]! & DETAILED) !== 0) setDetail(s, p, n, cost, wait)
  s.n[p] = n + 1
}

function setDetail(s: SegStore, p: number, i: number, cost: number, wait: number): void {
  const o = detailBase(s, p) + i * DETAIL
  const d = detailArray(s, p)
  d[o] = cost
  d[o + 1] = wait
}

/** Lane p starts keeping costs and waits: its segments so far cost 1 and waited 0. */
function makeDetailed(s: SegStore, p: number): void {
  if ((s.flags[p]! & OWN) === 0) ensureDetailPool(s)
  else s.ownDetail[p] = new Float64Array((s.own[p]!.length / STRIDE) * DETAIL)
  s.flags[p]! |= DETAILED
  for (let i = 0; i < s.n[p]!; i++) setDetail(s, p, i, 1, 0)
}

/** The pool's detail slots, allocated when a lane in the pool first keeps details (most runs never do). */
function ensureDetailPool(s: SegStore): void {
  if (s.detailPool.length === 0) s.detailPool = new Float64Array(s.n.length * POOL_SEGMENTS * DETAIL)
}

/**
 * Outgrown its slot: the lane moves to an array of its own, room for a second of send cycles at
 * once (a lane a few polls behind grows to a couple of hundred segments and back within the
 * second; doubling from 32 was four allocations each time), doubling from there.
 */
function moveToOwn(s: SegStore, p: number): void {
  const n = s.n[p]!
  const a = new Float64Array(OWN_SEGMENTS * STRIDE)
  a.set(s.pool.subarray(p * POOL_SLOT, p * POOL_SLOT + n * STRIDE))
  if ((s.flags[p]! & DETAILED) !== 0) {
    const d = new Float64Array(OWN_SEGMENTS * DETAIL)
    d.set(s.detailPool.subarray(detailBase(s, p), detailBase(s, p) + n * DETAIL))
    s.ownDetail[p] = d
  }
  s.own[p] = a
  s.flags[p]! |= OWN
}

/** Gives lane p's own array (and its details) room for `segments`, keeping what it holds. */
function growOwn(s: SegStore, p: number, segments: number): Float64Array {
  const n = s.n[p]!
  const b = new Float64Array(segments * STRIDE)
  b.set(s.own[p]!.subarray(0, n * STRIDE))
  s.own[p] = b
  const d = s.ownDetail[p]
  if (d !== null && d !== undefined) {
    const e = new Float64Array(segments * DETAIL)
    e.set(d.subarray(0, n * DETAIL))
    s.ownDetail[p] = e
  }
  return b
}

export function setSeg(s: SegStore, p: number, i: number, t: number, end: number, cost: number, wait = 0): void {
  const a = segArray(s, p)
  const o = segBase(s, p) + i * STRIDE
  a[o] = t
  a[o + 1] = end
  if ((s.flags[p]! & DETAILED) === 0 && (cost !== 1 || wait !== 0)) makeDetailed(s, p)
  if ((s.flags[p]! & DETAILED) !== 0) setDetail(s, p, i, cost, wait)
}

export function setSegEnd(s: SegStore, p: number, i: number, end: number): void {
  segArray(s, p)[segBase(s, p) + i * STRIDE + 1] = end
}

/** Drops lane p's first k segments. */
export function dropFrontSegs(s: SegStore, p: number, k: number): void {
  if (k <= 0) return
  const n = s.n[p]!
  const b = segBase(s, p)
  segArray(s, p).copyWithin(b, b + k * STRIDE, b + n * STRIDE)
  if ((s.flags[p]! & DETAILED) !== 0) {
    const db = detailBase(s, p)
    detailArray(s, p).copyWithin(db, db + k * DETAIL, db + n * DETAIL)
  }
  s.n[p] = n - k
}

/** Keeps lane p's first n segments. */
export function truncateSegs(s: SegStore, p: number, n: number): void {
  if (n < s.n[p]!) s.n[p] = Math.max(0, n)
}

/**
 * Gives back what a burst left behind (a drained backlog): a lane down to a few segments returns
 * to its slot; a long one keeps an array at most four times what it holds, above a floor, so a
 * lane that merely breathes between prunes never reallocates. A lane whose segments all cost 1
 * and waited 0 again stops keeping them.
 */
export function shrinkSegLog(s: SegStore, p: number): void {
  const n = s.n[p]!
  if ((s.flags[p]! & DETAILED) !== 0 && frontPlain(s, p, n)) {
    s.flags[p]! &= ~DETAILED
    s.ownDetail[p] = null
  }
  const own = s.own[p] as Float64Array | null
  if (own === null) return
  if (n <= RETURN_AT) {
    s.pool.set(own.subarray(0, n * STRIDE), p * POOL_SLOT)
    if ((s.flags[p]! & DETAILED) !== 0) {
      ensureDetailPool(s)
      s.detailPool.set(s.ownDetail[p]!.subarray(0, n * DETAIL), p * POOL_SEGMENTS * DETAIL)
    }
    s.own[p] = null
    s.ownDetail[p] = null
    s.flags[p]! &= ~OWN
    return
  }
  const cap = own.length / STRIDE
  if (cap <= 256 || cap < 4 * n) return
  growOwn(s, p, n * 2)
}

/** Capacity (segments) lane p has where its segments are now: tests of shrinkSegLog. */
export function segCapacity(s: SegStore, p: number): number {
  const own = s.own[p] as Float64Array | null
  return own !== null ? own.length / STRIDE : POOL_SEGMENTS
}

/** A store of one lane per list (tests, migrations): lane p holds the segments (t[i], end[i], cost[i], wait[i] or 0). */
export function segStoreOf(lanes: ReadonlyArray<{ t: readonly number[]; end: readonly number[]; cost: readonly number[]; wait?: readonly number[] }>): SegStore {
  const s = createSegStore(lanes.length)
  lanes.forEach((l, p) => {
    for (let i = 0; i < l.end.length; i++) pushSeg(s, p, l.t[i]!, l.end[i]!, l.cost[i]!, l.wait?.[i] ?? 0)
  })
  return s
}
