// A <details> used as a drop-down (Compare ▾ in the toolbar, a compare side's Strategy) closes as a
// menu does: on a press outside it or Esc inside it (the focus then goes back to its summary).
// Without this it stayed open over the lanes until its own summary was clicked again. A drop-down of
// choices (Compare ▾, Add side: `items` names its buttons) also takes a menu's keys while open:
// ↓ / ↑ from choice to choice (from the summary, the first / last), Home / End the first / last.

import { useEffect, type RefObject } from 'react'
import { moveMenuFocus } from './menuFocus.ts'

/** The choices of a drop-down menu made of a <details> with a `.fork-menu` (Compare ▾, Add side). */
export const FORK_MENU_ITEMS = '.fork-menu button'

/**
 * Binds to the element in `ref` once, when the calling component mounts: the <details> must be
 * rendered by that component for as long as it is mounted (a drop-down that comes and goes, as Add
 * side's does, gets a component of its own), else its keys are bound to nothing or to a gone element.
 */
export function useDismissDetails(ref: RefObject<HTMLDetailsElement | null>, items?: string): void {
  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const doc = el.ownerDocument
    const onDown = (e: PointerEvent): void => {
      if (el.open && e.target instanceof Node && !el.contains(e.target)) el.open = false
    }
    const onKey = (e: KeyboardEvent): void => {
      if (!el.open) return
      if (items !== undefined && e.key !== 'Escape') {
        if (!e.altKey && !e.ctrlKey && !e.metaKey && moveMenuFocus(Array.from(el.querySelectorAll<HTMLElement>(items)), e.key, { wrap: true })) e.preventDefault()
        return
      }
      if (e.key !== 'Escape') return
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
  }, [ref, items])
}
