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
import { shareCoordinatorBrokerOf } from '../sim/share/shareStateCoordinator.ts'
import type { WorldState } from '../sim/worldState.ts'
import { worldOf } from '../../test/properties/conservationCheck.ts'

/** Whether member c holds acquired (locked, unacknowledged) records of any lane. */
function holdsAcquired(w: WorldState, c: number): boolean {
  return w.share!.parts.some((sp) => sp.runs.some((r) => r.state === 'acquired' && r.member === c))
}

/** Whether members hold acquired records of a lane whose share state broker b keeps and that another broker leads. */
function heldOnLaneStatedBy(w: WorldState, b: number): boolean {
  return w.share!.parts.some((sp, p) => shareCoordinatorBrokerOf(w, p) === b && w.cluster.leader[p] !== b && sp.runs.some((r) => r.state === 'acquired'))
}

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
    // Shorter locks than the preset's: consumer-2 crashes holding records locked for 5 s, at the
    // first moment from 3 s on that it holds some (between batches it holds none).
    const sim = createSimulation({ ...s, group: { ...s.group, share: { ...s.group.share!, 'group.share.record.lock.duration.ms': 5000 } }, actions: [] })
    sim.advanceTo(3000)
    const c2 = worldOf(sim).consumers.findIndex((c) => c.name === 'consumer-2')
    while (!holdsAcquired(worldOf(sim), c2) && sim.now() < 5000) sim.advanceTo(sim.now() + 1)
    const crashedAt = sim.now()
    sim.apply({ do: 'crashConsumer', consumer: 'consumer-2' })
    sim.advanceTo(crashedAt + 3000)
    const f = sim.frame(0)
    const held = f.shareGroup!.stranded[0]!
    act(() => m!.store.getState().receiveFrame(0, f, [], []))
    act(() => vi.advanceTimersByTime(300))
    const figure = (name: string) => m!.container.querySelector(`td[data-figure="${name}"]`)?.textContent
    expect(figure('In flight now')).toBe(f.shareGroup!.inFlight.toLocaleString('en-US'))
    expect(figure('Most in flight on one lane')).toBe(f.shareGroup!.inFlightMax.toLocaleString('en-US'))
    expect(held).toMatchObject({ member: 'consumer-2', lockMs: 5000 })
    expect(held.records).toBeGreaterThan(0)
    // Acquired before the crash, its 5 s locks end within 2 s of 3 s after it.
    expect(held.expiresInMs).toBeGreaterThan(0)
    expect(held.expiresInMs).toBeLessThanOrEqual(2000)
    expect(m.container.textContent).toContain(`consumer-2 stopped holding ${held.records.toLocaleString('en-US')} records`)
    expect(m.container.textContent).toContain(`come back to the others in ${Math.ceil(held.expiresInMs / 1000)} s, when its 5 s locks expire`)
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
    const sim = createSimulation({ ...s, cluster: { brokers: 3, 'replication.factor': 3, 'min.insync.replicas': 2, brokerCapacityPerSec: null }, actions: [] })
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
    // Broker 3 crashes from 4 s on, once members hold records of a lane whose state it keeps and
    // whose leader is another broker: their acknowledgements then wait for it.
    sim.advanceTo(4000)
    while (!heldOnLaneStatedBy(worldOf(sim), 2) && sim.now() < 6000) sim.advanceTo(sim.now() + 1)
    sim.apply({ do: 'crashBroker', broker: 3 })
    const during = show(8000) // broker 3 down, not fenced yet
    expect(during.acksWaiting).toBeGreaterThan(0)
    expect(figure('Acks waiting for state')).toBe(during.acksWaiting.toLocaleString('en-US'))
    const after = show(40_000)
    expect(after.acksWaiting).toBe(0)
    expect(after.acksDelayed).toBeGreaterThan(0)
    expect(figure('Acks written late')).toBe(after.acksDelayed.toLocaleString('en-US'))
    expect(figure('Acks failed')).toBe('0')
  })
})
