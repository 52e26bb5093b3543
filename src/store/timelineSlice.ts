// The run's timeline as the page knows it: how far it has gone, its markers, whether playback
// should stop at the next rebalance, and whether a seek is on its way. Data only; the worker owns
// the checkpoints and decides what a moment looks like.

import type { StateCreator } from 'zustand'
import type { ScenarioAction } from '../scenario/types.ts'
import type { TimelineMarker } from '../sim/timeline.ts'
import type { AppState } from './createAppStore.ts'

/** A moment worth jumping to (a rebalance, a fault, an action …), with its words. */
export type TimelineMark = TimelineMarker

/** What a frame tells the page about the timeline (the worker's TimelineInfo, as the store reads it). */
export interface TimelineUpdate {
  latest: number
  markers?: readonly TimelineMark[]
  actions?: readonly ScenarioAction[]
  seeked?: boolean
  pausedAt?: 'rebalance'
}

export interface TimelineState {
  /** Furthest sim ms the run has reached on this branch (the scrubber's end). */
  latest: number
  markers: readonly TimelineMark[]
  /** Ask the worker to stop at the next rebalance start while playing. */
  pauseAtRebalance: boolean
  /** A seek was sent and its frame has not arrived yet. */
  seeking: boolean
  /** Where that seek goes (sim ms), or null: the next relative move (PageUp, a step back) starts there. */
  seekingTo: number | null
  /** Bumped by every frame that answers a seek (the driver restarts its target from there). */
  seeks: number
  /** Sim ms at which the run paused itself at a rebalance; null once playing again. */
  pausedAtRebalance: number | null
  /** A moment link's moment the run is still being run up to (shown as progress), else null. */
  openingTo: number | null
}

export interface TimelineSlice {
  timeline: TimelineState
  setPauseAtRebalance: (on: boolean) => void
  /** `to`: the seek's target, so moves made before its frame arrives add up (Home then PageUp is 10 s). */
  setSeeking: (on: boolean, to?: number) => void
  setOpeningTo: (t: number | null) => void
}

export function emptyTimeline(pauseAtRebalance = false): TimelineState {
  return { latest: 0, markers: [], pauseAtRebalance, seeking: false, seekingTo: null, seeks: 0, pausedAtRebalance: null, openingTo: null }
}

export const createTimelineSlice: StateCreator<AppState, [], [], TimelineSlice> = (set) => ({
  timeline: emptyTimeline(),
  setPauseAtRebalance: (on) => set((s) => ({ timeline: { ...s.timeline, pauseAtRebalance: on } })),
  setSeeking: (on, to) => set((s) => ({ timeline: { ...s.timeline, seeking: on, seekingTo: on ? (to ?? null) : null } })),
  setOpeningTo: (t) => set((s) => ({ timeline: { ...s.timeline, openingTo: t } })),
})

/** The moment a relative move starts from: a seek on its way, else the moment shown. */
export function baseTime(s: { simTime: number; timeline: TimelineState }): number {
  return s.timeline.seeking && s.timeline.seekingTo !== null ? s.timeline.seekingTo : s.simTime
}
