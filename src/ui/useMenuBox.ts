// A menu button's box (Share, Export): while open, its first item takes focus and a press anywhere
// outside the box closes it.

import { useEffect, useRef, type RefObject } from 'react'

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
