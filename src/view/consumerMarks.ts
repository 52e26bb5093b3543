// The consumers at the highway's right end: owned lanes (colour), protocol phase and load.
// A d3 join over a handful of members; writes only changed attributes (domWrite.ts).

import type { Selection } from 'd3'
import { countdownShorts, countdownText } from '../sim/countdownWords.ts'
import { fitted, phaseForms } from './cardWords.ts'
import { put, putText } from './domWrite.ts'
import { textWidth } from './textWidth.ts'
import { shortName, smallNamePx, type ConsumerMark, type LanesLayout } from './layout.ts'
import { PHASE_WORDS, theme as standardTheme, type Theme } from './theme.ts'

type G = Selection<SVGGElement, unknown, null, undefined>

function phaseColours(theme: Theme): Record<string, string> {
  return {
    stable: '#8fd175',
    joining: theme.barrierPaused,
    syncing: theme.barrierPaused,
    revoking: theme.barrierStopped,
    reconciling: theme.moving,
    paused: theme.barrierPaused,
    restarting: theme.textDim,
    starting: theme.textDim,
    dead: theme.textDim,
  }
}

/** Slowed down by an injected fault (the card says so next to its phase). */
function slowed(d: ConsumerMark): boolean {
  return d.speed < 0.999
}

function speedWord(d: ConsumerMark): string {
  return `${Number(d.speed.toFixed(2))}× speed`
}

