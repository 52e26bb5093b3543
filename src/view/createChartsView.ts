// Charts over sim time: lag per partition as a heat strip (canvas), throughput in/out and p99
// latency (SVG), with rebalance bands and a storm indicator. D3 owns the subtree it is given.

import { axisBottom, select } from 'd3'
import type { GroupView, MetricsSample } from '../sim/frameTypes.ts'
import { chartsLayout, type ChartsLayout } from './chartsLayout.ts'
import { chartsType, labelsHeight, labelYs } from './chartsType.ts'
import { fitted } from './cardWords.ts'
import { textWidth } from './textWidth.ts'
import { theme as standardTheme, type Theme } from './theme.ts'
import type { Size } from './layout.ts'
import { latencyText, P99_WINDOW_S } from './latencyWords.ts'

export interface ChartsView {
  /** Redraws from the history (oldest first) and the group's current state. */
  update(samples: readonly MetricsSample[], group: GroupView | null): void
  resize(size: Size): void
  destroy(): void
  lastLayout(): ChartsLayout | null
}

function fmtRate(v: number): string {
  if (v >= 1e6) return `${(v / 1e6).toFixed(1)}M/s`
  if (v >= 1e3) return `${(v / 1e3).toFixed(v >= 1e4 ? 0 : 1)}k/s`
  return `${Math.round(v)}/s`
}

/** A p99 from 10 s on in seconds ("p99 11.7 s"): "p99 11744 ms" did not fit the labels' column. */
function fmtP99(ms: number | null): string {
  return `p99 ${latencyText(ms)}`
}

/** The header's rebalance count, longest first: the run's count always says it is the run's. */
function rebalanceForms(n: number, lastMin: number): string[] {
  const run = `${n} rebalance${n === 1 ? '' : 's'} since 0 s`
  return [`${run} · ${lastMin} in last min`, run, `${n} since 0 s`]
}

function fmtTick(ms: number): string {
  return `${Math.round(ms / 1000)} s`
}

function heatFill(h: number, cold: string): string {
  // Same ramp as the lanes' backlog: dark → reddish purple → pale pink at the top.
  const k = Math.max(0, Math.min(1, h))
  if (k < 0.02) return cold
  const from = [0x2a, 0x1d, 0x38]
  const to = k < 0.7 ? [0xcc, 0x79, 0xa7] : [0xff, 0xd6, 0xec]
  const kk = k < 0.7 ? k / 0.7 : (k - 0.7) / 0.3
  const base = k < 0.7 ? from : [0xcc, 0x79, 0xa7]
  const c = base.map((v, i) => Math.round(v + ((to[i] ?? v) - v) * kk))
  return `rgb(${c[0]},${c[1]},${c[2]})`
}

