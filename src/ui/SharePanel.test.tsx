// The share group on the page: the group-type control switches the scenario to a share group (and
// back, leaving no share fields), its settings appear only then, and the share-group panel shows
// what the simulation's frame says, including a crashed member's locked records and when they
// come back. Lanes name every reader.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getPreset } from '../scenario/presets/index.ts'
import { defaultScenario } from '../scenario/defaults.ts'
import { createSimulation } from '../sim/simulation.ts'
import { layout } from '../view/layout.ts'
import { ControlsPanel } from './ControlsPanel.tsx'
import { MetricsTable } from './MetricsTable.tsx'
import { byLabel, mount, setValue, type Mounted } from './renderForTest.tsx'
import { SharePanel } from './SharePanel.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

describe('group type control', () => {
  it('turns the group into a share group with its settings, and back to a consumer group without them', () => {
    m = mount(<ControlsPanel />)
    expect(m.container.textContent).not.toContain('Record lock (s)')
    setValue(byLabel(m.container, 'Group type'), 'share', ['change'])
    expect(m.actions.edits).toEqual([{ kind: 'groupType', type: 'share' }])
    expect(m.store.getState().scenario.group.type).toBe('share')
    expect(byLabel(m.container, 'Record lock (s)').value).toBe('30')
    expect(byLabel(m.container, 'Delivery limit').value).toBe('5')
    // The consumer-group protocol controls make no sense for a share group.
    expect(m.container.querySelector('label')?.textContent).toBeDefined()
    expect([...m.container.querySelectorAll('label')].map((l) => l.textContent)).not.toContain('Protocol')
    setValue(byLabel(m.container, 'Group type'), 'consumer', ['change'])
    const g = m.store.getState().scenario.group
    expect(g.type).toBeUndefined()
    expect(g.share).toBeUndefined()
    expect(g).toEqual(defaultScenario().group)
  })
})

describe('SharePanel', () => {
  it('is absent for a consumer group', () => {
    vi.useFakeTimers()
    m = mount(<SharePanel />)
    const sim = createSimulation({ ...defaultScenario(), start: 'warm' })
    sim.advanceTo(2000)
    act(() => m!.store.getState().receiveFrame(0, sim.frame(0), [], []))
    act(() => vi.advanceTimersByTime(300))
    expect(m.container.textContent).toBe('')
  })

  it("shows the frame's figures, and a crashed member's locked records with the seconds until they come back", () => {
    vi.useFakeTimers()
    m = mount(<SharePanel />)
    const s = getPreset('share-group-hot-lane')!.build()
    // Shorter than the preset: consumer-2 crashes at 3 s holding records locked for 5 s.
    const sim = createSimulation({ ...s, group: { ...s.group, share: { ...s.group.share!, 'group.share.record.lock.duration.ms': 5000 } }, actions: [{ do: 'crashConsumer', consumer: 'consumer-2', atSec: 3 }] })
    sim.advanceTo(6000)
    const f = sim.frame(0)
    const held = f.shareGroup!.stranded[0]!
    act(() => m!.store.getState().receiveFrame(0, f, [], []))
    act(() => vi.advanceTimersByTime(300))
    const figure = (name: string) => m!.container.querySelector(`td[data-figure="${name}"]`)?.textContent
    expect(figure('In flight now')).toBe(f.shareGroup!.inFlight.toLocaleString('en-US'))
    expect(figure('Most in flight on one lane')).toBe(f.shareGroup!.inFlightMax.toLocaleString('en-US'))
    // consumer-2 acquired its last batch just before 3 s; its 5 s locks end just before 8 s: 2 s from 6 s.
    expect(held).toMatchObject({ member: 'consumer-2', lockMs: 5000 })
    expect(held.records).toBeGreaterThan(0)
    expect(m.container.textContent).toContain(`consumer-2 stopped holding ${held.records.toLocaleString('en-US')} records`)
    expect(m.container.textContent).toContain('come back to the others in 2 s, when its 5 s locks expire')
  })

  it('shows the records a leader change handed back, so the panel accounts for every duplicate', () => {
    vi.useFakeTimers()
    m = mount(<SharePanel />)
    const s = getPreset('share-group-hot-lane')!.build()
    // Replicated, so a crash moves leadership: broker 3 leads the hot lane (P0) and P5.
    const sim = createSimulation({ ...s, cluster: { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }, actions: [{ do: 'crashBroker', broker: 3, atSec: 4 }] })
    const figure = (name: string) => m!.container.querySelector(`td[data-figure="${name}"]`)?.textContent
    sim.advanceTo(3000)
    act(() => m!.store.getState().receiveFrame(0, sim.frame(0), [], []))
    act(() => vi.advanceTimersByTime(300))
    expect(figure('Back after a leader change')).toBeUndefined() // no leader change yet: no row
    sim.advanceTo(16000) // fenced ~13 s, before consumer-3's crash at 20 s: no lock has expired
    const f = sim.frame(0)
    act(() => m!.store.getState().receiveFrame(0, f, [], []))
    act(() => vi.advanceTimersByTime(300))
    const sg = f.shareGroup!
    expect(sg.leaderChanges).toBe(2)
    expect(sg.returnedOnLeaderChange).toBeGreaterThan(0)
    expect(figure('Back after a leader change')).toBe(sg.returnedOnLeaderChange.toLocaleString('en-US'))
    expect(figure('Redelivered')).toBe('0')
    // The status bar's duplicates are these records: without the row nothing on the panel explains them.
    expect(f.totals.duplicates).toBe(sg.redelivered + sg.returnedOnLeaderChange)
  })
})

