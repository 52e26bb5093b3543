// Regressions found walking the page as a trainer would (1280×720, real Chromium); each test
// pins one fix in the view layer.

import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { appendNarration } from '../store/frameSlice.ts'
import { createAppStore } from '../store/createAppStore.ts'
import type { MetricsSample, TraceEntry } from '../store/types.ts'
import { narrate, type Fact } from '../sim/narration.ts'
import { makeFrame } from '../view/frameFixture.ts'
import type { PresetInfo } from './actions.ts'
import { ConsumerMenu, SLOW_FACTOR, SLOWED_SPEED } from './ConsumerMenu.tsx'
import { PresetNotice } from './PresetNotice.tsx'
import { buttons, byLabel, mount, type Mounted } from './renderForTest.tsx'
import { Toolbar } from './Toolbar.tsx'
import { StatusBar } from './StatusBar.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

function sample(t: number, p99Ms: number | null): MetricsSample {
  return { t, inRate: 3000, outRate: 3000, totalLag: 0, p99Ms, skewRatio: 1, lag: new Float64Array(3), rebalancing: false }
}

describe('StatusBar p99', () => {
  it('shows the last seconds’ p99 (as the chart’s label does), not the whole run’s, which keeps the start-up rebalance for ever', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    const frame = makeFrame()
    frame.totals.latencyMs = { p50: 3000, p95: 6000, p99: 6356 }
    act(() => m!.store.getState().receiveFrame(0, frame, [sample(9000, 12), sample(10_000, 20)], []))
    act(() => vi.advanceTimersByTime(600))
    const p99 = m.container.querySelector('.p99')
    expect(p99?.textContent).toBe('p99 20 ms max 5\u00a0s')
    expect(p99?.getAttribute('title')).toMatch(/whole run so far: 6356 ms/)
  })

  it('holds steady while a lane fetched every other second flips the last second between 6 ms and 20 s, and names its window', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    const frame = makeFrame()
    frame.totals.latencyMs = { p50: 3000, p95: 6000, p99: 31_250 }
    // parallel-consumer-key-order's seconds 20–26 (the hot lane's records every other second).
    const seconds = [20_446, 6, 21_697, 6, 23_025, 24_435, 6]
    const shown: string[] = []
    for (let n = 0; n < seconds.length; n++) {
      act(() => m!.store.getState().receiveFrame(0, frame, [sample(20_000 + n * 1000, seconds[n]!)], []))
      act(() => vi.advanceTimersByTime(600))
      if (n >= 4) shown.push(m!.container.querySelector('.p99 b')?.textContent ?? '')
    }
    // The last second alone read 23.0 s, 24.4 s, 6 ms: the worst of the last five, never 6 ms.
    expect(shown).toEqual(['23.0', '24.4', '24.4'])
    const p99 = m.container.querySelector('.p99')!
    expect(p99.textContent).toBe('p99 24.4 s max 5\u00a0s')
    expect(p99.getAttribute('title')).toMatch(/worst of the last 5 simulated seconds' p99s, as the p99 chart's label/)
  })

  it('writes a p99 from 10 s on in seconds, as the p99 chart beside it does ("12.0 s", not "11978 ms")', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    const frame = makeFrame()
    frame.totals.latencyMs = { p50: 3000, p95: 6000, p99: 31_250 }
    act(() => m!.store.getState().receiveFrame(0, frame, [sample(9000, 9999), sample(10_000, 11_978)], []))
    act(() => vi.advanceTimersByTime(600))
    const p99 = m.container.querySelector('.p99')
    expect(p99?.textContent).toBe('p99 12.0 s max 5\u00a0s')
    expect(p99?.getAttribute('title')).toMatch(/whole run so far: 31\.3 s/)
  })

  it('shows "—", not 0 ms, when nothing was consumed in the last 5 s', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    const frame = makeFrame()
    frame.totals.latencyMs = { p50: 3000, p95: 6000, p99: 6356 }
    const idle = [6000, 7000, 8000, 9000, 10_000].map((t) => sample(t, null))
    act(() => m!.store.getState().receiveFrame(0, frame, [sample(5000, 12), ...idle], []))
    act(() => vi.advanceTimersByTime(600))
    const p99 = m.container.querySelector('.p99')
    expect(p99?.textContent).toBe('p99 —')
    expect(p99?.getAttribute('title')).toMatch(/whole run so far: 6356 ms/)
  })

  it('shows "—" before anything was ever consumed', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    const frame = makeFrame()
    frame.totals.latencyMs = { p50: null, p95: null, p99: null }
    act(() => m!.store.getState().receiveFrame(0, frame, [], []))
    act(() => vi.advanceTimersByTime(600))
    const p99 = m.container.querySelector('.p99')
    expect(p99?.textContent).toBe('p99 —')
    expect(p99?.getAttribute('title')).toMatch(/whole run so far: —/)
  })
})

