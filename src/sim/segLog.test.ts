// The segment store against plain arrays per lane (segT, segEnd, segCost, as it replaced, and the
// producer waits since kept beside the costs):
// any sequence of appends, front drops, truncations, edits and shrinks on any lane leaves the same
// segments, whether a lane is in the shared pool or has outgrown it; a copy is a checkpoint; and
// checkpoints written in any older form (three arrays, one typed log per lane, [t, end, cost] in
// one store, costs apart without waits) restore to the same run.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from '../engine/checkpointJson.ts'
import { deepClone } from '../engine/clone.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import {
  createSegStore,
  DETAILED,
  dropFrontSegs,
  lastSegEnd,
  OWN,
  POOL_SEGMENTS,
  pushSeg,
  segCapacity,
  segCost,
  segCount,
  segEnd,
  segTime,
  segWait,
  setSeg,
  setSegEnd,
  shrinkSegLog,
  truncateSegs,
  type SegStore,
} from './segLog.ts'
import { frontCostsUnit, mergeFront } from './segLogFront.ts'
import { migrateSegLogs } from './segLogMigrate.ts'
import { createSimulation, restoreSimulation } from './simulation.ts'
import type { SimCheckpoint } from './simulationApi.ts'

interface Model {
  t: number[]
  end: number[]
  cost: number[]
  wait: number[]
}

type Op =
  | { op: 'push'; t: number; end: number; cost: number; wait: number }
  | { op: 'drop'; k: number }
  | { op: 'truncate'; n: number }
  | { op: 'set'; i: number; t: number; end: number; cost: number; wait: number }
  | { op: 'setEnd'; i: number; end: number }
  | { op: 'shrink' }
  | { op: 'pushMany'; count: number; t: number }
  | { op: 'merge'; h: number }

// Bursts long enough to pass a slot's and an own array's first room (16 and 256 segments), on
// lanes enough that several are out of the pool at once.
const LANES = 24
const num = fc.double({ min: -1e6, max: 1e9, noNaN: true })
// Most segments waited 0 in the producer (a lane with no held records), some a while.
const waitArb = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.double({ min: 0, max: 1e6, noNaN: true }) })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('push' as const), t: num, end: num, cost: num, wait: waitArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('drop' as const), k: fc.nat({ max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), n: fc.nat({ max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('set' as const), i: fc.nat(), t: num, end: num, cost: num, wait: waitArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('setEnd' as const), i: fc.nat(), end: num }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('shrink' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('pushMany' as const), count: fc.nat({ max: 400 }), t: num }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('merge' as const), h: fc.integer({ min: 2, max: 30 }) }) },
)
const laneOpArb = fc.tuple(fc.nat({ max: LANES - 1 }), opArb)

