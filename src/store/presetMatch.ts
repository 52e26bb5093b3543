// Whether the scenario shown is still the preset it was picked as. Pure.
// A preset's "what to notice" tells the story of that exact scenario; once the user has changed a
// setting (protocol, hot-key share, consumers …) the page says so instead of claiming the story.

import type { Scenario } from '../scenario/types.ts'

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Deep equality of JSON-like data; a key holding `undefined` counts as absent. */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameData(x, b[i]))
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined)
    const kb = Object.keys(b).filter((k) => b[k] !== undefined)
    return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameData(a[k], b[k]))
  }
  return false
}

/** True when `s` differs from the preset's scenario in anything but the seed (same story, another run). */
export function editedFromPreset(s: Scenario, preset: Scenario): boolean {
  return !sameData({ ...s, seed: 0 }, { ...preset, seed: 0 })
}
