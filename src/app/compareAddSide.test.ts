// Adding and removing compare sides (compareSideList.ts), with each side's real simulation in
// process (the worker's SimHost answering at once): a side added at a moment is the side a link
// with it opens at that moment, frame for frame; removing one moves the later sides up a letter,
// and the link then reopens exactly the sides left.
import { describe, expect, it } from 'vitest'
import { defaultScenario } from '../scenario/defaults.ts'
import { getPreset } from '../scenario/presets/index.ts'
import { parseVariant, type Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import { validateScenario } from '../scenario/validate.ts'
import { LIMITS } from '../scenario/validation/limits.ts'
import { createCompareStore } from '../store/compareStore.ts'
import type { Frame } from '../sim/frameTypes.ts'
import type { WorkerRequest } from '../worker/protocol.ts'
import { createSimHost } from '../worker/simHost.ts'
import { compareHashOf, readCompareLink } from './compareLinks.ts'
import { createCompareSession, type CompareSession } from './compareSession.ts'
import { copyLabel, freshLabel } from './compareSideList.ts'
import type { WorkerLike } from './simClient.ts'
import { sidesMarkers } from '../ui/compare/sideMarkerSource.ts'

const eager: Variant = { label: 'eager', set: { 'group.protocol': 'eager', 'group.assignor': 'range' } }
const coop: Variant = { label: 'cooperative', set: { 'group.protocol': 'cooperative', 'group.assignor': 'cooperative-sticky' } }
const stat: Variant = { label: 'static', set: { 'group.staticMembership': true } }

/** The real worker's logic, answering each request at once (no wall-clock budget: now() stands still). */
function inProcessWorker(log: { terminated: number }): WorkerLike {
  const host = createSimHost({ now: () => 0 })
  let listener: ((ev: MessageEvent) => void) | null = null
  return {
    postMessage(m: WorkerRequest) {
      if (m.type === 'ping') return listener?.({ data: { type: 'pong', n: m.n } } as MessageEvent)
      if (m.type === 'dispose') return
      const res = host.handle(m)
      if (res !== null) listener?.({ data: res } as MessageEvent)
    },
    addEventListener(type: string, l: (ev: never) => void) {
      if (type === 'message') listener = l as (ev: MessageEvent) => void
    },
    terminate() {
      log.terminated++
    },
  }
}

function open(base: Scenario, variants: Variant[], openAtMs?: number) {
  const queue: Array<(t: number) => void> = []
  const log = { terminated: 0 }
  let wall = 0
  const session = createCompareSession({
    base,
    variants,
    createWorker: () => inProcessWorker(log),
    host: { requestFrame: (cb) => queue.push(cb), cancelFrame: () => {}, now: () => wall },
    ...(openAtMs !== undefined ? { openAtMs } : {}),
    validate: (s) => {
      const r = validateScenario(s)
      return r.ok ? [] : r.errors
    },
    share: async () => 'copied',
    exit: () => {},
  })
  session.driver.start()
  /** Runs `k` animation frames. */
  const ticks = (k: number): void => {
    for (let j = 0; j < k; j++) {
      wall += 16
      queue.shift()?.(wall)
    }
  }
  /** Runs the clock until every side shows `t` and none is catching up. */
  const settle = (t: number): void => {
    for (let k = 0; k < 200; k++) {
      const st = session.store.getState()
      if (st.clock === t && st.catchingUp.every((c) => c === null) && session.sides.every((s) => s.store.getState().frame?.t === t)) return
      wall += 16
      queue.shift()?.(wall)
    }
    throw new Error(`the sides did not reach ${t} ms: ${session.sides.map((s) => s.store.getState().frame?.t).join(', ')}`)
  }
  return { session, settle, ticks, log }
}

/** What a side shows: the frame's lanes and group, and the strip's counters. */
function shown(session: CompareSession, i: number) {
  const f = session.sides[i]!.store.getState().frame as Frame
  return {
    t: f.t,
    lag: Array.from(f.lag),
    logEndOffset: Array.from(f.logEndOffset),
    committed: Array.from(f.committed),
    owner: Array.from(f.owner),
    track: session.store.getState().tracks[i]?.at(-1),
  }
}

const labels = (s: CompareSession): string[] => s.store.getState().variants.map((v) => v.label)

describe('compare mode: adding a side', () => {
  it('a side added at 35 s, then changed, is the side its link opens at 35 s (same frames); the copy first equals its source', () => {
    const base = getPreset('consumer-joins-eager')!.build()
    const a = open(base, [eager, coop], 10_000)
    a.settle(10_000)
    // A live fault on every side first (recorded in the shared script), then past the join at 30 s.
    a.session.actions.inject({ do: 'crashConsumer', consumer: 'consumer-2' })
    a.session.driver.setTarget(35_000)
    a.settle(35_000)
    expect(a.session.actions.addSide()).toBe(2)
    expect(a.session.sides).toHaveLength(3)
    expect(labels(a.session)).toEqual(['eager', 'cooperative', 'cooperative 2'])
    // Brought to the clock as a link's t= brings a side: it catches up, then the three are in step.
    a.settle(35_000)
    // A copy of side B: the same run, to the record.
    const { track: _b, ...copyOfB } = shown(a.session, 1)
    const { track: _c, ...copy } = shown(a.session, 2)
    expect(copy).toEqual(copyOfB)
    expect(copy.t).toBe(35_000)

    a.session.actions.editSide(2, { kind: 'partitioner', partitioner: 'round-robin', ignoreKeys: false })
    a.settle(35_000)
    expect(a.session.store.getState().variants[2]!.set['producerConfig.partitioner.class']).toBe('round-robin')

    const link = compareHashOf(a.session.store.getState())
    const read = readCompareLink(link, defaultScenario())
    expect(read.problems).toEqual([])
    expect(read.variants).toEqual(a.session.store.getState().variants)
    expect(read.openAtMs).toBe(35_000)
    expect(read.base.actions).toContainEqual({ do: 'crashConsumer', consumer: 'consumer-2', atSec: 10 })
    const b = open(read.base, read.variants, read.openAtMs)
    b.settle(35_000)
    for (const i of [0, 1, 2]) {
      const { track: ta, ...added } = shown(a.session, i)
      const { track: tb, ...linked } = shown(b.session, i)
      expect(added).toEqual(linked)
      // The strip's counters at this moment too (lag, stopped partition-seconds, duplicates, …).
      expect(ta).toBeDefined()
      expect(ta).toEqual(tb)
    }
    // The partitioner changed side C's run: the comparison is not of three identical sides.
    expect(shown(a.session, 2).logEndOffset).not.toEqual(shown(a.session, 1).logEndOffset)
    a.session.dispose()
    b.session.dispose()
  })

  it('added while playing, it catches up and the clock goes on in lockstep: the copy equals its source', () => {
    const a = open(getPreset('consumer-joins-eager')!.build(), [eager, coop])
    a.session.actions.setSpeed(64)
    a.ticks(200)
    const at = a.session.store.getState().clock
    expect(at).toBeGreaterThan(5_000)
    expect(a.session.actions.addSide(0)).toBe(2)
    a.ticks(200)
    a.session.actions.setPlaying(false)
    const t = Math.floor(a.session.driver.target())
    a.settle(t)
    expect(t).toBeGreaterThan(at)
    const { track: _a, ...source } = shown(a.session, 0)
    const { track: _c, ...copy } = shown(a.session, 2)
    expect(copy).toEqual(source)
    a.session.dispose()
  })

  it('copies the side asked for, and refuses a fifth side', () => {
    const a = open(defaultScenario(), [eager, coop, stat], 3_000)
    a.settle(3_000)
    expect(a.session.actions.addSide(0)).toBe(3)
    expect(labels(a.session)).toEqual(['eager', 'cooperative', 'static', 'eager 2'])
    expect(a.session.store.getState().variants[3]!.set).toEqual(eager.set)
    a.settle(3_000)
    expect(a.session.actions.addSide()).toBe(-1)
    expect(a.session.sides).toHaveLength(4)
    expect(a.session.store.getState().notes.at(-1)?.text).toMatch(/at most 4 sides/)
    a.session.dispose()
  })
})

describe('compare mode: a copied side changed', () => {
  it('takes its new strategy’s name (a teacher’s label stays), unique among the sides, and the link reopens it', () => {
    const loadAware: Variant = { label: 'load-aware', set: { 'dynamic.loadAware.enabled': true } }
    const a = open(defaultScenario(), [eager, loadAware], 3_000)
    a.settle(3_000)
    expect(a.session.actions.addSide(1)).toBe(2)
    expect(labels(a.session)).toEqual(['eager', 'load-aware', 'load-aware 2'])
    a.settle(3_000)
    // The copy now salts: "load-aware 2" would say it still ran B's strategy alone.
    a.session.actions.editSide(2, { kind: 'salting', enabled: true })
    a.settle(3_000)
    expect(labels(a.session)).toEqual(['eager', 'load-aware', 'salted'])
    expect(a.session.store.getState().variants[2]!.set['dynamic.salting.enabled']).toBe(true)
    // Its name keeps following its edits; a name another side has gets a number.
    a.session.actions.editSide(2, { kind: 'loadAware', enabled: false })
    a.settle(3_000)
    a.session.actions.editSide(2, { kind: 'loadAware', enabled: true })
    a.settle(3_000)
    expect(labels(a.session)).toEqual(['eager', 'load-aware', 'load-aware 2'])
    // The teacher's sides (from the link) keep their names whatever they run.
    a.session.actions.editSide(0, { kind: 'salting', enabled: true })
    a.session.actions.editSide(1, { kind: 'autoscaler', enabled: true })
    a.settle(3_000)
    expect(labels(a.session)).toEqual(['eager', 'load-aware', 'load-aware 2'])
    a.session.actions.editSide(2, { kind: 'autoscaler', enabled: true })
    a.settle(3_000)
    expect(labels(a.session)).toEqual(['eager', 'load-aware', 'autoscaled'])
    // The Share link carries the new name and reopens it.
    const read = readCompareLink(compareHashOf(a.session.store.getState()), defaultScenario())
    expect(read.problems).toEqual([])
    expect(read.variants).toEqual(a.session.store.getState().variants)
    const b = open(read.base, read.variants, read.openAtMs)
    b.settle(3_000)
    expect(labels(b.session)).toEqual(['eager', 'load-aware', 'autoscaled'])
    a.session.dispose()
    b.session.dispose()
  })
})

describe('compare mode: removing a side', () => {
  it('the later sides move up a letter (their runs untouched), the link reopens the sides left, and two always stay', () => {
    // After the fourth consumer joined (30 s): each side's own rebalances are on the Timeline.
    const a = open(getPreset('consumer-joins-eager')!.build(), [eager, coop, stat], 40_000)
    a.settle(40_000)
    const [, sideB, sideC] = a.session.sides
    const before = shown(a.session, 2)
    a.session.actions.removeSide(0)
    expect(a.log.terminated).toBe(1)
    expect(labels(a.session)).toEqual(['cooperative', 'static'])
    // Same side objects (workers, stores): B is now A, C is now B, nothing replayed.
    expect(a.session.sides).toEqual([sideB, sideC])
    expect(a.session.store.getState().tracks).toHaveLength(2)
    expect(shown(a.session, 1)).toEqual(before)
    const read = readCompareLink(compareHashOf(a.session.store.getState()), defaultScenario())
    expect(read.variants.map((v) => v.label)).toEqual(['cooperative', 'static'])
    expect(read.variants).toEqual(a.session.store.getState().variants)
    // The Timeline's side markers follow the letters: "A: …" is cooperative's own now, "B: …" static's.
    const merged = sidesMarkers(a.session.sides.map((s) => s.store))
    const own = (i: number): string[] => a.session.sides[i]!.store.getState().timeline.markers.map((m) => m.text)
    const lettered = (l: string): string[] => merged.filter((m) => m.text.startsWith(`${l}: `)).map((m) => m.text.slice(3))
    expect(lettered('A').length).toBeGreaterThan(0)
    expect(lettered('A').every((t) => own(0).includes(t))).toBe(true)
    expect(lettered('B').every((t) => own(1).includes(t))).toBe(true)
    expect(lettered('C')).toEqual([])
    a.session.actions.removeSide(1)
    expect(a.session.sides).toHaveLength(2)
    expect(labels(a.session)).toEqual(['cooperative', 'static'])
    // The clock goes on with the two left.
    a.session.actions.step()
    a.settle(40_100)
    a.session.dispose()
  })
})

describe('compare store: sides come and go', () => {
  it('a removed side takes its variant and histories with it; a default mark waiting only on it is fixed', () => {
    const store = createCompareStore({ base: defaultScenario(), variants: [eager, coop, stat], playing: false })
    store.setState({ firstSettled: [1_000, 2_500, null], tracks: [[], [{ t: 1 } as never], []], catchingUp: [null, null, 9_000] })
    store.getState().removeSide(2)
    expect(store.getState().variants.map((v) => v.label)).toEqual(['eager', 'cooperative'])
    expect(store.getState().catchingUp).toEqual([null, null])
    expect(store.getState().autoMark).toBe(2_500)
    store.getState().addSide({ ...stat, label: 'static 2' })
    expect(store.getState().firstSettled).toEqual([1_000, 2_500, null])
    expect(store.getState().tracks).toHaveLength(3)
    // A mark fixed stays fixed: a new side is measured from the same moment.
    expect(store.getState().autoMark).toBe(2_500)
  })

  it('copy labels stay unique', () => {
    expect(copyLabel('salted', [{ label: 'salted', set: {} }])).toBe('salted 2')
    expect(copyLabel('salted 2', [{ label: 'salted', set: {} }, { label: 'salted 2', set: {} }])).toBe('salted 3')
  })

  it('a copy of a side with the longest label a link takes still fits a link (82 characters did not reopen)', () => {
    const long = 'x'.repeat(LIMITS.nameChars)
    const copy = copyLabel(long, [{ label: long, set: {} }])
    expect(copy).toBe(`${'x'.repeat(LIMITS.nameChars - 2)} 2`)
    const fresh = freshLabel(long, [{ label: long, set: {} }, { label: 'b', set: {} }], 1)
    expect([...fresh]).toHaveLength(LIMITS.nameChars)
    expect(fresh).not.toBe(long)
    // An astral character is not cut in half (a lone surrogate is refused as unprintable).
    const emoji = '🔥'.repeat(LIMITS.nameChars)
    const cut = copyLabel(emoji, [{ label: emoji, set: {} }])
    for (const label of [copy, fresh, cut]) expect(parseVariant(`${label}: group.consumers=2`).ok, label).toBe(true)
  })
})
