import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeFrame } from '../view/frameFixture.ts'
import { BannerStack } from './BannerStack.tsx'
import { LaneInspector } from './LaneInspector.tsx'
import { MetricsTable } from './MetricsTable.tsx'
import { NarrationPanel } from './NarrationPanel.tsx'
import { StatusBar } from './StatusBar.tsx'
import { byLabel, mount, setValue, type Mounted } from './renderForTest.tsx'
import { WhichLane } from './WhichLane.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

describe('MetricsTable', () => {
  it('is a table named "Partition metrics" with one body row per partition', () => {
    vi.useFakeTimers()
    m = mount(<MetricsTable />)
    const table = m.container.querySelector('table')
    expect(table?.getAttribute('aria-label')).toBe('Partition metrics')
    act(() => m!.store.getState().receiveFrame(0, makeFrame({ partitions: 7, lag: [0, 0, 50] }), [], []))
    act(() => vi.advanceTimersByTime(600))
    const rows = m.container.querySelectorAll('tbody tr')
    expect(rows).toHaveLength(7)
    expect(rows[2]?.textContent).toContain('consumer-3')
    expect(rows[2]?.querySelector('td[data-lag]')?.getAttribute('data-lag')).toBe('50')
    expect(Array.from(m.container.querySelectorAll('thead th')).map((th) => th.textContent)).toEqual([
      'Partition',
      'Owner',
      'In-rate (rec/s)',
      'Lag (records)',
    ])
  })
})

describe('BannerStack', () => {
  it('shows link problems as text only: markup from a URL is never parsed', () => {
    m = mount(<BannerStack />)
    act(() => {
      m!.store.getState().showBanner('error', 'This link could not be used', ['#: <img src=x onerror="window.pwned=1">'])
    })
    const alert = m.container.querySelector('[role="alert"]')
    expect(alert?.textContent).toContain('<img src=x onerror="window.pwned=1">')
    expect(m.container.querySelector('img')).toBeNull()
  })
})

describe('WhichLane', () => {
  it('shows the partition for the typed key', () => {
    m = mount(<WhichLane />)
    setValue(byLabel(m.container, 'Record key'), 'abcde', ['input'])
    expect(m.store.getState().whichLaneKey).toBe('abcde')
    expect(m.container.textContent).toContain('P5')
  })
})

describe('LaneInspector', () => {
  it('appears for the selected lane with owner, rates and lag', () => {
    vi.useFakeTimers()
    m = mount(<LaneInspector />)
    expect(m.container.textContent).toBe('')
    act(() => {
      m!.store.getState().receiveFrame(0, makeFrame({ partitions: 4, lag: [0, 1234, 0, 0] }), [], [])
      m!.store.getState().selectLane(1)
    })
    act(() => vi.advanceTimersByTime(400))
    expect(m.container.textContent).toContain('Lane P1')
    expect(m.container.textContent).toContain('consumer-2')
    expect(m.container.textContent).toContain('1,234 records')
  })

  it("shows what the lane's producers hold and how long the oldest has waited, only when they hold records", () => {
    vi.useFakeTimers()
    m = mount(<LaneInspector />)
    // Lanes 1 and 3 hold records (sparse: [lane, records, oldest send time]); lane 2 holds none.
    const frame = { ...makeFrame({ partitions: 4, t: 10_000 }), heldLanes: Float64Array.of(1, 12_340, 1_800, 3, 5, 9_950) }
    const row = (): string | null => {
      const dt = Array.from(m!.container.querySelectorAll('dt')).find((e) => e.textContent === 'Held by producers')
      return dt?.nextElementSibling?.textContent ?? null
    }
    act(() => {
      m!.store.getState().receiveFrame(0, frame, [], [])
      m!.store.getState().selectLane(1)
    })
    act(() => vi.advanceTimersByTime(400))
    expect(row()).toBe('12,340 records · oldest sent 8.2 s ago')
    act(() => m!.store.getState().selectLane(2))
    act(() => vi.advanceTimersByTime(400))
    expect(m.container.textContent).toContain('Lane P2')
    expect(row()).toBeNull()
    act(() => m!.store.getState().selectLane(3))
    act(() => vi.advanceTimersByTime(400))
    expect(row()).toBe('5 records · oldest sent 0.1 s ago')
  })
})

