// The frame driver: requestAnimationFrame turns wall time × speed into a target sim time and asks
// the worker for a frame there. Catch-up is clamped (MainLoop's "panic"): when the worker falls
// behind, the target stops running ahead instead of piling up work. The engine never sees rAF.

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
  start(): void
  stop(): void
  /** Call for every frame that reaches the store: feeds the fps / engine-ms readout. */
  frameArrived(engineMs: number, behind: boolean): void
}

export function createDriver(store: AppStore, client: SimClient, host: DriverHost): Driver {
  let handle: number | null = null
  let lastWall: number | null = null
  let target = 0
  let runId = store.getState().runId
  let seeks = store.getState().timeline.seeks
  const perf = createPerfWindow(host.now())

  function tick(wallMs: number): void {
    handle = host.requestFrame(tick)
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
  }

  return {
    start() {
      if (handle !== null) return
      lastWall = null
      perf.reset(host.now())
      handle = host.requestFrame(tick)
    },
    stop() {
      if (handle !== null) host.cancelFrame(handle)
      handle = null
    },
    frameArrived: (engineMs, behind) => perf.frameArrived(engineMs, behind),
  }
}
