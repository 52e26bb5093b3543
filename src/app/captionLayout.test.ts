import { describe, expect, it } from 'vitest'
import { layoutCaption, layoutTitle, sizesFor, wrapWords, type Measure, type SideCaption } from './captionLayout.ts'

/** Every character 10 px wide, whatever the role: widths are easy to reason about. */
const measure: Measure = (t) => t.length * 10

const caption = (over: Partial<SideCaption> = {}): SideCaption => ({
  letter: 'A',
  label: 'eager',
  summary: 'eager · range',
  cells: [
    { label: 'max lag', value: '900', best: false },
    { label: 'stopped', value: '0.0 lane·s', best: true },
  ],
  note: '',
  ...over,
})

describe('captionLayout', () => {
  it('sizes type for a slide: at least the page\'s 15 px, larger on a wide picture, capped', () => {
    expect(sizesFor(600).body).toBe(15)
    expect(sizesFor(1500).body).toBe(25)
    expect(sizesFor(4000).body).toBe(26)
    expect(sizesFor(1500).head).toBeGreaterThan(sizesFor(1500).body)
  })

  it('wraps at word breaks within the width, keeping every word', () => {
    const lines = wrapWords('group.protocol=eager · assignor range · 3 brokers', 200, 'summary', measure)
    expect(lines.every((l) => measure(l, 'summary') <= 200 || !l.includes(' '))).toBe(true)
    expect(lines.join(' ')).toBe('group.protocol=eager · assignor range · 3 brokers')
    expect(lines.length).toBeGreaterThan(1)
  })

  it('draws the header (letter, label, summary) before the strip, the best cell with ★, all inside the width', () => {
    const sz = sizesFor(800)
    const b = layoutCaption(caption(), 800, measure, sz)
    const texts = b.texts.map((t) => t.text)
    expect(texts).toEqual(['A', 'eager', 'eager · range', 'max lag', '900', 'stopped', '0.0 lane·s ★'])
    expect(b.texts.find((t) => t.text === '0.0 lane·s ★')?.role).toBe('cellBest')
    expect(b.boxes.filter((x) => x.role === 'cellBest')).toHaveLength(1)
    // The strip sits below the header band, and the block is as tall as what it holds.
    const head = b.boxes.find((x) => x.role === 'head')!
    const cells = b.boxes.filter((x) => x.role === 'cell' || x.role === 'cellBest')
    for (const c of cells) expect(c.y).toBeGreaterThanOrEqual(head.y + head.h)
    for (const x of b.boxes) expect(x.x + x.w).toBeLessThanOrEqual(800)
    expect(b.height).toBeGreaterThanOrEqual(Math.max(...cells.map((c) => c.y + c.h)))
  })

  it('on a narrow picture the summary takes its own lines and the cells wrap onto more rows', () => {
    const sz = sizesFor(300)
    const many = Array.from({ length: 6 }, (_, i) => ({ label: `row ${i}`, value: '12345', best: false }))
    const wide = layoutCaption(caption({ cells: many, summary: 'cooperative · cooperative-sticky · 3 brokers · RF 2' }), 1200, measure, sizesFor(1200))
    const narrow = layoutCaption(caption({ cells: many, summary: 'cooperative · cooperative-sticky · 3 brokers · RF 2' }), 300, measure, sz)
    const label = narrow.texts.find((t) => t.role === 'label')!
    const summary = narrow.texts.filter((t) => t.role === 'summary')
    expect(summary[0]!.y).toBeGreaterThan(label.y)
    for (const t of narrow.texts) expect(t.x + measure(t.text, t.role)).toBeLessThanOrEqual(300)
    const rows = (b: typeof narrow): number => new Set(b.boxes.filter((x) => x.role === 'cell').map((x) => x.y)).size
    expect(rows(narrow)).toBeGreaterThan(rows(wide))
    expect(narrow.height).toBeGreaterThan(wide.height)
  })

  it('the title wraps to the width and gives its height', () => {
    const sz = sizesFor(400)
    const t = layoutTitle('consumer-joins-eager · simulated time 20.2 s · differences since 12.0 s', 400, measure, sz)
    expect(t.texts.length).toBeGreaterThan(1)
    expect(t.texts.map((x) => x.text).join(' ')).toContain('simulated time 20.2 s')
    expect(t.height).toBeGreaterThan(t.texts.at(-1)!.y)
  })
})
