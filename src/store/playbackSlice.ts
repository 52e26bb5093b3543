// Playback: playing or paused, speed, the playhead and the measured pace. Data only.

import type { StateCreator } from 'zustand'
import type { AppState } from './createAppStore.ts'

export const MIN_SPEED = 0.1
export const MAX_SPEED = 100

export interface PerfStats {
  /** Frames drawn per wall-clock second (last second). */
  fps: number
  /** Worker time per frame (advance + frame build), ms, last second's mean. */
  engineMs: number
  /** True while the worker cannot keep up with the requested speed. */
  behind: boolean
}

export interface PlaybackSlice {
  playing: boolean
  /** Sim ms per wall ms, clamped to [MIN_SPEED, MAX_SPEED]. */
  speed: number
  /** Sim time of the latest frame, ms. */
  simTime: number
  perf: PerfStats
  setPlaying: (playing: boolean) => void
  setSpeed: (speed: number) => void
  setPerf: (perf: PerfStats) => void
}

export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return 1
  return Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed))
}

export const createPlaybackSlice =
  (playing: boolean): StateCreator<AppState, [], [], PlaybackSlice> =>
  (set) => ({
    playing,
    speed: 1,
    simTime: 0,
    perf: { fps: 0, engineMs: 0, behind: false },
    setPlaying: (p) => set({ playing: p }),
    setSpeed: (speed) => set({ speed: clampSpeed(speed) }),
    setPerf: (perf) => set({ perf }),
  })
