import { describe, expect, it } from 'vitest'
import type { Frame, MetricsSample } from '../sim/frameTypes.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { bestSides, DIFF_ROWS, defaultMark, rowShown, sideDiff, type DiffValues } from './compareDiff.ts'
import { appendCounters, countersAt, countersOf, isSettled, type Counters } from './sinceMark.ts'

function frameAt(t: number, totals: Partial<Frame['totals']>, o: { rebalancing?: boolean } = {}): Frame {
  const f = makeFrame({ t, ...o })
  return { ...f, totals: { ...f.totals, ...totals } }
}

function sample(t: number, totalLag: number, p99Ms: number | null): MetricsSample {
  return { t, inRate: 0, outRate: 0, totalLag, p99Ms, skewRatio: 1, lag: new Float64Array(0), rebalancing: false }
}

function counters(t: number, stopped: number, dup: number, ord: number, reb: number): Counters {
  return { t, stoppedPartitionSeconds: stopped, duplicates: dup, orderingViolations: ord, rebalances: reb, revokedPartitions: 0, lostPartitions: 0, remappedKeys: 0 }
}

describe('sideDiff', () => {
  it('counts the counters from the mark, not from the start of the run', () => {
    const track = [counters(0, 0, 0, 0, 0), counters(5000, 12, 40, 3, 1), counters(9000, 14, 40, 3, 1)]
    const now = frameAt(20_000, { stoppedPartitionSeconds: 30.5, duplicates: 100, orderingViolations: 7, rebalances: 3, lag: 50 })
    const d = sideDiff(6000, now, track, [])
    expect(d.exact).toBe(true)
    expect(d.values.stopped).toBeCloseTo(18.5)
    expect(d.values.duplicates).toBe(60)
    expect(d.values.ordering).toBe(4)
    expect(d.values.rebalances).toBe(2)
  })

  it('takes the worst per-second p99 and the highest lag after the mark only', () => {
    const now = frameAt(10_000, { lag: 10 })
    const samples = [sample(2000, 9000, 6000), sample(4000, 300, 120), sample(5000, 800, 450), sample(6000, 200, null)]
    const d = sideDiff(3000, now, [counters(0, 0, 0, 0, 0)], samples)
    expect(d.values.p99).toBe(450)
    expect(d.values.lag).toBe(800)
  })

  it('says so when no counters were seen at or before the mark', () => {
    const now = frameAt(10_000, { duplicates: 5 })
    const d = sideDiff(1000, now, [counters(4000, 0, 2, 0, 0)], [])
    expect(d.exact).toBe(false)
    expect(d.values.duplicates).toBe(3)
  })

  it('has no p99 when nothing was consumed since the mark', () => {
    expect(sideDiff(0, frameAt(1000, {}), [], []).values.p99).toBeNull()
  })
})

describe('bestSides', () => {
  const v = (lag: number, p99: number | null): DiffValues => ({ lag, stopped: 1.04, duplicates: 0, ordering: 0, p99, rebalances: 1 })

  it('singles out the lowest value of each row', () => {
    const best = bestSides([v(100, 900), v(40, 300), v(40, 700)])
    expect(best.lag).toEqual([1, 2])
    expect(best.p99).toEqual([1])
  })

  it('singles out nobody when every side shows the same figure', () => {
    const best = bestSides([v(100, 300), v(100, 300)])
    expect(best.lag).toEqual([])
    expect(best.stopped).toEqual([])
  })

  it('ignores sides without a figure, and needs two figures to compare', () => {
    expect(bestSides([v(5, null), v(9, 200)]).p99).toEqual([])
    expect(bestSides([v(5, null), v(9, 200), v(1, 100)]).p99).toEqual([2])
    expect(bestSides([null, v(9, 200)]).lag).toEqual([])
  })
})

