// Compare mode without React: N sides (2..4), each its own worker, SimClient and AppStore running
// variantScenario(base, variant), on one clock. Shared edits and faults go to every side with one
// `atT` and are recorded into the shared workload's script; a side's strategy edit restarts that
// side and brings it back to the current moment.

import { variantScenario, type Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import { createCompareStore, effectiveMark, type CompareStore } from '../store/compareStore.ts'
import { MAX_SPEED } from '../store/playbackSlice.ts'
import type { CompareActions, CompareSideHandle } from '../ui/compare/compareActions.ts'
import { createCompareDriver, type CompareDriver, type SideClock } from './compareDriver.ts'
import { settleSides, workerT } from './compareHold.ts'
import { createCompareSide, type SessionSide } from './compareSideClient.ts'
import { commandMoment, reachedByAll, recordActions } from './compareSideActions.ts'
import { sharedEdits } from './compareSharedEdits.ts'
import { sideEdits } from './compareSideEdits.ts'
import { sideList } from './compareSideList.ts'
import { throttleEdits } from './editThrottle.ts'
import { STEP_MS } from './controller.ts'
import type { DriverHost } from './driver.ts'
import type { SimClient, SupervisionClock, WorkerLike } from './simClient.ts'

/** Particles the single page draws; compare divides them among its sides to keep each light. */
export const TOTAL_PARTICLES = 4000

export interface CompareSessionOptions {
  base: Scenario
  variants: Variant[]
  /** A fresh worker for side `side` (called again whenever that side needs a fresh one). */
  createWorker: (side: number) => WorkerLike
  host: DriverHost
  /** Open paused at this sim ms (a link's t=). */
  openAtMs?: number
  /** The teacher's mark from a link, sim ms. */
  markMs?: number
  /** The default mark the link's sender had fixed (automark=), sim ms. */
  autoMarkMs?: number
  validate: (s: Scenario) => ReadonlyArray<{ path: string; message: string }>
  /** Copies the current link; resolves to the message to show. */
  share: (opts?: { lesson?: boolean }) => Promise<string>
  exit: () => void
  /** SUPERVISE: watches each side's worker (none without it); `debugFaults` as in debugFaults.ts. */
  supervision?: { clock: SupervisionClock; debugFaults: boolean; link: () => string; userAgent: string }
}

type Side = SessionSide

export interface CompareSession {
  store: CompareStore
  /** The sides now: the same array, changed in place when a side is added or removed. */
  sides: readonly CompareSideHandle[]
  actions: CompareActions
  driver: CompareDriver
  /** Calls `cb` after a side was added or removed; returns the way to stop. */
  onSidesChange(cb: () => void): () => void
  /** Each side's client (the test-only fault hook reaches them). */
  clients(): readonly SimClient[]
  dispose(): void
}

export function createCompareSession(o: CompareSessionOptions): CompareSession {
  const n = o.variants.length
  const store = createCompareStore({ base: o.base, variants: o.variants, playing: o.openAtMs === undefined, mark: o.markMs ?? null, autoMark: o.autoMarkMs ?? null, clock: o.openAtMs ?? 0 })
  const sides: Side[] = []
  let nextSideId = 1
  const sidesListeners = new Set<() => void>()

  /** `keep`: about what runs, so routine notes never push it out (compareNotes.ts). */
  function note(kind: 'error' | 'warning' | 'info', text: string, details: string[] = [], keep = false): void {
    store.getState().addNote(keep ? { kind, text, details, keep } : { kind, text, details })
  }

  function scenarioFor(base: Scenario, v: Variant): Scenario {
    const r = variantScenario(base, v)
    if (r.ok) return r.scenario
    note('error', `Side “${v.label}” runs the shared workload unchanged: its change was refused.`, [`${r.path}: ${r.message}`])
    return base
  }

  /** Where each side's worker is (its newest frame, shown or still queued): the driver plans from these. */
  function sideClocks(): SideClock[] {
    return sides.map((s) => ({ t: workerT(s), busy: s.client.busy(), stops: s.stops, seeking: s.store.getState().timeline.seeking }))
  }

  /** Shows the frames the sides share a moment of and sets the clock to it; `all`: every queued frame (compareHold.ts). */
  function settle(all = false): void {
    settleSides(sides, store, all, pinAll)
  }

  const driver = createCompareDriver(
    {
      sides: sideClocks,
      playing: () => store.getState().playing,
      speed: () => store.getState().speed,
      advance: (i, toT) => void sides[i]?.client.advance(toT),
      // The moment on screen, not the workers' (a frame ahead waits in its side's queue).
      clock: () => settle(),
      perf: (fps, engineMs, behind) => store.getState().setPerf({ fps, engineMs, behind }),
    },
    o.host,
  )

  /** Where a restarted side must go: the mark (to read its counters there), then the clock. */
  function stopsTo(toMs: number): number[] {
    if (toMs <= 0) return []
    const mark = effectiveMark(store.getState())
    return mark !== null && mark > 0 && mark < toMs ? [mark, toMs] : [toMs]
  }

  /**
   * Sends side `i` on its way to `stops`. Meanwhile its worker runs at top speed (bigger chunks per
   * time budget, so a catch-up takes fewer frames) and the page says it is catching up.
   */
  function setStops(i: number, stops: number[]): void {
    const side = sides[i]
    if (side === undefined) return
    side.stops = stops
    side.client.setSpeed(stops.length > 0 ? MAX_SPEED : store.getState().speed)
    store.getState().setCatchingUp(i, stops.length > 0 ? (stops[stops.length - 1] ?? null) : null)
    // The clock's loop sleeps while paused with nothing to do; a side sent on its way needs it.
    driver.wake()
  }

  function restartSide(i: number, scenario: Scenario, toMs: number): void {
    const side = sides[i]
    if (side === undefined) return
    side.store.getState().setScenario(scenario, true)
    side.client.start(side.store.getState().runId, scenario)
    setStops(i, stopsTo(toMs))
  }

  function restartAll(): void {
    store.getState().resetAll()
    driver.setTarget(0)
    const { base, variants } = store.getState()
    variants.forEach((v, i) => restartSide(i, scenarioFor(base, v), 0))
  }

  /** Shared actions recorded in this session (not the link's own script), and sides' own ones. */
  const recordedHere = new WeakSet<object>()
  const madeLabels = new Set<string>()
  const { broadcast, editSharedNow, accept } = sharedEdits({
    store,
    sides,
    recordedHere,
    validate: o.validate,
    note,
    settleAll: () => settle(true),
    scenarioFor,
    restartSide,
    restartAll,
  })

  // Shared sliders are paced like the single page's: each sent edit is an action every side records.
  const pacedShared = throttleEdits(editSharedNow)

  const edits = sideEdits({ store, sides, recordedHere, madeLabels, note, restartSide })
  const actions: CompareActions = {
    setPlaying(playing) {
      store.getState().setPlaying(playing)
      for (const s of sides) s.client.setPlaying(playing)
      driver.wake()
    },
    togglePlay() {
      actions.setPlaying(!store.getState().playing)
    },
    step() {
      actions.setPlaying(false)
      driver.setTarget(Math.max(driver.target(), store.getState().clock) + STEP_MS)
    },
    setSpeed(speed) {
      store.getState().setSpeed(speed)
      for (const s of sides) if (s.stops.length === 0) s.client.setSpeed(store.getState().speed)
    },
    restart: restartAll,
    seek(tMs) {
      actions.setPlaying(false)
      // Every side's frames count for how far it has been, shown or waiting (none wait after a seek).
      settle(true)
      // Every side has checkpoints up to its own furthest moment: go no further than the least.
      const latest = reachedByAll(sides.map((x) => x.store))
      // Whole ms, as the single page: the worker lands there, and the marker keys compare whole ms.
      const t = Math.round(Math.max(0, Math.min(latest, Number.isFinite(tMs) ? tMs : 0)))
      for (const side of sides) {
        side.store.getState().setSeeking(true)
        side.client.seek(t)
      }
      driver.setTarget(t)
    },
    stepBack() {
      actions.seek(store.getState().clock - STEP_MS)
    },
    editShared: (e) => pacedShared(e),
    inject(command) {
      // Recorded like any shared change: refused when the workload could not hold it (1 000 actions).
      settle(true)
      const atSec = commandMoment(sides.map((x) => x.store)) / 1000
      if (accept(recordActions(store.getState().base, [command], atSec))) broadcast([command])
    },
    ...edits,
    injectSide(i, command) {
      settle(true)
      edits.injectSide(i, command)
    },
    ...sideList({
      store,
      sides,
      make: (v) => makeSide(v, sides.length + 1),
      start: (side) => {
        side.client.start(side.store.getState().runId, side.store.getState().scenario)
        // The shared target, not the shown clock: paused it is the moment shown (a link's t=), after
        // a seek not yet answered the moment sought, playing the moment the others are going to.
        setStops(sides.indexOf(side), stopsTo(Math.floor(driver.target())))
      },
      note,
      madeLabels,
      changed: () => {
        // A side gone may have been the one the others' frames waited for.
        settle()
        for (const cb of sidesListeners) cb()
        // A removed side may have been the one holding the clock; a new one needs the loop to come.
        driver.wake()
      },
    }),
    setMarkHere() {
      store.getState().setMark(store.getState().clock)
      pinAll()
    },
    clearMark() {
      store.getState().setMark(null)
    },
    share: (opts) => o.share(opts),
    exit: () => o.exit(),
  }

  /** Keeps every side's counters of this moment (a mark is being set here). */
  function pinAll(): void {
    sides.forEach((s, i) => {
      const f = s.store.getState().frame
      if (f !== null) store.getState().noteFrame(i, f, true)
    })
  }

  /** A side running `v`, one of `count` sides (its share of the particles), to be listed next; not yet started. */
  function makeSide(v: Variant, count: number): Side {
    return createCompareSide({
      id: nextSideId++,
      scenario: scenarioFor(store.getState().base, v),
      maxParticles: Math.floor(TOTAL_PARTICLES / Math.max(1, count)),
      sides,
      store,
      actions,
      driver,
      arrived: (i, q) => {
        sides[i]?.queued.push(q)
        settle()
      },
      setStops,
      createWorker: o.createWorker,
      supervision: o.supervision,
    })
  }

  for (const v of o.variants) sides.push(makeSide(v, n))
  // What a side's overrides did to an imported placement (dropped for a new broker count or
  // replication factor), said once per side as its edit on the page says it (compareSideEdits.ts):
  // the link's sender saw it then, whoever opens the link must hear it too.
  for (const v of o.variants) {
    const r = variantScenario(o.base, v)
    if (r.ok && r.note !== undefined) note('info', `Side “${v.label}” was changed:`, [r.note], true)
  }

  const openAt = o.openAtMs ?? 0
  // Every side's stops before any side starts: a first frame (t=0) must not count as the clock.
  sides.forEach((_, i) => setStops(i, stopsTo(openAt)))
  for (const side of sides) side.client.start(side.store.getState().runId, side.store.getState().scenario)
  driver.setTarget(openAt)

  return {
    store,
    sides,
    actions,
    driver,
    clients: () => sides.map((s) => s.client),
    onSidesChange(cb) {
      sidesListeners.add(cb)
      return () => void sidesListeners.delete(cb)
    },
    dispose() {
      driver.stop()
      for (const s of sides) {
        s.unfollow()
        s.client.dispose()
      }
    },
  }
}
