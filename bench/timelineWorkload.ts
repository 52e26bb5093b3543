// Time travel on the default scenario: how long a seek takes anywhere in a 10-minute run, and how
// much memory an hour's checkpoints hold (the Timeline's byte budget). Bench-only: reads the clock.

import { defaultScenario } from '../src/scenario/defaults.ts'
import { Timeline, DEFAULT_MAX_CHECKPOINT_BYTES } from '../src/sim/timeline.ts'
import { median } from './stats.ts'

export const SEEK_TARGET_MS = 1000
export const CHECKPOINT_TARGET_MB = 50

export interface TimelineResult {
  runSimSec: number
  seeks: number
  seekMedianMs: number
  seekMaxMs: number
  /** Worst place to land: just before a checkpoint, after the longest replay. */
  worstPlaceSeekMs: number
  hourCheckpointMB: number
  hourCheckpoints: number
  hourCheckpointEverySec: number
  hourSeekMaxMs: number
  budgetMB: number
  meetsTargets: boolean
}

/** Deterministic spread of moments over [0, endMs]: a fixed low-discrepancy walk, no Math.random. */
function moments(endMs: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(((i * 0.6180339887) % 1) * endMs))
}

function seekTimes(tl: Timeline, ts: number[]): number[] {
  return ts.map((t) => {
    const start = performance.now()
    tl.seek(t)
    return performance.now() - start
  })
}

export function runTimelineBench(seeks: number): TimelineResult {
  const ten = new Timeline(defaultScenario())
  ten.advanceTo(600_000)
  const times = seekTimes(ten, moments(600_000, seeks))
  const cps = ten.checkpointTimes()
  const gap = cps.reduce((best, c, i) => (i > 0 && c - cps[i - 1]! > best.len ? { len: c - cps[i - 1]!, at: c - 1 } : best), { len: 0, at: 0 })
  ten.seek(600_000)
  const worst = seekTimes(ten, [gap.at])[0]!

  const hour = new Timeline(defaultScenario())
  hour.advanceTo(3_600_000)
  const hourTimes = seekTimes(hour, moments(3_600_000, Math.max(4, seeks / 2)))
  const hcps = hour.checkpointTimes()
  const r: TimelineResult = {
    runSimSec: 600,
    seeks,
    seekMedianMs: Math.round(median(times) * 10) / 10,
    seekMaxMs: Math.round(Math.max(...times) * 10) / 10,
    worstPlaceSeekMs: Math.round(worst * 10) / 10,
    hourCheckpointMB: Math.round((hour.checkpointBytes() / 1024 / 1024) * 10) / 10,
    hourCheckpoints: hcps.length,
    hourCheckpointEverySec: hcps.length > 1 ? (hcps[1]! - hcps[0]!) / 1000 : 0,
    hourSeekMaxMs: Math.round(Math.max(...hourTimes) * 10) / 10,
    budgetMB: DEFAULT_MAX_CHECKPOINT_BYTES / 1024 / 1024,
    meetsTargets: false,
  }
  r.meetsTargets = Math.max(r.seekMaxMs, r.worstPlaceSeekMs, r.hourSeekMaxMs) <= SEEK_TARGET_MS && r.hourCheckpointMB <= CHECKPOINT_TARGET_MB
  return r
}
