// The page-wide keys, as data: which key does what (the handler) and how the `?` dialog lists
// them. Pure.

export type ShortcutAction =
  | 'togglePlay'
  | 'pause'
  | 'step'
  | 'nextStep'
  | 'prevStep'
  | 'speedUp'
  | 'speedDown'
  | 'restart'
  | 'share'
  | 'presenter'
  | 'compare'
  | 'lessons'
  | 'export'
  | 'shortcuts'

const KEYS: Readonly<Record<string, ShortcutAction>> = {
  ' ': 'togglePlay',
  b: 'pause',
  B: 'pause',
  '.': 'pause',
  ArrowRight: 'step',
  PageDown: 'nextStep',
  PageUp: 'prevStep',
  '+': 'speedUp',
  '=': 'speedUp',
  ']': 'speedUp',
  '-': 'speedDown',
  '[': 'speedDown',
  r: 'restart',
  R: 'restart',
  s: 'share',
  S: 'share',
  p: 'presenter',
  P: 'presenter',
  c: 'compare',
  C: 'compare',
  l: 'lessons',
  L: 'lessons',
  e: 'export',
  E: 'export',
  '?': 'shortcuts',
}

/** What `key` (KeyboardEvent.key) does on the page, or null. Digits 1–9 pick presets (see `presetIndex`). */
export function shortcutFor(key: string): ShortcutAction | null {
  return Object.prototype.hasOwnProperty.call(KEYS, key) ? (KEYS[key] ?? null) : null
}

/** 0-based preset index for keys 1–9, else null. */
export function presetIndex(key: string): number | null {
  return /^[1-9]$/.test(key) ? Number(key) - 1 : null
}

/** Speed keys multiply or divide the speed by this (the slider is log scale, 0.1× to 100×). */
export const SPEED_FACTOR = 2

/** The `?` dialog's rows: keys, then what they do. */
export const SHORTCUTS: ReadonlyArray<[string, string]> = [
  ['Space', 'Play / pause'],
  ['B or .', 'Pause (a presenter remote’s “blank” key)'],
  ['→', 'Step 100 ms of sim time'],
  ['Page Down / Page Up', 'Next / previous lesson step, or timeline marker (presenter remote)'],
  ['+ / −  (or ] / [)', 'Faster / slower (× 2)'],
  ['R', 'Restart the run from 0 s'],
  ['S', 'Share: copy the link to this run (paused: it opens at this moment; in a lesson: the lesson’s link at its step)'],
  ['P', 'Presenter mode: big type, projector colours'],
  ['C', 'Compare eager and cooperative side by side'],
  ['←', 'On the Timeline: step 100 ms back'],
  ['Shift + ← / →', 'On the Timeline: previous / next marker'],
  ['Home / End', 'On the Timeline: the start / the latest moment; in a menu or the Lessons list: its first / last item'],
  ['1 – 9', 'Pick a preset (in a lesson: answer its question, 1 the first choice)'],
  ['L', 'Lessons: the guided lessons'],
  ['E', 'Export: run data, picture, client configuration'],
  ['?', 'Show this list'],
  ['Esc', 'Close a menu or this list; back to the page'],
]

/**
 * Compare mode's rows of the `?` dialog: every key but compare and the preset digits, which only one
 * highway answers (compare mode's sides are chosen from its own toolbar); its digits answer a
 * lesson's question (2–4 choices). S is its toolbar's Share.
 */
export const COMPARE_SHORTCUTS: ReadonlyArray<[string, string]> = SHORTCUTS.filter(([k]) => k !== 'C').map(([k, v]) =>
  k === 'S'
    ? [k, 'Share: copy the link to this comparison (paused: it opens at this moment; in a lesson: the lesson’s link at its step)']
    : k === '1 – 9'
      ? ['1 – 4', 'In a lesson: answer its question, 1 the first choice']
      : [k, v],
)
