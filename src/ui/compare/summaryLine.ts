// A side's strategy summary ("eager · range · 3 brokers · RF 2 · … · acks=1") stays on its header's
// line while it fits there and takes a line of its own below, wrapping, when it would be cut: at
// 1024 px and in presenter mode's 20 px type the header's controls leave it a hundred pixels or so.

import { useLayoutEffect, type RefObject } from 'react'

/** Puts the head's `.side-summary` on its own line (data-line="own") exactly when inline it would be cut. */
export function placeSummary(head: HTMLElement): void {
  const summary = head.querySelector<HTMLElement>('.side-summary')
  if (summary === null) return
  // Measured inline (one line, the rest of the header's row); the attribute is ours, not React's,
  // so a re-render leaves it alone. Reading the layout here, before paint, shows no flicker.
  delete summary.dataset['line']
  if (summary.scrollWidth > summary.clientWidth + 1) summary.dataset['line'] = 'own'
}

/**
 * Places the summary now, whenever its text changes, whenever the header is resized (window,
 * presenter mode) and whenever the header's other items come, go or change their words
 * ("replaying to 12.6 s…" gone leaves room the summary can have back).
 */
export function useSummaryLine(head: RefObject<HTMLElement | null>, text: string): void {
  useLayoutEffect(() => {
    const el = head.current
    if (el === null) return
    placeSummary(el)
    const place = (): void => placeSummary(el)
    // Moving the summary changes the header's height, which calls this again: it decides the same,
    // and stops. (Its data-line attribute is not watched, so placing it triggers nothing.)
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place)
    ro?.observe(el)
    const mo = typeof MutationObserver === 'undefined' ? null : new MutationObserver(place)
    mo?.observe(el, { childList: true, subtree: true, characterData: true })
    return () => {
      ro?.disconnect()
      mo?.disconnect()
    }
  }, [head, text])
}
