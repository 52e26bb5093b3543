import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TimelineMark } from '../store/timelineSlice.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { App } from './App.tsx'
import { adjacentMarker, TimelineBar, timelineValueText } from './TimelineBar.tsx'
import { buttons, byLabel, mount, press, type Mounted } from './renderForTest.tsx'
import { SHARE_NOTE_MS } from './useShareNote.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { sideMarkerSource } from './compare/sideMarkerSource.ts'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

/** The slider's readout follows the playhead at most every 200 ms (useThrottled). */
function settle(): void {
  act(() => vi.advanceTimersByTime(600))
}

const markers: TimelineMark[] = [
  { t: 3000, kind: 'rebalance-start', text: 'rebalance started: consumer-4 joined' },
  { t: 5200, kind: 'rebalance-end', text: 'rebalance done: generation 2' },
  { t: 30_000, kind: 'fault', text: 'consumer-2 crashed' },
  { t: 61_000, kind: 'hotspot', text: 'key "global-marketplace" flagged hot' },
]

/** A timeline whose run reached 95 s and shows 42 s. */
function at42(node = <TimelineBar />): Mounted {
  vi.useFakeTimers()
  const mounted = mount(node)
  act(() => mounted.store.getState().receiveFrame(0, makeFrame({ t: 95_000 }), [], [], { latest: 95_000, markers }))
  act(() => mounted.store.getState().receiveFrame(0, makeFrame({ t: 42_000 }), [], [], { latest: 95_000, seeked: true }))
  return mounted
}

const slider = (root: HTMLElement) => root.querySelector<HTMLElement>('[role="slider"][aria-label="Timeline"]')!

describe('TimelineBar', () => {
  it('is a slider named Timeline over the run so far, in simulated seconds', () => {
    m = at42()
    settle()
    const s = slider(m.container)
    expect(s.getAttribute('aria-valuemin')).toBe('0')
    expect(s.getAttribute('aria-valuemax')).toBe('95')
    expect(s.getAttribute('aria-valuenow')).toBe('42')
    expect(s.getAttribute('aria-valuetext')).toBe('42.0 s of 95.0 s')
    expect(s.tabIndex).toBe(0)
  })

  it('keys seek: ← one step back, → one step on, Shift+←/→ to the markers around, Home/End', () => {
    m = at42()
    const s = slider(m.container)
    press('ArrowLeft', s)
    press('ArrowRight', s)
    expect(m.actions.calls).toEqual(['stepBack', 'step'])
    const shift = (key: string) =>
      act(() => {
        s.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: true, bubbles: true, cancelable: true }))
      })
    shift('ArrowLeft')
    shift('ArrowRight')
    press('Home', s)
    press('End', s)
    expect(m.actions.seeks).toEqual([30_000, 61_000, 0, 95_000])
  })

  it('PageUp right after Home counts from the seek on its way: 10 s, not 42 s + 10 s', () => {
    m = at42()
    const s = slider(m.container)
    // What actions.seek(0) leaves behind until the worker's frame of 0 s arrives.
    act(() => m!.store.getState().setSeeking(true, 0))
    press('PageUp', s)
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ t: 10_000 }), [], [], { latest: 95_000, seeked: true }))
    press('PageUp', s)
    expect(m.actions.seeks).toEqual([10_000, 20_000])
  })

  it('a key handled by the Timeline is not also a page shortcut (→ steps once, not twice)', () => {
    m = at42(<App />)
    press('ArrowRight', slider(m.container))
    expect(m.actions.calls.filter((c) => c === 'step')).toHaveLength(1)
  })

  it('draws every marker with its words as a tooltip, and names the marker it sits on', () => {
    m = at42()
    const ticks = Array.from(m.container.querySelectorAll('g.marker'))
    expect(ticks.map((g) => g.getAttribute('data-kind'))).toEqual(markers.map((x) => x.kind))
    expect(ticks.map((g) => g.querySelector('title')?.textContent)).toEqual([
      '3.0 s: rebalance started: consumer-4 joined',
      '5.2 s: rebalance done: generation 2',
      '30.0 s: consumer-2 crashed',
      '61.0 s: key "global-marketplace" flagged hot',
    ])
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ t: 30_000 }), [], [], { latest: 95_000, seeked: true }))
    settle()
    expect(slider(m.container).getAttribute('aria-valuetext')).toBe('30.0 s of 95.0 s: consumer-2 crashed')
  })

  it('a click seeks to the moment under the pointer', () => {
    m = at42()
    const s = slider(m.container)
    s.getBoundingClientRect = () => ({ left: 100, top: 0, width: 216, height: 36, right: 316, bottom: 36, x: 100, y: 0, toJSON: () => ({}) })
    // 8 px pad each side: x = 100 + 8 + 200 × 0.25 is a quarter of the way through 95 s.
    act(() => {
      s.dispatchEvent(new PointerEvent('pointerdown', { clientX: 158, button: 0, bubbles: true }))
      s.dispatchEvent(new PointerEvent('pointerup', { clientX: 158, button: 0, bubbles: true }))
    })
    expect(m.actions.seeks).toEqual([23_750])
  })

  it('the pause-at-next-rebalance toggle is a labelled checkbox', () => {
    m = at42()
    const box = byLabel(m.container, 'Pause at next rebalance')
    expect(box.type).toBe('checkbox')
    act(() => box.click())
    expect(m.store.getState().timeline.pauseAtRebalance).toBe(true)
  })
})

