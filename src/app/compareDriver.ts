// Compare mode's one clock. The pure core picks ONE target sim time for every side (the same
// fixed-step rule as the single driver, measured from the slowest side) and which sides to ask for
// it; the host runs it on requestAnimationFrame. A side being brought to a moment (a restart with a
// new strategy, a link opening at t=) has its own stops and holds the clock until it arrives.
// Paused with every side idle at the target, the loop stops (no per-frame work on battery); play,
// a new target, new stops or an arriving frame wake it. A hidden tab stops it and a sleep counts
// as no wall time, as in the single driver.

import { nextTarget, SLEEP_GAP_MS, wallStep, type DriverHost } from './driver.ts'
import { ALWAYS_VISIBLE } from './pageVisibility.ts'
import { createPerfWindow } from './perfWindow.ts'

export interface SideClock {
  /** Sim ms of its newest frame of the current run, or null before the first. */
  t: number | null
  /** A frame request is unanswered. */
  busy: boolean
  /** Moments (ms, ascending) this side must reach first, one after the other; empty when in step. */
  stops: readonly number[]
  /** A seek is on its way: `t` is still the moment before it. */
  seeking?: boolean
}

/** The shown clock: the slowest in-step side's frame time; null until every side has a frame. */
export function compareClock(sides: readonly SideClock[]): number | null {
  let min: number | null = null
  for (const s of sides) {
    if (s.stops.length > 0) continue
    if (s.t === null) return null
    min = min === null ? s.t : Math.min(min, s.t)
  }
  return min
}

export interface TickPlan {
  /** The shared target after this tick. */
  target: number
  /** [side, toT] requests to send now. */
  requests: Array<[number, number]>
}

/**
 * One tick. While any side has stops, the shared target holds and only those sides move (to their
 * next stop); otherwise every idle side behind the target is asked for the SAME target, and the
 * target moves on only when every side has reached it.
 */
export function planTick(target: number, sides: readonly SideClock[], playing: boolean, speed: number, wallDtMs: number): TickPlan {
  const requests: Array<[number, number]> = []
  // Until every seek has answered, the sides' frames are of the moment before it: a target measured
  // from them would send every side straight back there.
  if (sides.some((s) => s.seeking === true)) return { target, requests }
  if (sides.some((s) => s.stops.length > 0)) {
    sides.forEach((s, i) => {
      const stop = s.stops[0]
      if (stop !== undefined && !s.busy && s.t !== null && s.t < stop) requests.push([i, stop])
    })
    return { target, requests }
  }
  const clock = compareClock(sides)
  if (clock === null) return { target, requests }
  // Lockstep: the target moves on only once every side has reached it, so the sides show the same
  // moment (a side cut short by its worker's time budget holds the others instead of drifting).
  // The worker runs to whole milliseconds (it floors `toT`), so sides are asked for, and judged
  // against, the whole ms; the fraction stays in the target so slow speeds keep their pace.
  const lagging = sides.some((s) => s.t !== null && s.t < Math.floor(target))
  const next = lagging ? target : nextTarget(target, clock, playing, speed, wallDtMs)
  const toT = Math.floor(next)
  sides.forEach((s, i) => {
    if (!s.busy && s.t !== null && s.t < toT) requests.push([i, toT])
  })
  return { target: next, requests }
}

/**
 * Whether the clock has anything left to do on the next animation frame: playing, or a side still
 * on its way (stops, a seek or a request unanswered, no frame yet, behind a target set while paused).
 */
export function needsTicks(target: number, sides: readonly SideClock[], playing: boolean): boolean {
  if (playing) return true
  return sides.some((s) => s.stops.length > 0 || s.seeking === true || s.busy || s.t === null || s.t < Math.floor(target))
}

export interface CompareDriverPort {
  sides(): SideClock[]
  playing(): boolean
  speed(): number
  advance(side: number, toT: number): void
  /** The shown clock changed. */
  clock(t: number): void
  perf(fps: number, engineMs: number, behind: boolean): void
}

export interface CompareDriver {
  start(): void
  stop(): void
  /** Sets the shared target (a step or an opening moment); sides behind it move there even when paused. */
  setTarget(t: number): void
  target(): number
  frameArrived(engineMs: number, behind: boolean): void
  /** Something changed (play, stops): runs the loop again if it had stopped. */
  wake(): void
  /** True while an animation frame is scheduled (for tests). */
  running(): boolean
}

export function createCompareDriver(port: CompareDriverPort, host: DriverHost): CompareDriver {
  let handle: number | null = null
  let started = false
  let lastWall: number | null = null
  let target = 0
  let unwatch: (() => void) | null = null
  const visibility = host.visibility ?? ALWAYS_VISIBLE
  const perf = createPerfWindow(host.now())

  function sleep(): void {
    if (handle !== null) host.cancelFrame(handle)
    handle = null
  }

  function wake(): void {
    if (!started || handle !== null || visibility.hidden()) return
    // The first tick after a pause counts no wall time, and the fps window starts afresh.
    lastWall = null
    perf.reset(host.now())
    handle = host.requestFrame(tick)
  }

  function tick(wallMs: number): void {
    handle = null
    if (visibility.hidden()) return
    const dt = wallStep(lastWall, wallMs)
    if (lastWall !== null && wallMs - lastWall > SLEEP_GAP_MS) perf.reset(wallMs)
    lastWall = wallMs
    const sides = port.sides()
    const plan = planTick(target, sides, port.playing(), port.speed(), dt)
    target = plan.target
    for (const [i, toT] of plan.requests) port.advance(i, toT)
    const clock = compareClock(sides)
    if (clock !== null) port.clock(clock)
    // A "frame" of compare mode is one frame of every side (as many as there are now: sides come and go).
    const stats = perf.take(wallMs, sides.length)
    if (stats !== null) port.perf(stats.fps, stats.engineMs, stats.behind)
    // Read again: the requests just sent make their sides busy, so a step keeps the loop until it lands.
    if (handle === null && needsTicks(target, port.sides(), port.playing())) handle = host.requestFrame(tick)
  }

  return {
    start() {
      started = true
      unwatch ??= visibility.onChange(() => (visibility.hidden() ? sleep() : wake()))
      wake()
    },
    stop() {
      started = false
      unwatch?.()
      unwatch = null
      sleep()
    },
    setTarget(t) {
      target = t
      wake()
    },
    target: () => target,
    frameArrived(engineMs, behind) {
      perf.frameArrived(engineMs, behind)
      wake()
    },
    wake,
    running: () => handle !== null,
  }
}
