// The typed segment log against the three plain arrays it replaced (segT, segEnd, segCost): any
// sequence of appends, front drops, truncations and edits leaves the same segments; a copy is a
// checkpoint; and a checkpoint written with the old arrays restores to the same run.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkpointFromJson, checkpointToJson } from '../engine/checkpointJson.ts'
import { deepClone } from '../engine/clone.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSegLog, dropFrontSegs, lastSegEnd, migrateSegLogs, pushSeg, segCost, segEnd, segTime, setSeg, setSegEnd, shrinkSegLog, truncateSegs, type SegLog } from './segLog.ts'
import { createSimulation, restoreSimulation } from './simulation.ts'
import type { SimCheckpoint } from './simulationApi.ts'

interface Model {
  t: number[]
  end: number[]
  cost: number[]
}

type Op =
  | { op: 'push'; t: number; end: number; cost: number }
  | { op: 'drop'; k: number }
  | { op: 'truncate'; n: number }
  | { op: 'set'; i: number; t: number; end: number; cost: number }
  | { op: 'setEnd'; i: number; end: number }
  | { op: 'shrink' }

const num = fc.double({ min: -1e6, max: 1e9, noNaN: true })
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('push' as const), t: num, end: num, cost: num }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('drop' as const), k: fc.nat({ max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), n: fc.nat({ max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('set' as const), i: fc.nat(), t: num, end: num, cost: num }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('setEnd' as const), i: fc.nat(), end: num }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('shrink' as const) }) },
)

function apply(s: SegLog, m: Model, o: Op): void {
  const len = m.end.length
  switch (o.op) {
    case 'push':
      pushSeg(s, o.t, o.end, o.cost)
      m.t.push(o.t)
      m.end.push(o.end)
      m.cost.push(o.cost)
      break
    case 'drop': {
      const k = Math.min(o.k, len)
      dropFrontSegs(s, k)
      m.t.splice(0, k)
      m.end.splice(0, k)
      m.cost.splice(0, k)
      break
    }
    case 'truncate':
      truncateSegs(s, o.n)
      for (const a of [m.t, m.end, m.cost]) if (o.n < a.length) a.length = o.n
      break
    case 'set':
      if (len === 0) return
      setSeg(s, o.i % len, o.t, o.end, o.cost)
      m.t[o.i % len] = o.t
      m.end[o.i % len] = o.end
      m.cost[o.i % len] = o.cost
      break
    case 'setEnd':
      if (len === 0) return
      setSegEnd(s, o.i % len, o.end)
      m.end[o.i % len] = o.end
      break
    case 'shrink':
      shrinkSegLog(s)
      break
  }
}

function contents(s: SegLog): Model {
  const out: Model = { t: [], end: [], cost: [] }
  for (let i = 0; i < s.n; i++) {
    out.t.push(segTime(s, i))
    out.end.push(segEnd(s, i))
    out.cost.push(segCost(s, i))
  }
  return out
}

describe('segment log', () => {
  it('holds exactly what the three arrays it replaced would hold, after any sequence of operations', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 300 }), (ops) => {
        const s = createSegLog()
        const m: Model = { t: [], end: [], cost: [] }
        for (const o of ops) {
          apply(s, m, o)
          expect(s.n).toBe(m.end.length)
        }
        expect(contents(s)).toEqual(m)
        expect(lastSegEnd(s)).toBe(m.end.at(-1))
        // A copy (a checkpoint) is the same log and independent of the original.
        const copy = deepClone(s)
        expect(contents(copy)).toEqual(m)
        pushSeg(copy, 1, 2, 3)
        expect(s.n).toBe(m.end.length)
      }),
      { numRuns: 200 },
    )
  })

  it('gives back the capacity a drained backlog left, and keeps it while a lane merely breathes', () => {
    const s = createSegLog()
    for (let i = 0; i < 5000; i++) pushSeg(s, i, i + 1, 1)
    const big = s.a.length
    dropFrontSegs(s, 4990)
    shrinkSegLog(s)
    expect(s.a.length).toBeLessThan(big / 100)
    expect(contents(s).end).toEqual([4991, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999, 5000])
    const small = s.a.length
    for (let i = 0; i < 50; i++) pushSeg(s, i, 6000 + i, 1)
    dropFrontSegs(s, 50)
    shrinkSegLog(s)
    expect(s.a.length).toBeGreaterThanOrEqual(small)
  })

  it('restores a checkpoint written with the old per-partition arrays (segT, segEnd, segCost) to the same run', () => {
    const sc = defaultScenario()
    sc.durationSec = 6
    sc.topic.partitions = 6
    sc.group.consumers = 2
    const straight = createSimulation(sc)
    straight.advanceTo(6000)
    const resumed = createSimulation(sc)
    resumed.advanceTo(2500)
    // Rewrite the checkpoint's segment logs in the form checkpoints had before them.
    const cp = checkpointFromJson(checkpointToJson(resumed.checkpoint())) as SimCheckpoint
    const w = (cp.state as { w: Record<string, unknown> }).w
    const logs = w.seg as SegLog[]
    expect(logs.some((l) => l.n > 0)).toBe(true)
    w.segT = logs.map((l) => contents(l).t)
    w.segEnd = logs.map((l) => contents(l).end)
    w.segCost = logs.map((l) => contents(l).cost)
    delete w.seg
    const old = restoreSimulation(cp)
    old.advanceTo(6000)
    expect(old.summary()).toEqual(straight.summary())
    // Nothing to convert: the world is returned as it is.
    const fresh = { seg: [createSegLog()] }
    expect(migrateSegLogs(fresh)).toBe(fresh)
  })
})
