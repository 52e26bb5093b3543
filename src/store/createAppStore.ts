// The app's one store, built per instance from slices (two can live on one page). Vanilla zustand:
// no React here, and the state is data only (no DOM nodes, workers or class instances).

import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Scenario } from '../scenario/types.ts'
import { createBannerSlice, type BannerSlice } from './bannerSlice.ts'
import { createFrameSlice, type FrameSlice } from './frameSlice.ts'
import { createHighlightSlice, type HighlightSlice } from './highlightSlice.ts'
import { createImportSlice, type ImportSlice } from './importSlice.ts'
import { createLaneViewSlice, type LaneViewSlice } from './laneViewSlice.ts'
import { createMarkSlice, type MarkSlice } from './markSlice.ts'
import { createPlaybackSlice, type PlaybackSlice } from './playbackSlice.ts'
import { createPresenterSlice, type PresenterSlice } from './presenterSlice.ts'
import { createScenarioSlice, type ScenarioSlice } from './scenarioSlice.ts'
import { createSelectionSlice, type SelectionSlice } from './selectionSlice.ts'
import { createTimelineSlice, type TimelineSlice } from './timelineSlice.ts'

export type AppState = ScenarioSlice & PlaybackSlice & FrameSlice & SelectionSlice & BannerSlice & TimelineSlice & PresenterSlice & MarkSlice & HighlightSlice & ImportSlice & LaneViewSlice
export type AppStore = StoreApi<AppState>

export interface AppStoreInit {
  scenario: Scenario
  /** Start playing at once (default true). */
  playing?: boolean
}

export function createAppStore(init: AppStoreInit): AppStore {
  return createStore<AppState>()((...a) => ({
    ...createScenarioSlice(init.scenario)(...a),
    ...createPlaybackSlice(init.playing ?? true)(...a),
    ...createFrameSlice(...a),
    ...createSelectionSlice(...a),
    ...createBannerSlice(...a),
    ...createTimelineSlice(...a),
    ...createPresenterSlice(...a),
    // HONEST: counters since a mark
    ...createMarkSlice(...a),
    // CLASSROOM: a lesson step's lanes and consumers, outlined on the highway
    ...createHighlightSlice(...a),
    // IMPORT: an imported cluster's story and offers
    ...createImportSlice(...a),
    // PAGESCALE: a big topic's lane groups, chosen on the page, built by the worker
    ...createLaneViewSlice(...a),
  }))
}
