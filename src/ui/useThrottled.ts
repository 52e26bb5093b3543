// Reads a value from a store at most every `ms` wall milliseconds while playing, for panels
// (tables, status) that follow the frames without re-rendering React at animation rate. Paused, a
// change shows at once.
//
// A store's readers share one timer (a ThrottleClock), and their flushes land on the clock's grid:
// readers due in the same slot are set in one task, which React renders in one pass. With a timer each (a
// dozen readers at 200–500 ms), React rendered ~30 times a wall second while playing, each pass
// with its own commit, style and layout.
//
// Compare mode puts its own clock above its page (one period for every reader, flushing only when
// every side shows the same moment): the clock, the Timeline's label, the side tables and the
// difference strip are then read in the same task from frames of one sim time. With a period each
// (clock per frame, Timeline 200 ms, tables 500 ms) they disagreed by 0.1–0.2 s while playing.

import { createContext, useContext, useEffect, useRef, useState } from 'react'
import type { StoreApi } from 'zustand'
import type { AppState } from '../store/createAppStore.ts'
import { useAppStoreApi } from '../store/useAppStore.ts'

/** Flushes of a store's own clock are rounded up to multiples of this (wall ms). */
export const GRID_MS = 50

/** How soon a clock whose moment is not ready (sides out of step) looks again (wall ms). */
const RETRY_MS = 10

export interface ThrottleClock {
  /** Every reader under this clock uses this period instead of its own; null: each its own. */
  readonly period: number | null
  /** Runs `flush` at the clock's first tick at or after wall ms `notBefore`; returns its cancel. */
  request(notBefore: number, flush: (slot: number) => void): () => void
}

/**
 * One timer for all its readers; flushes land on multiples of `grid` wall ms. `ready`: whether the
 * state on screen may be read now; when not, the due flushes wait (a few ms at a time, one grid step at most) for it, and
 * then all run in one task still.
 */
export function createThrottleClock(grid: number, period: number | null = null, ready: () => boolean = () => true): ThrottleClock {
  const due = new Map<number, Set<(slot: number) => void>>()
  let timer: ReturnType<typeof setTimeout> | null = null
  let timerAt = 0
  const arm = (): void => {
    let next = Infinity
    for (const at of due.keys()) next = Math.min(next, at)
    if (next === Infinity || (timer !== null && timerAt <= next)) return
    if (timer !== null) clearTimeout(timer)
    timerAt = next
    timer = setTimeout(fire, Math.max(0, next - Date.now()))
  }
  let waitingSince: number | null = null
  const fire = (): void => {
    timer = null
    const now = Date.now()
    // Not ready (sides a frame apart): look again soon, but at most one grid step; a side that stays
    // behind (stopped, or far slower) must not freeze the figures nor keep a 10 ms timer going.
    if (!ready() && now - (waitingSince ??= now) < grid) {
      timerAt = now + RETRY_MS
      timer = setTimeout(fire, RETRY_MS)
      return
    }
    waitingSince = null
    const flushes: Array<[number, (slot: number) => void]> = []
    for (const [at, fs] of due) {
      if (at > now) continue
      for (const f of fs) flushes.push([at, f])
      due.delete(at)
    }
    for (const [at, f] of flushes) f(at)
    arm()
  }
  return {
    period,
    request(notBefore, flush) {
      const at = Math.ceil(notBefore / grid) * grid
      let set = due.get(at)
      if (set === undefined) due.set(at, (set = new Set()))
      set.add(flush)
      arm()
      return () => {
        const s = due.get(at)
        s?.delete(flush)
        if (s?.size === 0) due.delete(at)
      }
    },
  }
}

/** Without a clock above: one per store (single mode has one store), made on first use. */
const storeClocks = new WeakMap<object, ThrottleClock>()
export function storeClock(store: object): ThrottleClock {
  let c = storeClocks.get(store)
  if (c === undefined) storeClocks.set(store, (c = createThrottleClock(GRID_MS)))
  return c
}

/** A clock for every reader below (compare mode's: one for all its stores); null: each store its own. */
export const ThrottleClockContext = createContext<ThrottleClock | null>(null)

/** Whether frames are streaming in: paused, a change shows at once. */
function streaming(s: AppState): boolean {
  // Paused (Pause, "Pause at next rebalance", a step or a seek): the frame on screen is the one
  // to read, and no stream of frames follows it, so it shows at once. Throttled, the status bar
  // said "Group Stable" for a beat while the highway showed the rebalance the run stopped at.
  // Not while a moment link is opening: that steps in chunks, a frame each, as fast as it can.
  return s.playing || s.timeline.openingTo !== null
}

export function useThrottled<T>(selector: (s: AppState) => T, ms: number): T {
  return useThrottledOf(useAppStoreApi(), selector, ms, streaming)
}

/** useThrottled over any store; `live(s)`: frames are streaming in (else a change shows at once). */
export function useThrottledOf<S, T>(store: StoreApi<S>, selector: (s: S) => T, ms: number, live: (s: S) => boolean): T {
  const clock = useContext(ThrottleClockContext) ?? storeClock(store)
  const period = clock.period ?? ms
  const [value, setValue] = useState(() => selector(store.getState()))
  const selectorRef = useRef(selector)
  selectorRef.current = selector
  const liveRef = useRef(live)
  liveRef.current = live
  useEffect(() => {
    let cancel: (() => void) | null = null
    let last = 0
    // `slot`: the grid point it was due at. A flush that waited (for sides in step) still counts
    // from its slot, so the next lands on the next slot with everyone else's, not one later.
    const flush = (slot?: number): void => {
      cancel = null
      last = slot ?? Date.now()
      // Read now, in the flush's task, not in React's updater: that ran when React rendered,
      // later under load and for some readers only (the eager ones read now), so two readers
      // flushed together showed moments up to 0.2 s apart (the compare toolbar and Timeline).
      const v = selectorRef.current(store.getState())
      setValue(() => v)
    }
    flush()
    const unsub = store.subscribe((s, prev) => {
      if (!liveRef.current(s)) {
        if (cancel !== null) {
          cancel()
          flush()
        } else if (!Object.is(selectorRef.current(s), selectorRef.current(prev))) flush()
        return
      }
      // A flush is queued: it reads the state then. Checked first, so a selector that computes
      // (a worst p99 over the history, countdown words) runs a few times a second, not per frame.
      if (cancel !== null) return
      if (Object.is(selectorRef.current(s), selectorRef.current(prev))) return
      cancel = clock.request(Math.max(Date.now(), last + period), flush)
    })
    return () => {
      unsub()
      cancel?.()
    }
  }, [store, period, clock])
  return value
}
