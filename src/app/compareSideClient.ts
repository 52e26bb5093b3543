// One compare side's parts, and what its worker reports and where it goes: its frames to the
// side's store and the shared clock (a side sent to a moment is back in step when it gets there),
// its supervision notices and its fatal error to the compare page's notes. Split from
// compareSession.ts, which lists the sides and builds the actions.

import type { Scenario } from '../scenario/types.ts'
import { createAppStore, type AppStore } from '../store/createAppStore.ts'
import type { CompareActions, CompareSideHandle } from '../ui/compare/compareActions.ts'
import { sideActions } from './compareSideActions.ts'
import { followLaneView } from './laneViewSync.ts'
import { createSimClient, type SimClient, type SupervisionClock, type WorkerLike } from './simClient.ts'
import { effectiveMark, type CompareStore } from '../store/compareStore.ts'
import { compareClock, type CompareDriver, type SideClock } from './compareDriver.ts'
import type { SimClientCallbacks, SupervisionEvent } from './simClient.ts'
import { supervisionNotice } from './supervisionNotice.ts'

export interface SideClientDeps {
  store: CompareStore
  sideStore: AppStore
  /** The moments this side must still reach (read at each frame: setStops replaces them). */
  stops: () => number[]
  setStops: (stops: number[]) => void
  /** Keeps every side's counters of this moment (a mark is being set here). */
  pinAll: () => void
  driver: CompareDriver
  sideClocks: () => SideClock[]
  pause: () => void
  supervision?: { link: () => string; userAgent: string } | undefined
}

/** `index` reads the side's place now (a side removed before it moves it up; -1 once it is gone itself). */
export function sideClientCallbacks(index: () => number, d: SideClientDeps): SimClientCallbacks {
  const { store, sideStore } = d
  const label = (): string => store.getState().variants[index()]?.label ?? String(index() + 1)
  return {
    onSupervision: (e: SupervisionEvent) => {
      const sup = d.supervision
      const n = supervisionNotice(e, { link: sup?.link() ?? '', userAgent: sup?.userAgent ?? '', side: label() })
      if (e.kind === 'stopped') {
        d.pause()
        sideStore.getState().setSeeking(false)
      }
      store.getState().addNote({ kind: n.kind, text: n.text, details: [], more: n.more })
    },
    onFrame: (msg) => {
      const st = sideStore.getState()
      const i = index()
      if (msg.runId !== st.runId || i < 0) return
      // The timeline's latest, markers and seeks; not its actions: the shared script is kept here.
      const { actions: _script, ...timeline } = msg.timeline
      st.receiveFrame(msg.runId, msg.frame, msg.samples, msg.trace, timeline)
      const stops = d.stops()
      const stop = stops[0]
      let pin = false
      if (stop !== undefined && msg.frame.t >= stop) {
        d.setStops(stops.slice(1))
        pin = stop === effectiveMark(store.getState())
      }
      const hadMark = store.getState().autoMark !== null
      store.getState().noteFrame(i, msg.frame, pin)
      // The default mark was just fixed by this side settling: the others' counters are read now too.
      if (!hadMark && store.getState().autoMark !== null) d.pinAll()
      d.driver.frameArrived(msg.engineMs, msg.behind)
      const clock = compareClock(d.sideClocks())
      if (clock !== null) store.getState().setClock(clock)
    },
    onError: (message) => {
      d.pause()
      // No seek answer will come: do not hold the clock for one.
      sideStore.getState().setSeeking(false)
      store.getState().addNote({ kind: 'error', text: `Side “${label()}” stopped and cannot go on. Restart or leave compare mode to try again.`, details: [], more: { technical: message } })
    },
  }
}

export interface SessionSide extends CompareSideHandle {
  id: number
  client: SimClient
  /** Moments this side must reach before it is back in step (see compareDriver). */
  stops: number[]
  /** Stops following the side's lane view (it is gone). */
  unfollow: () => void
}

export interface SideParts {
  id: number
  scenario: Scenario
  maxParticles: number
  /** The session's sides: this one's place is read there (it is listed next, after creation). */
  sides: readonly SessionSide[]
  store: CompareStore
  actions: CompareActions
  driver: CompareDriver
  sideClocks: () => SideClock[]
  pinAll: () => void
  setStops: (i: number, stops: number[]) => void
  createWorker: (side: number) => WorkerLike
  supervision?: { clock: SupervisionClock; debugFaults: boolean; link: () => string; userAgent: string } | undefined
}

/** A side's store, actions and client (not started): its worker's answers go where sideClientCallbacks says. */
export function createCompareSide(p: SideParts): SessionSide {
  const { store, sides, actions } = p
  const sideStore = createAppStore({ scenario: p.scenario, playing: store.getState().playing })
  // Its place now: a side removed before it moves it up (its letter follows its place); -1 once gone.
  const at = sides.length
  let me: SessionSide | null = null
  const index = (): number => (me === null ? at : sides.indexOf(me))
  const sup = p.supervision
  const side: SessionSide = {
    id: p.id,
    store: sideStore,
    actions: sideActions(actions, index),
    // Through `side.client` at the time of asking: the side's client may be replaced (a restart).
    exportRun: (kind, toT, onProgress) => side.client.exportRun?.(kind, toT, onProgress) ?? Promise.reject(new Error('this side cannot export run data')),
    stops: [],
    unfollow: () => {},
    client: createSimClient(
      () => p.createWorker(Math.max(0, index())),
      sideClientCallbacks(index, {
        store,
        sideStore,
        stops: () => side.stops,
        setStops: (stops) => p.setStops(index(), stops),
        pinAll: p.pinAll,
        driver: p.driver,
        sideClocks: p.sideClocks,
        pause: () => actions.setPlaying(false),
        supervision: sup,
      }),
      sup === undefined ? p.maxParticles : { maxParticles: p.maxParticles, clock: sup.clock, debugFaults: sup.debugFaults },
    ),
  }
  me = side
  // PAGESCALE: each side's worker builds a big topic's rows as that side shows them.
  side.unfollow = followLaneView(sideStore, { setLaneView: (lv, refresh) => side.client.setLaneView?.(lv, refresh) })
  return side
}
