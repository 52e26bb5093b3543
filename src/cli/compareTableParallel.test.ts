// compare's table gains the Parallel Consumer's rows only when a side runs it.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import { formatCompareTable } from './compareTable.ts'

function summaryOf(parallel: boolean) {
  const s = getPreset('parallel-consumer-key-order')!.build()
  if (!parallel) delete s.group.parallel
  const sim = createSimulation(s)
  sim.advanceTo(1000)
  return sim.summary()
}

describe('compare table: parallel consumer rows', () => {
  it('shows its ordering and blocked time for the side that runs it, a dash for the other', () => {
    const on = summaryOf(true)
    const text = formatCompareTable(
      [
        { label: 'pc', summary: on, lag: [] },
        { label: 'plain', summary: summaryOf(false), lag: [] },
      ],
      { afterSec: null },
    )
    expect(text).toContain('| parallel consumer | key, 16 threads | — |')
    expect(text).toContain(`| head-of-line blocked (s) | ${(on.parallelConsumer!.blockedMs / 1000).toFixed(1)} | — |`)
  })

  it('adds nothing when no side runs it', () => {
    const plain = summaryOf(false)
    expect(formatCompareTable([{ label: 'a', summary: plain, lag: [] }], { afterSec: null })).not.toContain('parallel consumer')
  })
})
