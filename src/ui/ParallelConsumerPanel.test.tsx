// The head-of-line sign: words and a mark for a consumer whose threads wait behind one key, from
// a real frame of the parallel-consumer-key-order preset; nothing at all without the mode.
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import { parallelText } from './ParallelConsumerPanel.tsx'

function frameAt(name: string, ms: number, patch?: (s: ReturnType<NonNullable<ReturnType<typeof getPreset>>['build']>) => void) {
  const s = getPreset(name)!.build()
  patch?.(s)
  const sim = createSimulation(s)
  sim.advanceTo(ms)
  return sim.frame()
}

describe('ParallelConsumerPanel text', () => {
  it('names the key the idle threads of the hot lane’s consumer wait behind', () => {
    const f = frameAt('parallel-consumer-key-order', 4_000)
    const shown = JSON.parse(parallelText(f)) as { rows: Array<{ name: string; busy: number; blocked: { partition: number; key: string | null } | null }> }
    const owner = f.members[f.owner[6]!]!.name
    const row = shown.rows.find((r) => r.name === owner)!
    expect(row.blocked).toEqual({ partition: 6, key: 'global-marketplace' })
    expect(row.busy).toBeLessThan(16)
  })

  it('shows nothing for plain consumers', () => {
    expect(parallelText(frameAt('hot-key', 500))).toBe('')
  })
})
