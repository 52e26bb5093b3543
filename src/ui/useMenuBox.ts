// A menu button's box (Share, Export): while open, its first item takes focus and a press anywhere
// outside the box closes it; in the menu, Esc closes it and the arrow keys move between its items.

import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'

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
    document.addEventListener('pointerdown', onDown)
    return () => document.removeEventListener('pointerdown', onDown)
  }, [open, setOpen])
  return { box, button, first }
}

/** The menu's own keys: Esc calls `close`; ↓ / ↑ move focus to the next / previous item, wrapping. */
export function menuKeys(close: () => void): (e: KeyboardEvent<HTMLElement>) => void {
  return (e) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      const items = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]'))
      const i = items.indexOf(e.target as HTMLButtonElement)
      items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus()
    }
  }
}
