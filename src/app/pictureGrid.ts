// Where compare mode's picture puts each side: in the page's own arrangement, read from where the
// sides' sections sit on screen (stacked, or two by two when the page shows three or four sides in a
// grid, compare.css), so a four-side picture has a slide's shape rather than a tall strip. Pure:
// boxes and sizes in (CSS px), positions out; the caller measures and draws.

/** Where a side's section sits on the page. */
export interface SideBox {
  left: number
  top: number
}

export interface Cell {
  col: number
  row: number
}

/** Indices of `values` into bands: values within `tolerance` of a band's first value share it, bands in increasing order. */
function bandsOf(values: readonly number[], tolerance: number): number[] {
  const starts: number[] = []
  for (const v of [...values].sort((a, b) => a - b)) if (starts.length === 0 || v - starts[starts.length - 1]! > tolerance) starts.push(v)
  return values.map((v) => starts.filter((s) => s <= v).length - 1)
}

/**
 * Each side's column and row on the page: sides whose left edges lie within `tolerance` px share a
 * column, and whose top edges do, a row (sub-pixel layout never puts two grid cells that close).
 */
export function gridCells(boxes: readonly SideBox[], tolerance = 4): Cell[] {
  const cols = bandsOf(
    boxes.map((b) => b.left),
    tolerance,
  )
  const rows = bandsOf(
    boxes.map((b) => b.top),
    tolerance,
  )
  return boxes.map((_, i) => ({ col: cols[i]!, row: rows[i]! }))
}

/** The picture's width per column: the widest highway in it, and no column under `minWidth` divided among the columns. */
export function columnWidths(cells: readonly Cell[], highwayWidths: readonly number[], minWidth: number): number[] {
  const n = Math.max(0, ...cells.map((c) => c.col + 1))
  const floor = minWidth / Math.max(1, n)
  return Array.from({ length: n }, (_, col) => Math.max(floor, ...cells.flatMap((c, i) => (c.col === col ? [highwayWidths[i] ?? 0] : []))))
}

export interface PlacedSide {
  x: number
  width: number
  /** The caption's top. */
  y: number
  /** The highway's top: the same for every side of a row, so their lanes line up across it. */
  highwayY: number
}

export interface GridPlan {
  width: number
  height: number
  sides: PlacedSide[]
  /** Where to draw a thin rule between columns (x) and between rows (y), only in a grid of several columns. */
  columnRules: number[]
  rowRules: number[]
}

/**
 * Places the sides below a title `top` px high: columns side by side with `gap` between them, rows
 * one under another; in a row the captions start together and the highways start together, below
 * the row's tallest caption; `pad` under each row. A single column is the stack it always was.
 */
export function planGrid(cells: readonly Cell[], widths: readonly number[], sizes: ReadonlyArray<{ caption: number; highway: number }>, o: { top: number; gap: number; pad: number }): GridPlan {
  const gap = widths.length > 1 ? o.gap : 0
  const xs = widths.map((_, c) => widths.slice(0, c).reduce((a, w) => a + w + gap, 0))
  const nRows = Math.max(0, ...cells.map((c) => c.row + 1))
  const inRow = (row: number, pick: (s: { caption: number; highway: number }) => number): number => Math.max(0, ...cells.flatMap((c, i) => (c.row === row ? [pick(sizes[i]!)] : [])))
  const ys: number[] = []
  let y = o.top
  for (let row = 0; row < nRows; row++) {
    ys.push(y)
    y += inRow(row, (s) => s.caption) + inRow(row, (s) => s.highway) + o.pad
  }
  const width = widths.reduce((a, w) => a + w, 0) + gap * Math.max(0, widths.length - 1)
  const grid = widths.length > 1
  return {
    width,
    height: y,
    sides: cells.map((c) => ({ x: xs[c.col]!, width: widths[c.col]!, y: ys[c.row]!, highwayY: ys[c.row]! + inRow(c.row, (s) => s.caption) })),
    columnRules: grid ? xs.slice(1).map((x) => x - gap / 2) : [],
    rowRules: grid ? ys.slice(1).map((r) => r - o.pad / 2) : [],
  }
}
