import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import type { Scenario } from '../scenario/types.ts'
import type { Frame } from '../sim/frameTypes.ts'
import { duration } from '../sim/brokers/reassignNarration.ts'
import { createSimulation } from '../sim/simulation.ts'
import { ClusterPlanPanel, planMs } from './ClusterPlanPanel.tsx'
import { buttons, byLabel, mount, setValue, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

/** A real frame of the cluster-rebalance preset (optionally changed) at `sec`, after `apply`. */
function frameAt(sec: number, change: (s: Scenario) => Scenario = (s) => s): Frame {
  const s = change(getPreset('cluster-rebalance')!.build())
  const sim = createSimulation({ ...s, actions: [] })
  sim.advanceTo(sec * 1000)
  return sim.frame()
}

function show(frame: Frame): void {
  act(() => m!.store.getState().receiveFrame(0, frame, [], []))
  act(() => vi.advanceTimersByTime(600))
}

describe('ClusterPlanPanel: "Rebalance cluster" shows the plan and runs it', () => {
  it('opens on the plan the simulation would run: its moves, its cost and the busiest broker before → after', () => {
    vi.useFakeTimers()
    m = mount(<ClusterPlanPanel />)
    const frame = frameAt(10)
    const plan = frame.clusterPlan!
    show(frame)
    const toggle = buttons(m.container, 'Rebalance cluster…')[0]!
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    act(() => toggle.click())
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const text = m.container.textContent!
    expect(text).toContain(`${plan.leaderMoves} leader moves (no data copied), 0 replica moves`)
    const busiest = (xs: typeof plan.before): number => Math.round(Math.max(...xs.map((b) => b.recordsInPerSec)))
    expect(text).toContain(`Busiest broker ${busiest(plan.before)} → ${busiest(plan.after)} records/s`)
    const items = Array.from(m.container.querySelectorAll('ol[aria-label="Planned moves"] li')).map((li) => li.textContent)
    expect(items).toEqual(plan.moves.map((mv) => `P${mv.partition}: leader broker ${mv.from + 1} → broker ${mv.to + 1}`))
    setValue(byLabel(m.container, 'Copy throttle'), '10000000', ['change'])
    act(() => buttons(m!.container, 'Run the plan')[0]!.click())
    expect(m.actions.injected).toEqual([{ do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000 }])
  })

  it('closes on Esc, from its throttle or with no focus at all, and gives focus back to its button', () => {
    vi.useFakeTimers()
    m = mount(<ClusterPlanPanel />)
    show(frameAt(10))
    const toggle = buttons(m.container, 'Rebalance cluster…')[0]!
    const esc = (): void => {
      act(() => void (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })))
    }
    act(() => toggle.click())
    byLabel(m.container, 'Copy throttle').focus()
    esc()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(m.container.querySelector('.cluster-plan-body')).toBeNull()
    expect(document.activeElement).toBe(toggle)
    // A mouse click leaves no focus behind: Esc from the page's body closes it too.
    act(() => toggle.click())
    toggle.blur()
    esc()
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })

  it('re-estimates replica moves for the throttle chosen (slower throttle, longer copy)', () => {
    vi.useFakeTimers()
    m = mount(<ClusterPlanPanel />)
    const frame = frameAt(10, (s) => ({ ...s, cluster: { ...s.cluster!, 'replication.factor': 1 } }))
    const plan = frame.clusterPlan!
    expect(plan.replicaMoves).toBeGreaterThan(0)
    show(frame)
    act(() => buttons(m!.container, 'Rebalance cluster…')[0]!.click())
    const fast = planMs(plan, 50_000_000)
    setValue(byLabel(m.container, 'Copy throttle'), '1000000', ['change'])
    const slow = planMs(plan, 1_000_000)
    expect(slow).toBeGreaterThan(fast * 40)
    expect(m.container.textContent).toContain(`about ${duration(slow)}`)
    expect(m.container.textContent).not.toContain(`about ${duration(fast)}`)
  })

  it('shows the move in progress while a plan runs, in words a screen reader announces', () => {
    vi.useFakeTimers()
    m = mount(<ClusterPlanPanel />)
    const s = getPreset('cluster-rebalance')!.build()
    const sim = createSimulation({ ...s, cluster: { ...s.cluster!, 'replication.factor': 1 }, actions: [] })
    sim.advanceTo(10_000)
    sim.apply({ do: 'rebalanceCluster', throttleBytesPerSec: 20_000 })
    sim.advanceTo(12_000)
    const f = sim.frame()
    const c = f.reassign!.current!
    show(f)
    const status = m.container.querySelector('[role="status"]')!
    expect(status.textContent).toBe(`Rebalancing: move 1 of ${f.reassign!.total} — P${c.partition} copying to broker ${c.to + 1}, ${Math.floor(c.fraction * 100)} %`)
    expect(c.fraction).toBeGreaterThan(0)
    expect(c.fraction).toBeLessThan(1)
  })
})
