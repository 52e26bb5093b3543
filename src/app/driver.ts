// The frame driver: requestAnimationFrame turns wall time × speed into a target sim time and asks
// the worker for a frame there. Catch-up is clamped (MainLoop's "panic"): when the worker falls
// behind, the target stops running ahead instead of piling up work. The engine never sees rAF.
// The loop runs only while playing (a laptop on battery): paused, every change (a step, a seek, an
// edit, a resize) reaches the views through the store or their own resize observers, so no frame
// is scheduled until play starts it again. A hidden tab stops the loop too, and a wall gap longer
// than a sleep (a laptop suspended mid-run) counts as no time: the run resumes where it was, with
// no burst of catch-up frames (issue 10).

import type { AppState, AppStore } from '../store/createAppStore.ts'
import { ALWAYS_VISIBLE, type PageVisibility } from './pageVisibility.ts'
import { createPerfWindow } from './perfWindow.ts'
import type { SimClient } from './simClient.ts'

/** A wall gap longer than this (tab in background, debugger) counts as this long. */
export const MAX_WALL_STEP_MS = 100
/**
 * A wall gap between two animation frames longer than this is a sleep (a laptop suspended, a tab
 * the browser froze, a debugger), not a slow frame: it counts as no time at all.
 */
export const SLEEP_GAP_MS = 1000
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
  /** Whether the page is on screen (default: always). Hidden, the loop stops and the clock holds. */
  visibility?: PageVisibility
}

/**
 * Wall ms a tick counts, given the gap since the previous tick (null: the first tick of a run of
 * the loop). A sleep counts as nothing; the rest is clamped by `nextTarget`. Pure.
 */
export function wallStep(lastWall: number | null, wallMs: number): number {
  if (lastWall === null) return 0
  const gap = wallMs - lastWall
  return gap > SLEEP_GAP_MS ? 0 : gap
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
  let unwatch: (() => void) | null = null
  const visibility = host.visibility ?? ALWAYS_VISIBLE
  let lastWall: number | null = null
  let target = 0
  /** The next tick resumes from the frame shown (after a sleep or a hidden tab). */
  let resync = false
  let runId = store.getState().runId
  let seeks = store.getState().timeline.seeks
  const perf = createPerfWindow(host.now())
  /**
   * A tick found the worker still busy with the last request, so asked nothing. Its answer then
   * asks for the next frame at once instead of a tick later: a worker that needs a little more than
   * an animation frame per answer (10 000 lanes on a loaded machine) would otherwise be asked every
   * other tick, and the page would draw 30 frames a second where it can draw 50. A worker that
   * answers within the frame is asked on ticks only, as before.
   */
  let missed = false

  /** Schedules the first tick of a run of the loop (no-op while one is scheduled). */
  function wake(): void {
    if (handle !== null || visibility.hidden()) return
    // The first tick after a pause counts no wall time, and the fps window starts afresh.
    lastWall = null
    missed = false
    perf.reset(host.now())
    handle = host.requestFrame(tick)
  }

  /** Hidden: nothing is scheduled until the page is shown again (which wakes the loop afresh). */
  function sleep(): void {
    if (handle !== null) host.cancelFrame(handle)
    handle = null
  }

  /** Moves the target on by `dt` wall ms and asks the worker for it (missed: it was still busy). */
  function moveAndAsk(s: AppState, dt: number): void {
    const frameT = s.frame?.t ?? 0
    target = nextTarget(target, frameT, s.playing, s.speed, dt)
    if (s.playing && s.frame !== null && target > frameT) missed = !client.advance(target, s.timeline.pauseAtRebalance)
  }

  function tick(wallMs: number): void {
    handle = null
    // A tick that was already queued when the page went hidden does nothing.
    if (visibility.hidden()) return
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
    const dt = wallStep(lastWall, wallMs)
    const frameT = s.frame?.t ?? 0
    if (lastWall !== null && wallMs - lastWall > SLEEP_GAP_MS) {
      // After a sleep the fps window starts afresh (a window spanning minutes would read 0 fps).
      perf.reset(wallMs)
      resync = true
    }
    // Back from a sleep or a hidden tab: on from the frame on screen. The target may have been up
    // to a lead allowance ahead of it (requests cut short by the worker's budget); asking for that
    // at once would be the jump the sleep must not cause.
    if (resync) target = frameT
    resync = false
    lastWall = wallMs
    moveAndAsk(s, dt)
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
      unwatch = visibility.onChange(() => {
        if (visibility.hidden()) {
          sleep()
          resync = true
        } else if (store.getState().playing) wake()
      })
      if (store.getState().playing) wake()
    },
    stop() {
      unsubscribe?.()
      unsubscribe = null
      unwatch?.()
      unwatch = null
      sleep()
    },
    running: () => handle !== null,
    frameArrived(engineMs, behind) {
      perf.frameArrived(engineMs, behind)
      if (!missed || handle === null) return
      missed = false
      // As a tick would, at this moment (the loop runs on: a tick is scheduled).
      const s = store.getState()
      const wallMs = host.now()
      // The answer came after a sleep (the main thread frozen, a laptop suspended): the next tick
      // sees the gap and plays on from the frame shown; asking here would be the jump it avoids.
      if (lastWall !== null && wallMs - lastWall > SLEEP_GAP_MS) return
      const dt = wallStep(lastWall, wallMs)
      lastWall = Math.max(lastWall ?? wallMs, wallMs)
      // A restart or a seek since the last tick: the next tick starts the target afresh and asks.
      if (s.runId !== runId || s.timeline.seeks !== seeks) return
      moveAndAsk(s, dt)
    },
  }
}
