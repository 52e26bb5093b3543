import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { TitleTip, titledAt, titledFocus, tipPlace } from './TitleTip.tsx'
import { markersHere, SNAP_PX, touchSeekTime } from './TimelineBar.tsx'

function dom(html: string): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = html
  document.body.replaceChildren(root)
  return root
}

describe('TitleTip: which words a tap or keyboard focus shows', () => {
  it('a tap inside a titled element shows its title; a tap on a slider’s label shows the slider’s', () => {
    const root = dom(`<span title="Partition-seconds with nobody consuming">stopped <b>4.0</b></span>
      <label for="hk">Hot-key share</label><input id="hk" type="range" title="Fraction of all records that carry the one hot key">
      <p>plain</p>`)
    expect(titledAt(root.querySelector('b'))?.text).toBe('Partition-seconds with nobody consuming')
    const label = root.querySelector('label')!
    expect(titledAt(label)).toEqual({ el: label, text: 'Fraction of all records that carry the one hot key' })
    expect(titledAt(root.querySelector('p'))).toBeNull()
  })

  it('keyboard focus on a checkbox shows its label’s title; data-tip="focus" is for keyboard focus only', () => {
    const root = dom(`<input id="salt" type="checkbox"><label for="salt" title="Spread each flagged key">Salt hot keys</label>
      <div role="slider" tabindex="0" title="Drag or click; ← → step" data-tip="focus"><svg></svg></div>`)
    expect(titledFocus(root.querySelector('input'))?.text).toBe('Spread each flagged key')
    const track = root.querySelector('[role="slider"]')!
    expect(titledFocus(track)?.text).toBe('Drag or click; ← → step')
    expect(titledAt(track.querySelector('svg'))).toBeNull()
  })

  it('the bubble goes under its element, above it when the window ends first, and never off the sides', () => {
    const win = { width: 390, height: 844 }
    const tip = { width: 300, height: 80 }
    expect(tipPlace({ left: 10, top: 100, bottom: 120, width: 60 }, tip, win)).toEqual({ left: 8, top: 126 })
    expect(tipPlace({ left: 300, top: 800, bottom: 830, width: 80 }, tip, win)).toEqual({ left: 82, top: 714 })
  })
})

describe('TitleTip across a switch of page', () => {
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  /** A page: a titled button and the bubble, as one highway and compare mode each render them. */
  function page(): { el: HTMLElement; unmount: () => void } {
    const el = document.createElement('div')
    document.body.replaceChildren(el)
    const root = createRoot(el)
    act(() => root.render(<><button type="button" title="Back to one highway with side A's strategy">One highway</button><TitleTip /></>))
    return { el, unmount: () => act(() => root.unmount()) }
  }
  const bubble = (el: HTMLElement) => el.querySelector<HTMLElement>('.title-tip')!

  it('the focus a new page gives after a mouse click shows no tip; after a key it does', () => {
    const first = page()
    act(() => void document.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'mouse', bubbles: true })))
    first.unmount()
    // The new page (compare mode) puts the focus on its "One highway", as main.tsx does after a switch.
    const second = page()
    act(() => second.el.querySelector('button')!.focus())
    expect(bubble(second.el).hidden).toBe(true)
    second.unmount()
    const third = page()
    act(() => void document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })))
    act(() => third.el.querySelector('button')!.focus())
    expect(bubble(third.el).hidden).toBe(false)
    expect(bubble(third.el).textContent).toBe("Back to one highway with side A's strategy")
    third.unmount()
  })
})

describe('Timeline: markers for a finger', () => {
  const markers = [
    { t: 9_100, kind: 'rebalance-end' as const, text: 'Rebalance (generation 2) finished after 2.76 s' },
    { t: 60_000, kind: 'fault' as const, text: 'consumer-2 crashed' },
  ]

  it('a tap within SNAP_PX of a marker seeks to it; further off, to the time under the finger', () => {
    // 120 s over 600 px: 5 px a second; the fault's tick is at x = 300.
    expect(touchSeekTime(300 + SNAP_PX, 120_000, 600, markers)).toBe(60_000)
    expect(touchSeekTime(300 + SNAP_PX + 2, 120_000, 600, markers)).not.toBe(60_000)
  })

  it('the playhead on a marker says its words with the moment', () => {
    expect(markersHere(60_000, markers)).toBe('60.0 s: consumer-2 crashed')
    expect(markersHere(60_001, markers)).toBe('')
  })
})
