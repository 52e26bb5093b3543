import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { createAppStore } from './createAppStore.ts'
import { METRICS_CAPACITY } from './frameSlice.ts'
import { MAX_SPEED, MIN_SPEED } from './playbackSlice.ts'

const sample = (t: number) => ({ t, inRate: 1, outRate: 1, totalLag: 0, p99Ms: 1, skewRatio: 1, lag: new Float64Array(2), rebalancing: false })

describe('createAppStore', () => {
  it('builds independent stores (two highways on one page)', () => {
    const a = createAppStore({ scenario: defaultScenario() })
    const b = createAppStore({ scenario: defaultScenario() })
    a.getState().setSpeed(5)
    expect(b.getState().speed).toBe(1)
  })

  it('holds only plain data: the state survives structuredClone without functions', () => {
    const s = createAppStore({ scenario: defaultScenario() }).getState()
    const data = Object.fromEntries(Object.entries(s).filter(([, v]) => typeof v !== 'function'))
    expect(() => structuredClone(data)).not.toThrow()
  })

  it('accepts frames of the current run and drops frames of an older run', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const f = makeFrame({ t: 1000 })
    store.getState().receiveFrame(0, f, [sample(1000)], [{ t: 1000, fact: { kind: 'member.crash', member: 'consumer-1' } }])
    expect(store.getState().frame).toBe(f)
    expect(store.getState().simTime).toBe(1000)
    store.getState().setScenario(defaultScenario(), true)
    expect(store.getState().runId).toBe(1)
    expect(store.getState().frame).toBeNull()
    expect(store.getState().metrics.items).toEqual([])
    store.getState().receiveFrame(0, makeFrame({ t: 2000 }), [], [])
    expect(store.getState().frame).toBeNull()
  })

  it('a live scenario edit keeps the run, its frame and its history', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame(), [sample(1000)], [])
    store.getState().setScenario({ ...defaultScenario(), seed: 7 }, false)
    expect(store.getState().runId).toBe(0)
    expect(store.getState().frame).not.toBeNull()
    expect(store.getState().metrics.items).toHaveLength(1)
  })

  it('bounds the metrics history', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const many = Array.from({ length: METRICS_CAPACITY + 10 }, (_, i) => sample(i * 1000))
    store.getState().receiveFrame(0, makeFrame(), many, [])
    expect(store.getState().metrics.items).toHaveLength(METRICS_CAPACITY)
    expect(store.getState().metrics.items[0]?.t).toBe(10_000)
  })

  it('clamps speed to the log slider range', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().setSpeed(1000)
    expect(store.getState().speed).toBe(MAX_SPEED)
    store.getState().setSpeed(0)
    expect(store.getState().speed).toBe(MIN_SPEED)
    store.getState().setSpeed(Number.NaN)
    expect(store.getState().speed).toBe(1)
  })

  it('does not repeat an identical banner, and dismisses by id', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const a = store.getState().showBanner('error', 'broken', ['x'])
    const b = store.getState().showBanner('error', 'broken', ['x'])
    expect(b).toBe(a)
    store.getState().showBanner('info', 'copied')
    expect(store.getState().banners).toHaveLength(2)
    store.getState().dismissBanner(a)
    expect(store.getState().banners.map((x) => x.text)).toEqual(['copied'])
  })
})
