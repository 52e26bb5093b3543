import { act } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { createAppStore } from '../store/createAppStore.ts'
import type { Frame } from '../sim/frameTypes.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { LABEL_MS, LanesPanel } from './LanesPanel.tsx'
import { mount } from './renderForTest.tsx'

/** Every frame the panel handed its view, in order (the real view draws them). */
const drawn: Frame[] = []
vi.mock('../view/createLanesView.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../view/createLanesView.ts')>()
  return {
    ...real,
    createLanesView: (...args: Parameters<typeof real.createLanesView>) => {
      const view = real.createLanesView(...args)
      return {
        ...view,
        update: (f: Frame, opts?: { labels?: boolean }) => {
          drawn.push(f)
          view.update(f, opts)
        },
      }
    },
  }
})

beforeAll(() => {
  // jsdom has no canvas; the view draws SVG only when getContext gives nothing.
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext
})
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('LanesPanel', () => {
  it('refreshes the lanes’ lag numbers a few times a second while frames stream in, and shows the last frame’s exactly', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<LanesPanel />, store)
    const label = (): string | null => m.container.querySelector('text.lag')?.textContent ?? null
    const texts: Array<string | null> = []
    // One wall second of 60 frames whose first lane's lag grows by 7 records a frame.
    for (let i = 0; i < 60; i++) {
      act(() => {
        store.getState().receiveFrame(0, makeFrame({ t: i * 16, lag: [100 + 7 * i] }), [], [])
        vi.advanceTimersByTime(16)
      })
      texts.push(label())
    }
    const changes = texts.filter((t, i) => i > 0 && t !== texts[i - 1]).length
    expect(changes).toBeGreaterThanOrEqual(2)
    expect(changes).toBeLessThanOrEqual(Math.ceil((60 * 16) / LABEL_MS) + 1)
    // The lanes themselves followed every frame.
    expect(m.container.querySelector<HTMLElement>('[data-testid="highway"]')?.dataset['t']).toBe(String(59 * 16))
    // Frames stop (paused): the numbers catch up with the frame shown.
    act(() => vi.advanceTimersByTime(LABEL_MS))
    expect(label()).toBe(`lag ${100 + 7 * 59}`)
    m.unmount()
  })

  it('outlines the lanes and consumers of the store\'s highlight (a lesson step), and clears them with it', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<LanesPanel />, store)
    act(() => store.getState().receiveFrame(0, makeFrame({ t: 1000, partitions: 6, members: 3 }), [], []))
    const drawn = (): string[] => Array.from(m.container.querySelectorAll('g.highlight')).map((g) => g.getAttribute('data-id') ?? '')
    expect(drawn()).toEqual([])
    act(() => store.getState().setHighlight({ partitions: [5], consumers: ['consumer-1'] }))
    expect(drawn()).toEqual(['5', 'consumer-1'])
    act(() => store.getState().setHighlight(null))
    expect(drawn()).toEqual([])
    m.unmount()
  })

  it('hands each frame to the view once while frames stream in (the lag numbers ride on a later frame)', () => {
    const store = createAppStore({ scenario: defaultScenario() })
    const m = mount(<LanesPanel />, store)
    drawn.length = 0
    for (let i = 0; i < 60; i++) {
      act(() => {
        store.getState().receiveFrame(0, makeFrame({ t: i * 16, lag: [100 + 7 * i] }), [], [])
        vi.advanceTimersByTime(16)
      })
    }
    expect(drawn.length).toBe(60)
    expect(new Set(drawn).size).toBe(60)
    m.unmount()
  })
})
