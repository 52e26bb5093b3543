// The timeline under the highway: a slider named "Timeline" over the run so far (simulated
// seconds), with its markers, and the "Pause at next rebalance" choice. Dragging, clicking or the
// keys seek; the picture is a D3 view fed straight from the store (no re-render per frame).

import { createStore, type StoreApi } from 'zustand/vanilla'
import { useEffect, useMemo, useRef, useSyncExternalStore, type CSSProperties, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { markerTarget } from '../store/timelineMarkers.ts'
import { baseTime, type TimelineMark } from '../store/timelineSlice.ts'
import { useAppStore, useAppStoreApi } from '../store/useAppStore.ts'
import { createTimelineView, formatSimSeconds } from '../view/createTimelineView.ts'
import { timeOfX, xOfTime } from '../view/timelineLayout.ts'
import { useActions } from './actions.ts'
import { CheckField } from './fields.tsx'
import { useThrottled, useThrottledOf } from './useThrottled.ts'
import { followSize } from './followSize.ts'

export { adjacentMarker } from '../store/timelineMarkers.ts'

/** PageUp / PageDown move this far (sim ms). */
export const PAGE_MS = 10_000

/** A finger's tap this close (css px) to a marker lands on it: a 3 px tick is no target for a finger. */
export const SNAP_PX = 12

/** Where a tap at `x` (px on a track `width` wide) seeks: the nearest marker within SNAP_PX, else the time under it. */
export function touchSeekTime(x: number, latest: number, width: number, markers: readonly TimelineMark[]): number {
  let best: TimelineMark | undefined
  let bestDx = SNAP_PX + 1
  for (const m of markers) {
    const dx = Math.abs(xOfTime(m.t, latest, width) - x)
    if (dx < bestDx) [best, bestDx] = [m, dx]
  }
  return best !== undefined && bestDx <= SNAP_PX ? Math.round(best.t) : timeOfX(x, latest, width)
}

/** The words of the markers the playhead sits on ("12.3 s: rebalance started …"), or '' for none. */
export function markersHere(now: number, markers: readonly TimelineMark[]): string {
  const here = markers.filter((m) => Math.round(m.t) === Math.round(now))
  return here.length === 0 ? '' : `${formatSimSeconds(now)}: ${here.map((m) => m.text).join(' · ')}`
}

/** What a screen reader says for the slider's value, with the words of a marker it sits on. */
export function timelineValueText(now: number, latest: number, markers: readonly TimelineMark[]): string {
  const here = markers.filter((m) => Math.round(m.t) === Math.round(now)).map((m) => m.text)
  return `${formatSimSeconds(now)} of ${formatSimSeconds(latest)}${here.length > 0 ? `: ${here.join('; ')}` : ''}`
}

function span(s: { simTime: number; timeline: { latest: number } }): number {
  return Math.max(s.timeline.latest, s.simTime)
}

/** Where the Timeline's markers come from: this page's run, or (compare mode) every side's. */
export interface MarkerSource {
  get(): readonly TimelineMark[]
  subscribe(onChange: () => void): () => void
}

/** A moment the bar shows other than its store's frame time: compare mode's one clock (its store). */
export type ClockStore = StoreApi<{ clock: number; playing: boolean }>

/** Read (never written) when no `clockStore` is given: hooks are called the same way either way. */
const NO_CLOCK: ClockStore = createStore(() => ({ clock: 0, playing: false }))

/**
 * `pauseToggle`: offer "Pause at next rebalance" (single mode; compare mode has one clock for all sides).
 * `markerSource`: markers other than the store's own (compare mode's every side; see store/sideMarkers.ts).
 * `clockStore`: the moment to show, cursor and label, instead of the store's frame time. Compare mode
 * passes the session's shown moment (the toolbar's): side A's frame may be a step ahead of it.
 */
export function TimelineBar({ pauseToggle = true, markerSource, clockStore }: { pauseToggle?: boolean; markerSource?: MarkerSource; clockStore?: ClockStore } = {}): ReactNode {
  const store = useAppStoreApi()
  const actions = useActions()
  const ref = useRef<HTMLDivElement>(null)
  const ownNow = useThrottled((s) => s.simTime, 200)
  const sharedNow = useThrottledOf(clockStore ?? NO_CLOCK, (s) => s.clock, 200, (s) => s.playing)
  const now = clockStore === undefined ? ownNow : sharedNow
  const latest = useThrottled(span, 200)
  const ownMarkers = useMemo<MarkerSource>(
    () => ({
      get: () => store.getState().timeline.markers,
      subscribe: (f) => store.subscribe((s, prev) => (s.timeline.markers !== prev.timeline.markers ? f() : undefined)),
    }),
    [store],
  )
  const source = markerSource ?? ownMarkers
  const markers = useSyncExternalStore(source.subscribe, source.get)
  const pauseAt = useAppStore((s) => s.timeline.pauseAtRebalance)
  const playing = useAppStore((s) => s.playing)
  // Paused on a marker (Shift+← →, a tap on one, a lesson's moment): its words, shown for everyone,
  // as a tick's tooltip shows them only to a mouse.
  const seeking = useAppStore((s) => s.timeline.seeking)
  const here = playing || seeking ? '' : markersHere(now, markers)
  const dragging = useRef(false)

  useEffect(() => {
    const el = ref.current
    if (el === null) return
    const view = createTimelineView(el)
    const unfollow = followSize(el, view)
    const draw = (): void => {
      const s = store.getState()
      view.setMarkers(source.get())
      view.update(clockStore?.getState().clock ?? s.simTime, span(s))
    }
    draw()
    const unsub = store.subscribe((s, prev) => {
      if (s.simTime !== prev.simTime || s.timeline !== prev.timeline) draw()
    })
    const unsubClock = clockStore?.subscribe((c, prev) => (c.clock !== prev.clock ? draw() : undefined))
    const unsubMarkers = source.subscribe(draw)
    return () => {
      unsub()
      unsubClock?.()
      unsubMarkers()
      unfollow()
      view.destroy()
    }
  }, [store, source, clockStore])

  const seekToPointer = (e: PointerEvent<HTMLDivElement>): void => {
    const r = e.currentTarget.getBoundingClientRect()
    const latest = span(store.getState())
    const x = e.clientX - r.left
    // A mouse hovers a tick for its words; a finger cannot, so its tap lands on a marker near it.
    actions.seek(e.pointerType === 'mouse' ? timeOfX(x, latest, r.width) : touchSeekTime(x, latest, r.width, source.get()))
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return
    const s = store.getState()
    const t = baseTime(s) // a seek on its way counts: Home then PageUp is 10 s
    const end = span(s)
    const go = (f: () => void): void => {
      e.preventDefault()
      f()
    }
    switch (e.key) {
      case 'ArrowLeft':
      case 'ArrowRight': {
        const dir = e.key === 'ArrowLeft' ? -1 : 1
        if (e.shiftKey) {
          const to = markerTarget(source.get(), t, dir)
          go(() => (to !== undefined ? actions.seek(to) : undefined))
        } else go(() => (dir < 0 ? actions.stepBack() : actions.step()))
        break
      }
      case 'Home':
        go(() => actions.seek(0))
        break
      case 'End':
        go(() => actions.seek(end))
        break
      case 'PageDown':
        go(() => actions.seek(t - PAGE_MS))
        break
      case 'PageUp':
        go(() => actions.seek(Math.min(end, t + PAGE_MS)))
        break
    }
  }

  return (
    <div className="timeline">
      {here === '' ? null : (
        <span className="timeline-here" aria-hidden="true" style={{ '--at': latest > 0 ? now / latest : 0 } as CSSProperties}>
          {here}
        </span>
      )}
      <span className="timeline-now" aria-hidden="true">
        {formatSimSeconds(now)}
      </span>
      <div
        ref={ref}
        className="timeline-track"
        role="slider"
        tabIndex={0}
        aria-label="Timeline"
        aria-valuemin={0}
        aria-valuemax={Math.round(latest / 100) / 10}
        aria-valuenow={Math.round(now / 100) / 10}
        aria-valuetext={timelineValueText(now, latest, markers)}
        aria-busy={seeking}
        aria-keyshortcuts="ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Home End"
        title="Drag or click to go back to any moment; ← → step, Shift+← → jump between markers, Home / End"
        // Keys and a mouse's words: a finger's tap seeks, and the marker it lands on says its own.
        data-tip="focus"
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          if (e.button !== 0) return
          dragging.current = true
          e.currentTarget.setPointerCapture?.(e.pointerId)
          seekToPointer(e)
        }}
        onPointerMove={(e) => {
          if (dragging.current) seekToPointer(e)
        }}
        onPointerUp={(e) => {
          dragging.current = false
          e.currentTarget.releasePointerCapture?.(e.pointerId)
        }}
        onPointerCancel={() => {
          dragging.current = false
        }}
      />
      <span className="timeline-end" aria-hidden="true">
        {formatSimSeconds(latest)}
      </span>
      {pauseToggle ? (
        <CheckField
          label="Pause at next rebalance"
          checked={pauseAt}
          onChange={(on) => actions.setPauseAtRebalance(on)}
          hint="While ticked, playback stops by itself each time a rebalance starts"
        />
      ) : null}
    </div>
  )
}
