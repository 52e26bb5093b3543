// The broker strip on the page: one listed box per broker of the frame, named for screen readers,
// with the frame's figures; the broker controls edit the cluster (a restart-level setting).
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import { createSimulation } from '../sim/simulation.ts'
import { BrokerStrip } from './BrokerStrip.tsx'
import { ControlsPanel } from './ControlsPanel.tsx'
import { LaneInspector } from './LaneInspector.tsx'
import { byLabel, mount, setValue, type Mounted } from './renderForTest.tsx'

let m: Mounted | null = null
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

describe('BrokerStrip', () => {
  it('lists the frame\'s brokers with their leaders, in-rate and HOT / AT CAPACITY in words', () => {
    const sim = createSimulation(getPreset('broker-hotspot')!.build())
    sim.advanceTo(5000)
    const frame = sim.frame()
    m = mount(<BrokerStrip />)
    act(() => m!.store.getState().receiveFrame(0, frame, [], []))
    act(() => vi.advanceTimersByTime(400))
    const items = Array.from(m.container.querySelectorAll('ul[aria-label="Brokers"] > li'))
    expect(items).toHaveLength(3)
    expect(items.map((li) => li.getAttribute('aria-label')?.split(':')[0])).toEqual(['Broker 1', 'Broker 2', 'Broker 3'])
    const json = sim.summary().brokers
    items.forEach((li, i) => {
      expect(Number(li.getAttribute('data-in-rate'))).toBe(json[i]!.recordsInPerSec)
      expect(Number(li.getAttribute('data-leaders'))).toBe(json[i]!.leaders)
    })
    expect(items[0]!.textContent).toContain('AT CAPACITY')
    expect(items[0]!.textContent).toContain('4 leaders')
    expect(items[1]!.textContent).not.toMatch(/HOT|CAPACITY/)
  })

  it('edits the cluster from the controls panel: more brokers, and RF follows a smaller cluster down', () => {
    m = mount(<ControlsPanel />)
    setValue(byLabel(m.container, 'replication.factor'), '3', ['change'])
    setValue(byLabel(m.container, 'Brokers'), '2', ['change'])
    expect(m.actions.edits).toEqual([
      { kind: 'cluster', patch: { 'replication.factor': 3 } },
      { kind: 'cluster', patch: { brokers: 2 } },
    ])
    expect(m.store.getState().scenario.cluster).toEqual({ brokers: 2, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null })
  })

  it('names a lane\'s leader broker in the lane details, and its state in words', () => {
    const sim = createSimulation(getPreset('broker-hotspot')!.build())
    sim.advanceTo(3000)
    const frame = sim.frame()
    const hotLane = sim.summary().hotKeys[0]!.partitions[0]!
    m = mount(<LaneInspector />)
    act(() => {
      m!.store.getState().receiveFrame(0, frame, [], [])
      m!.store.getState().selectLane(hotLane)
    })
    act(() => vi.advanceTimersByTime(400))
    expect(m.container.textContent).toContain(`Leaderbroker ${frame.laneLeader[hotLane]! + 1} (hot, at capacity)`)
  })
})

describe('BrokerStrip of a share group', () => {
  it('names, per broker, how many partitions’ share state it holds; they add up to the topic, and the crashed one’s move on', () => {
    const s = getPreset('share-group-hot-lane')!.build()
    const sim = createSimulation({ ...s, cluster: { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }, actions: [{ do: 'crashBroker', broker: 3, atSec: 4 }] })
    m = mount(<BrokerStrip />)
    const held = () => {
      const labels = Array.from(m!.container.querySelectorAll('ul[aria-label="Brokers"] > li')).map((li) => li.getAttribute('aria-label') ?? '')
      return labels.map((l) => Number(/share coordinator for (\d+) partitions?' state/.exec(l)?.[1] ?? 0))
    }
    const show = (t: number) => {
      sim.advanceTo(t)
      act(() => m!.store.getState().receiveFrame(0, sim.frame(), [], []))
      act(() => vi.advanceTimersByTime(400))
    }
    show(3000)
    const before = held()
    expect(before.reduce((a, b) => a + b, 0)).toBe(s.topic.partitions)
    expect(before[2]).toBeGreaterThan(0)
    show(30_000) // broker 3 fenced, its state partitions led elsewhere
    const after = held()
    expect(after[2]).toBe(0)
    expect(after.reduce((a, b) => a + b, 0)).toBe(s.topic.partitions)
  })

  it('the lane details say when a lane’s share coordinator is down (its leader serves, its acknowledgements wait)', () => {
    const s = getPreset('share-group-hot-lane')!.build()
    const sim = createSimulation({ ...s, actions: [{ do: 'crashBroker', broker: 3, atSec: 4 }, ...s.actions] })
    sim.advanceTo(8000) // broker 3 held partitions 1 and 2's share state; it leads 0 and 5
    const frame = sim.frame()
    m = mount(<LaneInspector />)
    const details = (lane: number) => {
      act(() => {
        m!.store.getState().receiveFrame(0, frame, [], [])
        m!.store.getState().selectLane(lane)
      })
      act(() => vi.advanceTimersByTime(400))
      return m!.container.textContent ?? ''
    }
    expect(details(1)).toContain('Share stateits share coordinator is down: acknowledgements wait')
    expect(details(3)).not.toContain('Share state')
  })
})