describe('adjacentMarker', () => {
  it('finds the nearest marker strictly before or after, whatever the list order', () => {
    const shuffled = [markers[2]!, markers[0]!, markers[3]!, markers[1]!]
    expect(adjacentMarker(shuffled, 30_000, -1)?.t).toBe(5200)
    expect(adjacentMarker(shuffled, 30_000, 1)?.t).toBe(61_000)
    expect(adjacentMarker(shuffled, 3000, -1)).toBeUndefined()
    expect(adjacentMarker(shuffled, 61_000, 1)).toBeUndefined()
  })

  it('counts a marker at a fractional ms where a seek to it lands (whole ms), so Shift+← never sticks on it', () => {
    const fine: TimelineMark[] = [
      { t: 30_006, kind: 'rebalance-start', text: 'Rebalance started: consumer-4 joined' },
      { t: 33_287.526, kind: 'rebalance-end', text: 'Rebalance (generation 2) finished after 3.28 s' },
    ]
    // A seek to 33287.526 ms shows 33288 ms (the controller rounds): the previous marker is then 30006.
    expect(adjacentMarker(fine, 33_288, -1)?.t).toBe(30_006)
    expect(adjacentMarker(fine, 33_288, 1)).toBeUndefined()
    expect(adjacentMarker(fine, 30_006, 1)?.t).toBe(33_287.526)
    expect(timelineValueText(33_288, 40_000, fine)).toBe('33.3 s of 40.0 s: Rebalance (generation 2) finished after 3.28 s')
  })
})

describe('Share', () => {
  it('offers “Copy link” and “Link to this moment”', async () => {
    m = mount(<App />)
    const [share] = buttons(m.container, 'Share')
    expect(share?.getAttribute('aria-expanded')).toBe('false')
    act(() => share!.click())
    const items = Array.from(m.container.querySelectorAll('[role="menu"] [role="menuitem"]')).map((b) => b.textContent)
    expect(items).toEqual(['Copy link', 'Link to this moment'])
    await act(async () => buttons(m!.container, 'Link to this moment')[0]!.click())
    expect(m.actions.calls).toContain('share moment')
    expect(m.container.querySelector('.share-note')?.textContent).toBe('Link copied')
    expect(m.container.querySelector('[role="menu"]')).toBeNull()
  })

  it('inside a lesson offers the lesson’s link at its step first, the scenario links saying they leave the lesson out', async () => {
    m = mount(<App />)
    act(() => m!.store.getState().setLessonAt({ name: 'hot-key', step: 3, steps: 5 }))
    act(() => buttons(m!.container, 'Share')[0]!.click())
    const items = Array.from(m.container.querySelectorAll<HTMLButtonElement>('[role="menu"] [role="menuitem"]'))
    expect(items.map((b) => b.textContent)).toEqual(['Lesson link (step 3 of 5)', 'Scenario only, no lesson', 'Scenario at this moment, no lesson'])
    // Keyboard: the lesson link has focus, so Enter (a click) copies it.
    expect(document.activeElement).toBe(items[0])
    await act(async () => items[0]!.click())
    expect(m.actions.calls).toContain('share lesson')
    // The S key in a lesson copies the lesson's link too; with the lesson over, the run's link.
    press('s')
    act(() => m!.store.getState().setLessonAt(null))
    press('s')
    await act(async () => {})
    expect(m.actions.calls.filter((c) => c.startsWith('share'))).toEqual(['share lesson', 'share lesson', 'share'])
    act(() => buttons(m!.container, 'Share')[0]!.click())
    expect(Array.from(m.container.querySelectorAll('[role="menu"] [role="menuitem"]')).map((b) => b.textContent)).toEqual(['Copy link', 'Link to this moment'])
  })
})

