// The scenario being shown (the URL mirrors it) and the run it belongs to. Data only.

import type { StateCreator } from 'zustand'
import type { Scenario } from '../scenario/types.ts'
import type { AppState } from './createAppStore.ts'
import { NOTHING_AHEAD } from './frameSlice.ts'
import { NO_MARK } from './markSlice.ts'
import { emptyTimeline } from './timelineSlice.ts'

export interface ScenarioSlice {
  scenario: Scenario
  /**
   * Bumped whenever the run restarts from `scenario` (preset, protocol, seed …). Live edits change
   * `scenario` without bumping it. Frames from an older run are ignored.
   */
  runId: number
  /** Replaces the scenario; `restart` starts a new run from it. */
  setScenario: (scenario: Scenario, restart: boolean) => void
}

export const createScenarioSlice =
  (initial: Scenario): StateCreator<AppState, [], [], ScenarioSlice> =>
  (set) => ({
    scenario: initial,
    runId: 0,
    setScenario: (scenario, restart) =>
      set((s) =>
        restart
          ? { scenario, runId: s.runId + 1, frame: null, metrics: { ...s.metrics, items: [] }, narration: [], ahead: NOTHING_AHEAD, simTime: 0, timeline: emptyTimeline(s.timeline.pauseAtRebalance), ...NO_MARK }
          : { scenario },
      ),
  })