export function drawConsumers(
  layer: G,
  L: LanesLayout,
  onOpen: (d: ConsumerMark, box: DOMRect) => void,
  theme: Theme = standardTheme,
): void {
  const PHASE_COLOUR = phaseColours(theme)
  const min = theme.minFontPx
  // Name and phase on two lines need room for both: 46 px at 18 px type; presenter mode's 22 px name
  // needs 52, else its phase ran into the card's bottom edge (a compare side's 48 px cards).
  const fullPx = Math.max(min + 2, 18)
  // Two lines fit where the phase's letters (its baseline, 22 px + a line below the card's top, and a
  // quarter em of descent) end 1.5 px above the stroke: 49 px at 18 px type (at 46 the "g" of
  // "consuming" touched a compare card's 48 px bottom edge), 52 in presenter mode as before.
  const compact = (d: ConsumerMark): boolean => d.h < 22 + Math.max(20, fullPx) + 0.25 * (fullPx - 2) + 3
  const tiny = (d: ConsumerMark): boolean => d.w < 100 || d.chip
  // The phase line is 2 px smaller than the name; neither goes under the theme's minimum. A small
  // card's name is the size its layout made room for (consumerLayout.ts smallNamePx).
  const fs = (d: ConsumerMark): number => (tiny(d) ? smallNamePx(min, d.h) : Math.max(min + 2, compact(d) ? Math.min(15, d.h * 0.5) : 18))
  // Baselines of a card's three lines: each a line's height below the one above, so presenter mode's
  // 22 px name and 20 px phase do not touch (fixed at +42 and +61 they did); 18 px type keeps +42, +61.
  const phaseY = (d: ConsumerMark): number => d.y + 22 + Math.max(20, fs(d))
  const ownedPx = Math.max(14, min)
  const ownedY = (d: ConsumerMark): number => phaseY(d) + Math.max(19, ownedPx)
  // The third line shows where its letters (a descent of a quarter em under its baseline) end above
  // the card's stroke (1.5 px inside its box) with 1.5 px to spare: 67.5 px at 18 px type, 72 in
  // presenter mode. A fixed 70 px hid it on the broker-hotspot preset's 69.5 px cards at 1024×768
  // and let presenter type's line touch a 70 px card's bottom edge.
  const roomy = (d: ConsumerMark): boolean => ownedY(d) + 0.25 * ownedPx + 3 <= d.y + d.h
  // A slowed consumer that is consuming says so instead ("slowed to 0.25×"): it is why its lanes lag.
  // Its forms, longest first (cardWords.ts): the line takes the longest that fits its card.
  const forms = (d: ConsumerMark): readonly string[] => (tiny(d) ? [] : phaseForms(d.phase, d.speed, roomy(d) ? null : d.countdown))
  // A compact card puts name and phase on one line: in presenter mode's type "c1 · 4" and
  // "consuming" ran into each other. What fits (estimated, textWidth: not measured): both, else the
  // name without its lane count beside the phase's longest form that fits, else the name alone
  // (its aria-label keeps the phase). 26 px: the two insets and a gap.
  const compactLine = (d: ConsumerMark): { name: string; phase: string } => {
    const short = shortName(d.name)
    const full = `${short} · ${d.owned}`
    const f = forms(d)
    const besides = (name: string, fs1: readonly string[]): string => fitted(fs1, fs(d) - 2, d.w - 26 - textWidth(name, fs(d)))
    if (f.length > 0 && besides(full, f.slice(0, 1)) !== '') return { name: full, phase: f[0]! }
    return { name: short, phase: besides(short, f) }
  }
  // On its own line the phase has the card's width less its insets (10 px left, 4 right: the 3 px stroke).
  const phaseText = (d: ConsumerMark): string => (compact(d) ? compactLine(d).phase : fitted(forms(d), fs(d) - 2, d.w - 14))
  const open = (ev: Event, d: ConsumerMark): void => onOpen(d, (ev.currentTarget as Element).getBoundingClientRect())
  const groups = layer
    .selectAll<SVGGElement, ConsumerMark>('g.consumer')
    .data(L.consumers, (d) => d.name)
    .join((enter) => {
      const g = enter
        .append('g')
        .call(put, 'class', 'consumer')
        .call(put, 'tabindex', 0)
        .call(put, 'role', 'button')
        .style('cursor', 'pointer')
        .on('click', (ev: MouseEvent, d) => open(ev, d))
        .on('keydown', (ev: KeyboardEvent, d) => {
          if (ev.key === 'Enter' || ev.key === ' ') {
            ev.preventDefault()
            ev.stopPropagation()
            open(ev, d)
          }
        })
      g.append('rect').call(put, 'class', 'box').call(put, 'stroke-width', 3)
      g.append('rect').call(put, 'class', 'load-bg').call(put, 'fill', '#2b3444')
      g.append('rect').call(put, 'class', 'load')
      return g
    })
  // The card's words sit outside the button, hidden from screen readers (its aria-label says it
  // all) and from the pointer (a click falls through to the card): inside it, a screen reader's
  // name would not contain the words on screen, which voice control users say to press it.
  const labels = layer
    .selectAll<SVGGElement, ConsumerMark>('g.consumer-label')
    .data(L.consumers, (d) => d.name)
    .join((enter) => {
      const g = enter.append('g').call(put, 'class', 'consumer-label').call(put, 'aria-hidden', 'true').call(put, 'pointer-events', 'none')
      g.append('text').call(put, 'class', 'name').call(put, 'font-weight', 700)
      g.append('text').call(put, 'class', 'phase').call(put, 'font-weight', 700)
      g.append('text').call(put, 'class', 'owned').call(put, 'font-weight', 600)
      return g
    })
  groups.call(
    put,
    'aria-label',
    (d) =>
      `${d.name}: ${PHASE_WORDS[d.phase] ?? d.phase}${slowed(d) ? `, slowed to ${speedWord(d)}` : ''}, owns ${d.owned} lanes${d.countdown ? `; ${countdownText(d.countdown, 'it')}` : ''}. Open actions`,
  )
  groups
    .select<SVGRectElement>('rect.box')
    .call(put, 'x', (d) => d.x)
    .call(put, 'y', (d) => d.y)
    .call(put, 'width', (d) => d.w)
    .call(put, 'height', (d) => d.h)
    .call(put, 'rx', (d) => Math.min(8, d.h / 3))
    // Too small for words: the box's fill carries the phase colour instead.
    .call(put, 'fill', (d) => (d.gone ? '#1a1d22' : tiny(d) && d.phase !== 'stable' ? (PHASE_COLOUR[d.phase] ?? '#141a24') : '#141a24'))
    .call(put, 'fill-opacity', (d) => (tiny(d) && d.phase !== 'stable' && !d.gone ? 0.45 : null))
    .call(put, 'stroke', (d) => (d.gone ? theme.textDim : d.colour))
    .call(put, 'stroke-dasharray', (d) => (d.gone ? '5 4' : null))
  labels
    .select<SVGTextElement>('text.name')
    .call(put, 'x', (d) => d.x + (tiny(d) ? 5 : 10))
    .call(put, 'y', (d) => (compact(d) ? d.y + d.h / 2 : d.y + 22))
    .call(put, 'dy', (d) => (compact(d) ? '0.35em' : null))
    .call(put, 'font-size', fs)
    .call(put, 'fill', (d) => (d.gone ? theme.textDim : theme.text))
    // A chip has no words: the caption over the chips says what they are.
    .call(putText, (d) => (d.chip ? '' : tiny(d) ? shortName(d.name) : compact(d) ? compactLine(d).name : textWidth(d.name, fs(d)) <= d.w - 14 ? d.name : shortName(d.name)))
  labels
    .select<SVGTextElement>('text.phase')
    .call(put, 'x', (d) => (compact(d) ? d.x + d.w - 8 : d.x + 10))
    .call(put, 'y', (d) => (compact(d) ? d.y + d.h / 2 : phaseY(d)))
    .call(put, 'dy', (d) => (compact(d) ? '0.35em' : null))
    .call(put, 'text-anchor', (d) => (compact(d) ? 'end' : 'start'))
    .call(put, 'font-size', (d) => fs(d) - 2)
    .call(put, 'fill', (d) => (d.phase === 'stable' && slowed(d) ? theme.barrierPaused : (PHASE_COLOUR[d.phase] ?? theme.text)))
    .call(putText, phaseText)
  labels
    .select<SVGTextElement>('text.owned')
    .call(put, 'x', (d) => d.x + 10)
    .call(put, 'y', ownedY)
    .call(put, 'font-size', ownedPx)
    // A countdown (no heartbeats against the session timeout, a long poll) is what decides this
    // consumer's next moment, so it takes the load line's place while it runs.
    .call(put, 'fill', (d) => (d.countdown ? theme.barrierPaused : theme.textDim))
    .call(putText, (d) => {
      if (!roomy(d)) return ''
      if (d.countdown) return fitted(countdownShorts(d.countdown), ownedPx, d.w - 14)
      // Big type leaves no room for the word "load" in a 188 px card, nor does 14 px type in a
      // phone's 154 px card ("4 lanes · load 77%" ran past its right edge).
      const lanes = `${d.owned} lane${d.owned === 1 ? '' : 's'}`
      const pct = `${Math.round(d.utilization * 100)}%`
      return fitted([`${lanes} · load ${pct}`, `${lanes} · ${pct}`, pct], ownedPx, d.w - 14)
    })
  const barY = (d: ConsumerMark): number => d.y + d.h - 14
  // The bar goes under the third line's letters with 1.5 px between: from 80 px at 18 px type, 84.5 in
  // presenter mode (its 20 px line reached 3 px into the bar of an 80 px card).
  const showBar = (d: ConsumerMark): boolean => roomy(d) && barY(d) >= ownedY(d) + 0.25 * ownedPx + 1.5
  groups
    .select<SVGRectElement>('rect.load-bg')
    .call(put, 'x', (d) => d.x + 10)
    .call(put, 'y', barY)
    .call(put, 'width', (d) => (showBar(d) ? d.w - 20 : 0))
    .call(put, 'height', 6)
  groups
    .select<SVGRectElement>('rect.load')
    .call(put, 'x', (d) => d.x + 10)
    .call(put, 'y', barY)
    .call(put, 'width', (d) => (showBar(d) ? (d.w - 20) * Math.min(1, Math.max(0, d.utilization)) : 0))
    .call(put, 'height', 6)
    .call(put, 'fill', (d) => (d.utilization >= 0.95 ? theme.barrierStopped : d.colour))
  // A crowded group's caption ("24 members") over its chips; read by screen readers from the chips.
  const caption = L.consumerCaption === null ? [] : [L.consumerCaption]
  layer
    .selectAll<SVGTextElement, (typeof caption)[number]>('text.consumer-caption')
    .data(caption)
    .join((enter) => enter.append('text').call(put, 'class', 'consumer-caption').call(put, 'aria-hidden', 'true').call(put, 'font-weight', 700))
    .call(put, 'x', (d) => d.x)
    .call(put, 'y', (d) => d.y)
    .call(put, 'font-size', (d) => d.fontPx)
    .call(put, 'fill', theme.text)
    .call(putText, (d) => d.text)
}