function apply(s: SegStore, p: number, m: Model, o: Op): void {
  const len = m.end.length
  switch (o.op) {
    case 'push':
      pushSeg(s, p, o.t, o.end, o.cost, o.wait)
      m.t.push(o.t)
      m.end.push(o.end)
      m.cost.push(o.cost)
      m.wait.push(o.wait)
      break
    case 'drop': {
      const k = Math.min(o.k, len)
      dropFrontSegs(s, p, k)
      m.t.splice(0, k)
      m.end.splice(0, k)
      m.cost.splice(0, k)
      m.wait.splice(0, k)
      break
    }
    case 'truncate':
      truncateSegs(s, p, o.n)
      for (const a of [m.t, m.end, m.cost, m.wait]) if (o.n < a.length) a.length = o.n
      break
    case 'set':
      if (len === 0) return
      setSeg(s, p, o.i % len, o.t, o.end, o.cost, o.wait)
      m.t[o.i % len] = o.t
      m.end[o.i % len] = o.end
      m.cost[o.i % len] = o.cost
      m.wait[o.i % len] = o.wait
      break
    case 'setEnd':
      if (len === 0) return
      setSegEnd(s, p, o.i % len, o.end)
      m.end[o.i % len] = o.end
      break
    case 'shrink':
      shrinkSegLog(s, p)
      break
    case 'merge': {
      // Delivered segments that all cost 1 merge into one (logPrune.collapseDelivered), its wait
      // 0 (only a first delivery reads one).
      const h = Math.min(o.h, len)
      const unit = m.cost.slice(0, h).every((c) => c === 1)
      expect(frontCostsUnit(s, p, h)).toBe(unit)
      if (h < 2 || !unit) return
      mergeFront(s, p, h)
      m.t.splice(0, h, m.t[h - 1]!)
      m.end.splice(0, h, m.end[h - 1]!)
      m.cost.splice(0, h, 1)
      m.wait.splice(0, h, 0)
      break
    }
    case 'pushMany':
      // Costs of 1 in runs (merged when delivered), some 2 or 3; now and then a held stretch.
      for (let i = 0; i < o.count; i++) {
        const cost = i % 7 < 4 ? 1 : 1 + (i % 3)
        const wait = i % 11 === 5 ? 40 * i : 0
        pushSeg(s, p, o.t + i, o.t + 2 * i, cost, wait)
        m.t.push(o.t + i)
        m.end.push(o.t + 2 * i)
        m.cost.push(cost)
        m.wait.push(wait)
      }
      break
  }
}

function contents(s: SegStore, p: number): Model {
  const out: Model = { t: [], end: [], cost: [], wait: [] }
  for (let i = 0; i < segCount(s, p); i++) {
    out.t.push(segTime(s, p, i))
    out.end.push(segEnd(s, p, i))
    out.cost.push(segCost(s, p, i))
    out.wait.push(segWait(s, p, i))
  }
  return out
}

