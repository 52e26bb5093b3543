// A <details> used as a drop-down (Compare ▾ in the toolbar, a compare side's Strategy) closes as a
// menu does: on a press outside it or Esc inside it (the focus then goes back to its summary).
// Without this it stayed open over the lanes until its own summary was clicked again.

import { useEffect, type RefObject } from 'react'

export function useDismissDetails(ref: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const doc = el.ownerDocument
    const onDown = (e: PointerEvent): void => {
      if (el.open && e.target instanceof Node && !el.contains(e.target)) el.open = false
    }
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape' || !el.open) return
      e.preventDefault()
      // Esc here closes the drop-down only (the page's own Esc must not also clear a selection).
      e.stopPropagation()
      el.open = false
      el.querySelector('summary')?.focus()
    }
    doc.addEventListener('pointerdown', onDown)
    el.addEventListener('keydown', onKey)
    return () => {
      doc.removeEventListener('pointerdown', onDown)
      el.removeEventListener('keydown', onKey)
    }
  }, [ref])
}
