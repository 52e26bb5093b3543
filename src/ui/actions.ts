// What the UI may ask the app to do. The composition root implements it (worker, URL, clipboard);
// components only call it, so they stay presentational and testable with a fake.

import { createContext, useContext } from 'react'
import type { ClientName } from '../scenario/clientConfig/index.ts'
import type { ForkChoice } from '../store/compareEdits.ts'
import type { ImportedStory } from '../store/importSlice.ts'
import type { ScenarioEdit } from '../store/scenarioEdits.ts'
import type { Command, Scenario } from '../store/types.ts'

export interface PresetInfo {
  name: string
  title: string
  /** "What to notice", in plain words. */
  notice: string
  /** The preset's scenario, to tell when the one shown has been edited away from it. */
  scenario?: Scenario
}

export interface WhichLaneResult {
  /** UTF-8 bytes as hex pairs ("6b 65 79"). */
  bytesHex: string
  /** murmur2 as Java prints it (signed int32). */
  hash: number
  /** toPositive(hash). */
  positive: number
  partition: number
}

export interface AppActions {
  readonly presets: readonly PresetInfo[]
  setPlaying(playing: boolean): void
  togglePlay(): void
  /** Advances by one step of sim time and pauses. */
  step(): void
  /** Goes back one step of sim time (a seek) and pauses. */
  stepBack(): void
  /** Pauses and shows the run at sim ms `toT` (clamped to the run so far). */
  seek(toT: number): void
  /** Stop playing when the next rebalance starts. */
  setPauseAtRebalance(on: boolean): void
  setSpeed(speed: number): void
  /** Starts the current scenario again from t = 0. */
  restart(): void
  edit(edit: ScenarioEdit): void
  choosePreset(name: string): void
  /** A live injection (crash, GC pause, …); the worker records it in the run's script. */
  inject(command: Command): void
  /**
   * Copies the scenario link (with `moment`, one that opens paused at the current sim time; with
   * `lesson`, the running lesson's link at its step); resolves to what the user should be told.
   */
  share(opts?: { moment?: boolean; lesson?: boolean }): Promise<string>
  whichLane(key: string, partitions: number): WhichLaneResult
  /**
   * Opens compare mode: the default pair of sides, or (`fork`) the run so far against that change
   * from the current moment. Absent where compare mode cannot be opened.
   */
  compare?(fork?: ForkChoice): void
  /** Opens compare mode on the four answers to a hot lane (compareEdits' hotLaneAnswerSides), from 0 s. */
  compareAnswers?(): void
  // EXPORT
  /**
   * Downloads the run data (csv), the summary with its rebalance log (json) or a picture of the
   * highway (png) at the moment shown; resolves to what the user should be told. `onProgress` gets
   * fractions 0..1 while the worker replays the run.
   */
  exportRun?(kind: 'csv' | 'json' | 'png', onProgress?: (fraction: number) => void): Promise<string>
  /** The scenario's settings as `client` writes them (src/scenario/clientConfig). */
  clientConfig?(client: ClientName): string
  /** Copies the <iframe> embed code; resolves to what the user should be told. */
  copyEmbed?(): Promise<string>
  /** The full page's link for this run (what the embedded page's "Open in Partition Highway" opens). */
  fullPageLink?(): string
  // LESSONS
  /** Opens the list of guided lessons. Absent where lessons cannot be opened. */
  openLessons?(): void

  // ROOM (issue 9): a presenter remote's PageDown / PageUp.
  /** The next timeline marker (LESSONS may route it to the next lesson step). */
  nextStep?(): void
  /** The previous timeline marker, or 0 s before the first (LESSONS: the previous lesson step). */
  prevStep?(): void

  // IMPORT (issue 11)
  /** Opens an imported scenario as a normal, shareable run, with its story and compare offers. */
  importScenario?(imported: ImportedStory): void
  /** Opens compare mode from a compare link's hash (an import's offer). Absent where it cannot. */
  openCompareLink?(hash: string): void
}

export const ActionsContext = createContext<AppActions | null>(null)

export function useActions(): AppActions {
  const a = useContext(ActionsContext)
  if (a === null) throw new Error('useActions needs an <ActionsContext.Provider> above it')
  return a
}
