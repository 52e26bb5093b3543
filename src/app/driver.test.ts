import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { createDriver, MAX_LEAD_WALL_MS, MAX_WALL_STEP_MS, nextTarget, SLEEP_GAP_MS, wallStep } from './driver.ts'
import { manualVisibility } from './pageVisibility.ts'
import type { SimClient } from './simClient.ts'

describe('nextTarget', () => {
  it('moves sim time by wall time × speed while playing', () => {
    expect(nextTarget(1000, 1000, true, 2, 16)).toBe(1032)
  })

  it('holds still while paused, but follows a frame that moved ahead (a step)', () => {
    expect(nextTarget(1000, 1000, false, 1, 16)).toBe(1000)
    expect(nextTarget(1000, 1100, false, 1, 16)).toBe(1100)
  })

  it('counts a long wall gap (background tab) as a short one', () => {
    expect(nextTarget(0, 0, true, 1, 60_000)).toBe(MAX_WALL_STEP_MS)
  })

  it('clamps catch-up: never more than the lead allowance ahead of the newest frame', () => {
    let target = 0
    for (let i = 0; i < 100; i++) target = nextTarget(target, 0, true, 10, 16)
    expect(target).toBe(MAX_LEAD_WALL_MS * 10)
  })
})

function fakeClient(): SimClient & { asked: number[]; pauseFlags: boolean[] } {
  const asked: number[] = []
  const pauseFlags: boolean[] = []
  return {
    asked,
    pauseFlags,
    start: () => {},
    advance: (t, pauseAtRebalance) => {
      asked.push(t)
      pauseFlags.push(pauseAtRebalance === true)
      return true
    },
    seek: () => {},
    step: () => {},
    command: () => {},
    setPlaying: () => {},
    setSpeed: () => {},
    busy: () => false,
    dispose: () => {},
  }
}

