// The page's share of issue 10's memory bound: whatever a run does (hours of it, seeks back and
// forth), the histories the store keeps stay within fixed caps.

import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import type { MetricsSample, TraceEntry } from '../sim/frameTypes.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { createAppStore } from './createAppStore.ts'
import { MAX_BANNERS } from './bannerSlice.ts'
import { METRICS_CAPACITY, NARRATION_CAPACITY } from './frameSlice.ts'

const sample = (t: number): MetricsSample => ({ t, inRate: 1, outRate: 1, totalLag: 0, p99Ms: 1, skewRatio: 1, lag: new Float64Array(4), rebalancing: false })
const line = (t: number): TraceEntry => ({ t, fact: { kind: 'member.crash', member: `consumer-${t}` } })
const range = <T>(fromSec: number, toSec: number, f: (t: number) => T): T[] => Array.from({ length: toSec - fromSec + 1 }, (_, i) => f((fromSec + i) * 1000))

describe('bounded histories in the store', () => {
  it('seeking back again and again through a long run keeps at most one capacity of history ahead of the playhead', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const latest = 12_000_000
    const play = (fromSec: number, toSec: number): void => {
      for (let s = fromSec; s <= toSec; s += 100) {
        const to = Math.min(toSec, s + 99)
        store.getState().receiveFrame(0, makeFrame({ t: to * 1000 }), range(s, to, sample), range(s, to, line), { latest })
      }
    }
    play(1, 12_000)
    // Back 1000 s, forward 400 s, back again… down to the start: every step back carries what the
    // charts held into the history ahead.
    for (let at = 11_000; at >= 0; at -= 1000) {
      store.getState().receiveFrame(0, makeFrame({ t: at * 1000 }), [], [], { latest, seeked: true })
      play(at + 1, at + 400)
      const s = store.getState()
      expect(s.metrics.items.length).toBeLessThanOrEqual(METRICS_CAPACITY)
      expect(s.narration.length).toBeLessThanOrEqual(NARRATION_CAPACITY)
      expect(s.ahead.metrics.length).toBeLessThanOrEqual(METRICS_CAPACITY)
      expect(s.ahead.narration.length).toBeLessThanOrEqual(NARRATION_CAPACITY)
    }
    // What is kept ahead is the stretch nearest the playhead: the 400 s played after the seek to
    // 1000 s, then the nearest of what was ahead before that.
    const ahead = store.getState().ahead.metrics.map((m) => m.t)
    expect(ahead).toEqual([...range(1001, 1400, (t) => t), ...range(2001, 2000 + METRICS_CAPACITY - 400, (t) => t)])
  })

  it('banners left undismissed do not pile up: the newest few stay', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().showBanner('error', 'The simulation stopped')
    for (let i = 0; i < 500; i++) store.getState().showBanner('info', `Link to ${i} s copied`)
    // Notices go first: the error stays.
    expect(store.getState().banners.map((b) => b.text)).toEqual(['The simulation stopped', ...range(495, 499, (t) => `Link to ${t / 1000} s copied`)])
    for (let i = 0; i < 500; i++) store.getState().showBanner('warning', `That setting was not applied: #${i}`)
    const texts = store.getState().banners.map((b) => b.text)
    expect(texts).toHaveLength(MAX_BANNERS)
    expect(texts.at(-1)).toBe('That setting was not applied: #499')
  })
})
