// One compare side's parts, and what its worker reports and where it goes: its frames to the
// session's hold (compareHold.ts), which shows them on the side's store when the others have a frame
// of the same moment (a side sent to a moment is back in step when it gets there),
// its supervision notices and its fatal error to the compare page's notes. Split from
// compareSession.ts, which lists the sides and builds the actions.

import type { Scenario } from '../scenario/types.ts'
import { createAppStore, type AppStore } from '../store/createAppStore.ts'
import type { CompareActions, CompareSideHandle } from '../ui/compare/compareActions.ts'
import { sideActions } from './compareSideActions.ts'
import { followLaneView } from './laneViewSync.ts'
import { createSimClient, type SimClient, type SupervisionClock, type WorkerLike } from './simClient.ts'
import { effectiveMark, type CompareStore } from '../store/compareStore.ts'
import type { CompareDriver } from './compareDriver.ts'
import type { QueuedFrame } from './compareHold.ts'
import type { SimClientCallbacks, SupervisionEvent } from './simClient.ts'
import { supervisionNotice } from './supervisionNotice.ts'

export interface SideClientDeps {
  store: CompareStore
  sideStore: AppStore
  /** The moments this side must still reach (read at each frame: setStops replaces them). */
  stops: () => number[]
  setStops: (stops: number[]) => void
  driver: CompareDriver
  /** A frame from the worker: queued, then shown when the others have one of its moment (compareHold.ts). */
  arrived: (q: QueuedFrame) => void
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
      const i = index()
      if (msg.runId !== sideStore.getState().runId || i < 0) return
      // Stops are the worker's progress: counted as it arrives. A side on its way is shown as it comes.
      const stops = d.stops()
      const stop = stops[0]
      let pin = false
      if (stop !== undefined && msg.frame.t >= stop) {
        d.setStops(stops.slice(1))
        pin = stop === effectiveMark(store.getState())
      }
      d.arrived({ msg, pin, free: stops.length > 0 })
      d.driver.frameArrived(msg.engineMs, msg.behind)
    },
    onError: (message) => {
      d.pause()
      // No seek answer will come: do not hold the clock for one.
      sideStore.getState().setSeeking(false)
      store.getState().addNote({ kind: 'error', text: `Side “${label()}” stopped and cannot go on. Restart or leave compare mode to try again.`, details: [], more: { technical: message } })
    },
  }
}

/** Shows a frame of side `i` (its store, and its counters to the comparison); `pinAll` as in the session. */
export function showFrame(store: CompareStore, sideStore: AppStore, i: number, q: QueuedFrame, pinAll: () => void): void {
  const { msg } = q
  // The timeline's latest, markers and seeks; not its actions: the shared script is kept here.
  const { actions: _script, ...timeline } = msg.timeline
  sideStore.getState().receiveFrame(msg.runId, msg.frame, msg.samples, msg.trace, timeline)
  const hadMark = store.getState().autoMark !== null
  store.getState().noteFrame(i, msg.frame, q.pin)
  // The default mark was just fixed by this side settling: the others' counters are read now too.
  if (!hadMark && store.getState().autoMark !== null) pinAll()
}

export interface SessionSide extends CompareSideHandle {
  id: number
  client: SimClient
  /** Moments this side must reach before it is back in step (see compareDriver). */
  stops: number[]
  /** Its worker's frames not shown yet: ahead of the moment the others show (compareHold.ts). */
  queued: QueuedFrame[]
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
  /** Side `i`'s worker sent a frame (queued on the side, shown when in step: compareHold.ts). */
  arrived: (i: number, q: QueuedFrame) => void
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
    queued: [],
    unfollow: () => {},
    client: createSimClient(
      () => p.createWorker(Math.max(0, index())),
      sideClientCallbacks(index, {
        store,
        sideStore,
        stops: () => side.stops,
        setStops: (stops) => p.setStops(index(), stops),
        driver: p.driver,
        arrived: (q) => p.arrived(index(), q),
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
