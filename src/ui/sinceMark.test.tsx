import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Frame } from '../sim/frameTypes.ts'
import { sinceMarkView } from '../store/markSlice.ts'
import { makeFrame } from '../view/frameFixture.ts'
import { MetricsTable } from './MetricsTable.tsx'
import { buttons, mount, type Mounted } from './renderForTest.tsx'
import { StatusBar } from './StatusBar.tsx'

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
  vi.useRealTimers()
})

function frameAt(t: number, rebalances: number, o: { rebalancing?: boolean; ordering?: number } = {}): Frame {
  const f = makeFrame({ t, rebalancing: o.rebalancing ?? false })
  return { ...f, totals: { ...f.totals, rebalances, orderingViolations: o.ordering ?? 0, stoppedPartitionSeconds: rebalances * 10 } }
}

function feed(frames: Frame[]): void {
  for (const f of frames) act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, f, [], []))
  act(() => vi.advanceTimersByTime(600))
}

function statusCount(name: string): string | null {
  return m!.container.querySelector(`.status [data-count="${name}"]`)?.getAttribute('data-value') ?? null
}

describe('counters since a mark (single mode)', () => {
  it('leave out the start-up rebalance: counted from the first moment the group is settled', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    // Forming (rebalance 1 under way), then settled at 6 s, then a crash's rebalance at 20 s.
    feed([frameAt(1000, 1, { rebalancing: true }), frameAt(6000, 1), frameAt(12_000, 1), frameAt(20_000, 2, { rebalancing: true }), frameAt(25_000, 2)])
    expect(statusCount('rebalances')).toBe('1')
    expect(m.container.querySelector('.status')?.textContent).toContain('since 6.0 s')
  })

  it('while the group first forms, count the whole run and say so', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    feed([frameAt(1000, 1, { rebalancing: true })])
    expect(statusCount('rebalances')).toBe('1')
    expect(m.container.querySelector('.status')?.textContent).toContain('group is still forming')
  })

  it('a warm start shown at 0 s is already settled: since 0 s, not "still forming"', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    const f = frameAt(0, 0)
    feed([{ ...f, group: { ...f.group, state: 'Stable' } }])
    expect(m.container.querySelector('.status')?.textContent).toContain('since 0.0 s (group settled)')
    expect(m.container.querySelector('.status')?.textContent).not.toContain('forming')
  })

  it('"Mark now" counts from the moment shown, "Clear mark" goes back to the default', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    feed([frameAt(1000, 1, { rebalancing: true }), frameAt(6000, 1), frameAt(20_000, 2), frameAt(20_500, 3, { ordering: 5 })])
    expect(statusCount('rebalances')).toBe('2')
    act(() => buttons(m!.container, 'Mark now')[0]!.click())
    feed([frameAt(30_000, 4, { ordering: 9 })])
    expect(statusCount('rebalances')).toBe('1')
    expect(m.container.querySelector('.status')?.textContent).toContain('since 20.5 s')
    expect(m.container.querySelector('.status')?.textContent).toContain('order violations 4')
    act(() => buttons(m!.container, 'Clear mark')[0]!.click())
    act(() => vi.advanceTimersByTime(600))
    expect(statusCount('rebalances')).toBe('3')
  })

  it('a new run (restart) forgets the mark and the history', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    feed([frameAt(6000, 1), frameAt(9000, 1)])
    act(() => m!.store.getState().setMark(9000))
    act(() => m!.store.getState().setScenario(m!.store.getState().scenario, true))
    expect(m.store.getState().mark).toBeNull()
    expect(m.store.getState().counterTrack).toEqual([])
  })

  it('the metrics panel lists revoked and lost partitions since the mark', () => {
    vi.useFakeTimers()
    m = mount(<MetricsTable />)
    const f0 = frameAt(6000, 1)
    const f1 = frameAt(40_000, 2)
    feed([{ ...f0, totals: { ...f0.totals, revokedPartitions: 6, lostPartitions: 0 } }, { ...f1, totals: { ...f1.totals, revokedPartitions: 6, lostPartitions: 4 } }])
    const dd = (k: string): string | undefined => m!.container.querySelector(`[data-count="${k}"] dd`)?.textContent ?? undefined
    expect(dd('revoked')).toBe('0')
    expect(dd('lost')).toBe('4')
    expect(dd('rebalances')).toBe('1')
  })

  it('the metrics panel lists failed sends since the mark once a record failed, and nothing of them before', () => {
    vi.useFakeTimers()
    m = mount(<MetricsTable />)
    const dd = (k: string): string | undefined => m!.container.querySelector(`[data-count="${k}"] dd`)?.textContent ?? undefined
    const f0 = frameAt(6000, 1)
    feed([f0])
    expect(dd('failedSends')).toBeUndefined()
    expect(dd('lostRecords')).toBeUndefined()
    const f1 = frameAt(30_000, 1)
    feed([{ ...f1, totals: { ...f1.totals, failedSends: 5823 } }])
    expect(dd('failedSends')).toBe('5,823')
    expect(dd('lostRecords')).toBeUndefined() // no broker fault ran
    // A broker fault ran: records lost too (acks=1), counted from the mark as the strip counts them.
    const f2 = frameAt(40_000, 1)
    feed([{ ...f2, totals: { ...f2.totals, failedSends: 5823, lostRecords: 12, pausedPartitionSeconds: 3 } }])
    expect(dd('lostRecords')).toBe('12')
  })

  it('a mark between samples without a pinned entry is marked approximate only when none is at or before it', () => {
    const f = frameAt(30_000, 3)
    const v = sinceMarkView({ mark: 500, markReason: 'set', firstSettled: null, counterTrack: [{ t: 2000, stoppedPartitionSeconds: 0, duplicates: 0, orderingViolations: 0, rebalances: 1, revokedPartitions: 0, lostPartitions: 0, remappedKeys: 0 }] }, f)
    expect(v.exact).toBe(false)
    expect(v.deltas.rebalances).toBe(2)
  })
})