describe('createDriver', () => {
  it('asks the worker for frames on animation frames only, and reports fps each second', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    let wall = 0
    const driver = createDriver(store, client, {
      requestFrame: (cb) => queue.push(cb),
      cancelFrame: () => {},
      now: () => wall,
    })
    driver.start()
    for (let i = 0; i < 70; i++) {
      wall = i * 16
      const cb = queue.shift()
      cb?.(wall)
      driver.frameArrived(2, false)
    }
    expect(client.asked.length).toBeGreaterThan(60)
    expect(client.asked[0]).toBeCloseTo(16)
    expect(client.asked[1]).toBeCloseTo(32)
    expect(store.getState().perf.fps).toBeGreaterThan(50)
    expect(store.getState().perf.engineMs).toBe(2)
    driver.stop()
  })

  it('PAGEFPS: a worker a little slower than an animation frame is asked again as soon as it answers, not a tick later', () => {
    // Answers take 20 ms: asked on ticks only, every other tick finds it busy (30 frames a second);
    // asked again on its answer when a tick found it busy, it draws 1000 / 20 = 50.
    const drawn = (answerMs: number): { frames: number; asked: number[] } => {
      const store = createAppStore({ scenario: defaultScenario() })
      store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
      let wall = 0
      const worker: { due: { at: number; t: number } | null } = { due: null }
      const asked: number[] = []
      const client = {
        ...fakeClient(),
        advance: (t: number) => {
          if (worker.due !== null) return false
          asked.push(t)
          worker.due = { at: wall + answerMs, t }
          return true
        },
      }
      const queue: Array<(t: number) => void> = []
      const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => wall })
      driver.start()
      let frames = 0
      let nextTick = 0
      while (wall < 1000) {
        // Whichever comes first: the worker's answer or the next animation frame.
        const due = worker.due
        if (due !== null && due.at <= nextTick) {
          wall = due.at
          const t = due.t
          worker.due = null
          store.getState().receiveFrame(0, makeFrame({ t }), [], [])
          frames++
          driver.frameArrived(answerMs, true)
        } else {
          wall = nextTick
          nextTick += 1000 / 60
          queue.shift()?.(wall)
        }
      }
      driver.stop()
      return { frames, asked }
    }
    expect(drawn(20).frames).toBeGreaterThanOrEqual(48)
    // Sim time still follows wall time: the last request is about a second (× speed 1) in.
    expect(drawn(20).asked.at(-1)).toBeGreaterThan(950)
    // A worker that answers within the frame is asked once a tick, as before: 60 a second, not more.
    const quick = drawn(5)
    expect(quick.frames).toBeGreaterThanOrEqual(58)
    expect(quick.frames).toBeLessThanOrEqual(61)
  })

  it('an answer that arrives after a sleep (the page frozen) asks nothing: the next tick plays on from the frame shown', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().setSpeed(5)
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    let wall = 0
    let busy = false
    const asked: Array<{ t: number; shown: number }> = []
    const client = {
      ...fakeClient(),
      advance: (t: number) => {
        if (busy) return false
        busy = true
        asked.push({ t, shown: store.getState().frame!.t })
        return true
      },
    }
    const queue: Array<(t: number) => void> = []
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => wall })
    driver.start()
    queue.shift()!((wall = 0))
    // The worker is busy through the next tick (a missed ask), and the page then freezes for 3 s.
    queue.shift()!((wall = 16))
    queue.shift()!((wall = 33))
    wall = 3033
    // The answer of the ask at 0 ms, processed as the page wakes, before its next animation frame.
    busy = false
    store.getState().receiveFrame(0, makeFrame({ t: asked[0]!.t }), [], [])
    const before = asked.length
    driver.frameArrived(20, true)
    expect(asked.length).toBe(before)
    queue.shift()!((wall = 3034)) // the gap is seen: it counts as no time
    queue.shift()!((wall = 3050))
    const first = asked[before]!
    // One frame's worth at 5× past the frame shown, not the lead the target had built up.
    expect(first.t - first.shown).toBeLessThanOrEqual(Math.ceil((1000 / 60) * 5) + 1)
    driver.stop()
  })

  it('asks nothing while paused', () => {
    const store = createAppStore({ scenario: defaultScenario(), playing: false })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => 0 })
    driver.start()
    for (let i = 0; i < 10; i++) queue.shift()?.(i * 16)
    expect(client.asked).toEqual([])
  })

  it('after a seek back, plays on from the moment sought, not from where it was', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame({ t: 10_000 }), [], [], { latest: 10_000 })
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => 0 })
    driver.start()
    queue.shift()?.(0)
    queue.shift()?.(16)
    expect(client.asked.at(-1)).toBeCloseTo(10_016)
    store.getState().receiveFrame(0, makeFrame({ t: 4000 }), [], [], { latest: 10_016, seeked: true })
    queue.shift()?.(32)
    expect(client.asked.at(-1)).toBeCloseTo(4016)
    driver.stop()
  })

  it('passes the pause-at-next-rebalance choice with every advance', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => 0 })
    driver.start()
    queue.shift()?.(0)
    queue.shift()?.(16)
    store.getState().setPauseAtRebalance(true)
    queue.shift()?.(32)
    expect(client.pauseFlags).toEqual([false, true])
    driver.stop()
  })

  it('schedules no animation frames while paused, and starts again on play', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    let wall = 0
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => wall })
    driver.start()
    for (let i = 0; i < 3; i++) queue.shift()?.((wall = i * 16))
    expect(queue).toHaveLength(1)
    store.getState().setPlaying(false)
    // The tick already scheduled runs once more and schedules nothing after it.
    queue.shift()?.((wall = 48))
    expect(queue).toHaveLength(0)
    expect(driver.running()).toBe(false)
    const asked = client.asked.length
    // A step or an edit while paused brings a frame: still nothing to do per animation frame.
    store.getState().receiveFrame(0, makeFrame({ t: 100 }), [], [])
    expect(queue).toHaveLength(0)
    wall = 5000
    store.getState().setPlaying(true)
    expect(queue).toHaveLength(1)
    queue.shift()?.(5000)
    queue.shift()?.(5016)
    // Resumes from the frame shown, counting none of the wall time spent paused.
    expect(client.asked.slice(asked)).toEqual([116])
    expect(queue).toHaveLength(1)
    driver.stop()
    expect(driver.running()).toBe(false)
    store.getState().setPlaying(false)
    store.getState().setPlaying(true)
    expect(queue).toHaveLength(1)
  })

  it('a seek while the loop is stopped: play goes on from the moment sought', () => {
    const store = createAppStore({ scenario: defaultScenario(), playing: false })
    store.getState().receiveFrame(0, makeFrame({ t: 10_000 }), [], [], { latest: 10_000 })
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => 0 })
    driver.start()
    expect(queue).toHaveLength(0)
    store.getState().receiveFrame(0, makeFrame({ t: 4000 }), [], [], { latest: 10_000, seeked: true })
    store.getState().setPlaying(true)
    queue.shift()?.(0)
    queue.shift()?.(16)
    expect(client.asked).toEqual([4016])
    driver.stop()
  })

  it('a hidden tab stops the loop and holds the clock; shown again, it resumes from the frame shown with no catch-up', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    const vis = manualVisibility()
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => queue.shift(), now: () => 0, visibility: vis })
    driver.start()
    queue.shift()?.(0)
    queue.shift()?.(16)
    expect(client.asked).toEqual([16])
    store.getState().receiveFrame(0, makeFrame({ t: 16 }), [], [])
    vis.set(true)
    // The scheduled tick is cancelled, and nothing is asked however long the tab stays hidden.
    expect(queue).toHaveLength(0)
    expect(driver.running()).toBe(false)
    expect(store.getState().playing).toBe(true)
    vis.set(false)
    expect(queue).toHaveLength(1)
    // Ten minutes later on the wall clock: the first tick counts none of it.
    queue.shift()?.(600_000)
    queue.shift()?.(600_016)
    expect(client.asked).toEqual([16, 32])
    driver.stop()
  })

  it('back from a hidden tab or a sleep, goes on from the frame on screen, not from a target that had run ahead of it', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    const vis = manualVisibility()
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => queue.shift(), now: () => 0, visibility: vis })
    driver.start()
    // The worker answers nothing for a while: the target runs ahead of the frame shown (t = 0).
    for (const wall of [0, 16, 32, 48, 64]) queue.shift()?.(wall)
    expect(client.asked.at(-1)).toBe(64)
    vis.set(true)
    vis.set(false)
    queue.shift()?.(5000)
    queue.shift()?.(5016)
    expect(client.asked.at(-1)).toBe(16)
    // A sleep (minutes between two animation frames) the same.
    for (const wall of [5032, 5048]) queue.shift()?.(wall)
    expect(client.asked.at(-1)).toBe(48)
    queue.shift()?.(300_000)
    queue.shift()?.(300_016)
    expect(client.asked.at(-1)).toBe(16)
    driver.stop()
  })

  it('a tick already queued when the tab went hidden asks nothing', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    const vis = manualVisibility()
    // A host whose cancel comes too late (the callback was already taken off the queue).
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => 0, visibility: vis })
    driver.start()
    queue.shift()?.(0)
    const late = queue.shift()
    vis.set(true)
    late?.(16)
    expect(client.asked).toEqual([])
    expect(queue).toHaveLength(0)
    driver.stop()
  })

  it('a laptop suspended mid-run (minutes between two animation frames) resumes where it was: one ordinary step, no burst', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().setSpeed(100)
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [])
    const client = fakeClient()
    const queue: Array<(t: number) => void> = []
    let wall = 0
    const driver = createDriver(store, client, { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => wall })
    driver.start()
    for (let i = 0; i <= 3; i++) {
      queue.shift()?.((wall = i * 16))
      store.getState().receiveFrame(0, makeFrame({ t: client.asked.at(-1) ?? 0 }), [], [])
      driver.frameArrived(1, false)
    }
    const before = client.asked.length
    const shown = store.getState().frame?.t ?? 0
    // Suspended for five minutes, then the next animation frames.
    wall = 48 + 5 * 60_000
    queue.shift()?.(wall)
    queue.shift()?.((wall += 16))
    expect(client.asked.slice(before)).toEqual([shown + 16 * 100])
    // The fps readout does not count the five minutes either.
    for (let i = 0; i < 70; i++) {
      store.getState().receiveFrame(0, makeFrame({ t: client.asked.at(-1) ?? 0 }), [], [])
      driver.frameArrived(1, false)
      queue.shift()?.((wall += 16))
    }
    expect(store.getState().perf.fps).toBeGreaterThan(50)
    driver.stop()
  })
})

describe('wallStep', () => {
  it('counts a gap up to a sleep as it is, a longer one as nothing, and the first tick as nothing', () => {
    expect(wallStep(null, 5000)).toBe(0)
    expect(wallStep(1000, 1016)).toBe(16)
    expect(wallStep(0, SLEEP_GAP_MS)).toBe(SLEEP_GAP_MS)
    expect(wallStep(0, SLEEP_GAP_MS + 1)).toBe(0)
  })
})
