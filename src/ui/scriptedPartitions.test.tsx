import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { addPartitionsScenario } from '../scenario/presets/addPartitions.ts'
import { createAppStore } from '../store/createAppStore.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { ControlsPanel } from './ControlsPanel.tsx'
import { byLabel, mount, setValue, type Mounted } from './renderForTest.tsx'
import { WhichLane } from './WhichLane.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

// The count the panel passes to whichLane shows in its "mod N" (the fake actions' partition is
// length % N; the controller's real murmur2 walk-through is tested in controller.test.ts).
const KEY = 'seven-7'

function at(tMs: number): void {
  act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, makeFrame({ t: tMs, partitions: tMs >= 30_000 ? 12 : 6 }), [], []))
}

describe('partitions added by the script (preset add-partitions: +6 at 30 s)', () => {
  it('"Which lane?" answers with the partition count in force at the moment shown', () => {
    m = mount(<WhichLane />, createAppStore({ scenario: addPartitionsScenario() }))
    setValue(byLabel(m.container, 'Record key'), KEY, ['input'])
    at(10_000)
    expect(m.container.textContent).toContain('mod 6 → P1')
    at(31_000)
    expect(m.container.textContent).toContain('mod 12 → P7')
  })

  it('the Partitions field shows 12 after the scripted addition', () => {
    m = mount(<ControlsPanel />, createAppStore({ scenario: addPartitionsScenario() }))
    at(10_000)
    expect(byLabel(m.container, 'Partitions').value).toBe('6')
    at(31_000)
    expect(byLabel(m.container, 'Partitions').value).toBe('12')
  })
})
