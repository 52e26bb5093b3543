// Checkpoints written before the segment store took its present form restore with the same
// segments (a saved run must resume exactly as it would have).

import { POOL_SEGMENTS, segStoreOf, type SegStore } from './segLog.ts'

/** Every older form stored [t, end, cost] per segment (the pool's slots held 16 of them). */
const OLD_STRIDE = 3

/**
 * A checkpoint written before this store's form restores with the same segments: the store with
 * [t, end, cost] per segment (before costs were kept apart), one typed log per partition
 * (`seg: {a, n}[]`) or, older, three arrays per partition (segT, segEnd, segCost). Returns the
 * world as it is when there is nothing to convert.
 */
export function migrateSegLogs<W extends { segs: SegStore }>(w: W): W {
  const old = w as unknown as { segs?: SegStore; seg?: Array<{ a: Float64Array; n: number }>; segT?: number[][]; segEnd?: number[][]; segCost?: number[][] }
  if (old.segs !== undefined) {
    if ((old.segs as Partial<SegStore>).detailPool !== undefined) return w
    if ((old.segs as Partial<SegStore>).flags !== undefined) {
      old.segs = fromCostPool(old.segs as unknown as CostPoolStore)
      return w
    }
    const { pool, n, own } = old.segs
    old.segs = segStoreOf(Array.from(n, (count, p) => {
      const a = own[p] ?? pool
      return oldLane(a, own[p] ? 0 : p * POOL_SEGMENTS * OLD_STRIDE, count)
    }))
    return w
  }
  if (old.seg !== undefined) {
    old.segs = segStoreOf(old.seg.map((l) => oldLane(l.a, 0, l.n)))
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

/** The form before producer waits: [t, end] per segment, COSTLY lanes' costs alone beside them. */
interface CostPoolStore extends Pick<SegStore, 'pool' | 'n' | 'own' | 'flags'> {
  costPool: Float64Array
  ownCost: (Float64Array | null)[]
}

/** That form's flags: OWN 1, COSTLY 2 (its records waited 0: latency then counted from the append). */
function fromCostPool(old: CostPoolStore): SegStore {
  return segStoreOf(Array.from(old.n, (count, p) => {
    const own = (old.flags[p]! & 1) !== 0
    const a = own ? old.own[p]! : old.pool
    const base = own ? 0 : p * POOL_SEGMENTS * 2
    const costs = (old.flags[p]! & 2) === 0 ? null : own ? old.ownCost[p]! : old.costPool
    const cb = own ? 0 : p * POOL_SEGMENTS
    const lane = { t: [] as number[], end: [] as number[], cost: [] as number[] }
    for (let i = 0; i < count; i++) {
      lane.t.push(a[base + i * 2]!)
      lane.end.push(a[base + i * 2 + 1]!)
      lane.cost.push(costs === null ? 1 : costs[cb + i]!)
    }
    return lane
  }))
}

/** `n` segments stored [t, end, cost] from `base` in `a`. */
function oldLane(a: Float64Array, base: number, n: number): { t: number[]; end: number[]; cost: number[] } {
  const lane = { t: [] as number[], end: [] as number[], cost: [] as number[] }
  for (let i = 0; i < n; i++) {
    lane.t.push(a[base + i * OLD_STRIDE]!)
    lane.end.push(a[base + i * OLD_STRIDE + 1]!)
    lane.cost.push(a[base + i * OLD_STRIDE + 2]!)
  }
  return lane
}
