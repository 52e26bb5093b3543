import { describe, expect, it } from 'vitest'
import { planSample } from './samplePlan.ts'

describe('planSample', () => {
  it('reads the newest records of each partition in proportion to its produce rate', () => {
    const plan = planSample(1000, [
      { partition: 0, low: 0, high: 10_000, producedPerSec: 600 },
      { partition: 1, low: 0, high: 10_000, producedPerSec: 300 },
      { partition: 2, low: 0, high: 10_000, producedPerSec: 100 },
      { partition: 3, low: 0, high: 10_000, producedPerSec: 0 },
    ])
    expect(plan).toEqual([
      { partition: 0, from: 9400, to: 10_000 },
      { partition: 1, from: 9700, to: 10_000 },
      { partition: 2, from: 9900, to: 10_000 },
    ])
  })

  it('adds up to exactly the records asked for when rates do not divide evenly', () => {
    const plan = planSample(100, [0, 1, 2].map((partition) => ({ partition, low: 0, high: 1000, producedPerSec: 1 })))
    expect(plan.reduce((a, r) => a + r.to - r.from, 0)).toBe(100)
  })

  it('never reads below the log start, and falls back to partition sizes on an idle topic', () => {
    const plan = planSample(100, [
      { partition: 0, low: 95, high: 100, producedPerSec: 0 },
      { partition: 1, low: 0, high: 15, producedPerSec: 0 },
    ])
    // Shares by size: 5/20 and 15/20 of 100, then clamped to what each log holds.
    expect(plan).toEqual([
      { partition: 0, from: 95, to: 100 },
      { partition: 1, from: 0, to: 15 },
    ])
    expect(planSample(100, [{ partition: 0, low: 7, high: 7, producedPerSec: 0 }])).toEqual([])
    expect(planSample(0, [{ partition: 0, low: 0, high: 7, producedPerSec: 1 }])).toEqual([])
  })
})