describe('lanes of a share group', () => {
  it('name every member reading a lane', () => {
    const sim = createSimulation(getPreset('share-group-hot-lane')!.build())
    sim.advanceTo(1000)
    const l = layout(sim.frame(0), { width: 1000, height: 600 })
    // Kafka's simple assignor numbers members in the hash order of their (seeded) member ids, so the
    // pairs are not neighbours: the share-group-hot-lane golden trace lists the same assignment.
    // Each lane names the reader whose colour it carries, counts the other and lists both in words.
    expect(l.lanes.map((l) => l.ownerLabel)).toEqual(['c3', 'c1', 'c5', 'c2', 'c4', 'c8'])
    expect(l.lanes.map((l) => l.ownerMore)).toEqual([1, 1, 1, 1, 1, 1])
    expect(l.lanes.map((l) => l.ownerTitle)).toEqual([
      'read by consumer-3 and consumer-7',
      'read by consumer-1 and consumer-9',
      'read by consumer-5 and consumer-6',
      'read by consumer-2 and consumer-10',
      'read by consumer-4 and consumer-11',
      'read by consumer-8 and consumer-12',
    ])
  })

  it('the partition metrics table names every reader too', () => {
    vi.useFakeTimers()
    m = mount(<MetricsTable />)
    const sim = createSimulation(getPreset('share-group-hot-lane')!.build())
    sim.advanceTo(1000)
    act(() => m!.store.getState().receiveFrame(0, sim.frame(0), [], []))
    act(() => vi.advanceTimersByTime(600))
    const owners = [...m.container.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent)
    expect(owners.slice(0, 2)).toEqual(['consumer-3+consumer-7', 'consumer-1+consumer-9'])
  })
})

describe('the share panel when a share coordinator goes down', () => {
  it('shows the acknowledgements waiting for it, then those written late, as the frame counts them', () => {
    vi.useFakeTimers()
    m = mount(<SharePanel />)
    const s = getPreset('share-group-hot-lane')!.build()
    const sim = createSimulation({ ...s, cluster: { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }, actions: [{ do: 'crashBroker', broker: 3, atSec: 4 }] })
    const figure = (name: string) => m!.container.querySelector(`td[data-figure="${name}"]`)?.textContent
    const show = (t: number) => {
      sim.advanceTo(t)
      const f = sim.frame(0)
      act(() => m!.store.getState().receiveFrame(0, f, [], []))
      act(() => vi.advanceTimersByTime(300))
      return f.shareGroup!
    }
    expect(show(3000).acksWaiting).toBe(0)
    expect(figure('Acks waiting for state')).toBeUndefined() // no outage: no rows
    const during = show(8000) // broker 3 down, not fenced yet: it held the state of some lanes
    expect(during.acksWaiting).toBeGreaterThan(0)
    expect(figure('Acks waiting for state')).toBe(during.acksWaiting.toLocaleString('en-US'))
    const after = show(40_000)
    expect(after.acksWaiting).toBe(0)
    expect(after.acksDelayed).toBeGreaterThan(0)
    expect(figure('Acks written late')).toBe(after.acksDelayed.toLocaleString('en-US'))
    expect(figure('Acks failed')).toBe('0')
  })
})
