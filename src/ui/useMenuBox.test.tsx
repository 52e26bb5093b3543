// The menus' own keys (Share, Export, compare's Export): Esc closes, ↓ / ↑ move between items and wrap,
// Home / End go to the first / last;
// focus leaving the menu's box closes it.
import { act, useState, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { menuKeys, useMenuBox } from './useMenuBox.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

describe('menuKeys', () => {
  it('moves focus down and up through the items, wrapping at both ends, Home / End to the first / last, and Esc calls close', () => {
    const el = document.createElement('div')
    document.body.appendChild(el)
    const close = vi.fn()
    const root = createRoot(el)
    act(() =>
      root.render(
        <div role="menu" onKeyDown={menuKeys(close)}>
          {['a', 'b', 'c'].map((x) => (
            <button key={x} type="button" role="menuitem">
              {x}
            </button>
          ))}
        </div>,
      ),
    )
    const items = Array.from(el.querySelectorAll('button'))
    const press = (key: string): void => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })))
    const focused = (): string | null => document.activeElement?.textContent ?? null
    items[0]!.focus()
    press('ArrowDown')
    expect(focused()).toBe('b')
    press('ArrowDown')
    press('ArrowDown')
    expect(focused()).toBe('a')
    press('ArrowUp')
    expect(focused()).toBe('c')
    press('Home')
    expect(focused()).toBe('a')
    press('End')
    expect(focused()).toBe('c')
    expect(close).not.toHaveBeenCalled()
    press('Escape')
    expect(close).toHaveBeenCalledTimes(1)
    act(() => root.unmount())
    el.remove()
  })
})

describe('useMenuBox', () => {
  function Menu(p: { outside: string }): ReactNode {
    const [open, setOpen] = useState(false)
    const { box, button, first } = useMenuBox(open, setOpen)
    return (
      <>
        <div ref={box}>
          <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
            Share
          </button>
          {open ? (
            <div role="menu">
              <button ref={first} type="button" role="menuitem">
                a
              </button>
              <button type="button" role="menuitem">
                b
              </button>
            </div>
          ) : null}
        </div>
        <button type="button">{p.outside}</button>
      </>
    )
  }

  it('focus leaving the box (Tab past the last item) closes the menu; focus moving inside it does not', () => {
    const el = document.createElement('div')
    document.body.appendChild(el)
    const root = createRoot(el)
    act(() => root.render(<Menu outside="Import" />))
    const button = (name: string): HTMLButtonElement => Array.from(el.querySelectorAll('button')).find((b) => b.textContent === name)!
    act(() => button('Share').click())
    expect(document.activeElement).toBe(button('a'))
    act(() => button('b').focus())
    expect(el.querySelector('[role="menu"]')).not.toBeNull()
    act(() => button('Import').focus())
    expect(el.querySelector('[role="menu"]')).toBeNull()
    expect(button('Share').getAttribute('aria-expanded')).toBe('false')
    act(() => root.unmount())
    el.remove()
  })
})
