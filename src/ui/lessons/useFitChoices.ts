// While a step asks its question, the question and its choices are in view without scrolling: at
// 1024×768 in presenter mode a long step's text had pushed them below the lesson panel's fold (the
// room saw a question with no answers to pick). The text is cut to as many whole lines as leave room
// above the panel's pinned foot; "Read all" opens it again (then the panel scrolls, as before).
// Measured after layout from the panel's DOM; under 900 px the panel is a sheet the page scrolls.

import { useEffect, useLayoutEffect, useState, type RefObject } from 'react'

/** The fewest lines of the step's text kept: its first sentence still says what the step is about. */
export const MIN_TEXT_LINES = 2

export interface FitChoices {
  /** Lines the text is cut to, or null: all of it. */
  lines: number | null
  /** The teacher opened the whole text ("Read all"). */
  expanded: boolean
  setExpanded(open: boolean): void
}

/**
 * `panel`'s `.lesson-text` cut so its last `.lesson-choice` ends above the pinned `.lesson-foot`
 * (or the panel's or the window's bottom). `step` names the step (a new one starts whole and
 * unexpanded); `asking` is true while the step's question waits for an answer.
 */
export function useFitChoices(panel: RefObject<HTMLElement | null>, step: string, asking: boolean): FitChoices {
  const [lines, setLines] = useState<number | null>(null)
  const [expanded, setExpanded] = useState(false)
  const [size, setSize] = useState(0)
  useLayoutEffect(() => {
    setExpanded(false)
    setLines(null)
  }, [step])
  // Measured again when the panel or its question changes size: the window resized, or presenter
  // mode switched on mid-step (its 20 px type), the foot's countdown.
  useEffect(() => {
    const el = panel.current
    if (el === null || typeof ResizeObserver === 'undefined') return
    const seen = new ResizeObserver(() => setSize((n) => n + 1))
    seen.observe(el)
    // The foot grows a line when the autoplay countdown starts, a moment after the question shows.
    for (const part of el.querySelectorAll('.lesson-head, .lesson-question, .lesson-foot')) seen.observe(part)
    return () => seen.disconnect()
  }, [panel, step, asking])
  useLayoutEffect(() => {
    const el = panel.current
    if (el === null) return
    if (expanded || window.innerWidth < 900) return setLines(null)
    // Kept through the playing and the reveal (the text jumping back would push the answer down).
    if (!asking) return
    const text = el.querySelector<HTMLElement>('.lesson-text')
    const choices = el.querySelectorAll<HTMLElement>('.lesson-choice')
    const last = choices[choices.length - 1]
    if (text === null || last === undefined) return setLines(null)
    const lh = parseFloat(getComputedStyle(text).lineHeight)
    if (!(lh > 0)) return
    const foot = el.querySelector<HTMLElement>('.lesson-foot')
    const box = el.getBoundingClientRect()
    const sticky = foot !== null && getComputedStyle(foot).position === 'sticky'
    // Where the choices must end, as if the panel were scrolled to its top (a new step's is).
    const limit = Math.min(sticky ? foot.getBoundingClientRect().top : box.bottom, box.bottom, window.innerHeight) - 4
    const overflow = last.getBoundingClientRect().bottom + el.scrollTop - limit
    const full = Math.round(text.scrollHeight / lh)
    const shown = lines ?? full
    let next: number | null = shown
    if (overflow > 0) next = Math.max(MIN_TEXT_LINES, shown - Math.ceil(overflow / lh))
    else if (lines !== null && overflow < -lh) next = shown + Math.floor(-overflow / lh)
    if (next !== null && next >= full) next = null
    if (next !== lines) setLines(next)
  }, [panel, step, asking, expanded, size, lines])
  return { lines: expanded ? null : lines, expanded, setExpanded }
}
