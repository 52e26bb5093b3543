import { describe, expect, it } from 'vitest'
import { makeFrame } from './frameFixture.ts'
import { headerBaselines, headerHeight, headerTicks, headerTitles, type HeaderText } from './laneHeader.ts'
import { textWidth } from './textWidth.ts'
import { layout } from './layout.ts'

/** Horizontal extent of a header word (titles start at x, ticks are centred on it). */
function span(t: HeaderText, centred: boolean): [number, number] {
  const w = textWidth(t.text, t.fontPx)
  return centred ? [t.x - w / 2, t.x + w / 2] : [t.x, t.x + w]
}

function overlaps(words: Array<[number, number]>): string[] {
  const sorted = [...words].sort((a, b) => a[0] - b[0])
  const out: string[] = []
  for (let i = 1; i < sorted.length; i++) if (sorted[i]![0] < sorted[i - 1]![1]) out.push(`${sorted[i - 1]} / ${sorted[i]}`)
  return out
}

describe('the highway header', () => {
  // Highway widths seen: compare mode's side and presenter mode at 1024 px (~300–500), up to 1920 px.
  for (const minFontPx of [11, 20]) {
    it(`no word overlaps another at ${minFontPx} px type, from 320 to 1600 px wide`, () => {
      for (let width = 400; width <= 1600; width += 16) {
        const L = layout(makeFrame({ partitions: 12, members: 4 }), { width, height: 500 }, { minFontPx })
        const titles = headerTitles(L, minFontPx).filter((t) => t.text !== '')
        const ticks = headerTicks(L, minFontPx).filter((t) => t.text !== '')
        expect(overlaps(titles.map((t) => span(t, false))), `titles at ${width}`).toEqual([])
        expect(overlaps(ticks.map((t) => span(t, true))), `ticks at ${width}`).toEqual([])
        for (const t of titles) expect(span(t, false)[1], `${t.text} at ${width}`).toBeLessThanOrEqual(width)
        // Every zone keeps a title where it has room for one, and "Lane", "Consumers" always.
        expect(titles.map((t) => t.k)).toEqual(expect.arrayContaining(['p', 'c']))
        expect(ticks.length, `ticks at ${width}`).toBeGreaterThanOrEqual(1)
      }
    })
  }

  it('keeps the title row above the tick row, and the header above the first lane', () => {
    for (const px of [11, 14, 20, 24]) {
      const b = headerBaselines(px)
      const title = Math.max(14, px)
      const tick = Math.max(12, px)
      // Descent ~0.25 em under the title's baseline; ascent ~0.8 em over the tick's.
      expect(b.title + 0.25 * title).toBeLessThanOrEqual(b.tick - 0.8 * tick)
      expect(b.tick + 0.25 * tick).toBeLessThanOrEqual(headerHeight(px))
    }
    expect(headerHeight(11)).toBe(40)
  })

  it('says the most that fits: the full words in a wide highway, shorter ones in a narrow one at 20 px', () => {
    const wide = layout(makeFrame(), { width: 1400, height: 500 }, { minFontPx: 20 })
    expect(headerTitles(wide, 20).map((t) => t.text)).toEqual(['Lane', 'Records flow →', 'Backlog (log scale)', 'Consumers'])
    const narrow = layout(makeFrame(), { width: 500, height: 500 }, { minFontPx: 20 })
    const words = headerTitles(narrow, 20).map((t) => t.text)
    expect(words[0]).toBe('Lane')
    expect(words[2]).toMatch(/^Backlog/)
    expect(words[2]).not.toBe('Backlog (log scale)')
    expect(words[3]).toBe('Consumers')
  })
})
