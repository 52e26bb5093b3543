// Real cluster sizes (issue 12 §5): a 10 000-partition scenario validates and runs headless, its
// lane groups add up to its lanes, the scale-10k story says what the run shows, and the
// validator's work budget still turns away what would run far slower than real time.
// No timing assertions: speed lives in `npm run bench` (section f).
import { beforeAll, describe, expect, it } from 'vitest'
import { scale10kScenario } from '../src/scenario/presets/scale10k.ts'
import { validateScenario } from '../src/scenario/validate.ts'
import type { Frame } from '../src/sim/frameTypes.ts'
import { createSimulation } from '../src/sim/simulation.ts'
import type { RunSummary } from '../src/sim/simulationApi.ts'
import { aggregateFrame, groupLanes } from '../src/sim/laneRows/laneGroups.ts'

const RUN_MS = 4000

describe('10 000 partitions', () => {
  let frame: Frame
  let summary: RunSummary
  beforeAll(() => {
    const s = scale10kScenario()
    expect(validateScenario(JSON.parse(JSON.stringify(s)))).toMatchObject({ ok: true })
    const sim = createSimulation(s)
    for (let t = 250; t <= RUN_MS; t += 250) sim.advanceTo(t)
    frame = sim.frame()
    summary = sim.summary()
  }, 60_000)

  it('runs every lane, and every record is in a log, in a buffer or consumed', () => {
    expect(frame.partitions).toBe(10_000)
    expect(summary.partitions).toHaveLength(10_000)
    expect(summary.produced).toBe((100_000 * RUN_MS) / 1000)
    expect(summary.produced).toBe(summary.consumed + summary.lag + summary.producerBuffered)
    // The tail reaches (nearly) every lane: ~400 records each in 4 s.
    expect(frame.logEndOffset.filter((x) => x > 0).length).toBeGreaterThan(9_900)
  })

  it('groups by consumer hold every lane once, and their sums are the lanes\' sums', () => {
    const groups = groupLanes(frame, 'consumer')
    expect(groups).toHaveLength(10)
    const all = groups.flatMap((g) => g.lanes).sort((a, b) => a - b)
    expect(all).toEqual(Array.from({ length: 10_000 }, (_, p) => p))
    const agg = aggregateFrame(frame, groups)
    const total = (a: Float64Array) => a.reduce((x, y) => x + y, 0)
    expect(total(agg.lag)).toBe(total(frame.lag))
    expect(total(agg.logEndOffset)).toBe(total(frame.logEndOffset))
    expect(total(agg.inRate)).toBeCloseTo(total(frame.inRate), 6)
  })

  it('story: big-tenant\'s lane tops the hottest lanes at ~5 000 records/s while most carry ~10, and its consumer carries far more than its share', () => {
    const hot = frame.hotKeys.find((k) => k.key === 'big-tenant')!
    const p = hot.partitions[0]!
    const [top] = groupLanes(frame, 'hottest', 16)
    expect(top!.lanes).toEqual([p])
    expect(frame.inRate[p]).toBeGreaterThan(4_500)
    expect(frame.inRate[p]).toBeLessThan(5_500)
    const sorted = Array.from(frame.inRate).sort((a, b) => a - b)
    expect(sorted[5_000]).toBeGreaterThanOrEqual(5)
    expect(sorted[5_000]).toBeLessThanOrEqual(15)
    const groups = groupLanes(frame, 'consumer')
    const agg = aggregateFrame(frame, groups)
    const mine = groups.findIndex((g) => g.lanes.includes(p))
    const mean = agg.inRate.reduce((a, b) => a + b, 0) / groups.length
    expect(agg.inRate[mine]).toBeGreaterThan(1.4 * mean)
  })
})

describe('limits at scale', () => {
  it('accepts 10 000 partitions and 1 000 consumers as sizes, and names the field past them', () => {
    const errs = (x: unknown) => {
      const r = validateScenario(x)
      return r.ok ? [] : r.errors.map((e) => e.path)
    }
    expect(errs({ topic: { partitions: 10_001 } })).toEqual(['topic.partitions'])
    expect(errs({ group: { consumers: 1001 } })).toEqual(['group.consumers'])
  })

  it('the work budget still turns away the full 10 000 × 1 000 × 10 M/s size, naming its busy polls and the group protocol', () => {
    const r = validateScenario({
      start: 'warm',
      topic: { partitions: 10_000 },
      group: { consumers: 1000, processing: { recordsPerSec: 12_500 } },
      producers: [{ rate: { kind: 'constant', perSec: 10_000_000 } }],
    })
    expect(r.ok).toBe(false)
    const errors = r.ok ? [] : r.errors
    expect(errors.map((e) => e.path)).toEqual(['group.config["max.poll.records"]'])
    expect(errors[0]!.message).toMatch(/^too expensive to simulate: .*busy polls of 1,000 consumers .*; and the group protocol of 1,000 consumers over 10,000 partitions \(1 rebalance a second/)
  })
})
