// Compare mode's shared Load section: the rate slider acts on every side, but the rate actually
// appended (and the brokers at capacity behind it) is side A's run, and its note says so.
import { afterEach, describe, expect, it } from 'vitest'
import { defaultScenario } from '../../scenario/defaults.ts'
import { makeFrame } from '../../view/frameFixture.ts'
import type { CompareActions } from './compareActions.ts'
import { mountInCompare, twoSides } from '../../../test/dom/compareTestKit.tsx'
import { SharedControls } from './SharedControls.tsx'

let mounted: { unmount(): void } | null = null
afterEach(() => {
  mounted?.unmount()
  mounted = null
})

function render(saturatedA: boolean[]): string {
  const base = defaultScenario() // 3000 rec/s sent
  const actions = { editShared: () => undefined, inject: () => undefined } as unknown as CompareActions
  const ctx = twoSides(base, [{ label: 'a', set: {} }, { label: 'b', set: {} }], actions)
  const sample = (inRate: number) => ({ t: 5000, inRate, outRate: inRate, totalLag: 0, p99Ms: 6, skewRatio: 1, lag: new Float64Array(0), rebalancing: false })
  ctx.sides.forEach((side, i) => {
    const f = makeFrame({})
    const frame = { ...f, brokers: f.brokers.map((b, k) => ({ ...b, saturated: i === 0 ? (saturatedA[k] ?? false) : false })) }
    const st = side.store.getState()
    side.store.setState({ frame, metrics: { ...st.metrics, items: [sample(i === 0 ? 2400 : 3000)] } })
  })
  const m = mountInCompare(<SharedControls />, ctx)
  mounted = m
  return m.el.textContent ?? ''
}

describe('SharedControls: the appended rate', () => {
  it("is side A's, said so, with side A's brokers at capacity", () => {
    expect(render([true, false, false])).toContain('side A: 2.4k/s appended now: broker 1 at capacity, the rest waits in the producers')
  })

  it("is side A's when no broker is at capacity too", () => {
    expect(render([false, false, false])).toContain('side A: 2.4k/s appended now (rate shape, script, a full lane or broker, or no leader)')
  })
})
