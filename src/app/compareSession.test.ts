import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { readLinkHash } from '../scenario/links.ts'
import { getPreset } from '../scenario/presets/index.ts'
import type { WorkerRequest } from '../worker/protocol.ts'
import { MAX_SPEED } from '../store/playbackSlice.ts'
import { compareHashOf, readCompareLink } from './compareLinks.ts'
import { settingsBefore } from '../scenario/liveOverrides.ts'
import { TOTAL_PARTICLES } from './compareSession.ts'
import { recordActions } from './compareSideActions.ts'
import { coop, eager, sessionOnFakes } from './compareSessionForTest.ts'

const setup = sessionOnFakes

const sentOf = (w: { sent: WorkerRequest[] }, type: WorkerRequest['type']) => w.sent.filter((m) => m.type === type)

describe('compare session', () => {
  it('runs each side on its own worker with its variant, and divides the particles among them', () => {
    const { workers } = setup({ variants: [eager, coop, { label: 'static', set: { 'group.staticMembership': true } }] })
    expect(workers).toHaveLength(3)
    const inits = workers.map((w) => sentOf(w, 'init')[0] as Extract<WorkerRequest, { type: 'init' }>)
    expect(inits.map((m) => m.scenario.group.protocol)).toEqual(['eager', 'cooperative', 'eager'])
    expect(inits[2]!.scenario.group.staticMembership).toBe(true)
    expect(inits[0]!.maxParticles).toBe(Math.floor(TOTAL_PARTICLES / 3))
  })

  it('a fault clicked on one side goes to the same consumer on every side at one moment, and is recorded', () => {
    const { session, workers, ticks } = setup()
    ticks(10)
    // Side B ran further (side A stopped short on its time budget): the moment is the furthest side's.
    workers[1]!.postMessage({ type: 'advance', id: 999, toT: 250 })
    session.sides[0]!.actions.inject({ do: 'crashConsumer', consumer: 'consumer-2' })
    const cmds = workers.map((w) => sentOf(w, 'command').at(-1) as { command: unknown; atT?: number })
    expect(cmds.map((c) => c.command)).toEqual([
      { do: 'crashConsumer', consumer: 'consumer-2' },
      { do: 'crashConsumer', consumer: 'consumer-2' },
    ])
    expect(cmds.map((c) => c.atT)).toEqual([250, 250])
    expect(session.store.getState().base.actions.at(-1)).toEqual({ do: 'crashConsumer', consumer: 'consumer-2', atSec: 0.25 })
  })

  it('the Timeline seeks every side to one moment, no further than the least side has reached, and pauses', () => {
    const { session, workers, ticks } = setup()
    workers[0]!.postMessage({ type: 'advance', id: 998, toT: 4_000 })
    workers[1]!.postMessage({ type: 'advance', id: 999, toT: 3_000 })
    session.sides[0]!.actions.seek(3_500)
    expect(session.store.getState().playing).toBe(false)
    expect(workers.map((w) => (sentOf(w, 'seek').at(-1) as { toT: number } | undefined)?.toT)).toEqual([3_000, 3_000])
    expect(session.sides.map((s) => s.store.getState().frame?.t)).toEqual([3_000, 3_000])
    session.sides[1]!.actions.stepBack()
    expect(workers.map((w) => (sentOf(w, 'seek').at(-1) as { toT: number }).toT)).toEqual([2_900, 2_900])
    // The clock goes on from there for every side.
    session.actions.setPlaying(true)
    ticks(5)
    const advances = workers.map((w) => (sentOf(w, 'advance').at(-1) as { toT: number }).toT)
    expect(advances[0]).toBe(advances[1])
    expect(advances[0]).toBeLessThan(3_500)
  })

  it('a seek answered frames later stays there: the clock does not run every side back to the moment before', () => {
    const { session, workers, ticks } = setup()
    session.actions.setPlaying(false)
    for (const w of workers) w.postMessage({ type: 'advance', id: 990, toT: 15_000 })
    ticks(2)
    for (const w of workers) w.hold()
    session.actions.seek(6_000)
    ticks(3)
    for (const w of workers) w.release()
    ticks(3)
    expect(session.sides.map((s) => s.store.getState().frame?.t)).toEqual([6_000, 6_000])
    expect(workers.map((w) => w.sent.at(-1)?.type)).toEqual(['seek', 'seek'])
    expect(session.store.getState().clock).toBe(6_000)
    // Playing goes on from the moment sought.
    session.actions.setPlaying(true)
    ticks(3)
    const advances = workers.map((w) => (sentOf(w, 'advance').at(-1) as { toT: number }).toT)
    expect(advances[0]).toBeGreaterThan(6_000)
    expect(advances[0]).toBeLessThan(7_000)
  })

  it('a fault after going back replaces the shared actions recorded after that moment, keeps the link\'s own', () => {
    const base = { ...defaultScenario(), actions: [{ do: 'addConsumer' as const, atSec: 5 }] }
    const { session, workers } = setup({ base })
    for (const w of workers) w.postMessage({ type: 'advance', id: 990, toT: 6_000 })
    session.actions.inject({ do: 'crashConsumer', consumer: 'consumer-1' })
    expect(session.store.getState().base.actions.map((a) => a.atSec)).toEqual([5, 6])
    session.actions.seek(2_000)
    session.actions.inject({ do: 'gcPause', consumer: 'consumer-2', durationMs: 1000 })
    const script = [
      { do: 'gcPause', consumer: 'consumer-2', durationMs: 1000, atSec: 2 },
      { do: 'addConsumer', atSec: 5 },
    ]
    expect(session.store.getState().base.actions).toEqual(script)
    // Every side is rebuilt from exactly that script, and brought back to the moment.
    for (const w of workers) {
      const init = sentOf(w, 'init').at(-1) as Extract<WorkerRequest, { type: 'init' }>
      expect(init.scenario.actions).toEqual(script)
    }
    expect(session.store.getState().catchingUp.every((t) => t === 2_000)).toBe(true)
  })

  it('a command on one side (Rebalance cluster…) goes to that side alone at the shared moment and into its variant; after going back it replaces that side’s future', () => {
    const base = { ...getPreset('cluster-rebalance')!.build(), actions: [] }
    const { session, workers } = setup({ base, variants: [{ label: 'as is', set: {} }, { label: 'rebalanced', set: {} }] })
    // Side A ran further: the moment is the furthest side's, as for a shared command.
    workers[0]!.postMessage({ type: 'advance', id: 990, toT: 4_000 })
    workers[1]!.postMessage({ type: 'advance', id: 991, toT: 3_000 })
    session.actions.injectSide(1, { do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000 })
    expect(sentOf(workers[0]!, 'command')).toEqual([])
    expect(sentOf(workers[1]!, 'command').map((m) => [(m as { command: unknown }).command, (m as { atT?: number }).atT])).toEqual([[{ do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000 }, 4_000]])
    const rebalance = { do: 'rebalanceCluster', throttleBytesPerSec: 10_000_000, atSec: 4 }
    expect(session.store.getState().variants).toEqual([{ label: 'as is', set: {} }, { label: 'rebalanced', set: {}, actions: [rebalance] }])
    // The shared workload is untouched; the link carries it on side B only.
    expect(session.store.getState().base.actions).toEqual([])
    const st = session.store.getState()
    expect(readLinkHash(`#${compareHashOf(st)}`).v).toEqual(['as is:', 'rebalanced: actions+=[{"do":"rebalanceCluster","atSec":4,"throttleBytesPerSec":10000000}]'])

    // Back to 2 s, then another plan: the one recorded at 4 s is that side's future, replaced; side B restarts from the new script.
    for (const w of workers) w.postMessage({ type: 'advance', id: 992, toT: 6_000 })
    session.actions.seek(2_000)
    const initsA = sentOf(workers[0]!, 'init').length
    session.actions.injectSide(1, { do: 'rebalanceCluster' })
    expect(session.store.getState().variants[1]!.actions).toEqual([{ do: 'rebalanceCluster', atSec: 2 }])
    const init = sentOf(workers[1]!, 'init').at(-1) as Extract<WorkerRequest, { type: 'init' }>
    expect(init.scenario.actions).toEqual([{ do: 'rebalanceCluster', atSec: 2 }])
    expect(session.store.getState().catchingUp).toEqual([null, 2_000])
    expect(sentOf(workers[0]!, 'init')).toHaveLength(initsA)
    // Restart replays it: side B's own action is in its scenario from 0 s.
    session.actions.restart()
    expect((sentOf(workers[1]!, 'init').at(-1) as Extract<WorkerRequest, { type: 'init' }>).scenario.actions).toEqual([{ do: 'rebalanceCluster', atSec: 2 }])
    expect((sentOf(workers[0]!, 'init').at(-1) as Extract<WorkerRequest, { type: 'init' }>).scenario.actions).toEqual([])
  })

  it('a side’s Members is a strategy edit of that side: group.consumers in its variant (its link carries it), the side restarted with that many now', () => {
    const { session, workers, ticks } = setup()
    ticks(20)
    const n = defaultScenario().group.consumers
    // Consumers (shared) adds two on every side first: the side's count now includes them.
    session.actions.editShared({ kind: 'consumers', count: n + 2 })
    ticks(2)
    const clock = session.store.getState().clock
    const initsA = sentOf(workers[0]!, 'init').length
    session.actions.editSide(1, { kind: 'members', count: 3 })
    const init = sentOf(workers[1]!, 'init').at(-1) as Extract<WorkerRequest, { type: 'init' }>
    // From 0 s with one, plus the two the shared script adds: three now, as asked.
    expect(session.store.getState().variants[1]!.set['group.consumers']).toBe(1)
    expect(init.scenario.group.consumers).toBe(1)
    expect(settingsBefore(init.scenario, clock / 1000).group.consumers).toBe(3)
    expect(sentOf(workers[0]!, 'init')).toHaveLength(initsA)
    expect(session.store.getState().catchingUp).toEqual([null, clock])
    // The link reopens side B with its members; side A keeps the shared count.
    const opened = readCompareLink(`#${compareHashOf(session.store.getState())}`, defaultScenario())
    expect(opened.problems).toEqual([])
    expect(opened.variants[1]!.set['group.consumers']).toBe(1)
    expect(opened.variants[0]!.set['group.consumers']).toBeUndefined()
  })

  it('a load edit goes to every side; a strategy edit restarts one side and brings it back to the clock', () => {
    const { session, workers, ticks } = setup()
    ticks(20)
    session.actions.editShared({ kind: 'rate', perSec: 1234 })
    for (const w of workers) expect(sentOf(w, 'command').at(-1)).toMatchObject({ command: { do: 'setRate', perSec: 1234 } })
    ticks(2)
    const clock = session.store.getState().clock
    expect(clock).toBeGreaterThan(0)
    const initsBefore = workers.map((w) => sentOf(w, 'init').length)
    session.actions.editSide(1, { kind: 'salting', enabled: true })
    expect(sentOf(workers[0]!, 'init')).toHaveLength(initsBefore[0]!)
    const init = sentOf(workers[1]!, 'init').at(-1) as Extract<WorkerRequest, { type: 'init' }>
    expect(sentOf(workers[1]!, 'init')).toHaveLength(initsBefore[1]! + 1)
    expect(init.scenario.dynamic.salting.enabled).toBe(true)
    // The shared rate edit replays in the restarted side's script.
    expect(init.scenario.actions.some((a) => a.do === 'setRate')).toBe(true)
    expect(session.store.getState().variants[1]!.set['dynamic.salting.enabled']).toBe(true)
    // It replays at top speed (bigger chunks per time budget), and the page says so.
    expect(sentOf(workers[1]!, 'speed').at(-1)).toEqual({ type: 'speed', speed: MAX_SPEED })
    expect(session.store.getState().catchingUp).toEqual([null, clock])
    const aAdvances = sentOf(workers[0]!, 'advance').length
    const bAdvances = sentOf(workers[1]!, 'advance').length
    const mark = session.store.getState().autoMark
    expect(mark).not.toBeNull()
    ticks(2)
    // Side B goes to the mark (to count from there), then to the clock, while side A holds.
    expect(sentOf(workers[1]!, 'advance').slice(bAdvances).map((m) => (m as { toT: number }).toT)).toEqual([mark, clock])
    expect(sentOf(workers[0]!, 'advance')).toHaveLength(aAdvances)
    ticks(3)
    expect(session.sides[1]!.store.getState().frame?.t).toBeGreaterThanOrEqual(clock)
    expect(sentOf(workers[1]!, 'speed').at(-1)).toEqual({ type: 'speed', speed: 1 })
    expect(session.store.getState().catchingUp).toEqual([null, null])
    expect(sentOf(workers[0]!, 'advance').length).toBeGreaterThan(aAdvances)
  })

  it('opens paused at a link moment, every side brought there through the mark', () => {
    const { session, workers, ticks } = setup({ openAtMs: 30_000, markMs: 12_000 })
    expect(session.store.getState().playing).toBe(false)
    // Before any side has a frame, the clock (and so the link's t=) already names the moment.
    expect(session.store.getState().clock).toBe(30_000)
    expect(compareHashOf(session.store.getState())).toMatch(/[#&]t=30(&|$)/)
    ticks(3)
    for (const w of workers) expect(sentOf(w, 'advance').map((m) => (m as { toT: number }).toT)).toEqual([12_000, 30_000])
    expect(session.store.getState().clock).toBe(30_000)
    expect(session.store.getState().tracks[0]!.some((c) => c.t === 12_000 && c.pinned === true)).toBe(true)
    ticks(5)
    expect(session.store.getState().clock).toBe(30_000)
  })

  it('a step moves every side to the same moment and pauses', () => {
    const { session, workers, ticks } = setup()
    ticks(5)
    session.actions.step()
    const clock = session.store.getState().clock
    ticks(2)
    expect(session.store.getState().playing).toBe(false)
    const last = workers.map((w) => (sentOf(w, 'advance').at(-1) as { toT: number }).toT)
    expect(last[0]).toBe(last[1])
    expect(last[0]).toBeGreaterThanOrEqual(clock + 100)
  })
})

describe('recordActions', () => {
  it('keeps the script time-ordered', () => {
    const s = { ...defaultScenario(), actions: [{ do: 'addConsumer', atSec: 5 } as const, { do: 'addConsumer', atSec: 60 } as const] }
    expect(recordActions(s, [{ do: 'crashConsumer', consumer: 'c' }], 10).actions.map((a) => a.atSec)).toEqual([5, 10, 60])
  })
})
