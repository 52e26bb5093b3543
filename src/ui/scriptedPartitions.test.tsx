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

describe('an addPartitions the controller refused (every broker fenced)', () => {
  // Three brokers crash at 1–3 s (fenced about 9 s later); at 20 s the script asks for 6 more partitions:
  // "All brokers are currently fenced.", and the topic keeps its 12 (the engine's side: addedPartitions.test.ts).
  function refused() {
    const s = addPartitionsScenario()
    s.topic.partitions = 12
    s.cluster = { brokers: 3, 'replication.factor': 1, 'min.insync.replicas': 1, brokerCapacityPerSec: null }
    s.actions = [
      { atSec: 1, do: 'crashBroker', broker: 1 },
      { atSec: 2, do: 'crashBroker', broker: 2 },
      { atSec: 3, do: 'crashBroker', broker: 3 },
      { atSec: 20, do: 'addPartitions', count: 6 },
    ]
    return s
  }

  it('the Partitions field and "Which lane?" show the 12 partitions the topic has, not the 18 asked for; 18 typed is an edit (the controller counts from 12: withRefused)', () => {
    m = mount(
      <>
        <ControlsPanel />
        <WhichLane />
      </>,
      createAppStore({ scenario: refused() }),
    )
    setValue(byLabel(m.container, 'Record key'), KEY, ['input'])
    // The run's frame at 25 s: the topic kept its 12 partitions, the 6 asked for were refused.
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, { ...makeFrame({ t: 25_000, partitions: 12 }), refusedPartitions: 6 }, [], []))
    expect(byLabel(m.container, 'Partitions').value).toBe('12')
    expect(m.container.textContent).toContain('mod 12 → P7')
    setValue(byLabel(m.container, 'Partitions'), '18', ['change'])
    expect(m.actions.edits.at(-1)).toEqual({ kind: 'partitions', count: 18 })
  })
})

describe('a live add the topic takes', () => {
  it('commits once: the field says the count asked for while the run’s frame still has the old one', () => {
    m = mount(<ControlsPanel />, createAppStore({ scenario: addPartitionsScenario() }))
    at(10_000)
    const field = byLabel(m.container, 'Partitions')
    expect(field.value).toBe('6')
    // Typed, then Enter and leaving the field: the frame of 6 partitions is still the newest.
    setValue(field, '10', ['input', 'change'])
    setValue(field, '10', ['change'])
    expect(m.actions.edits.filter((e) => e.kind === 'partitions')).toEqual([{ kind: 'partitions', count: 10 }])
    act(() => field.blur())
    expect(field.value).toBe('10')
  })
})
