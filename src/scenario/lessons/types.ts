// A guided lesson: a scenario and a sequence of steps on its timeline. Plain JSON-able data, so a
// teacher can write one in a file (`highway lessons --check FILE`); validate.ts checks it.

import type { OverrideSet } from '../overrides.ts'
import type { ScenarioAction } from '../types.ts'

export const LESSON_VERSION = 1 as const

/** A predict-then-reveal question: shown (the sim paused) before the step's moment plays out. */
export interface LessonQuestion {
  prompt: string
  /** 2 to 4 answers to choose from. */
  choices: string[]
  /** Index into `choices` of the right one. */
  answer: number
  /** Why, shown with the reveal. */
  explain: string
}

/** Lanes (partition numbers) and consumers (by name) the step asks the room to watch. */
export interface LessonHighlight {
  partitions?: number[]
  consumers?: string[]
}

export interface LessonStep {
  /** What to look at. */
  text: string
  /** The simulated second this step plays to (steps play to strictly later moments, in order). */
  playToSec: number
  question?: LessonQuestion
  highlight?: LessonHighlight
}

/**
 * Which world the lesson runs: a preset, optionally changed by dotted-path overrides (as
 * `highway run --set`) and with actions added to its script; or a whole scenario.
 */
export type LessonScenario =
  | { preset: string; set?: OverrideSet; actions?: ScenarioAction[] }
  | { scenario: unknown }

export interface Lesson {
  version?: typeof LESSON_VERSION
  /** Kebab-case id, used in links (`lesson=NAME`) and the CLI. */
  name: string
  title: string
  /** One or two sentences: what the lesson teaches. */
  summary: string
  scenario: LessonScenario
  /**
   * Side by side (compare mode): 2 to 4 variants in the compare syntax ("LABEL: PATH=V, …"), each
   * applied to the lesson's scenario. Absent: one highway.
   */
  variants?: string[]
  /** Sim seconds per wall second while a step plays to its moment (default 4). */
  speed?: number
  steps: LessonStep[]
}
