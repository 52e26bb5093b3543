import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Frame } from '../sim/frameTypes.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { BrokerMenu, SLOW_DISK_FACTOR } from './BrokerMenu.tsx'
import { buttons, mount, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

/** The fixture's three brokers, broker index 1 (shown as Broker 2) changed by `edit`. */
function withBroker(edit: Partial<Frame['brokers'][number]>): Frame {
  const f = makeFrame({ t: 30_000 })
  return { ...f, brokers: f.brokers.map((b) => (b.id === 1 ? { ...b, ...edit } : b)) }
}

function open(frame: Frame): void {
  m = mount(<BrokerMenu />)
  act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, frame, [], []))
  act(() => m!.store.getState().selectBroker({ index: 1, x: 100, y: 100 }))
}

describe('BrokerMenu', () => {
  it('a running broker: crash (numbered as shown: Broker 2) and slow disk; the first item has focus', () => {
    open(withBroker({}))
    expect(m!.container.querySelector('[role="menu"]')!.getAttribute('aria-label')).toBe('Actions for Broker 2')
    const crash = buttons(m!.container, 'Crash broker (its heartbeats stop)')[0]!
    expect(document.activeElement).toBe(crash)
    act(() => crash.click())
    expect(m!.actions.injected).toEqual([{ do: 'crashBroker', broker: 2 }])
  })

  it('a running broker can be shut down (controlled); while it stops, the menu says so and offers a crash only', () => {
    open(withBroker({}))
    act(() => buttons(m!.container, 'Shut down broker (controlled: its leaders move first)')[0]!.click())
    expect(m!.actions.injected).toEqual([{ do: 'shutdownBroker', broker: 2 }])
    m!.unmount()
    open(withBroker({ stopping: true }))
    expect(m!.container.textContent).toContain('Shutting down. Its leaders have moved; it stops once the controller allows it.')
    expect(buttons(m!.container, 'Shut down broker (controlled: its leaders move first)')).toHaveLength(0)
    expect(buttons(m!.container, 'Restart broker (it catches up and rejoins)')).toHaveLength(0)
    expect(buttons(m!.container, 'Crash broker (its heartbeats stop)')).toHaveLength(1)
  })

  it('slow disk, then back to normal', () => {
    open(withBroker({}))
    act(() => buttons(m!.container, `Slow disk ×${SLOW_DISK_FACTOR} (appends take ${SLOW_DISK_FACTOR}× longer)`)[0]!.click())
    expect(m!.actions.injected).toEqual([{ do: 'slowBroker', broker: 2, factor: SLOW_DISK_FACTOR }])
    m!.unmount()
    open(withBroker({ slowFactor: SLOW_DISK_FACTOR }))
    act(() => buttons(m!.container, 'Disk back to normal')[0]!.click())
    expect(m!.actions.injected).toEqual([{ do: 'slowBroker', broker: 2, factor: 1 }])
  })

  it('a crashed broker: the countdown to the controller noticing, and restart only', () => {
    open(withBroker({ up: false, noticeInMs: 4200 }))
    expect(m!.container.textContent).toContain('The controller notices in 4.2 s')
    expect(buttons(m!.container, 'Crash broker (its heartbeats stop)')).toHaveLength(0)
    act(() => buttons(m!.container, 'Restart broker (it catches up and rejoins)')[0]!.click())
    expect(m!.actions.injected).toEqual([{ do: 'restartBroker', broker: 2 }])
  })

  it('gives the focus back to what opened it when an item is chosen, and when Esc closes it', () => {
    const opener = document.createElement('button')
    document.body.appendChild(opener)
    try {
      for (const how of ['choose', 'escape'] as const) {
        opener.focus()
        open(withBroker({}))
        expect(document.activeElement?.textContent).toBe('Crash broker (its heartbeats stop)')
        const menu = m!.container.querySelector('[role="menu"]')!
        if (how === 'choose') act(() => buttons(m!.container, 'Crash broker (its heartbeats stop)')[0]!.click())
        else act(() => menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
        expect(m!.container.querySelector('[role="menu"]'), how).toBeNull()
        expect(document.activeElement, how).toBe(opener)
        m!.unmount()
        m = null
      }
    } finally {
      opener.remove()
    }
  })

  it('Esc closes it', () => {
    open(withBroker({}))
    const menu = m!.container.querySelector('[role="menu"]')!
    act(() => menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(m!.store.getState().selectedBroker).toBeNull()
  })
})