describe('segment log', () => {
  it('holds exactly what four arrays per lane would hold, after any sequence of operations on any lane', () => {
    fc.assert(
      fc.property(fc.array(laneOpArb, { maxLength: 600 }), (ops) => {
        const s = createSegStore(LANES)
        const m: Model[] = Array.from({ length: LANES }, () => ({ t: [], end: [], cost: [], wait: [] }))
        for (const [p, o] of ops) {
          apply(s, p, m[p]!, o)
          expect(segCount(s, p)).toBe(m[p]!.end.length)
        }
        for (let p = 0; p < LANES; p++) {
          expect(contents(s, p)).toEqual(m[p])
          expect(lastSegEnd(s, p)).toBe(m[p]!.end.at(-1))
        }
        // A copy (a checkpoint) is the same store and independent of the original.
        const copy = deepClone(s)
        for (let p = 0; p < LANES; p++) {
          expect(contents(copy, p)).toEqual(m[p])
          pushSeg(copy, p, 1, 2, 3)
          expect(segCount(s, p)).toBe(m[p]!.end.length)
        }
      }),
      { numRuns: 200 },
    )
  })

  it('a lane outgrows its pooled slot without touching its neighbours, and comes back to it once drained', () => {
    const s = createSegStore(3)
    for (const p of [0, 2]) for (let i = 0; i < POOL_SEGMENTS; i++) pushSeg(s, p, p, p * 100 + i, 1)
    for (let i = 0; i < 5000; i++) pushSeg(s, 1, i, i + 1, 1)
    expect(s.own[1]).not.toBeNull()
    const big = segCapacity(s, 1)
    // A long backlog drained to ten segments keeps an array of its own, smaller.
    dropFrontSegs(s, 1, 4990)
    shrinkSegLog(s, 1)
    expect(segCapacity(s, 1)).toBeLessThan(big / 100)
    expect(contents(s, 1).end).toEqual([4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999, 5000])
    // Down to a few, it returns to its slot.
    dropFrontSegs(s, 1, 8)
    shrinkSegLog(s, 1)
    expect(s.own[1]).toBeNull()
    expect(contents(s, 1).end).toEqual([4999, 5000])
    for (const p of [0, 2]) expect(contents(s, p).end).toEqual(Array.from({ length: POOL_SEGMENTS }, (_, i) => p * 100 + i))
    // A lane that merely breathes keeps the array it has.
    for (let i = 0; i < 300; i++) pushSeg(s, 1, i, 6000 + i, 1)
    const breathing = segCapacity(s, 1)
    dropFrontSegs(s, 1, 50)
    shrinkSegLog(s, 1)
    expect(segCapacity(s, 1)).toBe(breathing)
  })

  it('restores checkpoints written in either older form (three arrays per lane, one typed log per lane) to the same run', () => {
    const sc = defaultScenario()
    sc.durationSec = 6
    sc.topic.partitions = 6
    sc.group.consumers = 2
    const straight = createSimulation(sc)
    straight.advanceTo(6000)
    const resumed = createSimulation(sc)
    resumed.advanceTo(2500)
    const lanesOf = (w: Record<string, unknown>) => {
      const store = w.segs as SegStore
      return Array.from({ length: store.n.length }, (_, p) => contents(store, p))
    }
    const rewritten = (form: 'arrays' | 'logs') => {
      const cp = checkpointFromJson(checkpointToJson(resumed.checkpoint())) as SimCheckpoint
      const w = (cp.state as { w: Record<string, unknown> }).w
      const lanes = lanesOf(w)
      expect(lanes.some((l) => l.end.length > 0)).toBe(true)
      if (form === 'arrays') {
        w.segT = lanes.map((l) => l.t)
        w.segEnd = lanes.map((l) => l.end)
        w.segCost = lanes.map((l) => l.cost)
      } else {
        w.seg = lanes.map((l) => ({ a: Float64Array.from(l.t.flatMap((t, i) => [t, l.end[i]!, l.cost[i]!])), n: l.end.length }))
      }
      delete w.segs
      return cp
    }
    for (const form of ['arrays', 'logs'] as const) {
      const old = restoreSimulation(rewritten(form))
      old.advanceTo(6000)
      expect(old.summary()).toEqual(straight.summary())
    }
    // Nothing to convert: the world is returned as it is.
    const fresh = { segs: createSegStore(1) }
    expect(migrateSegLogs(fresh)).toBe(fresh)
  })

  it('restores a store saved with [t, end, cost] per segment (before costs were kept apart), in its slot or in an array of its own', () => {
    // The older form: lane 0 in its slot of the pool, lane 1 (past its slot) in an array of its own,
    // some of its segments costing 3; and older still, without isOwn.
    const P = 2
    const pool = new Float64Array(P * POOL_SEGMENTS * 3)
    pool.set([7, 3, 1], 0)
    const own = Float64Array.from({ length: 256 * 3 }, (_, i) => (i < (POOL_SEGMENTS + 5) * 3 ? [Math.floor(i / 3), Math.floor(i / 3) + 1, i < 9 ? 3 : 1][i % 3]! : 0))
    for (const withIsOwn of [true, false]) {
      const saved = { segs: { pool: pool.slice(), n: Int32Array.from([1, POOL_SEGMENTS + 5]), own: [null, own.slice()], ...(withIsOwn ? { isOwn: Uint8Array.from([0, 1]) } : {}) } as unknown as SegStore }
      const w = migrateSegLogs(saved)
      expect(Array.from(w.segs.flags)).toEqual([0, OWN | DETAILED])
      expect(contents(w.segs, 0)).toEqual({ t: [7], end: [3], cost: [1], wait: [0] })
      expect(contents(w.segs, 1).end).toEqual(Array.from({ length: POOL_SEGMENTS + 5 }, (_, i) => i + 1))
      expect(contents(w.segs, 1).cost).toEqual(Array.from({ length: POOL_SEGMENTS + 5 }, (_, i) => (i < 3 ? 3 : 1)))
      // It goes on from there: one more segment, and back to the pool costing 1 once drained.
      pushSeg(w.segs, 1, 99, 100, 1)
      expect(contents(w.segs, 1).end.at(-1)).toBe(100)
      dropFrontSegs(w.segs, 1, POOL_SEGMENTS + 4)
      shrinkSegLog(w.segs, 1)
      expect(w.segs.flags[1]).toBe(0)
      expect(contents(w.segs, 1)).toEqual({ t: [POOL_SEGMENTS + 4, 99], end: [POOL_SEGMENTS + 5, 100], cost: [1, 1], wait: [0, 0] })
      expect(migrateSegLogs(w)).toBe(w) // now in this form: nothing to convert
    }
  })

  it('keeps no details for lanes whose segments all cost 1 and waited 0, and keeps a lane\'s only while one differs', () => {
    const s = createSegStore(4)
    for (let p = 0; p < 4; p++) for (let i = 0; i < 5; i++) pushSeg(s, p, i, i + 1, 1)
    expect(s.detailPool.length).toBe(0)
    expect(Array.from(s.flags)).toEqual([0, 0, 0, 0])
    pushSeg(s, 2, 5, 6, 2.5)
    pushSeg(s, 3, 5, 6, 1, 1200)
    expect(Array.from(s.flags)).toEqual([0, 0, DETAILED, DETAILED])
    expect(contents(s, 3).wait).toEqual([0, 0, 0, 0, 0, 1200])
    expect(contents(s, 2).cost).toEqual([1, 1, 1, 1, 1, 2.5])
    expect(contents(s, 1).cost).toEqual([1, 1, 1, 1, 1])
    // The costly segment delivered and dropped: the lane keeps costs no more.
    shrinkSegLog(s, 2)
    expect(s.flags[2]).toBe(DETAILED)
    dropFrontSegs(s, 2, 6)
    pushSeg(s, 2, 7, 8, 1)
    shrinkSegLog(s, 2)
    expect(s.flags[2]).toBe(0)
    expect(contents(s, 2)).toEqual({ t: [7], end: [8], cost: [1], wait: [0] })
    // A held stretch delivered and merged into the delivered front: its wait goes with it.
    shrinkSegLog(s, 3)
    expect(s.flags[3]).toBe(DETAILED)
    mergeFront(s, 3, 6)
    shrinkSegLog(s, 3)
    expect(s.flags[3]).toBe(0)
    expect(contents(s, 3)).toEqual({ t: [5], end: [6], cost: [1], wait: [0] })
  })

  it('restores a store saved with costs apart and no waits (the form before producer waits) with the same segments, waits 0', () => {
    const P = 2
    const pool = new Float64Array(P * POOL_SEGMENTS * 2)
    pool.set([7, 3, 8, 5], 0)
    const own = Float64Array.from({ length: 256 * 2 }, (_, i) => (i < (POOL_SEGMENTS + 5) * 2 ? (i % 2 === 0 ? i / 2 : (i - 1) / 2 + 1) : 0))
    const costPool = new Float64Array(P * POOL_SEGMENTS)
    costPool.set([1, 4], 0)
    const ownCost = Float64Array.from({ length: 256 }, () => 1)
    const saved = { segs: { pool, n: Int32Array.from([2, POOL_SEGMENTS + 5]), own: [null, own], flags: Uint8Array.from([2, 1]), costPool, ownCost: [null, ownCost] } as unknown as SegStore }
    const w = migrateSegLogs(saved)
    expect(contents(w.segs, 0)).toEqual({ t: [7, 8], end: [3, 5], cost: [1, 4], wait: [0, 0] })
    expect(contents(w.segs, 1).end).toEqual(Array.from({ length: POOL_SEGMENTS + 5 }, (_, i) => i + 1))
    expect(contents(w.segs, 1).cost.every((c) => c === 1)).toBe(true)
    expect(Array.from(w.segs.flags)).toEqual([DETAILED, OWN])
    expect(migrateSegLogs(w)).toBe(w)
  })
})
