// Bounds on a lesson file, so a hostile or careless one cannot blow up the page or the CLI.

export const LESSON_LIMITS = {
  nameChars: 60,
  titleChars: 100,
  summaryChars: 600,
  stepTextChars: 600,
  promptChars: 300,
  choiceChars: 160,
  explainChars: 600,
  steps: { min: 1, max: 30 },
  choices: { min: 2, max: 4 },
  variants: { min: 2, max: 4 },
  variantChars: 500,
  highlightItems: 64,
  overrides: 50,
  /** A step's moment: an hour of simulated time is more than any lesson needs. */
  playToSec: { max: 3600 },
  speed: { min: 0.1, max: 100 },
} as const

/** Default playback speed while a step plays to its moment. */
export const DEFAULT_LESSON_SPEED = 4