describe('NarrationPanel', () => {
  it('lists the newest line first', () => {
    vi.useFakeTimers()
    m = mount(<NarrationPanel />)
    act(() =>
      m!.store.getState().receiveFrame(0, makeFrame(), [], [
        { t: 1000, fact: { kind: 'group.rebalanceStart', trigger: { kind: 'memberJoined', member: 'consumer-2' }, generation: 2, protocol: 'cooperative', initialDelayMs: null, owned: 4 } },
        { t: 2000, fact: { kind: 'member.crash', member: 'consumer-1' } },
      ]),
    )
    act(() => vi.advanceTimersByTime(300))
    const items = Array.from(m.container.querySelectorAll('li')).map((li) => li.textContent)
    expect(items[0]).toBe('2.0 s consumer-1 crashed: no LeaveGroup, its heartbeats stop')
    expect(items[1]).toBe('1.0 s consumer-2 joined → cooperative rebalance: members keep consuming while they rejoin')
  })
})

describe('NarrationPanel countdowns', () => {
  it("says what the room is waiting for, from the frame's countdowns, above the log", () => {
    vi.useFakeTimers()
    m = mount(<NarrationPanel />)
    const f = makeFrame()
    f.members[2]!.countdowns = [{ kind: 'session', elapsedMs: 31_500, limitMs: 45_000, config: 'session.timeout.ms' }]
    act(() => m!.store.getState().receiveFrame(0, f, [], [{ t: 2000, fact: { kind: 'member.crash', member: 'consumer-3' } }]))
    act(() => vi.advanceTimersByTime(300))
    const waiting = m.container.querySelector('[aria-label="Waiting for"]')
    expect(waiting?.textContent).toBe('now consumer-3 missed heartbeats for 31 s of 45 s (session.timeout.ms)')
    const g = makeFrame()
    act(() => m!.store.getState().receiveFrame(0, g, [], []))
    act(() => vi.advanceTimersByTime(300))
    expect(m.container.querySelector('[aria-label="Waiting for"]')).toBeNull()
  })
})

describe('StatusBar', () => {
  it('explains each figure a newcomer may not know in its tooltip (lag, p99, stopped lane·s, skew, seed)', () => {
    m = mount(<StatusBar />)
    // A named section is a region landmark (a screen reader's jump target); a div's aria-label named nothing.
    expect(m.container.querySelector('section.status')?.getAttribute('aria-label')).toBe('Status')
    const titled = Array.from(m.container.querySelectorAll<HTMLElement>('.status > span')).map((e) => [e.textContent?.trim().split(/\s/)[0] ?? '', e.title] as const)
    for (const word of ['lag', 'p99', 'stopped', 'skew', 'seed']) {
      const hit = titled.find(([w]) => w === word)
      expect(hit, word).toBeDefined()
      expect(hit![1].length, word).toBeGreaterThan(20)
    }
  })

  it('says "paused" instead of a frame rate while paused (no frames are asked for then)', () => {
    m = mount(<StatusBar />)
    act(() => m!.store.getState().setPerf({ fps: 0, engineMs: 0, behind: false }))
    act(() => m!.store.getState().setPlaying(false))
    expect(m.container.querySelector('.perf')?.textContent).toBe('paused')
    act(() => m!.store.getState().setPlaying(true))
    act(() => m!.store.getState().setPerf({ fps: 58, engineMs: 1.5, behind: false }))
    expect(m.container.querySelector('.perf')?.textContent).toBe('58 fps · engine 1.5 ms')
  })
})
