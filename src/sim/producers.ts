// Producer state: built from a producer's spec, and rebuilt when its keys, costs or the partitions
// it sees change, keeping what it has counted so far.

import type { SimCore } from './core.ts'
import { buildKeyModel } from './keyModel.ts'
import { initialKeylessRouting } from './keylessRouting.ts'
import type { ProducerState, WorldState } from './worldState.ts'

export function newProducer(w: WorldState, i: number): ProducerState {
  const spec = w.live.producers[i]!
  const model = buildKeyModel(spec.keys, spec.keyCost, w.producerPartitions)
  const T = model.tracked.length
  return {
    model,
    carry: 0,
    trackedCarry: new Array<number>(T).fill(0),
    saltCarry: Array.from({ length: T }, () => []),
    tailCarry: new Float64Array(w.producerPartitions),
    maxDeliveredT: new Array<number>(T).fill(-Infinity),
    violations: new Array<number>(T).fill(0),
    keyWin: new Array<number>(T).fill(0),
    keyTotal: new Array<number>(T).fill(0),
    keyShare: new Array<number>(T).fill(0),
    flagged: new Array<boolean>(T).fill(false),
    sampleProduced: 0,
    tailProduced: 0,
    retiredViolations: 0,
    retiredSampleViolations: 0,
    retiredSampleProduced: 0,
    remapCounted: [],
    // Kafka draws the first sticky partition at the first keyless record, not at construction.
    ...initialKeylessRouting(w.live),
  }
}

/** Rebuilds a producer's key model after a change (keys, costs, partitions), keeping its totals. */
export function rebuildProducer(sim: SimCore, i: number): void {
  const w = sim.w
  const old = w.producers[i]!
  const fresh = newProducer(w, i)
  let sampleViol = 0
  let all = 0
  old.model.tracked.forEach((tk, k) => {
    all += old.violations[k]!
    if (tk.role === 'sample') sampleViol += old.violations[k]!
  })
  fresh.retiredViolations = old.retiredViolations + all
  fresh.retiredSampleViolations = old.retiredSampleViolations + sampleViol
  fresh.retiredSampleProduced = old.retiredSampleProduced + old.sampleProduced
  fresh.tailProduced = old.tailProduced
  fresh.remapCounted = old.remapCounted
  fresh.carry = old.carry
  fresh.partitioner = old.partitioner
  fresh.rideAlong = old.rideAlong
  // Keys that stay tracked keep their order state and flags, so a slider move loses nothing, and
  // their records still in the logs stay tracked: after partitions are added, a key's old backlog
  // consumed after its newer records on its new partition is exactly the violation to count.
  const newIndex = new Map<number, number>()
  fresh.model.tracked.forEach((tk, k) => {
    const j = old.model.tracked.findIndex((o) => o.name === tk.name)
    if (j < 0) return
    newIndex.set(j, k)
    fresh.maxDeliveredT[k] = old.maxDeliveredT[j]!
    fresh.flagged[k] = old.flagged[j]!
    fresh.keyShare[k] = old.keyShare[j]!
    fresh.keyTotal[k] = old.keyTotal[j]!
    fresh.trackedCarry[k] = old.trackedCarry[j]!
  })
  w.producers[i] = fresh
  for (const s of w.keySegs) {
    if (s.producer !== i) continue
    const k = newIndex.get(s.key)
    if (k === undefined) {
      // no longer tracked: its records stay in the log, untracked; -1 so no key reuses this list
      s.head = s.end.length
      s.key = -1
    } else s.key = k
  }
}
