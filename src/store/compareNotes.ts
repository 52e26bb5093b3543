// Which of compare mode's notes stay when a new one comes. Pure: data in, data out.
// A teacher opening a four-side link must still read that side C dropped the imported placement
// after a few copied links and refused edits: notes about what runs (kept) outlive routine ones.

import { sameMessage } from './bannerSlice.ts'
import type { CompareNote } from './compareStore.ts'

/**
 * Notes shown (the newest) before "+N more notes" opens the older ones: what a projector's room can
 * spare above the sides. At 1024×768 a side's note ("Side “six” was changed: The imported replica
 * placement was dropped (4 → 6 brokers): …") is three lines, ~77 px: four took 308 px and left each of
 * four sides 166 px, its lanes hidden under its header, strip and brokers. Two and the "+2 more notes"
 * row take ~190 px. Opened, the notes scroll within a third of the window (compare.css), so the sides
 * keep the rest.
 */
export const SHOWN_NOTES = 2

/** Routine notes (a copied link, a refused edit, a slow worker) at most, with the kept ones beside them. */
export const MAX_ROUTINE_NOTES = 3
/** Kept notes at most: only a runaway reaches it (a link has four sides, each said once). */
export const MAX_KEPT_NOTES = 12

/**
 * A note about what runs, which a routine one never pushes out: one marked `keep` (what a link or
 * an edit changed beyond what was asked: a side left out, a placement dropped) or an error (a side
 * that stopped, a side's change refused).
 */
export function isKeptNote(n: CompareNote): boolean {
  return n.keep === true || n.kind === 'error'
}

/**
 * `notes` with `n` added last: the oldest routine note goes past MAX_ROUTINE_NOTES, the oldest kept
 * one past MAX_KEPT_NOTES. A note already showing is not repeated (Share pressed twice), as one
 * highway's banners are not.
 */
export function withNote(notes: readonly CompareNote[], n: CompareNote): CompareNote[] {
  if (notes.some((x) => sameMessage(x, n))) return notes as CompareNote[]
  const out = [...notes, n]
  const drop = (kept: boolean, max: number): void => {
    let count = out.filter((x) => isKeptNote(x) === kept).length
    while (count > max) {
      out.splice(out.findIndex((x) => isKeptNote(x) === kept), 1)
      count--
    }
  }
  drop(false, MAX_ROUTINE_NOTES)
  drop(true, MAX_KEPT_NOTES)
  return out
}
