import { describe, expect, it } from 'vitest'
import type { ScenarioEdit } from '../store/scenarioEdits.ts'
import { SLIDER_COMMIT_MS, throttleEdits, type EditTimer } from './editThrottle.ts'

function fakeTimer(): EditTimer & { t: number; run(to: number): void } {
  const due: Array<{ at: number; fn: () => void }> = []
  const timer = {
    t: 0,
    now: () => timer.t,
    setTimeout: (fn: () => void, ms: number) => due.push({ at: timer.t + ms, fn }),
    run(to: number) {
      for (;;) {
        due.sort((a, b) => a.at - b.at)
        const next = due[0]
        if (next === undefined || next.at > to) break
        due.shift()
        timer.t = next.at
        next.fn()
      }
      timer.t = to
    },
  }
  return timer
}

describe('throttleEdits', () => {
  it('sends a dragged setting at once, then at most every SLIDER_COMMIT_MS with the newest value', () => {
    const sent: ScenarioEdit[] = []
    const timer = fakeTimer()
    const edit = throttleEdits((e) => sent.push(e), timer)
    for (let i = 1; i <= 20; i++) {
      edit({ kind: 'rate', perSec: i * 100 })
      timer.run(timer.t + 16) // one input event a frame for 320 ms
    }
    timer.run(timer.t + 1000)
    expect(sent.map((e) => (e.kind === 'rate' ? e.perSec : -1))).toEqual([100, 1600, 2000])
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(320 / SLIDER_COMMIT_MS) + 1)
  })

  it('sends other edits at once, and each dragged setting keeps its own pace', () => {
    const sent: ScenarioEdit[] = []
    const timer = fakeTimer()
    const edit = throttleEdits((e) => sent.push(e), timer)
    edit({ kind: 'rate', perSec: 1 })
    edit({ kind: 'hotKeyShare', share: 0.2 })
    edit({ kind: 'consumers', count: 5 })
    edit({ kind: 'consumers', count: 6 })
    expect(sent).toHaveLength(4)
  })
})
