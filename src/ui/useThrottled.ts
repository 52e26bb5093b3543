// Reads a value from the store at most every `ms` wall milliseconds while playing, for panels
// (tables, status) that follow the frames without re-rendering React at animation rate. Paused, a
// change shows at once.
//
// All of a store's throttled readers share one timer, and their flushes land on a common grid of
// GRID_MS: readers due in the same slot are set in one task, which React renders in one pass. With
// a timer each (a dozen readers at 200–500 ms), React rendered ~30 times a wall second while
// playing, each pass with its own commit, style and layout.

import { useEffect, useRef, useState } from 'react'
import type { AppState } from '../store/createAppStore.ts'
import { useAppStoreApi } from '../store/useAppStore.ts'

/** Flushes are rounded up to multiples of this (wall ms), so readers due close together share one. */
export const GRID_MS = 50

interface Clock {
  /** Flushes by the wall ms they are due at. */
  due: Map<number, Set<() => void>>
  timer: ReturnType<typeof setTimeout> | null
  timerAt: number
}

const clocks = new WeakMap<object, Clock>()

function arm(c: Clock): void {
  let next = Infinity
  for (const at of c.due.keys()) next = Math.min(next, at)
  if (next === Infinity || (c.timer !== null && c.timerAt <= next)) return
  if (c.timer !== null) clearTimeout(c.timer)
  c.timerAt = next
  c.timer = setTimeout(() => fire(c), Math.max(0, next - Date.now()))
}

function fire(c: Clock): void {
  c.timer = null
  const now = Date.now()
  const ready: Array<() => void> = []
  for (const [at, fs] of c.due) {
    if (at > now) continue
    ready.push(...fs)
    c.due.delete(at)
  }
  for (const f of ready) f()
  arm(c)
}

/** Runs `flush` at the first grid point at or after wall ms `notBefore`; returns its cancel. */
function request(store: object, notBefore: number, flush: () => void): () => void {
  let c = clocks.get(store)
  if (c === undefined) clocks.set(store, (c = { due: new Map(), timer: null, timerAt: 0 }))
  const clock = c
  const at = Math.ceil(notBefore / GRID_MS) * GRID_MS
  let set = clock.due.get(at)
  if (set === undefined) clock.due.set(at, (set = new Set()))
  set.add(flush)
  arm(clock)
  return () => {
    const s = clock.due.get(at)
    s?.delete(flush)
    if (s?.size === 0) clock.due.delete(at)
  }
}

export function useThrottled<T>(selector: (s: AppState) => T, ms: number): T {
  const store = useAppStoreApi()
  const [value, setValue] = useState(() => selector(store.getState()))
  const selectorRef = useRef(selector)
  selectorRef.current = selector
  useEffect(() => {
    let cancel: (() => void) | null = null
    let last = 0
    const flush = (): void => {
      cancel = null
      last = Date.now()
      setValue(() => selectorRef.current(store.getState()))
    }
    flush()
    const unsub = store.subscribe((s, prev) => {
      // Paused (Pause, "Pause at next rebalance", a step or a seek): the frame on screen is the one
      // to read, and no stream of frames follows it, so it shows at once. Throttled, the status bar
      // said "Group Stable" for a beat while the highway showed the rebalance the run stopped at.
      // Not while a moment link is opening: that steps in chunks, a frame each, as fast as it can.
      if (!s.playing && s.timeline.openingTo === null) {
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
      cancel = request(store, Math.max(Date.now(), last + ms), flush)
    })
    return () => {
      unsub()
      cancel?.()
    }
  }, [store, ms])
  return value
}