/** `theme`: colours and smallest type (presenter mode: projectorTheme, 20 px text). */
export function createChartsView(container: HTMLElement, opts: { theme?: Theme } = {}): ChartsView {
  const theme = opts.theme ?? standardTheme
  const type = chartsType(theme)
  const AXIS_H = type.axisH
  const HEADER_H = type.headerH
  const doc = container.ownerDocument
  const root = select(container).style('position', 'relative').style('background', theme.background)
  const canvas = root
    .append('canvas')
    .attr('aria-hidden', 'true')
    .style('position', 'absolute')
    .style('inset', '0')
  const canvasEl = canvas.node() as HTMLCanvasElement
  const ctx = canvasEl.getContext('2d')
  const svg = root
    .append('svg')
    .attr('role', 'img')
    .attr('aria-label', 'Charts: lag per partition, throughput in and out, p99 latency, rebalances')
    .style('position', 'absolute')
    .style('inset', '0')
    .style('font-family', theme.fontFamily)
  const bandLayer = svg.append('g')
  const lineLayer = svg.append('g').attr('fill', 'none').attr('stroke-width', type.lineWidth)
  const inPath = lineLayer.append('path').attr('stroke', theme.inRate)
  const outPath = lineLayer.append('path').attr('stroke', theme.outRate).attr('stroke-dasharray', '7 4')
  const p99Path = lineLayer.append('path').attr('stroke', theme.p99)
  const labelLayer = svg.append('g').attr('font-size', type.labelPx).attr('font-weight', 600)
  // d3's axis writes its own font-size onto its group on each call: set ours after it (render).
  const axisLayer = svg.append('g').attr('color', theme.textDim)
  // The rebalance count (or the storm warning) in the header row, right-aligned: drawn over the
  // throughput lines it covered In and Out where a teacher wanted to read them.
  const storm = svg
    .append('text')
    .attr('text-anchor', 'end')
    .attr('font-size', type.stormPx)
    .attr('font-weight', 800)
    .attr('dy', '0.35em')

  let size: Size = { width: container.clientWidth || 800, height: container.clientHeight || 170 }
  let samples: readonly MetricsSample[] = []
  let group: GroupView | null = null
  let marks: ChartsLayout | null = null

  function applySize(): void {
    const dpr = doc.defaultView?.devicePixelRatio ?? 1
    svg.attr('width', size.width).attr('height', size.height)
    canvasEl.width = Math.round(size.width * dpr)
    canvasEl.height = Math.round(size.height * dpr)
    canvas.style('width', `${size.width}px`).style('height', `${size.height}px`)
    ctx?.setTransform(dpr, 0, 0, dpr, 0, 0)
  }

  function render(): void {
    const L = chartsLayout(samples, { width: size.width, height: size.height - AXIS_H }, undefined, type.left, HEADER_H)
    marks = L
    if (ctx !== null) {
      ctx.clearRect(0, 0, size.width, size.height)
      ctx.fillStyle = theme.heatCold
      ctx.fillRect(L.left, L.heat.y, L.right - L.left, L.heat.h)
      const rowH = L.heat.partitions > 0 ? L.heat.h / L.heat.partitions : 0
      // Batch cells by colour: few distinct colours, many cells.
      const byColour = new Map<string, number[]>()
      for (const c of L.heat.cells) {
        const f = heatFill(c.heat, theme.heatCold)
        let list = byColour.get(f)
        if (list === undefined) byColour.set(f, (list = []))
        list.push(c.x, L.heat.y + c.partition * rowH, c.w)
      }
      for (const [fill, list] of byColour) {
        ctx.fillStyle = fill
        ctx.beginPath()
        for (let i = 0; i < list.length; i += 3) ctx.rect(list[i]!, list[i + 1]!, list[i + 2]! + 0.5, Math.max(1, rowH))
        ctx.fill()
      }
    }
    bandLayer
      .selectAll('rect')
      .data(L.bands)
      .join('rect')
      .attr('x', (d) => d.x0)
      .attr('y', L.top)
      .attr('width', (d) => Math.max(2, d.x1 - d.x0))
      .attr('height', L.height - L.top)
      .attr('fill', theme.rebalanceBand)
    bandLayer
      .selectAll('line')
      .data(L.starts)
      .join('line')
      .attr('x1', (d) => d)
      .attr('x2', (d) => d)
      .attr('y1', L.top)
      .attr('y2', L.height)
      .attr('stroke', theme.barrierStopped)
      .attr('stroke-width', 2)
    inPath.attr('d', L.throughput.inPath)
    outPath.attr('d', L.throughput.outPath)
    p99Path.attr('d', L.latency.p99Path)
    // Four lines of presenter type may not fit a short plot (1024×768 gives it 88 px with the header
    // row): then they take the axis row's left end too, whose tick labels start at the plot (below).
    const spill = labelsHeight(type.labelPx) > L.height
    const [yLag, yIn, yOut, yP99] = labelYs(L, type.labelPx, spill ? size.height : L.height)
    const labels = [
      { k: 'lag', y: yLag, text: 'Lag / lane', fill: theme.backlog },
      { k: 'in', y: yIn, text: `In ${fmtRate(lastOf(samples, 'inRate'))}`, fill: theme.inRate },
      { k: 'out', y: yOut, text: `Out ${fmtRate(lastOf(samples, 'outRate'))}`, fill: theme.outRate },
      { k: 'p99', y: yP99, text: fmtP99(L.latency.recent), fill: theme.p99 },
    ]
    labelLayer
      .selectAll<SVGTextElement, (typeof labels)[number]>('text')
      .data(labels, (d) => d.k)
      .join('text')
      .attr('x', 6)
      .attr('y', (d) => d.y)
      .attr('dy', '0.35em')
      .attr('fill', (d) => d.fill)
      .text((d) => d.text)
    // The p99 label's figure is the status bar's, and not the line's last point: said on hover.
    labelLayer
      .selectAll<SVGTextElement, (typeof labels)[number]>('text')
      .filter((d) => d.k === 'p99')
      .append('title')
      .text(`Worst of the last ${P99_WINDOW_S} s' p99s, as the status bar shows; the line is each second's p99`)
    axisLayer
      .attr('transform', `translate(0,${size.height - AXIS_H})`)
      .call(
        axisBottom(L.x)
          .ticks(Math.max(2, Math.floor((L.right - L.left) / 90)))
          .tickFormat((v) => fmtTick(Number(v))),
      )
      .attr('font-size', type.axisPx)
      .attr('font-family', theme.fontFamily)
    // Row labels in the axis row: a tick label centred near the plot's left edge ("0 s") would run
    // into (or on from) the p99 label, so it is left out; the next tick still dates the axis.
    axisLayer
      .selectAll<SVGTextElement, number>('.tick text')
      .attr('display', (v) => (spill && L.x(v) - textWidth(fmtTick(v), type.axisPx) / 2 < L.left + 8 ? 'none' : null))
    const g = group
    storm
      .attr('x', L.right - 4)
      .attr('y', L.top / 2)
      .attr('fill', g?.storm === true ? theme.barrierStopped : theme.textDim)
      .text(
        g === null
          ? ''
          : g.storm
            ? `⚠ Rebalance storm: ${g.rebalancesLastMinute}/min`
            : // The whole run's count, said so: beside the status bar's counts since the mark ("rebalances 0"
              // after the start-up rebalance) a bare "1 rebalance" read as a contradiction. It stays right
              // of the row labels' column (presenter type's "Lag / lane" shares the header row's height).
              fitted(rebalanceForms(g.rebalances, g.rebalancesLastMinute), type.stormPx, L.right - 4 - L.left),
      )
  }

  applySize()

  return {
    update(next, g) {
      samples = next
      group = g
      render()
    },
    resize(next) {
      if (next.width === size.width && next.height === size.height) return
      size = { width: Math.max(1, Math.floor(next.width)), height: Math.max(1, Math.floor(next.height)) }
      applySize()
      render()
    },
    destroy() {
      root.selectAll('*').remove()
      marks = null
    },
    lastLayout: () => marks,
  }
}

function lastOf(samples: readonly MetricsSample[], k: 'inRate' | 'outRate'): number {
  return samples[samples.length - 1]?.[k] ?? 0
}
