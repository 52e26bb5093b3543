// The frame driver: requestAnimationFrame turns wall time × speed into a target sim time and asks
// the worker for a frame there. Catch-up is clamped (MainLoop's "panic"): when the worker falls
// behind, the target stops running ahead instead of piling up work. The engine never sees rAF.
// The loop runs only while playing (a laptop on battery): paused, every change (a step, a seek, an
// edit, a resize) reaches the views through the store or their own resize observers, so no frame
// is scheduled until play starts it again.

import type { AppStore } from '../store/createAppStore.ts'
import { createPerfWindow } from './perfWindow.ts'
import type { SimClient } from './simClient.ts'

/** A wall gap longer than this (tab in background, debugger) counts as this long. */
export const MAX_WALL_STEP_MS = 100
/** The target may run at most this many wall ms (× speed) ahead of the newest frame. */
export const MAX_LEAD_WALL_MS = 250

/**
 * Where the playhead should be after `wallDtMs` of wall time. Pure.
 * @param target previous target, sim ms
 * @param frameT sim time of the newest frame, ms
 */
export function nextTarget(target: number, frameT: number, playing: boolean, speed: number, wallDtMs: number): number {
  const base = Math.max(target, frameT)
  if (!playing) return base
  const dt = Math.min(Math.max(0, wallDtMs), MAX_WALL_STEP_MS)
  return Math.min(base + dt * speed, frameT + MAX_LEAD_WALL_MS * speed)
}

export interface DriverHost {
  requestFrame: (cb: (wallMs: number) => void) => number
  cancelFrame: (handle: number) => void
  now: () => number
}

export interface Driver {
  /** Runs the loop from now on whenever the store says playing (and schedules nothing while paused). */
  start(): void
  stop(): void
  /** True while an animation frame is scheduled (for tests). */
  running(): boolean
  /** Call for every frame that reaches the store: feeds the fps / engine-ms readout. */
  frameArrived(engineMs: number, behind: boolean): void
}

export function createDriver(store: AppStore, client: SimClient, host: DriverHost): Driver {
  let handle: number | null = null
  let unsubscribe: (() => void) | null = null
  let lastWall: number | null = null
  let target = 0
  let runId = store.getState().runId
  let seeks = store.getState().timeline.seeks
  const perf = createPerfWindow(host.now())

  /** Schedules the first tick of a run of the loop (no-op while one is scheduled). */
  function wake(): void {
    if (handle !== null) return
    // The first tick after a pause counts no wall time, and the fps window starts afresh.
    lastWall = null
    perf.reset(host.now())
    handle = host.requestFrame(tick)
  }

  function tick(wallMs: number): void {
    handle = null
    const s = store.getState()
    if (s.runId !== runId) {
      runId = s.runId
      target = 0
    }
    // After a seek the playhead is wherever the seek put it: play on from there, not from before.
    if (s.timeline.seeks !== seeks) {
      seeks = s.timeline.seeks
      target = s.frame?.t ?? 0
    }
    const dt = lastWall === null ? 0 : wallMs - lastWall
    lastWall = wallMs
    const frameT = s.frame?.t ?? 0
    target = nextTarget(target, frameT, s.playing, s.speed, dt)
    if (s.playing && s.frame !== null && target > frameT) client.advance(target, s.timeline.pauseAtRebalance)
    const stats = perf.take(wallMs)
    if (stats !== null) store.getState().setPerf(stats)
    // Paused: this tick caught up with any seek or restart; the frame a pause leaves in flight is
    // drawn by the views when it arrives. Nothing per frame is left to do until play.
    if (store.getState().playing && handle === null) handle = host.requestFrame(tick)
  }

  return {
    start() {
      if (unsubscribe !== null) return
      unsubscribe = store.subscribe((st, prev) => {
        if (st.playing && !prev.playing) wake()
      })
      if (store.getState().playing) wake()
    },
    stop() {
      unsubscribe?.()
      unsubscribe = null
      if (handle !== null) host.cancelFrame(handle)
      handle = null
    },
    running: () => handle !== null,
    frameArrived: (engineMs, behind) => perf.frameArrived(engineMs, behind),
  }
}
