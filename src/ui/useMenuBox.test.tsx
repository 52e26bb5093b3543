// The menus' own keys (Share, Export, compare's Export): Esc closes, ↓ / ↑ move between items and wrap.
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { menuKeys } from './useMenuBox.ts'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

describe('menuKeys', () => {
  it('moves focus down and up through the items, wrapping at both ends, and Esc calls close', () => {
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
    expect(close).not.toHaveBeenCalled()
    press('Escape')
    expect(close).toHaveBeenCalledTimes(1)
    act(() => root.unmount())
    el.remove()
  })
})
