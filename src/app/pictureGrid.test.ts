import { describe, expect, it } from 'vitest'
import { columnWidths, gridCells, planGrid } from './pictureGrid.ts'

describe('gridCells', () => {
  it('reads two by two from where four sections sit, in whatever order they come, despite sub-pixel offsets', () => {
    const boxes = [
      { left: 212, top: 46 },
      { left: 596.4, top: 46.3 },
      { left: 212.2, top: 362 },
      { left: 596, top: 361.7 },
    ]
    expect(gridCells(boxes)).toEqual([
      { col: 0, row: 0 },
      { col: 1, row: 0 },
      { col: 0, row: 1 },
      { col: 1, row: 1 },
    ])
    expect(gridCells([boxes[3]!, boxes[0]!])).toEqual([
      { col: 1, row: 1 },
      { col: 0, row: 0 },
    ])
  })

  it('reads a stack as one column of rows, and three sides as two by two with a hole', () => {
    expect(gridCells([0, 300, 600].map((top) => ({ left: 212, top })))).toEqual([0, 1, 2].map((row) => ({ col: 0, row })))
    expect(gridCells([{ left: 0, top: 0 }, { left: 400, top: 0 }, { left: 0, top: 300 }])).toEqual([
      { col: 0, row: 0 },
      { col: 1, row: 0 },
      { col: 0, row: 1 },
    ])
  })

  it('keeps sides a few px more than the tolerance apart in different columns, however the values fall', () => {
    // 0, 4 and 5: 5 is more than 4 past the band's first value, so it starts a band of its own.
    expect(gridCells([0, 4, 5].map((left) => ({ left, top: 0 }))).map((c) => c.col)).toEqual([0, 0, 1])
  })
})

describe('columnWidths', () => {
  it('gives each column its widest highway, and a lone column at least the minimum', () => {
    const cells = [
      { col: 0, row: 0 },
      { col: 1, row: 0 },
      { col: 0, row: 1 },
      { col: 1, row: 1 },
    ]
    expect(columnWidths(cells, [380, 390, 384, 386], 480)).toEqual([384, 390])
    expect(columnWidths(cells, [100, 100, 100, 100], 480)).toEqual([240, 240])
    expect(columnWidths([{ col: 0, row: 0 }, { col: 0, row: 1 }], [300, 320], 480)).toEqual([480])
  })
})

describe('planGrid', () => {
  it('stacks one column as before: each caption, then its highway, then pad; no rules', () => {
    const plan = planGrid([{ col: 0, row: 0 }, { col: 0, row: 1 }], [700], [{ caption: 80, highway: 200 }, { caption: 100, highway: 210 }], { top: 40, gap: 18, pad: 9 })
    expect(plan.sides).toEqual([
      { x: 0, width: 700, y: 40, highwayY: 120 },
      { x: 0, width: 700, y: 329, highwayY: 429 },
    ])
    expect(plan).toMatchObject({ width: 700, height: 40 + 80 + 200 + 9 + 100 + 210 + 9, columnRules: [], rowRules: [] })
  })

  it('puts two by two side by side with a gap; a row\'s highways start together below its tallest caption', () => {
    const cells = [
      { col: 0, row: 0 },
      { col: 1, row: 0 },
      { col: 0, row: 1 },
      { col: 1, row: 1 },
    ]
    const sizes = [
      { caption: 150, highway: 200 },
      { caption: 120, highway: 210 },
      { caption: 170, highway: 200 },
      { caption: 140, highway: 200 },
    ]
    const plan = planGrid(cells, [400, 380], sizes, { top: 40, gap: 20, pad: 10 })
    expect(plan.width).toBe(800)
    expect(plan.sides.map((s) => [s.x, s.width, s.y, s.highwayY])).toEqual([
      [0, 400, 40, 190],
      [420, 380, 40, 190],
      [0, 400, 410, 580],
      [420, 380, 410, 580],
    ])
    expect(plan.height).toBe(410 + 170 + 200 + 10)
    expect(plan.columnRules).toEqual([410])
    expect(plan.rowRules).toEqual([405])
  })
})
