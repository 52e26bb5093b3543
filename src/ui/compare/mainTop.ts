// Where compare mode's main area starts (under the toolbar and any notes), published on the root
// element as `--compare-main-top`, so the lesson panel (its own React root, position: fixed; see
// lessons.css) can dock in the main area's right column from its top without covering the toolbar.
// The toolbar takes one row or two depending on the width and the sides' count, so a fixed number
// in CSS would be wrong on some screens.

import { useLayoutEffect, type RefObject } from 'react'

export const MAIN_TOP_VAR = '--compare-main-top'

/** Keeps `--compare-main-top` at `ref`'s top edge (px) while mounted; removes it after. */
export function usePublishMainTop(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current
    if (el === null) return
    const root = el.ownerDocument.documentElement
    const place = (): void => root.style.setProperty(MAIN_TOP_VAR, `${Math.round(el.getBoundingClientRect().top)}px`)
    place()
    // The main area fills the page under the toolbar: when the toolbar or the notes above it change
    // height, the main area's height changes with its top.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place)
    ro?.observe(el)
    return () => {
      ro?.disconnect()
      root.style.removeProperty(MAIN_TOP_VAR)
    }
  }, [ref])
}
