// What compare mode's UI may ask the app to do. The composition root (src/app/compareSession.ts)
// implements it; each side's own panels get a side's AppActions through the usual context.

import { createContext, useContext } from 'react'
import type { ClientName } from '../../scenario/clientConfig/index.ts'
import type { StrategyEdit } from '../../store/compareEdits.ts'
import type { CompareStore } from '../../store/compareStore.ts'
import type { AppStore } from '../../store/createAppStore.ts'
import type { ScenarioEdit } from '../../store/scenarioEdits.ts'
import type { Command } from '../../store/types.ts'
import type { AppActions } from '../actions.ts'

export interface CompareActions {
  setPlaying(playing: boolean): void
  togglePlay(): void
  /** Every side advances one step to the same moment, then all pause. */
  step(): void
  setSpeed(speed: number): void
  /** Every side shows sim ms `tMs` (clamped to what every side has reached), paused: exactly as straight runs have it. */
  seek(tMs: number): void
  /** Every side one step back, paused. */
  stepBack(): void
  /** Every side starts again from 0 s (shared live actions replay). */
  restart(): void
  /** A load edit: every side, at the same simulated moment. */
  editShared(edit: ScenarioEdit): void
  /** A fault or other live command: the same command on every side at the same simulated moment. */
  inject(command: Command): void
  /**
   * A live command on one side only (its "Rebalance cluster…"): recorded in that side's variant
   * (`actions+`, so its link replays it) and sent to that side's worker at the shared moment.
   */
  injectSide(side: number, command: Command): void
  /** One side's strategy: that side restarts with it and is brought back to the current moment. */
  editSide(side: number, edit: StrategyEdit): void
  /**
   * A new last side, a copy of side `from` (default: the last), brought to the current moment as if
   * it had run from 0 s with the others. Returns its place, or -1 (at most four sides).
   */
  addSide(from?: number): number
  /** Side `side` leaves (never below two sides); the later sides move up a letter. */
  removeSide(side: number): void
  /** Differences count from the current moment; null goes back to the default mark. */
  setMarkHere(): void
  clearMark(): void
  /** Copies the comparison's link (with `lesson`, the running lesson's link at its step); resolves to what the user should be told. */
  share(opts?: { lesson?: boolean }): Promise<string>
  /** Back to one highway (the shared workload, side A's strategy). */
  exit(): void
  // CLASSROOM: what single mode's toolbar offers, per side where it is per run. Absent where the
  // page cannot do it (tests without a DOM to download into).
  /** Downloads side `side`'s run data (csv) or summary (json) at the moment shown; resolves to what to tell the user. */
  exportSide?(side: number, kind: 'csv' | 'json', onProgress?: (fraction: number) => void): Promise<string>
  /** Downloads a PNG of every side's highway as shown. */
  exportPicture?(): Promise<string>
  /** Side `side`'s settings in force at the moment shown, as `client` writes them. */
  clientConfig?(side: number, client: ClientName): string
  /** Opens the list of guided lessons. */
  openLessons?(): void
}

export interface CompareSideHandle {
  /** Stays with the side while others come and go (its letter follows its place). */
  id?: number
  store: AppStore
  /** The side's AppActions, for the single-mode panels reused in a side (consumer menu, tables). */
  actions: AppActions
  /** The side's run data or summary from 0 s to `toT`, replayed by its worker (as SimClient.exportRun). */
  exportRun?(kind: 'csv' | 'json', toT: number, onProgress?: (fraction: number) => void): Promise<string>
}

export interface CompareContextValue {
  store: CompareStore
  actions: CompareActions
  sides: readonly CompareSideHandle[]
}

export const CompareContext = createContext<CompareContextValue | null>(null)

export function useCompare(): CompareContextValue {
  const c = useContext(CompareContext)
  if (c === null) throw new Error('useCompare needs a <CompareContext.Provider> above it')
  return c
}
