// A modal dialog keeps the keyboard inside it (Tab from its last control wraps to its first,
// Shift+Tab from its first to its last: aria-modal tells a screen reader the page behind is inert,
// so focus must not wander there) and gives focus back to what opened it when it closes (else it
// falls to <body> and a keyboard user starts again from the top of the page).

import { useEffect, type RefObject } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/** The controls Tab can reach inside `root`, in document order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'))
}

/** What Tab (or Shift+Tab) from `active` should focus inside `root` to stay in it, or null to let the browser move on. */
export function wrapTarget(root: HTMLElement, active: Element | null, back: boolean): HTMLElement | null {
  const all = focusables(root)
  if (all.length === 0) return null
  const first = all[0]!
  const last = all[all.length - 1]!
  if (active === null || !root.contains(active)) return back ? last : first
  if (!back && active === last) return first
  if (back && active === first) return last
  return null
}

export function useModalFocus(dialog: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const onKey = (e: KeyboardEvent): void => {
      const root = dialog.current
      if (e.key !== 'Tab' || root === null) return
      const to = wrapTarget(root, document.activeElement, e.shiftKey)
      if (to === null) return
      e.preventDefault()
      to.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      // Back to the opener, if it is still on the page (Open scenario may have replaced the view).
      if (opener?.isConnected === true) opener.focus()
    }
  }, [dialog])
}
