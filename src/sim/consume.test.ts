// fetchForConsumer's common path (a fetch continuing where the lane's first deliveries ended) is
// written out in its loop, merging delivered segments as collapseDelivered would: these pin what it
// hands out, counts and keeps, so the written-out copy cannot drift from the general one.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { costOfRange, fetchForConsumer } from './consume.ts'
import { pushSeg, segCount } from './segLog.ts'
import { consumerSlot } from './pollLoop.ts'
import { createWorldState, setOwner, type WorldState } from './worldState.ts'

/** One lane owned by one consumer, holding the segments [t, end, cost] and nothing delivered yet. */
function lane(segments: ReadonlyArray<readonly [number, number, number]>): WorldState {
  const w = createWorldState(defaultScenario(), 1)
  const cs = { ...consumerSlot('c', 0), everStarted: true }
  w.consumers.push(cs)
  setOwner(w, 0, 0)
  for (const [t, end, cost] of segments) pushSeg(w.segs, 0, t, end, cost)
  w.leo[0] = segments.at(-1)![1]
  return w
}

describe('fetchForConsumer', () => {
  it('merges delivered segments that all cost 1 into one, keeping the costs a re-delivery reads', () => {
    const w = lane([[0, 10, 1], [5, 20, 1], [10, 30, 1]])
    expect(fetchForConsumer(w, 0, 25, 20, 0)).toEqual({ records: 25, costUnits: 25 })
    expect(w.segHead[0]).toBe(1)
    expect(segCount(w.segs, 0)).toBe(2) // [5, 20, 1] for what was delivered, [10, 30, 1] pending
    expect(costOfRange(w, 0, 0, 30)).toBe(30)
  })

  it('keeps delivered segments whose cost is not 1, wherever in the fetch they lie', () => {
    // The costly segment first (already below segHead at the next fetch) and in the middle of one.
    const first = lane([[0, 10, 2], [5, 20, 1], [10, 30, 1]])
    expect(fetchForConsumer(first, 0, 25, 20, 0)).toEqual({ records: 25, costUnits: 35 })
    expect(segCount(first.segs, 0)).toBe(3)
    expect(costOfRange(first, 0, 0, 10)).toBe(20) // a re-delivery after a rebalance costs what it did
    expect(fetchForConsumer(first, 0, 25, 30, 0)).toEqual({ records: 5, costUnits: 5 }) // the costly one now lies below segHead
    expect(segCount(first.segs, 0)).toBe(3)
    expect(costOfRange(first, 0, 0, 10)).toBe(20)

    const middle = lane([[0, 10, 1], [5, 20, 3], [10, 30, 1]])
    expect(fetchForConsumer(middle, 0, 25, 20, 0)).toEqual({ records: 25, costUnits: 45 })
    expect(segCount(middle.segs, 0)).toBe(3)
    expect(costOfRange(middle, 0, 10, 20)).toBe(30)
  })

  it('counts what it hands out in the ledger, the lane, the leader broker and the latency histogram', () => {
    const w = lane([[0, 10, 1], [5, 20, 1]])
    fetchForConsumer(w, 0, 15, 20, 0)
    fetchForConsumer(w, 0, 100, 30, 0)
    expect([w.pos[0], w.delivered[0], w.outWin[0]]).toEqual([20, 20, 20])
    expect([w.ledger.handed[0], w.ledger.handedOnce[0]]).toEqual([20, 20])
    expect(w.cluster.brokers[w.cluster.leader[0]!]!.outWin).toBe(20)
    expect(w.latencyWin.reduce((a, b) => a + b, 0)).toBe(20)
  })
})
