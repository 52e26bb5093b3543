// The broker strip's fault side: a broker's name opens its menu, a crashed broker shows the
// controller's countdown and DOWN, and the lanes it led say "no leader" — all from a real run.
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import { BrokerMenu } from './BrokerMenu.tsx'
import { BrokerStrip } from './BrokerStrip.tsx'
import { buttons, mount, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

describe('BrokerStrip: broker faults', () => {
  it("a broker's name opens its menu; a crashed broker shows DOWN and the controller's countdown", () => {
    const sim = createSimulation(getPreset('broker-failure')!.build())
    sim.advanceTo(22_000) // broker 2 crashed at 20 s; the controller notices at 27.6 s
    m = mount(
      <>
        <BrokerStrip />
        <BrokerMenu />
      </>,
    )
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, sim.frame(), [], []))
    act(() => vi.advanceTimersByTime(400))
    const items = Array.from(m.container.querySelectorAll('ul[aria-label="Brokers"] > li'))
    expect(items[1]!.textContent).toContain('DOWN')
    expect(items[1]!.textContent).toContain('controller notices in 5.6 s')
    expect(items[0]!.textContent).not.toContain('controller notices')
    act(() => buttons(m!.container, 'Broker 2, b2: crash, shut down, restart or slow disk')[0]!.click())
    expect(m.store.getState().selectedBroker?.index).toBe(1)
    expect(m.container.querySelector('[role="menu"]')!.getAttribute('aria-label')).toBe('Actions for Broker 2')
    act(() => buttons(m!.container, 'Restart broker (it catches up and rejoins)')[0]!.click())
    expect(m.actions.injected).toEqual([{ do: 'restartBroker', broker: 2 }])
  })
})
