// One Tab stop for the words behind figures that take no focus themselves (the status bar's, a
// difference strip's cells, a compare side's summary): a keyboard user Tabs to the group, and the
// arrow keys (Home / End) move focus from figure to figure, each showing its title in the page's
// bubble (TitleTip.tsx), which becomes the figure's aria-describedby while shown. Tab and Shift+Tab
// leave the group as from the group itself, so its figures add no Tab stops. DOM only.

import { useEffect, type RefObject } from 'react'
import { menuMove } from './menuFocus.ts'

/** Marks a figure the group gave focus to; TitleTip describes it by its bubble. */
export const TIP_ITEM = 'data-tip-item'

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])'

/** The group's figures: titled, shown, and not controls of their own (those have their Tab stop). */
export function tipItems(container: HTMLElement, extra: readonly (Element | null)[] = []): HTMLElement[] {
  const all = [...extra, ...Array.from(container.querySelectorAll('[title]'))]
  return all.filter((el): el is HTMLElement => {
    if (!(el instanceof HTMLElement) || (el.getAttribute('title') ?? '').trim() === '') return false
    if (el.matches(FOCUSABLE) || el.closest('[data-tip="focus"]') !== null) return false
    return el.getClientRects().length > 0
  })
}

/**
 * Arrow keys on `container` (made a Tab stop by the caller: tabIndex 0) or on one of its figures
 * move among `items()` (default: the container's titled figures).
 */
export function useTipGroup(container: RefObject<HTMLElement | null>, items?: (c: HTMLElement) => HTMLElement[]): void {
  useEffect(() => {
    const c = container.current
    if (c === null) return
    const doc = c.ownerDocument
    const list = (): HTMLElement[] => (items ?? tipItems)(c)
    const onKey = (e: KeyboardEvent): void => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      const target = e.target
      if (!(target instanceof HTMLElement)) return
      const figures = list()
      const at = figures.indexOf(target)
      if (target !== c && at < 0) return
      if (e.key === 'Tab') {
        // Leave as from the group: Shift+Tab to what comes before it, Tab to what follows it.
        if (at >= 0) c.focus({ preventScroll: true })
        return
      }
      if (e.key === 'Escape' && at >= 0) {
        c.focus({ preventScroll: true })
        return
      }
      const to = menuMove(figures.length, at, e.key, { wrap: true, sideways: true })
      if (to === null) return
      // The page's keys (→ steps the run) leave a handled arrow alone.
      e.preventDefault()
      const el = figures[to]!
      el.tabIndex = -1
      el.setAttribute(TIP_ITEM, '')
      el.focus()
    }
    doc.addEventListener('keydown', onKey)
    return () => doc.removeEventListener('keydown', onKey)
  }, [container, items])
}
