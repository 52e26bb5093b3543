// Every partition's log segments (one per producer send cycle that appended to it): when it was
// appended, the offset it ends at, and the mean cost per record of its records. Kept from the
// committed offset on; the world's segHead[p] is the first one not yet delivered.
//
// One store for all lanes: a lane's segments sit in its slot of one shared Float64Array
// ([t, end, cost] per segment, POOL_SEGMENTS per slot) while they fit, and in an array of its own
// while a backlog is longer. Per-lane arrays (and before them, three number[] per lane) put a
// typed-array header and a separate backing store between a fetch and its data: at 10 000 lanes
// each was a cache miss per append and per fetch, a fifth of a full-size run. Plain data (typed
// arrays and a list), so it checkpoints by copy.

export interface SegStore {
  /** Lane p's slot is [p·SLOT, (p + 1)·SLOT); only its first 3·n[p] entries are segments. */
  pool: Float64Array
  /** Segments per lane. */
  n: Int32Array
  /** A lane's own array while its segments outgrow the slot (null: they are in the pool). */
  own: (Float64Array | null)[]
  /**
   * 1 where `own[p]` is an array. A fetch or an append asks first where a lane's segments are; a
   * byte a lane answers from a line shared by 64 lanes, where the pointers of `own` took a line per
   * 8 (a full-size run asks a million times a simulated second, and nearly always "the pool").
   */
  isOwn: Uint8Array
}

const STRIDE = 3
/** Segments a lane keeps in the shared pool (a lane keeping up holds two to five; one a few send cycles behind, more). */
export const POOL_SEGMENTS = 16
const SLOT = POOL_SEGMENTS * STRIDE
/** A lane back to this many segments returns to its slot (hysteresis: no move per breath). */
const RETURN_AT = POOL_SEGMENTS / 2
/** A lane's own array starts with room for this many segments. */
const OWN_SEGMENTS = 256

export function createSegStore(P: number): SegStore {
  return { pool: new Float64Array(P * SLOT), n: new Int32Array(P), own: new Array<Float64Array | null>(P).fill(null), isOwn: new Uint8Array(P) }
}

/** Room for lanes added at the end (Kafka only grows a topic); existing lanes keep their segments. */
export function growSegStore(s: SegStore, P: number): void {
  const old = s.n.length
  if (P <= old) return
  const pool = new Float64Array(P * SLOT)
  pool.set(s.pool)
  s.pool = pool
  const n = new Int32Array(P)
  n.set(s.n)
  s.n = n
  const isOwn = new Uint8Array(P)
  isOwn.set(s.isOwn)
  s.isOwn = isOwn
  for (let p = old; p < P; p++) s.own.push(null)
}

/** The array holding lane p's segments; segBase gives where they start in it. Read both once in hot loops. */
/**
 * Merges a lane's first `h` segments (of `n`, at `base` in `a`) into one: segment 0 becomes the
 * last of them with cost 1, [t(h-1), end(h-1), 1], and the rest move up. The caller sets the lane's
 * count to n - (h - 1). For delivered segments that all cost 1 (logPrune.collapseDelivered, and
 * consume.ts's fetch loop, which has the arrays at hand).
 */
export function mergeFrontSegs(a: Float64Array, base: number, h: number, n: number): void {
  a[base] = a[base + (h - 1) * 3]!
  a[base + 1] = a[base + (h - 1) * 3 + 1]!
  // copyWithin(3, 3h, 3n) by hand: a lane holds a few segments, and the builtin's call cost more.
  for (let i = base + 3, j = base + h * 3, end = base + n * 3; j < end; i++, j++) a[i] = a[j]!
}

export function segArray(s: SegStore, p: number): Float64Array {
  return s.isOwn[p] === 0 ? s.pool : s.own[p]!
}

export function segBase(s: SegStore, p: number): number {
  return s.isOwn[p] === 0 ? p * SLOT : 0
}

export function segCount(s: SegStore, p: number): number {
  return s.n[p]!
}

export function segTime(s: SegStore, p: number, i: number): number {
  return s.isOwn[p] === 0 ? s.pool[p * SLOT + i * STRIDE]! : s.own[p]![i * STRIDE]!
}

export function segEnd(s: SegStore, p: number, i: number): number {
  return s.isOwn[p] === 0 ? s.pool[p * SLOT + i * STRIDE + 1]! : s.own[p]![i * STRIDE + 1]!
}

export function segCost(s: SegStore, p: number, i: number): number {
  return s.isOwn[p] === 0 ? s.pool[p * SLOT + i * STRIDE + 2]! : s.own[p]![i * STRIDE + 2]!
}

/** End offset of lane p's last segment (undefined when there is none). */
export function lastSegEnd(s: SegStore, p: number): number | undefined {
  const n = s.n[p]!
  return n > 0 ? segEnd(s, p, n - 1) : undefined
}