describe('counters track', () => {
  it('keeps one entry per spacing, and hands back the same track when nothing is added', () => {
    let tr: readonly Counters[] = []
    for (let t = 0; t <= 1000; t += 16) tr = appendCounters(tr, counters(t, t, 0, 0, 0), 100)
    expect(tr.length).toBeLessThan(12)
    for (let i = 1; i < tr.length; i++) expect(tr[i]!.t - tr[i - 1]!.t).toBeGreaterThanOrEqual(100)
    expect(appendCounters(tr, counters(tr.at(-1)!.t + 5, 0, 0, 0, 0), 100)).toBe(tr)
  })

  it('keeps a pinned entry and drops the future on a jump back', () => {
    let tr: readonly Counters[] = [counters(0, 0, 0, 0, 0), counters(200, 1, 0, 0, 0)]
    tr = appendCounters(tr, counters(250, 2, 0, 0, 0), 100, true)
    tr = appendCounters(tr, counters(260, 3, 0, 0, 0), 100)
    expect(countersAt(tr, 255)?.counters.stoppedPartitionSeconds).toBe(2)
    tr = appendCounters(tr, counters(100, 9, 0, 0, 0), 100)
    expect(tr.map((e) => e.t)).toEqual([0, 100])
  })

  it('reads the frame totals', () => {
    expect(countersOf(frameAt(7, { duplicates: 3, rebalances: 2 }))).toMatchObject({ t: 7, duplicates: 3, rebalances: 2 })
  })
})

describe('default mark', () => {
  it('is the latest first-settled moment, once every side has one', () => {
    expect(defaultMark([3000, 4200])).toBe(4200)
    expect(defaultMark([3000, null])).toBeNull()
  })

  it('treats a stable, non-rebalancing group after t = 0 as settled', () => {
    expect(isSettled(frameAt(500, {}))).toBe(true)
    expect(isSettled(frameAt(0, {}))).toBe(false)
    expect(isSettled(frameAt(500, {}, { rebalancing: true }))).toBe(false)
  })
})

describe('records held by the producers', () => {
  // broker-hotspot's four answers at 42 s: broker 1 at capacity on three sides, 33 970 records in
  // their producers, in no lag and no p99; the strip starred those sides' lag and p99 and said nothing.
  const held = DIFF_ROWS.find((r) => r.key === 'held')!
  const side = (buffered: number) => sideDiff(0, frameAt(42_000, { producerBuffered: buffered }), [counters(0, 0, 0, 0, 0)], [])

  it('is what the producers hold now, shown while some side holds any, the least held starred', () => {
    const sides = [side(0), side(33_970), side(33_970)]
    expect(sides.map((d) => d.values.held)).toEqual([0, 33_970, 33_970])
    expect(rowShown(held, sides)).toBe(true)
    expect(bestSides(sides.map((d) => d.values)).held).toEqual([0])
  })

  it('is not shown while no side holds a record (a run without capacity limits or faults)', () => {
    expect(rowShown(held, [side(0), side(0)])).toBe(false)
    expect(rowShown(DIFF_ROWS.find((r) => r.key === 'lag')!, [side(0), side(0)])).toBe(true)
  })
})

describe('failed sends', () => {
  // broker-hotspot with delivery.timeout.ms at 5 s on one side: records broker 1 held past it fail.
  const failed = DIFF_ROWS.find((r) => r.key === 'failed')!
  const side = (now: number | undefined, atMark: number) =>
    sideDiff(10_000, frameAt(30_000, now === undefined ? {} : { failedSends: now }), [{ ...counters(10_000, 0, 0, 0, 0), failedSends: atMark }], [])

  it('counts the records that failed since the mark, shown while some side has any, the fewest starred', () => {
    const sides = [side(undefined, 0), side(5_823, 1_200)]
    // A side whose producers failed none has no failedSends in its totals: it reads 0 and is starred.
    expect(sides.map((d) => d.values.failed)).toEqual([0, 4_623])
    expect(rowShown(failed, sides)).toBe(true)
    expect(rowShown(failed, [side(undefined, 0), side(0, 0)])).toBe(false)
    expect(bestSides(sides.map((d) => d.values)).failed).toEqual([0])
  })

  it('reads a frame\'s totals: a run whose producers failed records says how many, one that did not says nothing', async () => {
    const { defaultScenario } = await import('../scenario/defaults.ts')
    const { createSimulation } = await import('../sim/simulation.ts')
    const { cappedLane } = await import('../../test/scenarios/cappedLane.ts')
    const sim = createSimulation(cappedLane(30, 5000))
    sim.advanceTo(20_000)
    const f = sim.frame()
    expect(f.totals.failedSends).toBe(sim.summary().failedSends)
    expect(countersOf(f).failedSends).toBeGreaterThan(9_000)
    const calm = createSimulation(defaultScenario())
    calm.advanceTo(5_000)
    expect(calm.frame().totals.failedSends).toBeUndefined()
  })
})
