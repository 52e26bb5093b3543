// The page's once-a-second performance readout: frames that arrived, the worker's mean time per
// frame, and whether it fell behind. Shared by the single page's driver and compare mode's.

import type { PerfStats } from '../store/playbackSlice.ts'

export interface PerfWindow {
  /** Starts a new window at wall ms `wallMs` (on start, after a pause of the loop). */
  reset(wallMs: number): void
  frameArrived(engineMs: number, behind: boolean): void
  /**
   * At least a second after the window started: its figures, and a new window. `perDraw` frames
   * make one drawn frame (compare mode: one frame of every side). Else null.
   */
  take(wallMs: number, perDraw?: number): PerfStats | null
}

export function createPerfWindow(wallMs: number): PerfWindow {
  let start = wallMs
  let frames = 0
  let engineTotal = 0
  let behindSeen = false
  const reset = (at: number): void => {
    start = at
    frames = 0
    engineTotal = 0
    behindSeen = false
  }
  return {
    reset,
    frameArrived(engineMs, behind) {
      frames++
      engineTotal += engineMs
      behindSeen ||= behind
    },
    take(now, perDraw = 1) {
      if (now - start < 1000) return null
      const seconds = (now - start) / 1000
      const stats: PerfStats = {
        fps: Math.round(frames / perDraw / seconds),
        engineMs: frames > 0 ? Math.round((engineTotal / frames) * 100) / 100 : 0,
        behind: behindSeen,
      }
      reset(now)
      return stats
    },
  }
}
