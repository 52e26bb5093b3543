// A menu button's box (Share, Export): while open, its first item takes focus and a press anywhere
// outside the box, or Tab taking focus out of it, closes it; in the menu, Esc closes it, the
// arrow keys move between its items and Home / End go to the first / last.
// The open menu is kept inside the window sideways (keepInWindowX).

import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { moveMenuFocus } from './menuFocus.ts'

/** Margin kept between a toolbar menu and the window's side edges (px). */
const EDGE = 8

/**
 * Shifts `el` (a menu hanging from its button's right edge) sideways into the window. The toolbar
 * wraps at 1024 px, so Share, Export and Compare can sit at the left of its second row, where a
 * right-aligned menu ran up to 171 px off the window's left edge.
 */
export function keepInWindowX(el: HTMLElement, windowWidth: number): void {
  el.style.translate = ''
  const r = el.getBoundingClientRect()
  const shift = r.left < EDGE ? EDGE - r.left : r.right > windowWidth - EDGE ? Math.max(EDGE - r.left, windowWidth - EDGE - r.right) : 0
  if (shift !== 0) el.style.translate = `${Math.round(shift)}px 0`
}

export interface MenuBox {
  box: RefObject<HTMLDivElement | null>
  button: RefObject<HTMLButtonElement | null>
  first: RefObject<HTMLButtonElement | null>
}

export function useMenuBox(open: boolean, setOpen: (open: boolean) => void): MenuBox {
  const box = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const first = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    first.current?.focus()
    const onDown = (e: PointerEvent): void => {
      if (!(e.target instanceof Node) || box.current?.contains(e.target) !== true) setOpen(false)
    }
    // Focus gone to another control (Tab past the last item): the menu would stay open over the page.
    const onFocusOut = (e: FocusEvent): void => {
      if (e.relatedTarget instanceof Node && box.current?.contains(e.relatedTarget) !== true) setOpen(false)
    }
    const el = box.current
    document.addEventListener('pointerdown', onDown)
    el?.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('pointerdown', onDown)
      el?.removeEventListener('focusout', onFocusOut)
    }
  }, [open, setOpen])
  useLayoutEffect(() => {
    const menu = open ? box.current?.querySelector<HTMLElement>('[role="menu"]') : null
    if (menu !== null && menu !== undefined) keepInWindowX(menu, window.innerWidth)
  }, [open])
  return { box, button, first }
}

/**
 * The menu's own keys: Esc calls `close`; ↓ / ↑ move focus to the next / previous item, wrapping,
 * Home / End to the first / last (menuFocus.ts).
 */
export function menuKeys(close: () => void): (e: KeyboardEvent<HTMLElement>) => void {
  return (e) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
    } else if (moveMenuFocus(Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')), e.key, { wrap: true })) e.preventDefault()
  }
}
