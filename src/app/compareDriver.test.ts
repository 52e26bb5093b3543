import { describe, expect, it } from 'vitest'
import { compareClock, createCompareDriver, needsTicks, planTick, type SideClock } from './compareDriver.ts'
import { manualVisibility } from './pageVisibility.ts'

const side = (t: number | null, busy = false, stops: number[] = []): SideClock => ({ t, busy, stops })

describe('planTick', () => {
  it('asks every side for the same target, measured from the slowest side', () => {
    const plan = planTick(990, [side(1000), side(1010), side(990)], true, 1, 16)
    expect(plan.target).toBe(1006)
    expect(plan.requests).toEqual([
      [0, 1006],
      [2, 1006],
    ])
  })

  it('skips a side with a request in flight, and one already at the target', () => {
    const plan = planTick(1000, [side(1000, true), side(1016), side(1000)], true, 1, 16)
    expect(plan.requests).toEqual([[2, 1016]])
  })

  it('holds the target until every side has reached it (lockstep)', () => {
    const plan = planTick(1016, [side(1016), side(1008)], true, 1, 16)
    expect(plan.target).toBe(1016)
    expect(plan.requests).toEqual([[1, 1016]])
  })

  it('asks for whole milliseconds and counts a side there as arrived (the worker floors toT)', () => {
    const plan = planTick(1016.67, [side(1016), side(1016)], true, 1, 16.67)
    expect(plan.target).toBeCloseTo(1033.34)
    expect(plan.requests).toEqual([
      [0, 1033],
      [1, 1033],
    ])
  })

  it('holds the clock while a side is brought to its stops, moving only that side', () => {
    const plan = planTick(5000, [side(5000), side(0, false, [3000, 5000])], true, 1, 16)
    expect(plan.target).toBe(5000)
    expect(plan.requests).toEqual([[1, 3000]])
  })

  it('holds the target and asks nothing while a seek is on its way (the frames are still of the moment before)', () => {
    const seeking: SideClock = { ...side(15_000), seeking: true }
    expect(planTick(6_000, [seeking, side(15_000)], false, 1, 16)).toEqual({ target: 6_000, requests: [] })
    expect(planTick(6_000, [side(6_000), { ...side(15_000), seeking: true }], true, 1, 16)).toEqual({ target: 6_000, requests: [] })
  })

  it('moves sides behind a target set while paused (a step), and nothing else', () => {
    expect(planTick(1100, [side(1000), side(1000)], false, 1, 16).requests).toEqual([
      [0, 1100],
      [1, 1100],
    ])
    expect(planTick(1000, [side(1000), side(1000)], false, 1, 16).requests).toEqual([])
  })
})

describe('compareClock', () => {
  it('is the slowest in-step side, null until all have a frame', () => {
    expect(compareClock([side(300), side(200)])).toBe(200)
    expect(compareClock([side(300), side(null)])).toBeNull()
    expect(compareClock([side(300), side(0, false, [300])])).toBe(300)
  })
})

