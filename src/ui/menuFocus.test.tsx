// Home and End in every menu and list of choices (WAI-ARIA's menu pattern): a keyboard user in a
// consumer's menu, Compare ▾ or the Lessons list reaches the last item in one key, not by ↓ ↓ ↓.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { createLessonStore } from '../store/lessonSlice.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { CompareButtons } from './CompareButtons.tsx'
import { ConsumerMenu } from './ConsumerMenu.tsx'
import { LessonList } from './lessons/LessonList.tsx'
import { menuMove } from './menuFocus.ts'
import { mount, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
let root: Root | null = null
let container: HTMLElement | null = null
afterEach(() => {
  m?.unmount()
  m = null
  act(() => root?.unmount())
  container?.remove()
  root = null
  container = null
})

/** Presses `key` on the focused element; true when the page's own (window) handler would still see it. */
function press(key: string): boolean {
  let reachedPage = false
  const spy = (e: KeyboardEvent): void => {
    if (e.key === key && !e.defaultPrevented) reachedPage = true
  }
  window.addEventListener('keydown', spy)
  act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })))
  window.removeEventListener('keydown', spy)
  return reachedPage
}

const focused = (): string => document.activeElement?.textContent ?? ''

describe('menuMove', () => {
  it('Home / End go to the first / last item; ↓ / ↑ wrap in a menu and stop at the ends of a list', () => {
    expect([menuMove(4, 2, 'Home', { wrap: true }), menuMove(4, 1, 'End', { wrap: false })]).toEqual([0, 3])
    expect([menuMove(4, 3, 'ArrowDown', { wrap: true }), menuMove(4, 0, 'ArrowUp', { wrap: true })]).toEqual([0, 3])
    expect([menuMove(4, 3, 'ArrowDown', { wrap: false }), menuMove(4, 0, 'ArrowUp', { wrap: false })]).toEqual([3, 0])
    // From outside the items (a menu's button, a group's own stop): ↓ the first, ↑ the last.
    expect([menuMove(4, -1, 'ArrowDown', { wrap: true }), menuMove(4, -1, 'ArrowUp', { wrap: true })]).toEqual([0, 3])
    expect([menuMove(4, 1, 'PageDown', { wrap: false }), menuMove(4, 1, 'PageDown', { wrap: false, pageKeys: true })]).toEqual([null, 2])
    expect([menuMove(4, 1, 'ArrowRight', { wrap: true }), menuMove(4, 1, 'ArrowLeft', { wrap: true, sideways: true })]).toEqual([null, 0])
    expect([menuMove(0, -1, 'End', { wrap: true }), menuMove(4, 1, 'x', { wrap: true })]).toEqual([null, null])
  })
})

describe('Home and End in the menus', () => {
  it("a consumer's menu: End the last item, Home the first, neither reaching the page's keys", () => {
    m = mount(<ConsumerMenu />)
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, makeFrame({ t: 30_000 }), [], []))
    act(() => m!.store.getState().selectConsumer({ name: 'consumer-2', member: 1, x: 100, y: 100 }))
    const items = Array.from(m.container.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'))
    expect(items.length).toBeGreaterThan(3)
    expect(document.activeElement).toBe(items[0])
    expect(press('End')).toBe(false)
    expect(document.activeElement).toBe(items.at(-1))
    expect(press('Home')).toBe(false)
    expect(document.activeElement).toBe(items[0])
  })

  it('Compare ▾: ↓ / ↑ move between its choices (from the summary too), Home / End to the first / last', () => {
    m = mount(<CompareButtons compare={() => {}} />)
    const details = m.container.querySelector('details')!
    act(() => {
      details.open = true
    })
    const items = Array.from(details.querySelectorAll<HTMLButtonElement>('.fork-menu button'))
    expect(items.length).toBeGreaterThan(2)
    details.querySelector('summary')!.focus()
    expect(press('ArrowDown')).toBe(false)
    expect(document.activeElement).toBe(items[0])
    press('ArrowDown')
    expect(document.activeElement).toBe(items[1])
    expect(press('End')).toBe(false)
    expect(document.activeElement).toBe(items.at(-1))
    press('ArrowDown')
    expect(document.activeElement).toBe(items[0])
    press('End')
    expect(press('Home')).toBe(false)
    expect(focused()).toMatch(/^Compare eager and cooperative/)
    // Closed, the keys are the page's again.
    act(() => {
      details.open = false
    })
    details.querySelector('summary')!.focus()
    expect(press('End')).toBe(true)
  })

  it('the Lessons list: End the last lesson, Home the first', () => {
    const store = createLessonStore([
      { name: 'one', title: 'First', summary: 'S1', steps: 3, compare: false },
      { name: 'two', title: 'Second', summary: 'S2', steps: 4, compare: true },
      { name: 'three', title: 'Third', summary: 'S3', steps: 2, compare: false },
    ])
    container = document.createElement('div')
    document.body.appendChild(container)
    root = createRoot(container)
    act(() => root!.render(<LessonList store={store} onChoose={() => {}} />))
    act(() => store.getState().setListOpen(true))
    expect(focused()).toMatch(/^First/)
    press('End')
    expect(focused()).toMatch(/^Third/)
    press('ArrowDown')
    expect(focused()).toMatch(/^Third/)
    press('Home')
    expect(focused()).toMatch(/^First/)
    press('PageDown')
    expect(focused()).toMatch(/^Second/)
  })
})
