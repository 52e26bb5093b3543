// What a compare side's worker reports, and where it goes: its frames to the side's store and the
// shared clock (a side sent to a moment is back in step when it gets there), its supervision
// notices and its fatal error to the compare page's notes. Split from compareSession.ts, which
// builds the sides and the actions.

import type { AppStore } from '../store/createAppStore.ts'
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