describe('the Share note', () => {
  it('floats, goes after a while, and a link left to copy by hand stays', async () => {
    vi.useFakeTimers()
    m = mount(<App />)
    const note = (): string => m!.container.querySelector('.share-note')?.textContent ?? ''
    act(() => buttons(m!.container, 'Share')[0]!.click())
    await act(async () => buttons(m!.container, 'Copy link')[0]!.click())
    expect(note()).toBe('Link copied')
    act(() => vi.advanceTimersByTime(SHARE_NOTE_MS + 100))
    expect(note()).toBe('')
    m.actions.share = async () => 'Copy this link: http://127.0.0.1:5173/#s=v1.abc'
    act(() => buttons(m!.container, 'Share')[0]!.click())
    await act(async () => buttons(m!.container, 'Copy link')[0]!.click())
    act(() => vi.advanceTimersByTime(SHARE_NOTE_MS * 3))
    expect(note()).toBe('Copy this link: http://127.0.0.1:5173/#s=v1.abc')
  })
})

describe('a run that paused itself at a rebalance', () => {
  it('says so in a polite status line', () => {
    m = mount(<App />)
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ t: 12_300 }), [], [], { latest: 12_300, pausedAt: 'rebalance' }))
    const note = m.container.querySelector('.paused-note')
    expect(note?.getAttribute('aria-live')).toBe('polite')
    expect(note?.textContent).toBe('Paused: a rebalance started at 12.3 s')
    expect(buttons(m.container, 'Play')).toHaveLength(1)
  })

  it('in compare mode shows every side’s markers: a shared crash once, each side’s rebalance end with its letter, Shift+→ reaching B’s', () => {
    const crash: TimelineMark = { t: 10_000, kind: 'fault', text: 'consumer-2 crashed' }
    const start: TimelineMark = { t: 10_500, kind: 'rebalance-start', text: 'rebalance started' }
    const sideA = createAppStore({ scenario: defaultScenario(), playing: false })
    const sideB = createAppStore({ scenario: defaultScenario(), playing: false })
    const source = sideMarkerSource([sideA, sideB])
    m = at42(<TimelineBar pauseToggle={false} markerSource={source} />)
    // The sides' runs: eager's rebalance lasts 3.5 s, cooperative's 0.7 s. B's markers arrive later.
    act(() => sideA.getState().receiveFrame(0, makeFrame({ t: 20_000 }), [], [], { latest: 20_000, markers: [crash, start, { t: 14_000, kind: 'rebalance-end', text: 'rebalance done' }] }))
    act(() => sideB.getState().receiveFrame(0, makeFrame({ t: 20_000 }), [], [], { latest: 20_000, markers: [crash, start, { t: 11_200, kind: 'rebalance-end', text: 'rebalance done' }] }))
    const titles = Array.from(m.container.querySelectorAll('g.marker title')).map((t) => t.textContent)
    expect(titles).toEqual(['10.0 s: consumer-2 crashed', '10.5 s: rebalance started', '11.2 s: B: rebalance done', '14.0 s: A: rebalance done'])
    const s = slider(m.container)
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ t: 10_500 }), [], [], { latest: 95_000, seeked: true }))
    act(() => {
      s.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', shiftKey: true, bubbles: true, cancelable: true }))
    })
    expect(m.actions.seeks).toEqual([11_200])
  })
})
