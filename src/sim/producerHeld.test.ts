// Latency counts from send(): a record a producer held (its leader at capacity or away) carries the
// time it waited into the latency a consumer sees, as a consumer reading CreateTime would.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { appendHeld, HELD_BUCKET_MS, holdRecords, returnToHeld } from './producerHeld.ts'
import { segCount, segEnd, segTime, segWait } from './segLog.ts'
import { createSimulation } from './simulation.ts'
import { createWorldState, type WorldState } from './worldState.ts'
import { checkpointFromJson, checkpointToJson } from '../engine/checkpointJson.ts'
import { getPreset } from '../scenario/presets/index.ts'
import type { SimCheckpoint } from './simulationApi.ts'
import { restoreSimulation } from './simulation.ts'
import { conservationErrors, worldOf } from '../../test/properties/conservationCheck.ts'
import { cappedLane } from '../../test/scenarios/cappedLane.ts'

/** broker-failure's crash (20 s) is noticed ~9 s later: in between, the dead leader's lanes hold records. */
const HOLDING_MS = 24_000

function world() {
  const s = defaultScenario()
  return createWorldState(s, 2)
}

describe('records a producer holds', () => {
  it('are queued by send time, records sent within a bucket sharing the first one\'s time', () => {
    const w = world()
    holdRecords(w, 1, 5, 1000)
    holdRecords(w, 1, 3, 1000 + HELD_BUCKET_MS - 1)
    holdRecords(w, 1, 4, 1000 + HELD_BUCKET_MS)
    holdRecords(w, 1, 0, 5000) // nothing held: no entry
    expect(w.held[1]).toEqual([1000, 8, 1000 + HELD_BUCKET_MS, 4])
    expect(w.held[0]).toEqual([])
  })

  it('are appended oldest first, one segment per stretch with the time it waited, a stretch cut where the append ends', () => {
    const w = world()
    holdRecords(w, 0, 8, 1000)
    holdRecords(w, 0, 4, 1500)
    expect(appendHeld(w, 0, 10, 100, 3000, 1)).toBe(110)
    const segs = Array.from({ length: segCount(w.segs, 0) }, (_, i) => [segTime(w.segs, 0, i), segEnd(w.segs, 0, i), segWait(w.segs, 0, i)])
    expect(segs).toEqual([[3000, 108, 2000], [3000, 110, 1500]])
    expect(w.held[0]).toEqual([1500, 2])
  })

  it('sent again after a leader change go back ahead of what is still held', () => {
    const w = world()
    holdRecords(w, 0, 4, 2000)
    returnToHeld(w, 0, [900, 3, 1200, 2])
    expect(w.held[0]).toEqual([900, 3, 1200, 2, 2000, 4])
  })
})

describe('latency from send()', () => {
  it('one lane capped at half what its producer sends: record s waits s seconds, so p50 ≈ 15 s and p99 ≈ 29.7 s after a minute', () => {
    // Sent at 2 000/s, appended at 1 000/s: the record sent at s is appended at 2s, having waited s;
    // by 60 s the records sent in [0, 30 s) are appended, their waits spread evenly over 0–30 s. A
    // consumer that keeps up adds a poll's worth. Counted from the append, every one would be ~0.
    const sim = createSimulation(cappedLane(60))
    sim.advanceTo(60_000)
    const sum = sim.summary()
    expect(sum.producerBuffered).toBe(60_000)
    expect(sum.latencyMs.p50).toBeGreaterThan(14_500)
    expect(sum.latencyMs.p50).toBeLessThan(16_000)
    expect(sum.latencyMs.p99).toBeGreaterThan(29_000)
    expect(sum.latencyMs.p99).toBeLessThan(30_600)
    expect(sum.latencyMs.max).toBeLessThan(30_000 + HELD_BUCKET_MS + 600)
  })
})

describe('a checkpoint from before the held queue', () => {
  it('restores with one: a lane\'s waiting list under a fault becomes its queue, records held without a time count from the checkpoint, and the run goes on losing nothing', () => {
    const s = getPreset('broker-failure')!.build()
    const sim = createSimulation(s)
    sim.advanceTo(HOLDING_MS)
    const cp = checkpointFromJson(checkpointToJson(sim.checkpoint())) as SimCheckpoint
    const w = (cp.state as { w: WorldState }).w
    const holding = Array.from(w.buffered).map((b, p) => (b > 0 ? p : -1)).filter((p) => p >= 0)
    expect(holding.length).toBeGreaterThan(1)
    // The older form: the first holding lane's records on a waiting list (they joined it at 10 s),
    // the others on none; no `held`.
    const [listed, ...unlisted] = holding
    const waiting: number[][] = Array.from({ length: w.P }, () => [])
    waiting[listed!] = [10_000, w.buffered[listed!]!]
    ;(w.faults as unknown as { waiting: number[][] }).waiting = waiting
    delete (w as Partial<WorldState>).held
    const restored = restoreSimulation(cp)
    const after = worldOf(restored)
    expect(after.held[listed!]).toEqual([10_000, w.buffered[listed!]])
    for (const p of unlisted) expect(after.held[p]).toEqual([HOLDING_MS, w.buffered[p]])
    expect((after.faults as unknown as { waiting?: unknown }).waiting).toBeUndefined()
    restored.advanceTo(40_000)
    expect(conservationErrors(worldOf(restored))).toEqual([])
  })
})

describe('delivery.timeout.ms for records held by capacity', () => {
  it('fails what a lane at capacity held past it (counted as failed sends, nothing else lost), so no record is consumed later than that after its send()', () => {
    // The capped lane of the latency test above, with delivery.timeout.ms at 5 s (linger.ms 5 +
    // request.timeout.ms 2 000 stay below it): by 20 s, without the timeout, the oldest record
    // consumed would have waited ~10 s.
    const sim = createSimulation(cappedLane(20, 5000))
    sim.advanceTo(20_000)
    const sum = sim.summary()
    // Sent 40 000, appended 20 000 (1 000/s). Until 10 s every record is appended within 5 s of its
    // send (the one sent at s is appended at 2s); from then on the front of the queue is 5 s old, and
    // of the 2 000 sent a second 1 000 are appended and 1 000 fail: ~10 000 by 20 s, ~10 000 held.
    expect(sum.failedSends).toBeGreaterThan(9_500)
    expect(sum.failedSends).toBeLessThan(10_500)
    expect(sum.producerBuffered).toBeGreaterThan(9_500)
    expect(sum.producerBuffered).toBeLessThan(10_500)
    expect(sum.lostRecords).toBeUndefined() // no broker fault: only the failed sends are shown
    expect(sum.latencyMs.max).toBeLessThan(5000 + HELD_BUCKET_MS + 600)
    expect(conservationErrors(worldOf(sim))).toEqual([])
    // The default (120 s) fails nothing in the same run.
    const dflt = createSimulation(cappedLane(20))
    dflt.advanceTo(20_000)
    expect(dflt.summary().failedSends).toBeUndefined()
    expect(dflt.summary().latencyMs.max).toBeGreaterThan(9000)
  })
})
