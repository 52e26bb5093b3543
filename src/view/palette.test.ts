import { describe, expect, it } from 'vitest'
import { perceivedDistance, simulate, type Deficiency } from './colourVision.ts'
import { MEMBER_COLOURS } from './theme.ts'

/**
 * ΔE76 this far apart reads as two different colours at a glance (about 2.3 is "just noticeable";
 * Okabe & Ito's palette keeps ≥ 17 under either deficiency).
 */
const MIN_DELTA_E = 15

function closestPair(palette: readonly string[], d: Deficiency | null): { a: string; b: string; de: number } {
  let best = { a: '', b: '', de: Infinity }
  for (let i = 0; i < palette.length; i++)
    for (let j = i + 1; j < palette.length; j++) {
      const de = perceivedDistance(palette[i]!, palette[j]!, d)
      if (de < best.de) best = { a: palette[i]!, b: palette[j]!, de }
    }
  return best
}

describe('consumer palette under colour-vision deficiencies', () => {
  it.each([null, 'protanopia', 'deuteranopia'] as const)(`every pair of consumer colours stays ≥ ${MIN_DELTA_E} ΔE apart (deficiency: %s)`, (d) => {
    const pair = closestPair(MEMBER_COLOURS, d)
    expect(pair.de, `${pair.a} vs ${pair.b}`).toBeGreaterThanOrEqual(MIN_DELTA_E)
  })

  it('the check catches a palette that relies on red against green', () => {
    // Matplotlib's first three: fine for most eyes, red and green merge under deuteranopia.
    const tab = ['#d62728', '#2ca02c', '#1f77b4']
    expect(closestPair(tab, null).de).toBeGreaterThan(MIN_DELTA_E)
    expect(closestPair(tab, 'deuteranopia').de).toBeLessThan(MIN_DELTA_E)
  })

  it('the simulation keeps greys grey and merges pure red and green for a deuteranope', () => {
    const [r, g, b] = simulate('#808080', 'deuteranopia')
    expect(Math.abs(r - g) + Math.abs(g - b)).toBeLessThan(0.01)
    expect(perceivedDistance('#ff0000', '#00ff00', null)).toBeGreaterThan(80)
    expect(perceivedDistance('#ff0000', '#00ff00', 'deuteranopia')).toBeLessThan(perceivedDistance('#ff0000', '#00ff00', null) / 2)
  })
})