export function pushSeg(s: SegStore, p: number, t: number, end: number, cost: number): void {
  const n = s.n[p]!
  let a: Float64Array
  if (s.isOwn[p] === 0) {
    if (n < POOL_SEGMENTS) {
      const o = p * SLOT + n * STRIDE
      const pool = s.pool
      pool[o] = t
      pool[o + 1] = end
      pool[o + 2] = cost
      s.n[p] = n + 1
      return
    }
    // Outgrown its slot: the lane moves to an array of its own, room for a second of send cycles
    // at once (a lane a few polls behind grows to a couple of hundred segments and back within
    // the second; doubling from 32 was four allocations each time), doubling from there.
    a = new Float64Array(OWN_SEGMENTS * STRIDE)
    a.set(s.pool.subarray(p * SLOT, p * SLOT + n * STRIDE))
    s.own[p] = a
    s.isOwn[p] = 1
  } else {
    a = s.own[p]!
    if ((n + 1) * STRIDE > a.length) {
      const b = new Float64Array(a.length * 2)
      b.set(a.subarray(0, n * STRIDE))
      a = b
      s.own[p] = a
    }
  }
  const o = n * STRIDE
  a[o] = t
  a[o + 1] = end
  a[o + 2] = cost
  s.n[p] = n + 1
}

export function setSeg(s: SegStore, p: number, i: number, t: number, end: number, cost: number): void {
  const a = segArray(s, p)
  const o = segBase(s, p) + i * STRIDE
  a[o] = t
  a[o + 1] = end
  a[o + 2] = cost
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
  s.n[p] = n - k
}

/** Keeps lane p's first n segments. */
export function truncateSegs(s: SegStore, p: number, n: number): void {
  if (n < s.n[p]!) s.n[p] = Math.max(0, n)
}

/**
 * Gives back what a burst left behind (a drained backlog): a lane down to a few segments returns
 * to its slot; a long one keeps an array at most four times what it holds, above a floor, so a
 * lane that merely breathes between prunes never reallocates.
 */
export function shrinkSegLog(s: SegStore, p: number): void {
  const own = s.own[p] as Float64Array | null
  if (own === null) return
  const n = s.n[p]!
  if (n <= RETURN_AT) {
    s.pool.set(own.subarray(0, n * STRIDE), p * SLOT)
    s.own[p] = null
    s.isOwn[p] = 0
    return
  }
  const cap = own.length / STRIDE
  if (cap <= 256 || cap < 4 * n) return
  const b = new Float64Array(n * 2 * STRIDE)
  b.set(own.subarray(0, n * STRIDE))
  s.own[p] = b
}

/** Capacity (segments) lane p has where its segments are now: tests of shrinkSegLog. */
export function segCapacity(s: SegStore, p: number): number {
  const own = s.own[p] as Float64Array | null
  return own !== null ? own.length / STRIDE : POOL_SEGMENTS
}

/** A store of one lane per list (tests): lane p holds the segments (t[i], end[i], cost[i]). */
export function segStoreOf(lanes: ReadonlyArray<{ t: readonly number[]; end: readonly number[]; cost: readonly number[] }>): SegStore {
  const s = createSegStore(lanes.length)
  lanes.forEach((l, p) => {
    for (let i = 0; i < l.end.length; i++) pushSeg(s, p, l.t[i]!, l.end[i]!, l.cost[i]!)
  })
  return s
}

/**
 * A checkpoint written before the shared store restores with the same segments: either one typed
 * log per partition (`seg: {a, n}[]`) or, older, three arrays per partition (segT, segEnd,
 * segCost). Returns the world as it is when there is nothing to convert.
 */
export function migrateSegLogs<W extends { segs: SegStore }>(w: W): W {
  const old = w as unknown as { segs?: SegStore; seg?: Array<{ a: Float64Array; n: number }>; segT?: number[][]; segEnd?: number[][]; segCost?: number[][] }
  if (old.segs !== undefined) {
    // Saved before the store kept isOwn: it says what `own` already does.
    if ((old.segs as Partial<SegStore>).isOwn === undefined) old.segs.isOwn = Uint8Array.from(old.segs.own, (a) => (a === null ? 0 : 1))
    return w
  }
  if (old.seg !== undefined) {
    old.segs = segStoreOf(
      old.seg.map((l) => {
        const lane = { t: [] as number[], end: [] as number[], cost: [] as number[] }
        for (let i = 0; i < l.n; i++) {
          lane.t.push(l.a[i * STRIDE]!)
          lane.end.push(l.a[i * STRIDE + 1]!)
          lane.cost.push(l.a[i * STRIDE + 2]!)
        }
        return lane
      }),
    )
    delete old.seg
    return w
  }
  if (old.segT === undefined || old.segEnd === undefined || old.segCost === undefined) return w
  old.segs = segStoreOf(old.segEnd.map((end, p) => ({ t: old.segT![p]!, end, cost: old.segCost![p]! })))
  delete old.segT
  delete old.segEnd
  delete old.segCost
  return w
}
