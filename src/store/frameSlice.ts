// The latest frame from the worker, its metric samples and narration. Data only: frames are
// plain objects with typed arrays; the view reads them and writes nothing back.

import type { StateCreator } from 'zustand'
import type { Frame, MetricsSample, TraceEntry } from '../sim/frameTypes.ts'
import { sameSetting } from '../sim/narration.ts'
import type { AppState } from './createAppStore.ts'
import { markOnFrame } from './markSlice.ts'
import { emptyRing, pushAll, type Ring } from './ring.ts'
import type { TimelineUpdate } from './timelineSlice.ts'

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

/** History past the moment shown, kept after a seek back (oldest first). */
export interface AheadHistory {
  metrics: readonly MetricsSample[]
  narration: readonly TraceEntry[]
}

export const NOTHING_AHEAD: AheadHistory = { metrics: [], narration: [] }

export interface FrameSlice {
  frame: Frame | null
  metrics: Ring<MetricsSample>
  /** Newest last. */
  narration: readonly TraceEntry[]
  /**
   * What the run showed after the moment a seek went back to. A replay reproduces it exactly, so a
   * later seek forward brings it back (the worker's seek answer only carries what it replayed from
   * its checkpoint on: Home then a click at 30 s left the charts and narration empty before 30 s).
   * Gone once the run forks there (its furthest moment goes down).
   */
  ahead: AheadHistory
  /**
   * Accepts a frame for run `runId`; frames of an older run are dropped.
   * `samples` and `trace` are what the simulation emitted since the previous frame, or, when
   * `timeline.seeked`, since the checkpoint the worker replayed from.
   */
  receiveFrame: (
    runId: number,
    frame: Frame,
    samples: readonly MetricsSample[],
    trace: readonly TraceEntry[],
    timeline?: TimelineUpdate,
  ) => void
}

/**
 * After a seek to `t`: the history up to `t` stays (a replay reproduces it exactly), and of what
 * the replay emitted only what is newer than the kept history is added.
 */
function afterSeek(s: AppState, ahead: AheadHistory, t: number, samples: readonly MetricsSample[], trace: readonly TraceEntry[]) {
  const allSamples = s.metrics.items.concat(ahead.metrics)
  const allLines = s.narration.concat(ahead.narration)
  const metrics = pushAll({ ...s.metrics, items: [] }, allSamples.filter((m) => m.t <= t))
  const narration = allLines.filter((e) => e.t <= t).slice(-NARRATION_CAPACITY)
  const lastSample = metrics.items.at(-1)?.t ?? -Infinity
  const lastLine = narration.at(-1)?.t ?? -Infinity
  return {
    metrics,
    narration,
    samples: samples.filter((m) => m.t > lastSample),
    trace: trace.filter((e) => e.t > lastLine),
    ahead: capAhead({ metrics: allSamples.filter((m) => m.t > t), narration: allLines.filter((e) => e.t > t) }),
  }
}

/**
 * Keeps the stretch right after the playhead, one capacity of each: every seek back adds what the
 * charts held to what is ahead, so without a cap a long run scrubbed back and forth kept every
 * sample it ever showed (each with a lag per partition: 32 KB at 4096 partitions).
 */
function capAhead(ahead: AheadHistory): AheadHistory {
  if (ahead.metrics.length <= METRICS_CAPACITY && ahead.narration.length <= NARRATION_CAPACITY) return ahead
  return { metrics: ahead.metrics.slice(0, METRICS_CAPACITY), narration: ahead.narration.slice(0, NARRATION_CAPACITY) }
}

/** Drops what is ahead at or before `t`: the run is emitting it again. Returns `ahead` itself when nothing goes. */
function passAhead(ahead: AheadHistory, t: number): AheadHistory {
  const m = ahead.metrics[0]
  const n = ahead.narration[0]
  if ((m === undefined || m.t > t) && (n === undefined || n.t > t)) return ahead
  return { metrics: ahead.metrics.filter((x) => x.t > t), narration: ahead.narration.filter((x) => x.t > t) }
}

export const createFrameSlice: StateCreator<AppState, [], [], FrameSlice> = (set) => ({
  frame: null,
  metrics: emptyRing<MetricsSample>(METRICS_CAPACITY),
  narration: [],
  ahead: NOTHING_AHEAD,
  receiveFrame: (runId, frame, samples, trace, tl) =>
    set((s): Partial<AppState> => {
      if (runId !== s.runId) return {}
      const seeked = tl?.seeked === true
      // A fork (a change after going back) replaces the future: what was ahead never happens now.
      const kept = tl !== undefined && tl.latest < s.timeline.latest ? NOTHING_AHEAD : s.ahead
      const h = seeked
        ? afterSeek(s, kept, frame.t, samples, trace)
        : { metrics: s.metrics, narration: s.narration, samples, trace, ahead: passAhead(kept, frame.t) }
      const out: Partial<AppState> = {
        frame,
        simTime: frame.t,
        metrics: pushAll(h.metrics, h.samples),
        narration: appendNarration(h.narration, h.trace, NARRATION_CAPACITY),
        ...markOnFrame(s, frame, tl?.markers ?? s.timeline.markers),
      }
      if (h.ahead !== s.ahead) out.ahead = h.ahead
      if (tl === undefined) return out
      const paused = tl.pausedAt === 'rebalance'
      out.timeline = {
        ...s.timeline,
        latest: tl.latest,
        markers: tl.markers ?? s.timeline.markers,
        seeking: seeked ? false : s.timeline.seeking,
        seekingTo: seeked ? null : s.timeline.seekingTo,
        seeks: seeked ? s.timeline.seeks + 1 : s.timeline.seeks,
        // The note names the frame it stopped on: a seek or a step away from it (paused still) ends it,
        // else "Paused: a rebalance started at 55.1 s" stood over the Stable group of 10.4 s.
        pausedAtRebalance: paused ? frame.t : s.playing || frame.t !== s.timeline.pausedAtRebalance ? null : s.timeline.pausedAtRebalance,
      }
      // The worker's script is the run's: every scripted and recorded action, what a link carries.
      if (tl.actions !== undefined) out.scenario = { ...s.scenario, actions: tl.actions.slice() }
      if (paused) out.playing = false
      return out
    }),
})
