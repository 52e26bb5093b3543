// A menu opened at a point on the page (a consumer's or a broker's actions): its first item takes the
// focus (given back to its opener when it closes), a press anywhere outside closes it, and it is kept
// inside the window. One hook for both menus.

import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/** Margin kept between a menu and the window's edge (px). */
const EDGE = 8

/**
 * Where a menu of `size` px wanted at `at` goes along an axis of `room` px: there if it fits,
 * else pulled back so its far edge sits `EDGE` inside, and never before `EDGE`.
 */
export function placeMenu(at: number, size: number, room: number): number {
  return Math.max(EDGE, Math.min(at, room - size - EDGE))
}

/** `close` is the store's setter (stable), called with null: a new function each render would refocus the menu. */
export function usePopupMenu(at: { x: number; y: number } | null, close: (none: null) => void): { first: RefObject<HTMLButtonElement | null>; menu: RefObject<HTMLDivElement | null> } {
  const first = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (at === null) return
    // What opened the menu (a broker's name, a consumer's card): the focus goes back there when the
    // menu closes, so a keyboard user goes on from where they were, not from the page's top.
    const opener = document.activeElement
    first.current?.focus()
    // A press anywhere outside the menu closes it (the press that opened it has already ended).
    const onDown = (e: PointerEvent): void => {
      if (!(e.target instanceof Node) || menu.current?.contains(e.target) !== true) close(null)
    }
    document.addEventListener('pointerdown', onDown)
    return () => {
      document.removeEventListener('pointerdown', onDown)
      // Only when the focus went down with the menu (an item chosen, Esc); a click elsewhere keeps its own.
      const now = document.activeElement
      const lost = now === null || now === document.body || menu.current?.contains(now) === true
      if (lost && (opener instanceof HTMLElement || opener instanceof SVGElement) && opener !== document.body && opener.isConnected) opener.focus()
    }
  }, [at, close])
  // Kept on screen: a consumer at the highway's bottom right (the last one, on a 1024×768 projector)
  // would open its menu past the window's edges.
  useLayoutEffect(() => {
    const el = menu.current
    if (at === null || el === null) return
    const r = el.getBoundingClientRect()
    el.style.left = `${placeMenu(at.x, r.width, window.innerWidth)}px`
    el.style.top = `${placeMenu(at.y + 4, r.height, window.innerHeight)}px`
  }, [at])
  return { first, menu }
}
