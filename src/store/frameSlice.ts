// The latest frame from the worker, its metric samples and narration. Data only: frames are
// plain objects with typed arrays; the view reads them and writes nothing back.

import type { StateCreator } from 'zustand'
import type { Frame, MetricsSample, TraceEntry } from '../sim/frameTypes.ts'
import type { AppState } from './createAppStore.ts'
import { emptyRing, pushAll, type Ring } from './ring.ts'

/** Samples kept for the charts: 10 minutes of sim time at one sample per second. */
export const METRICS_CAPACITY = 600
/** Narration lines kept for the log panel. */
export const NARRATION_CAPACITY = 200

export interface FrameSlice {
  frame: Frame | null
  metrics: Ring<MetricsSample>
  /** Newest last. */
  narration: readonly TraceEntry[]
  /**
   * Accepts a frame for run `runId`; frames of an older run are dropped.
   * `samples` and `trace` are what the simulation emitted since the previous frame.
   */
  receiveFrame: (runId: number, frame: Frame, samples: readonly MetricsSample[], trace: readonly TraceEntry[]) => void
}

export const createFrameSlice: StateCreator<AppState, [], [], FrameSlice> = (set) => ({
  frame: null,
  metrics: emptyRing<MetricsSample>(METRICS_CAPACITY),
  narration: [],
  receiveFrame: (runId, frame, samples, trace) =>
    set((s) => {
      if (runId !== s.runId) return {}
      const narration =
        trace.length === 0 ? s.narration : pushAll({ capacity: NARRATION_CAPACITY, items: s.narration }, trace).items
      return { frame, simTime: frame.t, metrics: pushAll(s.metrics, samples), narration }
    }),
})
