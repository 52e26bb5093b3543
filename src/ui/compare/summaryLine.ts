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

/** Places the summary now, whenever its text changes and whenever the header is resized (window, presenter mode). */
export function useSummaryLine(head: RefObject<HTMLElement | null>, text: string): void {
  useLayoutEffect(() => {
    const el = head.current
    if (el === null) return
    placeSummary(el)
    if (typeof ResizeObserver === 'undefined') return
    // Moving the summary changes the header's height, which calls this again: it decides the same, and stops.
    const ro = new ResizeObserver(() => placeSummary(el))
    ro.observe(el)
    return () => ro.disconnect()
  }, [head, text])
}
