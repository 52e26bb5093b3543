// One partition's log segments (one per producer send cycle that appended to it): when it was
// appended, the offset it ends at, and the mean cost per record of its records. Kept from the
// committed offset on; the world's segHead[p] is the first one not yet delivered.
//
// Interleaved in one growable Float64Array ([t, end, cost] per segment) instead of three number[]
// per partition: at 10 000 partitions the arrays grew and shrank every metrics window (pruning),
// so their backing stores were most of the garbage, and a fetch touched three scattered arrays
// where it now reads one. Plain data (a typed array and a count), so it checkpoints by copy.

export interface SegLog {
  /** [t0, end0, cost0, t1, end1, cost1, …]; only the first 3·n entries are segments. */
  a: Float64Array
  n: number
}

const STRIDE = 3
const MIN_CAPACITY = 4

export function createSegLog(): SegLog {
  return { a: new Float64Array(MIN_CAPACITY * STRIDE), n: 0 }
}

/** Segments each partition's first slot holds in createSegLogs' shared buffer. */
const POOLED_CAPACITY = 8

/**
 * P empty segment logs whose first POOLED_CAPACITY segments sit side by side in one buffer, in
 * partition order: a send cycle appends to every lane in that order, and 10 000 separately
 * allocated arrays were a cache miss each. A log that outgrows its slot moves to its own array
 * (pushSeg); a checkpoint copies each log's view alone (engine/clone.ts), so restored logs are
 * separate arrays, with the same contents.
 */
export function createSegLogs(P: number): SegLog[] {
  const pool = new Float64Array(P * POOLED_CAPACITY * STRIDE)
  const logs: SegLog[] = new Array(P)
  for (let p = 0; p < P; p++) logs[p] = { a: pool.subarray(p * POOLED_CAPACITY * STRIDE, (p + 1) * POOLED_CAPACITY * STRIDE), n: 0 }
  return logs
}

export function segTime(s: SegLog, i: number): number {
  return s.a[i * STRIDE]!
}

export function segEnd(s: SegLog, i: number): number {
  return s.a[i * STRIDE + 1]!
}

export function segCost(s: SegLog, i: number): number {
  return s.a[i * STRIDE + 2]!
}

/** End offset of the last segment (undefined when there is none). */
export function lastSegEnd(s: SegLog): number | undefined {
  return s.n > 0 ? s.a[(s.n - 1) * STRIDE + 1]! : undefined
}

export function pushSeg(s: SegLog, t: number, end: number, cost: number): void {
  if ((s.n + 1) * STRIDE > s.a.length) {
    // Doubling: a lane's backlog grows without a copy per cycle.
    const b = new Float64Array(Math.max(MIN_CAPACITY * STRIDE, s.a.length * 2))
    b.set(s.a.subarray(0, s.n * STRIDE))
    s.a = b
  }
  const o = s.n * STRIDE
  s.a[o] = t
  s.a[o + 1] = end
  s.a[o + 2] = cost
  s.n++
}

export function setSeg(s: SegLog, i: number, t: number, end: number, cost: number): void {
  const o = i * STRIDE
  s.a[o] = t
  s.a[o + 1] = end
  s.a[o + 2] = cost
}

export function setSegEnd(s: SegLog, i: number, end: number): void {
  s.a[i * STRIDE + 1] = end
}

/** Drops the first k segments (splice(0, k) of the three arrays it replaces). */
export function dropFrontSegs(s: SegLog, k: number): void {
  if (k <= 0) return
  s.a.copyWithin(0, k * STRIDE, s.n * STRIDE)
  s.n -= k
}

/** Keeps the first n segments. */
export function truncateSegs(s: SegLog, n: number): void {
  if (n < s.n) s.n = Math.max(0, n)
}

/**
 * Gives back capacity a burst left behind (a drained backlog): more than four times what is kept
 * and above a floor, so a lane that merely breathes between prunes never reallocates.
 */
export function shrinkSegLog(s: SegLog): void {
  const cap = s.a.length / STRIDE
  if (cap <= 256 || cap < 4 * Math.max(s.n, MIN_CAPACITY)) return
  const b = new Float64Array(Math.max(MIN_CAPACITY, s.n * 2) * STRIDE)
  b.set(s.a.subarray(0, s.n * STRIDE))
  s.a = b
}

/** A segment log holding these segments (tests, old checkpoints). */
export function segLogOf(t: readonly number[], end: readonly number[], cost: readonly number[]): SegLog {
  const s = createSegLog()
  for (let i = 0; i < end.length; i++) pushSeg(s, t[i]!, end[i]!, cost[i]!)
  return s
}

/**
 * A checkpoint written before segment logs (three arrays per partition: segT, segEnd, segCost)
 * restores with the same segments. Returns the world as it is when there is nothing to convert.
 */
export function migrateSegLogs<W extends { seg: SegLog[] }>(w: W): W {
  const old = w as unknown as { segT?: number[][]; segEnd?: number[][]; segCost?: number[][]; seg?: SegLog[] }
  if (old.seg !== undefined || old.segT === undefined || old.segEnd === undefined || old.segCost === undefined) return w
  old.seg = old.segEnd.map((end, p) => segLogOf(old.segT![p]!, end, old.segCost![p]!))
  delete old.segT
  delete old.segEnd
  delete old.segCost
  return w
}
