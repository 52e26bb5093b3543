import { act, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { mount, press, type Mounted } from './renderForTest.tsx'
import { controlUsesKey, SCROLL_COLUMN } from './keyTargets.ts'
import { SHORTCUTS, shortcutFor } from './shortcuts.ts'
import { useKeyboardShortcuts } from './useKeyboardShortcuts.ts'
import { usePointerBlur } from './usePointerBlur.ts'

/** The page's key handling with one control of each kind to focus. */
function Keys(): ReactNode {
  useKeyboardShortcuts()
  usePointerBlur()
  return (
    <div>
      <button type="button">Step</button>
      <input type="text" aria-label="Record key" />
      <input type="range" aria-label="Speed" />
      <input type="checkbox" aria-label="Pause at next rebalance" />
      <aside className="column" tabIndex={0} {...{ [SCROLL_COLUMN]: '' }}>
        <span className="figure" tabIndex={-1}>
          lag 42
        </span>
        <button type="button">In the column</button>
      </aside>
    </div>
  )
}

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

function setup(): Mounted & { el: (sel: string) => HTMLElement } {
  m = mount(<Keys />)
  const calls = m.actions.calls
  m.actions.nextStep = () => void calls.push('next')
  m.actions.prevStep = () => void calls.push('prev')
  m.actions.compare = () => void calls.push('compare')
  m.actions.openLessons = () => void calls.push('lessons')
  const root = m.container
  return Object.assign(m, { el: (sel: string) => root.querySelector<HTMLElement>(sel)! })
}

describe('page shortcuts', () => {
  it('Esc goes back from an open lane group, after whatever else it closes first', () => {
    const t = setup()
    act(() => t.store.getState().setLaneOpen('consumer:3'))
    // A consumer's menu is open: Esc closes the menu and leaves the group open.
    act(() => t.store.getState().selectConsumer({ member: 0, name: 'consumer-1', x: 0, y: 0 }))
    press('Escape')
    expect(t.store.getState().selectedConsumer).toBeNull()
    expect(t.store.getState().laneOpen).toBe('consumer:3')
    // Nothing else open, no focus (the group's button is gone): Esc goes back to all groups.
    press('Escape')
    expect(t.store.getState().laneOpen).toBeNull()
  })

  it('B and . pause and never play', () => {
    const t = setup()
    expect(t.store.getState().playing).toBe(true)
    press('b')
    expect(t.store.getState().playing).toBe(false)
    press('B')
    press('.')
    expect(t.store.getState().playing).toBe(false)
  })

  it('PageDown / PageUp ask for the next / previous step; +/-, ] [ double and halve the speed; R restarts; C compares', () => {
    const t = setup()
    press('PageDown')
    press('PageUp')
    press('r')
    press('C')
    expect(t.actions.calls).toEqual(['next', 'prev', 'restart', 'compare'])
    press('+')
    press(']')
    expect(t.store.getState().speed).toBe(4)
    press('-')
    press('[')
    press('[')
    expect(t.store.getState().speed).toBe(0.5)
  })

  it('P toggles presenter mode; S copies the link and says so', async () => {
    const t = setup()
    press('p')
    expect(t.store.getState().presenter).toBe(true)
    press('P')
    expect(t.store.getState().presenter).toBe(false)
    press('s')
    await act(async () => {})
    expect(t.actions.calls).toContain('share')
    expect(t.store.getState().banners.map((b) => b.text)).toEqual(['Link copied'])
  })

  it('S while paused shares the moment on screen (as compare mode’s Share does); playing, the run from its start', async () => {
    const t = setup()
    act(() => t.store.getState().setPlaying(false))
    press('S')
    await act(async () => {})
    act(() => t.store.getState().setPlaying(true))
    press('s')
    await act(async () => {})
    expect(t.actions.calls.filter((c) => c.startsWith('share'))).toEqual(['share moment', 'share'])
  })

  it('keys the focused control uses are left to it: typing, arrows and PageDown on a slider, Space on a button reached by keyboard', () => {
    const t = setup()
    const text = t.el('input[type="text"]')
    press('b', text)
    press(' ', text)
    expect(t.store.getState().playing).toBe(true)
    const range = t.el('input[type="range"]')
    press('ArrowRight', range)
    press('PageDown', range)
    expect(t.actions.calls).toEqual([])
    // …but the slider does not use B: it pauses from there too.
    press('b', range)
    expect(t.store.getState().playing).toBe(false)
    const button = t.el('button')
    act(() => button.focus())
    press(' ', button)
    expect(t.store.getState().playing).toBe(false)
    press(' ', t.el('input[type="checkbox"]'))
    expect(t.store.getState().playing).toBe(false)
    press(' ')
    expect(t.store.getState().playing).toBe(true)
  })

  it('a scrolling column in focus (compare mode’s tables of each side) scrolls with Page Down / Page Up and Space; elsewhere they stay the page’s', () => {
    const t = setup()
    const column = t.el('aside.column')
    const playing = t.store.getState().playing
    const overflow = (scrollHeight: number): void => {
      Object.defineProperty(column, 'scrollHeight', { configurable: true, value: scrollHeight })
      Object.defineProperty(column, 'clientHeight', { configurable: true, value: 300 })
    }
    overflow(900)
    for (const on of [column, t.el('aside .figure')]) {
      for (const key of ['PageDown', 'PageUp', ' ']) {
        const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
        act(() => void on.dispatchEvent(e))
        // Not prevented: the browser scrolls the column.
        expect(e.defaultPrevented, key).toBe(false)
      }
    }
    expect(t.actions.calls).toEqual([])
    expect(t.store.getState().playing).toBe(playing)
    // A button in the column keeps its Space, and a presenter remote's Page Down still steps.
    press('PageDown', t.el('aside button'))
    expect(t.actions.calls).toEqual(['next'])
    // Nothing to scroll: Space plays or pauses from the column, as from the page.
    overflow(300)
    press(' ', column)
    expect(t.store.getState().playing).toBe(!playing)
    // Off the column, Space is play / pause.
    overflow(900)
    press(' ')
    expect(t.store.getState().playing).toBe(playing)
  })

  it('a mouse click leaves no focus on a button or checkbox (Space then plays / pauses); a keyboard-focused one keeps it', () => {
    const t = setup()
    const button = t.el('button')
    const click = (el: HTMLElement): void =>
      act(() => {
        el.dispatchEvent(new Event('pointerdown', { bubbles: true }))
        el.focus()
        el.click()
      })
    click(button)
    expect(document.activeElement).not.toBe(button)
    const check = t.el('input[type="checkbox"]')
    click(check)
    expect(document.activeElement).not.toBe(check)
    // Tab, then Enter: the keyboard's focus stays where the user put it.
    press('Tab', button)
    act(() => {
      button.focus()
      button.click()
    })
    expect(document.activeElement).toBe(button)
  })

  it('Esc closes the menu and the shortcuts list and gives focus back to the page', () => {
    const t = setup()
    const button = t.el('button')
    act(() => {
      button.focus()
      t.store.getState().setShortcutsOpen(true)
      t.store.getState().selectConsumer({ member: 0, name: 'consumer-1', x: 0, y: 0 })
    })
    press('Escape', button)
    expect(document.activeElement).toBe(document.body)
    expect(t.store.getState().shortcutsOpen).toBe(false)
    expect(t.store.getState().selectedConsumer).toBeNull()
  })

  it('L opens the lessons, E the Export menu', () => {
    const t = setup()
    press('L')
    expect(t.actions.calls).toEqual(['lessons'])
    expect(t.store.getState().exportOpen).toBe(false)
    press('e')
    expect(t.store.getState().exportOpen).toBe(true)
  })
})

describe('the shortcut table', () => {
  it('every key the handler knows is listed in the ? dialog', () => {
    const listed = SHORTCUTS.map(([k]) => k).join(' ')
    for (const [key, label] of [
      [' ', 'Space'],
      ['b', 'B'],
      ['.', '.'],
      ['PageDown', 'Page Down'],
      ['+', '+'],
      [']', ']'],
      ['r', 'R'],
      ['s', 'S'],
      ['p', 'P'],
      ['c', 'C'],
      ['l', 'L'],
      ['e', 'E'],
      ['?', '?'],
    ] as const) {
      expect(shortcutFor(key), key).not.toBeNull()
      expect(listed, label).toContain(label)
    }
  })

  it('controlUsesKey: Escape always reaches the page, even from a text field', () => {
    const input = document.createElement('input')
    expect(controlUsesKey(input, 'Escape')).toBe(false)
    expect(controlUsesKey(input, 'b')).toBe(true)
    input.type = 'number'
    expect(controlUsesKey(input, 'ArrowRight')).toBe(true)
    const summary = document.createElement('summary')
    expect(controlUsesKey(summary, ' ')).toBe(true)
    expect(controlUsesKey(summary, 'b')).toBe(false)
  })
})
