import { describe, expect, it } from 'vitest'
import { mergeSideMarkers } from './sideMarkers.ts'
import type { TimelineMark } from './timelineSlice.ts'

const crash: TimelineMark = { t: 10_000, kind: 'fault', text: 'consumer-2 crashed' }
const eagerStart: TimelineMark = { t: 10_500, kind: 'rebalance-start', text: 'rebalance started (generation 2)' }
const eagerEnd: TimelineMark = { t: 14_000, kind: 'rebalance-end', text: 'rebalance ended (generation 2)' }
const coopStart: TimelineMark = { t: 10_500, kind: 'rebalance-start', text: 'rebalance started (generation 2)' }
const coopEnd: TimelineMark = { t: 11_200, kind: 'rebalance-end', text: 'rebalance ended (generation 2)' }

describe('mergeSideMarkers', () => {
  it('shows a fault every side had once, and each side’s own rebalance markers with its letter', () => {
    const merged = mergeSideMarkers([[crash, eagerStart, eagerEnd], [crash, coopStart, coopEnd]], ['A', 'B'])
    expect(merged.map((m) => [m.t, m.text])).toEqual([
      [10_000, 'consumer-2 crashed'],
      // The same start on both sides at the same moment is every side's: once, unlettered.
      [10_500, 'rebalance started (generation 2)'],
      [11_200, 'B: rebalance ended (generation 2)'],
      [14_000, 'A: rebalance ended (generation 2)'],
    ])
  })

  it('letters a marker that only some sides hold, by time and then side order', () => {
    const hot: TimelineMark = { t: 5000, kind: 'hotspot', text: 'hot lane P3' }
    const merged = mergeSideMarkers([[hot], [], [hot]], ['A', 'B', 'C'])
    expect(merged.map((m) => m.text)).toEqual(['A: hot lane P3', 'C: hot lane P3'])
  })

  it('keeps one side’s markers as they are', () => {
    expect(mergeSideMarkers([[crash, eagerStart]], ['A'])).toEqual([crash, eagerStart])
  })
})