describe('the default mark from the rebalance log (a moment link jumps over the frames in between)', () => {
  const formation = [
    { t: 6, kind: 'rebalance-start' as const, text: 'Rebalance started: consumer-1 joined' },
    { t: 6012, kind: 'rebalance-end' as const, text: 'Rebalance (generation 1) finished after 6.01 s' },
  ]
  const crash = [{ t: 13_326, kind: 'rebalance-start' as const, text: 'Rebalance started: consumer-2 session timeout' }, { t: 14_017, kind: 'rebalance-end' as const, text: '…' }]

  it('a frame at 16 s, the first one seen, counts only the crash rebalance after the forming one ended', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, frameAt(16_000, 2), [], [], { latest: 16_000, markers: [...formation, ...crash] }))
    act(() => vi.advanceTimersByTime(600))
    expect(m.store.getState().firstSettled).toBe(6012)
    expect(statusCount('rebalances')).toBe('1')
    expect(m.container.querySelector('.status')?.textContent).toContain('since 6.0 s')
  })

  it('a run that began with the group formed (no rebalance at the start) is measured from 0', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, frameAt(16_000, 1), [], [], { latest: 16_000, markers: crash }))
    act(() => vi.advanceTimersByTime(600))
    expect(m.store.getState().firstSettled).toBe(0)
    expect(statusCount('rebalances')).toBe('1')
  })

  it('a warm start first seen at 20 s (a moment link, no rebalance yet) counts from 0 s, as the page that played it', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    // A GC pause before 20 s stopped lanes for 5 lane·s; no rebalance has started (no markers).
    const paused = (t: number): Frame => {
      const f = frameAt(t, 0)
      return { ...f, group: { ...f.group, state: 'Stable' }, totals: { ...f.totals, stoppedPartitionSeconds: 5 } }
    }
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, paused(20_000), [], [], { latest: 20_000, markers: [] }))
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, paused(26_075), [], [], { latest: 26_075 }))
    act(() => vi.advanceTimersByTime(600))
    expect(m.container.querySelector('.status')?.textContent).toContain('since 0.0 s (group settled)')
    expect(m.container.querySelector('.status [data-count="stopped"] b')?.textContent).toBe('5.0')
  })

  it('while the forming rebalance is under way there is no mark yet', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, frameAt(3000, 1, { rebalancing: true }), [], [], { latest: 3000, markers: formation.slice(0, 1) }))
    expect(m.store.getState().firstSettled).toBeNull()
  })
})

describe('played from 0: the counts start exactly at the first settled frame', () => {
  it('stopped lane·s of the formation are not counted (the frame just after the log’s end is pinned)', () => {
    vi.useFakeTimers()
    m = mount(<StatusBar />)
    const start = [{ t: 6, kind: 'rebalance-start' as const, text: 'start' }]
    const end = [...start, { t: 6012, kind: 'rebalance-end' as const, text: 'end' }]
    const stopped = (f: Frame, v: number): Frame => ({ ...f, totals: { ...f.totals, stoppedPartitionSeconds: v } })
    const send = (f: Frame, markers: typeof end) => act(() => m!.store.getState().receiveFrame(m!.store.getState().runId, f, [], [], { latest: f.t, markers }))
    send(stopped(frameAt(1000, 1, { rebalancing: true }), 12), start)
    send(stopped(frameAt(5500, 1, { rebalancing: true }), 66), start)
    send(stopped(frameAt(6030, 1), 72.1), end)
    send(stopped(frameAt(20_000, 1), 72.1), end)
    act(() => vi.advanceTimersByTime(600))
    expect(m.container.querySelector('.status [data-count="stopped"] b')?.textContent).toBe('0.0')
    expect(m.container.querySelector('.status')?.textContent).toContain('since 6.0 s')
  })
})
