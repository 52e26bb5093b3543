import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { placeMenu } from './ConsumerMenu.tsx'
import { FOLD_BELOW_PX, PresetNotice } from './PresetNotice.tsx'
import { PresenterButton } from './PresenterButton.tsx'
import { mount, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

describe('placeMenu (a consumer menu kept on screen)', () => {
  it('leaves a menu that fits where it was asked for', () => {
    expect(placeMenu(300, 260, 1024)).toBe(300)
  })
  it('pulls a menu that would cross the far edge back inside, 8 px from it', () => {
    // The last consumer of a 1024×768 projector: its box ends 20 px above the bottom.
    expect(placeMenu(748, 330, 768)).toBe(768 - 330 - 8)
    expect(placeMenu(900, 260, 1024)).toBe(1024 - 260 - 8)
  })
  it('never starts before the near edge, even when the menu is taller than the window', () => {
    expect(placeMenu(-40, 200, 1024)).toBe(8)
    expect(placeMenu(100, 900, 768)).toBe(8)
  })
})

describe('PresetNotice on a short screen', () => {
  it('starts folded (the narration stays on screen) and a disclosure button unfolds it', () => {
    expect(window.innerHeight).toBeLessThan(FOLD_BELOW_PX)
    m = mount(<PresetNotice />)
    const button = m.container.querySelector<HTMLButtonElement>('button.fold')!
    const story = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(story.classList.contains('folded')).toBe(true)
    act(() => button.click())
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(story.classList.contains('folded')).toBe(false)
  })
})

describe('PresenterButton', () => {
  it('is named "Presenter mode", toggles the store, and says whether it is on', () => {
    m = mount(<PresenterButton />)
    const b = m.container.querySelector('button')!
    expect(b.textContent).toBe('Presenter mode')
    expect(b.getAttribute('aria-pressed')).toBe('false')
    act(() => b.click())
    expect(m.store.getState().presenter).toBe(true)
    expect(b.getAttribute('aria-pressed')).toBe('true')
  })
})
