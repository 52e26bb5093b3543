// Which of the run's actions are in force at a moment, as one number that changes only when an
// action's time is passed, so views that show the settings re-render on actions, not on frames. Pure.

import type { Scenario } from '../scenario/types.ts'

/**
 * The time (ms) of the latest action at or before `tMs`, or -1 when none is: `settingsAt(s, tMs)`
 * equals `settingsAt(s, lastActionAt(s, tMs))`.
 */
export function lastActionAt(s: Scenario, tMs: number): number {
  let last = -1
  for (const a of s.actions) {
    const at = Math.round(a.atSec * 1000)
    if (at <= tMs && at > last) last = at
  }
  return last
}
