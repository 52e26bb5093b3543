// Presenter mode's narration lines, cut to a few lines each. At 20 px in the 320 px column a line
// naming every consumer's partitions (scale-10k's warm start: 13 lines) filled the whole log and
// ran past its foot, so the room read it only by scrolling inside the box. A cut line ends in "…"
// and offers "Read all", as the lesson panel's step text does; opened, the log grows to show it
// whole and the side column brings it into view. Measured after layout from the log's DOM (jsdom
// lays nothing out: nothing is cut there).

import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react'

export interface CutLines {
  /** Lines (their `data-line` ids) cut short now. */
  cut: ReadonlySet<string>
  /** Lines opened whole with "Read all". */
  open: ReadonlySet<string>
  toggle(id: string, button: HTMLElement): void
}

const NONE: ReadonlySet<string> = new Set()

/** The cut and opened lines among `log`'s `.n-line`s while `on` (presenter mode). */
export function useCutLines(log: RefObject<HTMLElement | null>, on: boolean): CutLines {
  const [cut, setCut] = useState<ReadonlySet<string>>(NONE)
  const [open, setOpen] = useState<ReadonlySet<string>>(NONE)
  const [, setSize] = useState(0)
  // A new width (the window, the columns) cuts lines at other words.
  useEffect(() => {
    const el = log.current
    if (el === null || !on || typeof ResizeObserver === 'undefined') return
    const seen = new ResizeObserver(() => setSize((n) => n + 1))
    seen.observe(el)
    return () => seen.disconnect()
  }, [log, on])
  // After every render: new lines come four times a second at most (the panel's throttle).
  useLayoutEffect(() => {
    const el = log.current
    if (el === null || !on) {
      if (cut.size > 0) setCut(NONE)
      return
    }
    const now = new Set<string>()
    for (const line of el.querySelectorAll<HTMLElement>('.n-line.n-clamp')) {
      if (line.scrollHeight > line.clientHeight + 1) now.add(line.dataset['line'] ?? '')
    }
    if (now.size !== cut.size || [...now].some((id) => !cut.has(id))) setCut(now)
  })
  // Leaving presenter mode closes what was opened (the lines are whole there anyway).
  useEffect(() => {
    if (!on) setOpen(NONE)
  }, [on])
  const toggle = useCallback((id: string, button: HTMLElement) => {
    setOpen((was) => {
      const next = new Set(was)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
    // Opened: the whole line in view (the log grew; the side column scrolls to it). Closed: its start.
    requestAnimationFrame(() => button.closest('li')?.scrollIntoView({ block: 'nearest' }))
  }, [])
  return { cut, open, toggle }
}