describe('createCompareDriver', () => {
  it('sends one target to all sides on each animation frame and reports the clock', () => {
    const times = [0, 0]
    const asked: Array<[number, number]> = []
    const clocks: number[] = []
    const queue: Array<(t: number) => void> = []
    const driver = createCompareDriver(
      {
        sides: () => times.map((t) => side(t)),
        playing: () => true,
        speed: () => 2,
        advance: (i, toT) => {
          asked.push([i, toT])
          times[i] = toT
        },
        clock: (t) => clocks.push(t),
        perf: () => {},
      },
      { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => 0 },
    )
    driver.start()
    for (let i = 0; i < 4; i++) queue.shift()?.(i * 16)
    expect(asked).toEqual([
      [0, 32],
      [1, 32],
      [0, 64],
      [1, 64],
      [0, 96],
      [1, 96],
    ])
    // The clock is read from the frames at the start of a tick (the fake answers at once).
    expect(clocks).toEqual([0, 0, 32, 64])
    driver.stop()
  })

  it('paused with every side idle at the target, stops scheduling frames; a step, a frame or play wakes it', () => {
    const times = [1000, 1000]
    const busy = [false, false]
    let playing = true
    const asked: Array<[number, number]> = []
    const queue: Array<(t: number) => void> = []
    const driver = createCompareDriver(
      {
        sides: () => times.map((t, i) => side(t, busy[i])),
        playing: () => playing,
        speed: () => 1,
        advance: (i, toT) => {
          asked.push([i, toT])
          busy[i] = true
        },
        clock: () => {},
        perf: () => {},
      },
      { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => 0 },
    )
    driver.setTarget(1000)
    driver.start()
    queue.shift()?.(0)
    playing = false
    queue.shift()?.(16)
    expect(queue).toHaveLength(0)
    expect(driver.running()).toBe(false)
    // A step: the sides are asked for it, and the loop runs until both have answered.
    driver.setTarget(1100)
    expect(queue).toHaveLength(1)
    queue.shift()?.(32)
    expect(asked).toEqual([
      [0, 1100],
      [1, 1100],
    ])
    times[0] = 1100
    busy[0] = false
    driver.frameArrived(1, false)
    queue.shift()?.(48)
    expect(queue).toHaveLength(1)
    times[1] = 1100
    busy[1] = false
    driver.frameArrived(1, false)
    queue.shift()?.(64)
    expect(queue).toHaveLength(0)
    playing = true
    driver.wake()
    expect(queue).toHaveLength(1)
    driver.stop()
    driver.wake()
    expect(driver.running()).toBe(false)
  })
})

describe('createCompareDriver on a hidden page', () => {
  it('hidden, asks no side for anything; shown again, moves on from the shown moment counting none of the hidden time', () => {
    const times = [0, 0]
    const asked: Array<[number, number]> = []
    const queue: Array<(t: number) => void> = []
    const vis = manualVisibility()
    const driver = createCompareDriver(
      {
        sides: () => times.map((t) => side(t)),
        playing: () => true,
        speed: () => 2,
        advance: (i, toT) => {
          asked.push([i, toT])
          times[i] = toT
        },
        clock: () => {},
        perf: () => {},
      },
      { requestFrame: (cb) => queue.push(cb), cancelFrame: () => queue.shift(), now: () => 0, visibility: vis },
    )
    driver.start()
    queue.shift()?.(0)
    queue.shift()?.(16)
    vis.set(true)
    expect(driver.running()).toBe(false)
    driver.frameArrived(1, false)
    driver.wake()
    expect(queue).toHaveLength(0)
    vis.set(false)
    queue.shift()?.(90_000)
    queue.shift()?.(90_016)
    expect(asked).toEqual([
      [0, 32],
      [1, 32],
      [0, 64],
      [1, 64],
    ])
    driver.stop()
  })
})

describe('needsTicks', () => {
  it('is false only when paused and every side is idle at the target', () => {
    expect(needsTicks(1000, [side(1000), side(1000)], false)).toBe(false)
    expect(needsTicks(1000, [side(1000), side(1000)], true)).toBe(true)
    expect(needsTicks(1100, [side(1100), side(1000)], false)).toBe(true)
    expect(needsTicks(1000, [side(1000), side(1000, true)], false)).toBe(true)
    expect(needsTicks(1000, [side(1000), side(null)], false)).toBe(true)
    expect(needsTicks(1000, [side(1000), side(400, false, [1000])], false)).toBe(true)
    expect(needsTicks(1000, [side(1000), { ...side(1000), seeking: true }], false)).toBe(true)
    // A fractional target (slow speeds) counts as reached at its whole ms, as the worker floors it.
    expect(needsTicks(1000.6, [side(1000), side(1000)], false)).toBe(false)
  })
})
