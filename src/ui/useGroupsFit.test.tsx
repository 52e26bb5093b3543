// Which lane-group buttons the folded bar keeps: the first row's, less those the "+N more groups"
// button needs room for (jsdom lays nothing out, so the boxes are given here).
import { describe, expect, it } from 'vitest'
import { groupsThatFit } from './useGroupsFit.ts'

/** A list `width` px wide of `n` group buttons, `perRow` a row, each `w` px, and the "+N more" button. */
function list(n: number, perRow: number, w: number, width: number, moreW = 100): HTMLElement {
  const el = document.createElement('div')
  Object.defineProperty(el, 'clientWidth', { value: width })
  const place = (b: HTMLElement, top: number, left: number, bw: number): void => {
    Object.defineProperty(b, 'offsetTop', { value: top })
    Object.defineProperty(b, 'offsetLeft', { value: left })
    Object.defineProperty(b, 'offsetWidth', { value: bw })
  }
  for (let i = 0; i < n; i++) {
    const b = document.createElement('button')
    b.className = 'lane-group'
    place(b, Math.floor(i / perRow) * 40, (i % perRow) * (w + 2), w)
    el.append(b)
  }
  const more = document.createElement('button')
  more.className = 'lane-groups-more'
  place(more, Math.floor(n / perRow) * 40, (n % perRow) * (w + 2), moreW)
  el.append(more)
  return el
}

describe('groupsThatFit', () => {
  it('keeps the first row’s groups, less those the "+N more groups" button needs room for', () => {
    // Five 58 px groups a row in 300 px: the fifth ends at 298, the button (100 px) fits after the third.
    expect(groupsThatFit(list(12, 5, 58, 300))).toBe(3)
    // A narrow button fits after the fourth.
    expect(groupsThatFit(list(12, 5, 58, 300, 50))).toBe(4)
  })

  it('keeps every group when they fit one row (no button then)', () => {
    expect(groupsThatFit(list(5, 5, 58, 300))).toBe(5)
    expect(groupsThatFit(list(0, 5, 58, 300))).toBe(0)
  })

  it('keeps at least one group, however wide the button', () => {
    expect(groupsThatFit(list(12, 5, 58, 300, 290))).toBe(1)
  })
})
