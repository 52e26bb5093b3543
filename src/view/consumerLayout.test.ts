// The consumer column at presenter mode's type on a compare side (two by two at 1024×768: a side is
// ~350 px wide, its consumer column 154 px): named cards while their names fit, else chips under a
// caption, inside the column either way. Before, a share group's 24 cards kept 22 px names in 44 px
// boxes ("c13c19" ran together) and the column ran past the side's right edge.

import { describe, expect, it } from 'vitest'
import { makeFrame } from './frameFixture.ts'
import { layoutConsumers, shortName, smallNamePx, type ConsumerMark } from './consumerLayout.ts'

const X = 190
const W = 154
const TOP = 52

function inside(cs: readonly ConsumerMark[], top: number, avail: number): void {
  for (const c of cs) {
    expect(c.x).toBeGreaterThanOrEqual(X)
    expect(c.x + c.w).toBeLessThanOrEqual(X + W + 0.01)
    expect(c.y).toBeGreaterThanOrEqual(top)
    expect(c.y + c.h).toBeLessThanOrEqual(top + avail + 0.01)
  }
  for (const a of cs)
    for (const b of cs) {
      if (a === b) continue
      const apart = a.x + a.w <= b.x + 0.01 || b.x + b.w <= a.x + 0.01 || a.y + a.h <= b.y + 0.01 || b.y + b.h <= a.y + 0.01
      expect(apart, `${a.name} and ${b.name} overlap`).toBe(true)
    }
}

describe('layoutConsumers', () => {
  it('presenter type, 24 members in 160 px: chips under "24 members", none outside the column or on another', () => {
    const { consumers, caption } = layoutConsumers(makeFrame({ partitions: 12, members: 24 }), X, W, TOP, 160, 20)
    expect(caption?.text).toBe('24 members')
    expect(caption!.fontPx).toBeGreaterThanOrEqual(20)
    expect(consumers).toHaveLength(24)
    expect(consumers.every((c) => c.chip)).toBe(true)
    // The chips start under the caption's line.
    for (const c of consumers) expect(c.y).toBeGreaterThanOrEqual(caption!.y)
    expect(Math.min(...consumers.map((c) => Math.min(c.w, c.h)))).toBeGreaterThanOrEqual(14)
    inside(consumers, TOP, 160)
  })

  it('presenter type: named small cards hold their 20 px names; four members keep a column of cards', () => {
    // Tall enough for 24 named cards: three columns (four would not hold "c24" at 20 px).
    const tall = layoutConsumers(makeFrame({ partitions: 12, members: 24 }), X, 188, TOP, 330, 20)
    expect(tall.caption).toBeNull()
    const px = smallNamePx(20, 26)
    expect(px).toBe(20)
    for (const c of tall.consumers) {
      expect(c.chip).toBe(false)
      expect(c.w).toBeGreaterThanOrEqual(shortName(c.name).length * 0.7 * px + 8)
      expect(c.h).toBeGreaterThanOrEqual(26)
    }
    const four = layoutConsumers(makeFrame({ partitions: 12, members: 4 }), X, W, TOP, 160, 20)
    expect(four.caption).toBeNull()
    expect(new Set(four.consumers.map((c) => c.x)).size).toBe(1)
    inside(four.consumers, TOP, 160)
  })

  it('the standard type keeps 24 named cards in four columns, as before', () => {
    const { consumers, caption } = layoutConsumers(makeFrame({ partitions: 12, members: 24 }), X, 188, TOP, 160, 11)
    expect(caption).toBeNull()
    expect(new Set(consumers.map((c) => c.x)).size).toBe(4)
    expect(consumers.every((c) => !c.chip && c.h >= 14)).toBe(true)
  })
})
