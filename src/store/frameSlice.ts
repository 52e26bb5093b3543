// The latest frame from the worker, its metric samples and narration. Data only: frames are
// plain objects with typed arrays; the view reads them and writes nothing back.

import type { StateCreator } from 'zustand'
import type { Frame, MetricsSample, TraceEntry } from '../sim/frameTypes.ts'
import { sameSetting } from '../sim/narration.ts'
import type { AppState } from './createAppStore.ts'
import { emptyRing, pushAll, type Ring } from './ring.ts'

/** Samples kept for the charts: 10 minutes of sim time at one sample per second. */
export const METRICS_CAPACITY = 600
/** Narration lines kept for the log panel. */
export const NARRATION_CAPACITY = 200

/** Sim time within which a repeated setting line replaces the previous one (a drag at 10× speed lasts a few sim seconds). */
export const COALESCE_MS = 5000
/** How far back (lines) a repeated setting line looks for the one it replaces. */
const COALESCE_LOOKBACK = 6

/**
 * Appends `trace` to the narration, newest last, at most `capacity` lines. A fact that sets the
 * same setting as a recent one ("hot-key share set to 55 %", "… 58 %", … while a slider is
 * dragged) replaces it, so the log tells what was set, not every pixel of the drag.
 */
export function appendNarration(items: readonly TraceEntry[], trace: readonly TraceEntry[], capacity: number): readonly TraceEntry[] {
  if (trace.length === 0) return items
  const out = items.slice()
  for (const e of trace) {
    for (let i = out.length - 1; i >= Math.max(0, out.length - COALESCE_LOOKBACK); i--) {
      const prev = out[i]!
      if (e.t - prev.t > COALESCE_MS) break
      if (sameSetting(prev.fact, e.fact)) {
        out.splice(i, 1)
        break
      }
    }
    out.push(e)
  }
  return out.length > capacity ? out.slice(out.length - capacity) : out
}

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
      const narration = appendNarration(s.narration, trace, NARRATION_CAPACITY)
      return { frame, simTime: frame.t, metrics: pushAll(s.metrics, samples), narration }
    }),
})
