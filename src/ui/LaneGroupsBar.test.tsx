import { act } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { followLaneView } from '../app/laneViewSync.ts'
import type { Frame } from '../sim/frameTypes.ts'
import { createAppStore, type AppStore } from '../store/createAppStore.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { createLaneViewState } from '../worker/laneView.ts'
import { formatCount } from '../view/laneRows.ts'
import { LanesPanel } from './LanesPanel.tsx'
import { MetricsTable } from './MetricsTable.tsx'
import { mount } from './renderForTest.tsx'

beforeAll(() => {
  // jsdom has no canvas; the view draws SVG only when getContext gives nothing.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
  // jsdom lays nothing out: a tall highway, so every row has room for its label.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 2400 })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 })
})
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth
})

/** The row labels the highway draws, in order. */
function rowLabels(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[data-testid="highway"] text.p')].map((t) => t.textContent ?? '')
}

/**
 * The page's frames as the worker makes them: every lane's frame `full` turned into the rows the
 * store's lane view asks for (worker/laneView.ts), sent again whenever the page changes its view
 * (app/laneViewSync.ts), as the real worker answers a `lanes` request.
 */
function likeWorker(store: AppStore): { show(full: Frame): void } {
  const lanes = createLaneViewState(() => 0)
  let full: Frame | null = null
  const send = (): void => {
    if (full !== null) store.getState().receiveFrame(store.getState().runId, lanes.frame(full), [], [])
  }
  followLaneView(store, {
    setLaneView: (v) => {
      lanes.set(v)
      send()
    },
  })
  return {
    show(f) {
      full = f
      act(send)
    },
  }
}

describe('lane groups on the highway', () => {
  it('a topic of 200 lanes shows one row per consumer; a group opens into its lanes and Esc comes back', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<LanesPanel />, store)
    const lag = Array.from({ length: 200 }, (_, i) => i)
    likeWorker(store).show(makeFrame({ partitions: 200, members: 8, lag }))
    const highway = m.container.querySelector<HTMLElement>('[data-testid="highway"]')!
    expect(highway.dataset['grouped']).toBe('groups')
    expect(rowLabels(m.container)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'])
    // The third row's lag is the sum of consumer-3's lanes (2, 10, 18, …).
    const lags = [...m.container.querySelectorAll('[data-testid="highway"] text.lag')].map((t) => t.textContent)
    expect(lags[2]).toBe(`lag ${formatCount(Array.from({ length: 25 }, (_, i) => 2 + 8 * i).reduce((a, b) => a + b, 0))}`)

    const open = m.container.querySelector<HTMLButtonElement>('button[aria-label="Open Consumer consumer-3: 25 lanes"]')!
    act(() => open.click())
    expect(highway.dataset['grouped']).toBe('lanes')
    expect(rowLabels(m.container)).toEqual(Array.from({ length: 25 }, (_, i) => `P${2 + 8 * i}`))
    expect(m.container.querySelector('[data-testid="lane-group-open"]')?.textContent).toBe('Showing Consumer consumer-3: 25 lanes')

    act(() => {
      highway.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    })
    expect(highway.dataset['grouped']).toBe('groups')
    expect(rowLabels(m.container)).toHaveLength(8)
    m.unmount()
  })

  it('a group of more lanes than rows (a consumer of 150) says it shows the busiest one by one and the rest in the last row', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<LanesPanel />, store)
    likeWorker(store).show(makeFrame({ partitions: 300, members: 2 }))
    act(() => m.container.querySelector<HTMLButtonElement>('button[aria-label="Open Consumer consumer-1: 150 lanes"]')!.click())
    const rows = rowLabels(m.container)
    expect(rows).toHaveLength(64)
    expect(rows[63]).toBe('others')
    expect(m.container.querySelector('[data-testid="lane-group-open"]')?.textContent).toBe(
      'Showing Consumer consumer-1: 150 lanes: the 63 busiest one by one, the other 87 in the last row',
    )
    m.unmount()
  })

  it('grouping by the hottest lanes puts the busiest lane first; up to 64 lanes there are no groups', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<LanesPanel />, store)
    const f = makeFrame({ partitions: 100, members: 4 })
    f.inRate[42] = 5000
    const worker = likeWorker(store)
    worker.show(f)
    const select = m.container.querySelector<HTMLSelectElement>('select[aria-label="Group lanes by"]')!
    act(() => {
      select.value = 'hottest'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(rowLabels(m.container)[0]).toBe('P42')
    expect(rowLabels(m.container).at(-1)).toBe('rest')
    worker.show(makeFrame({ t: 20_000, partitions: 64, members: 4 }))
    expect(m.container.querySelector('[data-testid="lane-groups"]')).toBeNull()
    expect(rowLabels(m.container)).toHaveLength(64)
    m.unmount()
  })

  it('the partition table of a 2 000-lane topic lists the 100 lanes with the most lag, the most first, and says so', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const lag = Array.from({ length: 2000 }, (_, i) => (i * 7919) % 2000)
    likeWorker(store).show(makeFrame({ partitions: 2000, members: 4, lag }))
    const m = mount(<MetricsTable />, store)
    const rows = [...m.container.querySelectorAll('tbody tr')].map((tr) => Number(tr.getAttribute('data-partition')))
    const expected = lag.map((l, p) => [l, p] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, 100).map(([, p]) => p)
    expect(rows).toEqual(expected)
    expect(m.container.querySelector('[data-testid="metrics-rows-note"]')?.textContent).toContain('The 100 partitions with the most lag of 2,000')
    m.unmount()
  })
})
