// The head-of-line sign: words and a mark for a consumer whose threads wait behind one key, from
// a real frame of the parallel-consumer-key-order preset; nothing at all without the mode.
import { act } from 'react'
import { describe, expect, it } from 'vitest'
import { getPreset } from '../scenario/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import { ParallelConsumerPanel, parallelText } from './ParallelConsumerPanel.tsx'
import { mount } from './renderForTest.tsx'

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

  it('says what its blocked seconds are: consumer time with idle threads, added up over the consumers since 0 s, not a wait', () => {
    // 30 s in, the hot lane's consumer has had idle threads nearly all along: "blocked so far: 27 s"
    // beside a small lag read as a 27-second delay.
    const f = frameAt('parallel-consumer-key-order', 30_000)
    const m = mount(<ParallelConsumerPanel />)
    act(() => m.store.getState().receiveFrame(m.store.getState().runId, f, [], []))
    const line = m.container.querySelector<HTMLElement>('.pc-blocked')!
    const sec = Math.round(f.parallel!.blockedMs / 1000)
    expect(sec).toBeGreaterThan(10)
    expect(m.container.querySelector('h2')?.textContent).toBe(
      `Parallel Consumer (key order, 16 threads each) · head-of-line blocking: ${sec}\u00a0s with idle threads, all consumers since\u00a00\u00a0s`,
    )
    expect(m.container.querySelector('[data-testid="pc-blocked-seconds"]')?.textContent).toBe(String(sec))
    // The whole sentence in its tooltip, which keyboard focus shows too (a Tab stop: TitleTip).
    expect(line.title).toMatch(/^Seconds in which a consumer had worker threads idle while records queued behind one busy key \(key order runs them one at a time\), added up over all the consumers since the run began \(0 s\)\. Time lost to ordering, not how long a record waited: that is p99\.$/)
    expect(line.tabIndex).toBe(0)
    m.unmount()
  })
})
