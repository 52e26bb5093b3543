import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Frame, MemberPhase } from '../sim/frameTypes.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { ConsumerMenu } from './ConsumerMenu.tsx'
import { buttons, mount, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

function withMember(phase: MemberPhase, speed: number): Frame {
  const f = makeFrame({ t: 30_000 })
  return { ...f, members: f.members.map((x) => (x.name === 'consumer-2' ? { ...x, phase, speed, owned: phase === 'dead' ? [] : x.owned } : x)) }
}

function open(frame: Frame): void {
  m = mount(<ConsumerMenu />)
  act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, frame, [], []))
  act(() => m!.store.getState().selectConsumer({ name: 'consumer-2', member: 1, x: 100, y: 100 }))
}

describe('ConsumerMenu: injected faults can be undone', () => {
  it('a slowed consumer offers "Restore normal speed" (slowConsumer factor 1) instead of slowing again', () => {
    open(withMember('stable', 0.25))
    expect(buttons(m!.container, 'Slow down to 0.25× speed')).toHaveLength(0)
    act(() => buttons(m!.container, 'Restore normal speed')[0]!.click())
    expect(m!.actions.injected).toEqual([{ do: 'slowConsumer', consumer: 'consumer-2', factor: 1 }])
  })

  it('a gone consumer offers "Revive" (its process started again) and no fault it cannot take', () => {
    open(withMember('dead', 1))
    expect(buttons(m!.container, 'Crash (no goodbye)')).toHaveLength(0)
    const revive = m!.container.querySelectorAll('[role="menuitem"]')[0] as HTMLButtonElement
    expect(revive.textContent).toMatch(/^Revive/)
    act(() => revive.click())
    expect(m!.actions.injected).toEqual([{ do: 'reviveConsumer', consumer: 'consumer-2' }])
  })

  it('a consumer running at full speed offers the faults, not the undos', () => {
    open(withMember('stable', 1))
    expect(buttons(m!.container, 'Crash (no goodbye)')).toHaveLength(1)
    expect(buttons(m!.container, 'Restore normal speed')).toHaveLength(0)
    expect(m!.container.textContent).not.toContain('Revive')
  })
})

describe('ConsumerMenu: a consumer whose process is not running', () => {
  it('says "Starting" for one not started yet and offers no fault it would ignore', () => {
    open(withMember('starting', 1))
    expect(m!.container.textContent).toContain('Starting: its process is not running yet.')
    expect(m!.container.textContent).not.toMatch(/restarting/i)
    expect(buttons(m!.container, 'Crash (no goodbye)')).toHaveLength(0)
  })
})
