import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { TraceEntry } from '../sim/frameTypes.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { createAppStore } from './createAppStore.ts'

const sample = (t: number) => ({ t, inRate: t, outRate: 1, totalLag: 0, p99Ms: 1, skewRatio: 1, lag: new Float64Array(2), rebalancing: false })
const line = (t: number, member: string): TraceEntry => ({ t, fact: { kind: 'member.crash', member } })
const seconds = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => sample((from + i) * 1000))

function playedTo95() {
  const store = createAppStore({ scenario: defaultScenario() })
  store.getState().receiveFrame(0, makeFrame({ t: 95_000 }), seconds(1, 95), [line(10_000, 'consumer-1'), line(42_000, 'consumer-2'), line(60_000, 'consumer-3')], { latest: 95_000 })
  return store
}

describe('the timeline in the store', () => {
  it('a frame answering a seek keeps the history up to its moment and adds only what is newer', () => {
    const store = playedTo95()
    store.getState().setSeeking(true)
    // The worker replayed from its checkpoint at 38 s to 42.5 s: samples 39..42 repeat what the ring holds.
    store.getState().receiveFrame(0, makeFrame({ t: 42_500 }), seconds(39, 42), [line(40_000, 'consumer-9'), line(42_000, 'consumer-2')], {
      latest: 95_000,
      seeked: true,
    })
    const s = store.getState()
    expect(s.metrics.items.map((m) => m.t)).toEqual(seconds(1, 42).map((m) => m.t))
    expect(s.narration.map((e) => e.t)).toEqual([10_000, 42_000])
    expect(s.simTime).toBe(42_500)
    expect(s.timeline).toMatchObject({ latest: 95_000, seeking: false, seeks: 1 })
  })

  it('a seek forward again (Home, then a click at 42.5 s) brings back the history the replay from a checkpoint does not carry', () => {
    const store = playedTo95()
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [], { latest: 95_000, seeked: true })
    expect(store.getState().metrics.items).toHaveLength(0)
    expect(store.getState().narration).toHaveLength(0)
    // The worker replayed from its checkpoint at 38 s only.
    store.getState().receiveFrame(0, makeFrame({ t: 42_500 }), seconds(39, 42), [line(42_000, 'consumer-2')], { latest: 95_000, seeked: true })
    const s = store.getState()
    expect(s.metrics.items.map((m) => m.t)).toEqual(seconds(1, 42).map((m) => m.t))
    expect(s.narration.map((e) => e.t)).toEqual([10_000, 42_000])
    // Playing on: what was ahead is emitted again, not kept twice.
    store.getState().receiveFrame(0, makeFrame({ t: 44_000 }), seconds(43, 44), [], { latest: 95_000 })
    expect(store.getState().metrics.items.map((m) => m.t)).toEqual(seconds(1, 44).map((m) => m.t))
    store.getState().receiveFrame(0, makeFrame({ t: 61_000 }), [], [], { latest: 95_000, seeked: true })
    expect(store.getState().narration.map((e) => e.t)).toEqual([10_000, 42_000, 60_000])
  })

  it('after a fork (a change after going back) the old future is not brought back', () => {
    const store = playedTo95()
    store.getState().receiveFrame(0, makeFrame({ t: 30_000 }), [], [], { latest: 95_000, seeked: true })
    expect(store.getState().ahead.narration.map((e) => e.t)).toEqual([42_000, 60_000])
    // A crash clicked at 30 s: the worker's run now ends there.
    store.getState().receiveFrame(0, makeFrame({ t: 30_100 }), [], [line(30_050, 'consumer-3')], { latest: 30_100 })
    expect(store.getState().ahead).toEqual({ metrics: [], narration: [] })
    store.getState().receiveFrame(0, makeFrame({ t: 0 }), [], [], { latest: 30_100, seeked: true })
    store.getState().receiveFrame(0, makeFrame({ t: 30_100 }), [], [], { latest: 30_100, seeked: true })
    expect(store.getState().narration.map((e) => e.t)).toEqual([10_000, 30_050])
    expect(store.getState().metrics.items.at(-1)?.t).toBe(30_000)
  })

  it('an ordinary frame never truncates the history', () => {
    const store = playedTo95()
    store.getState().receiveFrame(0, makeFrame({ t: 42_500 }), [], [], { latest: 95_000 })
    expect(store.getState().metrics.items).toHaveLength(95)
    expect(store.getState().narration).toHaveLength(3)
  })

  it('the worker’s actions become the run’s scenario; settings at t = 0 stay', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const before = store.getState().scenario
    const actions = [{ do: 'crashConsumer' as const, consumer: 'consumer-2', atSec: 12.345 }]
    store.getState().receiveFrame(0, makeFrame({ t: 12_345 }), [], [], { latest: 12_345, actions })
    const s = store.getState().scenario
    expect(s.actions).toEqual(actions)
    expect({ ...s, actions: [] }).toEqual({ ...before, actions: [] })
  })

  it('keeps markers until the worker sends a new list', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const markers = [{ t: 3000, kind: 'rebalance-start' as const, text: 'rebalance started: consumer-4 joined' }]
    store.getState().receiveFrame(0, makeFrame({ t: 3000 }), [], [], { latest: 3000, markers })
    store.getState().receiveFrame(0, makeFrame({ t: 4000 }), [], [], { latest: 4000 })
    expect(store.getState().timeline.markers).toEqual(markers)
    expect(store.getState().timeline.latest).toBe(4000)
  })

  it('a run that paused itself at a rebalance stops playing and remembers where', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    expect(store.getState().playing).toBe(true)
    store.getState().receiveFrame(0, makeFrame({ t: 7000 }), [], [], { latest: 7000, pausedAt: 'rebalance' })
    expect(store.getState().playing).toBe(false)
    expect(store.getState().timeline.pausedAtRebalance).toBe(7000)
    store.getState().setPlaying(true)
    store.getState().receiveFrame(0, makeFrame({ t: 7100 }), [], [], { latest: 7100 })
    expect(store.getState().timeline.pausedAtRebalance).toBeNull()
  })

  it('going back (a seek) or a step from the rebalance it paused at ends the "paused at a rebalance" note', () => {
    const store = playedTo95()
    store.getState().receiveFrame(0, makeFrame({ t: 55_100 }), [], [], { latest: 95_000, pausedAt: 'rebalance' })
    // A frame of the same moment (a redraw while paused) keeps it.
    store.getState().receiveFrame(0, makeFrame({ t: 55_100 }), [], [], { latest: 95_000 })
    expect(store.getState().timeline.pausedAtRebalance).toBe(55_100)
    store.getState().receiveFrame(0, makeFrame({ t: 10_400 }), [], [], { latest: 95_000, seeked: true })
    expect(store.getState().playing).toBe(false)
    expect(store.getState().timeline.pausedAtRebalance).toBeNull()
    store.getState().receiveFrame(0, makeFrame({ t: 7000 }), [], [], { latest: 95_000, pausedAt: 'rebalance' })
    store.getState().receiveFrame(0, makeFrame({ t: 7100 }), [], [], { latest: 95_000 })
    expect(store.getState().timeline.pausedAtRebalance).toBeNull()
  })

  it('a restart empties the timeline but keeps the pause-at-rebalance choice', () => {
    const store = playedTo95()
    store.getState().setPauseAtRebalance(true)
    store.getState().setScenario(defaultScenario(), true)
    expect(store.getState().timeline).toMatchObject({ latest: 0, markers: [], pauseAtRebalance: true })
  })
})
