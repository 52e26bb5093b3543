// A consumer card's third line ("3 lanes · load 80%", or a countdown) shows whenever the card has the
// height for it, and only then. The broker-hotspot preset at 1024×768 draws 69.5 px cards, and the
// line showed only from 70 px, though it ends about 66 px below the card's top in 18 px type (jsdom;
// the cards drawn straight from marks).
import { select } from 'd3'
import { describe, expect, it } from 'vitest'
import { drawConsumers } from './consumerMarks.ts'
import type { ConsumerMark } from './consumerLayout.ts'
import type { LanesLayout } from './layout.ts'
import { projectorTheme, theme as standardTheme, type Theme } from './theme.ts'

function card(i: number, h: number): ConsumerMark {
  return { member: i, name: `consumer-${i + 1}`, phase: 'stable', x: 10, y: 10 + i * 200, w: 190, h, colour: '#56b4e9', owned: 3, utilization: 0.8, speed: 1, gone: false, countdown: null, chip: false }
}

function draw(heights: number[], theme: Theme): SVGGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  document.body.appendChild(svg)
  const g = document.createElementNS('http://www.w3.org/2000/svg', 'g')
  svg.appendChild(g)
  const L = { consumers: heights.map((h, i) => card(i, h)), consumerCaption: null } as unknown as LanesLayout
  drawConsumers(select(g), L, () => undefined, theme)
  return g
}

/** Each card's third line: its words and how far its letters' bottom (baseline + descent) is from the card's inner bottom edge. */
function ownedLines(g: SVGGElement, heights: number[]): Array<{ h: number; text: string; room: number }> {
  return Array.from(g.querySelectorAll('g.consumer-label text.owned')).map((t, i) => {
    const px = Number(t.getAttribute('font-size'))
    const bottom = Number(t.getAttribute('y')) + 0.25 * px
    const c = card(i, heights[i]!)
    return { h: c.h, text: t.textContent ?? '', room: c.y + c.h - 1.5 - bottom }
  })
}

describe('a consumer card\'s load line', () => {
  const heights = Array.from({ length: 41 }, (_, i) => 50 + i) // 50..90 px
  for (const [name, theme] of [['standard', standardTheme], ['presenter', projectorTheme]] as const) {
    it(`${name} type: shown on every card tall enough for it, never past the card's bottom edge`, () => {
      const lines = ownedLines(draw(heights, theme), heights)
      for (const l of lines) if (l.text !== '') expect(l.room, `${l.h} px: "${l.text}"`).toBeGreaterThanOrEqual(0)
      // From the first height that shows it, every taller card shows it, and it needs no more than 3 px of spare room.
      const first = lines.findIndex((l) => l.text !== '')
      expect(first).toBeGreaterThan(0)
      for (const l of lines.slice(first)) expect(l.text, `${l.h} px`).toMatch(/^3 lanes · (load )?80%$/)
      expect(lines[first]!.room).toBeLessThanOrEqual(3)
    })

    it(`${name} type: the load bar, where drawn, is under the third line's letters`, () => {
      const g = draw(heights, theme)
      const bars = Array.from(g.querySelectorAll('g.consumer rect.load-bg'))
      const owned = Array.from(g.querySelectorAll('g.consumer-label text.owned'))
      let drawn = 0
      bars.forEach((b, i) => {
        if (Number(b.getAttribute('width')) === 0) return
        drawn++
        const t = owned[i]!
        const bottom = Number(t.getAttribute('y')) + 0.25 * Number(t.getAttribute('font-size'))
        expect(Number(b.getAttribute('y')), `${heights[i]} px`).toBeGreaterThanOrEqual(bottom)
      })
      expect(drawn).toBeGreaterThan(0)
    })
  }

  it('the broker-hotspot picture at 1024×768: a 69.5 px card shows "3 lanes · load 80%"', () => {
    const g = draw([69.5], standardTheme)
    expect(g.querySelector('g.consumer-label text.owned')?.textContent).toBe('3 lanes · load 80%')
  })

  for (const [name, theme] of [['standard', standardTheme], ['presenter', projectorTheme]] as const) {
    it(`${name} type: a phase on its own line ends above the card's bottom edge (a compare side's 48 px cards: the "g" of "consuming" touched it)`, () => {
      const hs = Array.from({ length: 31 }, (_, i) => 40 + i)
      const g = draw(hs, theme)
      Array.from(g.querySelectorAll('g.consumer-label text.phase')).forEach((t, i) => {
        if (t.getAttribute('dy') !== null) return // one line with the name, centred
        const bottom = Number(t.getAttribute('y')) + 0.25 * Number(t.getAttribute('font-size'))
        const c = card(i, hs[i]!)
        expect(c.y + c.h - 1.5 - bottom, `${hs[i]} px`).toBeGreaterThanOrEqual(1.5)
      })
    })
  }
})
