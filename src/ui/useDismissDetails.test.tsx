import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { CompareButtons } from './CompareButtons.tsx'
import { mount, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

describe('a <details> drop-down (Compare ▾)', () => {
  it('closes on a press outside it and on Esc inside it, and not on a press inside it', () => {
    m = mount(<CompareButtons compare={() => {}} />)
    const details = m.container.querySelector('details')!
    const open = (): void => {
      details.open = true
    }
    open()
    act(() => details.querySelector('.fork-menu')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })))
    expect(details.open).toBe(true)
    act(() => document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true })))
    expect(details.open).toBe(false)

    open()
    const item = details.querySelector('button')!
    item.focus()
    let reachedWindow = false
    const spy = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') reachedWindow = true
    }
    window.addEventListener('keydown', spy)
    act(() => item.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    window.removeEventListener('keydown', spy)
    expect(details.open).toBe(false)
    expect(document.activeElement).toBe(details.querySelector('summary'))
    // The page's own Esc (which clears a selection) does not also run.
    expect(reachedWindow).toBe(false)
  })
})
