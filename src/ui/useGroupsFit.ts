// How many of the lane-group bar's buttons fit its rows, so the rest fold behind "+N more groups"
// (LaneGroupsBar.tsx). The list used to scroll inside 52 px: at 1024 px its only sign of more
// groups was a second row cut in half, and the keyboard met buttons it could not see. Measured after
// layout from the list's DOM (every button drawn once, then the ones past the fit left out before
// the paint); jsdom lays nothing out, so there every group fits.

import { useEffect, useLayoutEffect, useState, type RefObject } from 'react'

/** Rows of group buttons shown before the rest fold: one, so the highway keeps its height (the old list's 52 px showed one row and a half). */
export const GROUP_ROWS = 1

/** The `.lane-group` buttons that fit GROUP_ROWS rows of `list` with its `.lane-groups-more` after them. */
export function groupsThatFit(list: HTMLElement): number {
  const buttons = Array.from(list.querySelectorAll<HTMLElement>('.lane-group'))
  const first = buttons[0]
  if (first === undefined) return 0
  const rowTops: number[] = []
  for (const b of buttons) if (!rowTops.some((t) => Math.abs(t - b.offsetTop) < 2)) rowTops.push(b.offsetTop)
  if (rowTops.length <= GROUP_ROWS) return buttons.length
  const lastTop = rowTops[GROUP_ROWS - 1]!
  let k = buttons.findIndex((b) => b.offsetTop > lastTop + 2)
  // Room on the last row for the "+N more" button after the k-th group.
  const more = list.querySelector<HTMLElement>('.lane-groups-more')
  const gap = parseFloat(getComputedStyle(list).columnGap) || 0
  const end = list.clientWidth
  while (k > 1 && more !== null && buttons[k - 1]!.offsetLeft + buttons[k - 1]!.offsetWidth + gap + more.offsetWidth > end) k--
  return k
}

/**
 * Groups shown while folded: all, or as many as fit (null while measuring: then all are drawn).
 * `key` names the groups (a new list is measured again); `bar` is followed for its width.
 */
export function useGroupsFit(bar: RefObject<HTMLElement | null>, list: RefObject<HTMLElement | null>, key: string, folded: boolean): number | null {
  const [fit, setFit] = useState<number | null>(null)
  const [width, setWidth] = useState(0)
  // The bar's width, not the list's: the list is as wide as what it shows, which the fit changes.
  useEffect(() => {
    const el = bar.current
    if (el === null || typeof ResizeObserver === 'undefined') return
    const seen = new ResizeObserver(() => setWidth(Math.round(el.clientWidth)))
    seen.observe(el)
    return () => seen.disconnect()
  }, [bar])
  useLayoutEffect(() => setFit(null), [key, width, folded])
  useLayoutEffect(() => {
    if (fit !== null || !folded || list.current === null) return
    setFit(groupsThatFit(list.current))
  }, [fit, folded, list])
  return fit
}