describe('narration while a slider is dragged', () => {
  const at = (t: number, fact: Fact): TraceEntry => ({ t, fact })
  const share = (t: number, x: number): TraceEntry => at(t, { kind: 'producer.keys', change: { do: 'setHotKeyShare', share: x } })
  const text = (xs: readonly TraceEntry[]): string[] => xs.map((x) => narrate(x.fact))

  it('keeps only the last of a quick run of the same setting, even with other lines between', () => {
    const out = appendNarration(
      [at(1000, { kind: 'member.start', member: 'consumer-1', topic: 'orders', rejoin: false })],
      [share(9200, 0.55), share(9300, 0.58), at(9400, { kind: 'hotspot.laneFlagged', partition: 6, ratePerSec: 585, timesMean: 2.4 }), share(9500, 0.74)],
      200,
    )
    expect(text(out)).toEqual(['consumer-1 starts and subscribes to "orders"', 'partition 6 is hot: 585 rec/s, 2.4× the mean', 'hot-key share set to 74 %'])
  })

  it('keeps settings changed far apart, different settings, and every non-setting line', () => {
    const out = appendNarration(
      [],
      [
        share(1000, 0.1),
        share(20_000, 0.5),
        at(20_100, { kind: 'producer.keys', change: { do: 'setKeyCount', count: 500 } }),
        at(20_200, { kind: 'member.crash', member: 'consumer-2' }),
        at(20_300, { kind: 'member.crash', member: 'consumer-3' }),
      ],
      200,
    )
    expect(out).toHaveLength(5)
  })

  it('is what the store keeps', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    store.getState().receiveFrame(0, makeFrame(), [], [at(1000, { kind: 'producer.rate', perSec: 3000 })])
    store.getState().receiveFrame(0, makeFrame(), [], [at(1100, { kind: 'producer.rate', perSec: 3100 })])
    expect(text(store.getState().narration)).toEqual(['producer rate set to 3100 rec/s'])
  })
})

describe('ConsumerMenu slow down', () => {
  it('asks the simulation for a consumer at a quarter of its speed (factor = times slower)', () => {
    m = mount(<ConsumerMenu />)
    act(() => m!.store.getState().selectConsumer({ name: 'consumer-2', member: 1, x: 100, y: 100 }))
    const slow = buttons(m.container, `Slow down to ${SLOWED_SPEED}× speed`)
    expect(slow).toHaveLength(1)
    act(() => slow[0]!.click())
    expect(m.actions.injected).toEqual([{ do: 'slowConsumer', consumer: 'consumer-2', factor: SLOW_FACTOR }])
    expect(SLOW_FACTOR).toBe(4)
  })
})

describe('PresetNotice', () => {
  it('says the story may no longer hold once a setting changed, and not before', () => {
    const store = createAppStore({ scenario: { ...defaultScenario(), name: 'steady' } })
    m = mount(<PresetNotice />, store)
    ;(m.actions.presets as PresetInfo[]).splice(0, 1, { name: 'steady', title: 'Steady', notice: 'Everything keeps up.', scenario: { ...defaultScenario(), name: 'steady' } })
    act(() => m!.store.getState().setScenario({ ...m!.store.getState().scenario, seed: 7 }, true))
    expect(m.container.querySelector('.edited')).toBeNull()
    expect(m.container.textContent).toContain('Everything keeps up.')
    act(() => m!.actions.edit({ kind: 'hotKeyShare', share: 0.5 }))
    expect(m.container.querySelector('.edited')?.textContent).toMatch(/^Edited/)
    expect(m.container.textContent).toContain('Everything keeps up.')
  })

  it('during a lesson names the lesson instead: its scenario is its own, not an edited preset; back to the preset when it ends', () => {
    const store = createAppStore({ scenario: { ...defaultScenario(), name: 'steady', seed: 9 } })
    m = mount(<PresetNotice />, store)
    ;(m.actions.presets as PresetInfo[]).splice(0, 1, { name: 'steady', title: 'Steady', notice: 'Everything keeps up.', scenario: { ...defaultScenario(), name: 'steady' } })
    act(() => m!.store.getState().setLessonTitle('Why one key jams one lane'))
    expect(m.container.querySelector('.edited')).toBeNull()
    expect(m.container.querySelector('h2')?.textContent).toMatch(/^Lesson: Why one key jams one lane/)
    expect(m.container.textContent).not.toContain('Everything keeps up.')
    act(() => m!.store.getState().setLessonTitle(null))
    expect(m.container.querySelector('h2')?.textContent).toMatch(/^Steady/)
    expect(m.container.textContent).toContain('Everything keeps up.')
  })

  it('the toolbar’s preset reads "(lesson)" during a lesson, "(edited)" after an edit outside one', () => {
    const store = createAppStore({ scenario: { ...defaultScenario(), name: 'steady', seed: 9 } })
    m = mount(<Toolbar />, store)
    ;(m.actions.presets as PresetInfo[]).splice(0, 1, { name: 'steady', title: 'Steady', notice: 'Everything keeps up.', scenario: { ...defaultScenario(), name: 'steady' } })
    const shown = () => byLabel(m!.container, 'Preset').selectedOptions[0]?.textContent
    act(() => m!.store.getState().setLessonTitle('Why one key jams one lane'))
    expect(shown()).toBe('1. (lesson) Steady')
    act(() => m!.store.getState().setLessonTitle(null))
    expect(shown()).toBe('1. Steady')
    act(() => m!.actions.edit({ kind: 'hotKeyShare', share: 0.5 }))
    expect(shown()).toBe('1. (edited) Steady')
  })
})
