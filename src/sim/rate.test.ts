import { describe, expect, it } from 'vitest'
import { rateAt } from './rate.ts'

describe('producer rate shapes', () => {
  it('steps, ramps, spikes and follows a schedule at the stated seconds', () => {
    expect(rateAt({ kind: 'step', perSec: 10, atSec: 5, toPerSec: 50 }, 4_999)).toBe(10)
    expect(rateAt({ kind: 'step', perSec: 10, atSec: 5, toPerSec: 50 }, 5_000)).toBe(50)
    expect(rateAt({ kind: 'ramp', fromPerSec: 0, toPerSec: 100, startSec: 10, endSec: 20 }, 15_000)).toBe(50)
    expect(rateAt({ kind: 'spike', perSec: 100, atSec: 30, durationSec: 10, multiplier: 5 }, 35_000)).toBe(500)
    expect(rateAt({ kind: 'spike', perSec: 100, atSec: 30, durationSec: 10, multiplier: 5 }, 40_000)).toBe(100)
    const sched = { kind: 'schedule' as const, points: [[0, 0], [10, 100], [20, 100]] as Array<[number, number]> }
    expect(rateAt(sched, 5_000)).toBe(50)
    expect(rateAt(sched, 60_000)).toBe(100)
  })

  it('makes a sine wave around its mean that never goes negative', () => {
    const spec = { kind: 'sine' as const, perSec: 100, amplitude: 1, periodSec: 60 }
    expect(rateAt(spec, 15_000)).toBeCloseTo(200)
    expect(rateAt(spec, 45_000)).toBeCloseTo(0)
    let sum = 0
    for (let t = 0; t < 60_000; t += 10) sum += rateAt(spec, t)
    expect(sum / 6000).toBeCloseTo(100, 0)
  })
})
