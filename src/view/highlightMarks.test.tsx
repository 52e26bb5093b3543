// A lesson step's highlight on the highway: outlines around exactly the lanes and consumers named,
// enclosing their marks, moved with the layout, gone when cleared (jsdom, no canvas).
import { describe, expect, it } from 'vitest'
import { makeFrame } from './frameFixture.ts'
import { lanesViewMounts } from './viewMount.ts'
import { highlightBoxes } from './highlightMarks.ts'
import { layout } from './layout.ts'

const mount = lanesViewMounts()

const within = (inner: { x: number; y: number; w: number; h: number }, outer: { x: number; y: number; w: number; h: number }): boolean =>
  outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.w >= inner.x + inner.w && outer.y + outer.h >= inner.y + inner.h

describe('highlightBoxes', () => {
  it('encloses each named lane (label to log end) and consumer box, and skips what is not on the highway', () => {
    const L = layout(makeFrame({ partitions: 6, members: 3 }), { width: 1000, height: 500 })
    const boxes = highlightBoxes(L, { partitions: [2, 9], consumers: ['consumer-3', 'consumer-7'] })
    expect(boxes.map((b) => b.key)).toEqual(['lane:2', 'consumer:consumer-3'])
    const lane = L.lanes[2]!
    expect(within({ x: 8, y: lane.y, w: L.x1 - 8, h: lane.h }, boxes[0]!)).toBe(true)
    // Its neighbours' roads are outside it (no more than the gap between lanes is covered).
    expect(boxes[0]!.y + boxes[0]!.h).toBeLessThan(L.lanes[3]!.y + L.lanes[3]!.h / 2)
    const c = L.consumers[2]!
    expect(within(c, boxes[1]!)).toBe(true)
    expect(within(L.consumers[1]!, boxes[1]!)).toBe(false)
    expect(highlightBoxes(L, null)).toEqual([])
  })
})

describe('the lanes view draws a lesson highlight', () => {
  it('outlines the named lane and consumer, follows a resize, and clears', () => {
    const { view, el } = mount()
    view.update(makeFrame({ partitions: 6, members: 3 }))
    expect(el.querySelectorAll('g.highlight')).toHaveLength(0)
    view.setHighlight({ partitions: [4], consumers: ['consumer-2'] })
    const drawn = (): string[] => Array.from(el.querySelectorAll('g.highlight')).map((g) => `${g.getAttribute('data-kind')} ${g.getAttribute('data-id')}`)
    expect(drawn()).toEqual(['lane 4', 'consumer consumer-2'])
    const y = (): number => Number(el.querySelector('g.highlight rect.outline')!.getAttribute('y'))
    const lane4 = (): number => view.lastLayout()!.lanes[4]!.y
    expect(y()).toBeLessThan(lane4())
    view.resize({ width: 1000, height: 800 })
    expect(y()).toBeLessThan(lane4())
    expect(lane4() - y()).toBeLessThan(10)
    // Kept across frames until changed.
    view.update(makeFrame({ partitions: 6, members: 3, t: 11_000 }))
    expect(drawn()).toEqual(['lane 4', 'consumer consumer-2'])
    view.setHighlight(null)
    expect(drawn()).toEqual([])
  })
})
