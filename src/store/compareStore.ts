// Compare mode's own store: the shared workload, each side's variant, the one clock, the mark and
// the counters the difference strip needs. Each side keeps its usual AppStore for its frames.
// Data only (vanilla zustand, no React, no workers).

import type { BannerMore } from './bannerSlice.ts'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { Variant } from '../scenario/overrides.ts'
import type { Scenario } from '../scenario/types.ts'
import { defaultMark } from './compareDiff.ts'
import { withNote } from './compareNotes.ts'
import { trackFrame, type Counters } from './sinceMark.ts'
import type { Frame } from '../sim/frameTypes.ts'
import { clampSpeed, type PerfStats } from './playbackSlice.ts'

/** At most this many sides on the page (the CLI compares more, headless); at least two: it is a comparison. */
export const MAX_SIDES = 4
export const MIN_SIDES = 2

export interface CompareNote {
  kind: 'error' | 'warning' | 'info'
  text: string
  details: string[]
  /** SUPERVISE: raw error behind "Details", bug report for "Copy details". */
  more?: BannerMore
  /** About what runs (a link's side left out, a placement dropped): routine notes never push it out (compareNotes.ts). */
  keep?: boolean
}

export interface CompareState {
  /** The shared workload, with every shared live action recorded into its script. */
  base: Scenario
  variants: Variant[]
  playing: boolean
  speed: number
  /** The shown clock: the slowest side's frame time, ms. */
  clock: number
  /** The teacher's mark (ms), or null for the default (every group first settled). */
  mark: number | null
  /** Per side: the first sim ms its group was settled, or null until then. */
  firstSettled: Array<number | null>
  /**
   * The default mark, fixed once every side has settled (the latest of their first settled
   * moments), so a side restarted with a new strategy is measured from the same moment.
   */
  autoMark: number | null
  /** Per side: counters over time, for differences since any mark. */
  tracks: Array<readonly Counters[]>
  notes: CompareNote[]
  /** Per side: the moment (ms) it is being brought to after a restart or a link's t=, else null. */
  catchingUp: Array<number | null>
  perf: PerfStats
  setPlaying: (p: boolean) => void
  setSpeed: (s: number) => void
  setClock: (t: number) => void
  setMark: (t: number | null) => void
  setBase: (base: Scenario) => void
  setVariant: (side: number, v: Variant) => void
  /** Records a side's frame: its counters, and its first settled moment. `pin` keeps this entry for a mark. */
  noteFrame: (side: number, frame: Frame, pin?: boolean) => void
  /** A side starts over (new strategy): its history is gone. */
  resetSide: (side: number) => void
  /** Every side starts over from 0: histories and the default mark are gone. */
  resetAll: () => void
  addNote: (n: CompareNote) => void
  dismissNote: (i: number) => void
  setPerf: (p: PerfStats) => void
  setCatchingUp: (side: number, toMs: number | null) => void
  /** A new last side running `v`, with no history yet (it is brought to the clock by its session). */
  addSide: (v: Variant) => void
  /**
   * Side `side` leaves: its variant and histories go, the later sides move up one place (their
   * letters follow their places, as a link's `v=` order gives them). A default mark already fixed
   * stays; one still waiting is fixed now if every remaining side has settled.
   */
  removeSide: (side: number) => void
}

export type CompareStore = StoreApi<CompareState>

export interface CompareInit {
  base: Scenario
  variants: Variant[]
  playing: boolean
  mark?: number | null
  /** The default mark already fixed (a link's automark=): kept, not worked out again from this page's frames. */
  autoMark?: number | null
  /**
   * The moment a link opens at (ms). The shown clock starts there, not at 0, so the page's link
   * and timer name that moment while the sides replay to it (a copy made then is the same link).
   */
  clock?: number
}

/** The mark in effect: the teacher's, else the default once every side has settled. */
export function effectiveMark(s: Pick<CompareState, 'mark' | 'autoMark'>): number | null {
  return s.mark ?? s.autoMark
}

export function createCompareStore(init: CompareInit): CompareStore {
  const n = init.variants.length
  return createStore<CompareState>()((set) => ({
    base: init.base,
    variants: init.variants,
    playing: init.playing,
    speed: 1,
    clock: init.clock ?? 0,
    mark: init.mark ?? null,
    firstSettled: Array.from({ length: n }, () => null),
    autoMark: init.autoMark ?? null,
    tracks: Array.from({ length: n }, () => []),
    notes: [],
    catchingUp: Array.from({ length: n }, () => null),
    perf: { fps: 0, engineMs: 0, behind: false },
    setPlaying: (playing) => set({ playing }),
    setSpeed: (speed) => set({ speed: clampSpeed(speed) }),
    setClock: (clock) => set((s) => (s.clock === clock ? {} : { clock })),
    setMark: (mark) => set({ mark }),
    setBase: (base) => set({ base }),
    setVariant: (side, v) => set((s) => ({ variants: s.variants.map((x, i) => (i === side ? v : x)) })),
    noteFrame: (side, frame, pin = false) =>
      set((s) => {
        const settled = s.firstSettled[side] ?? null
        // A jump back before the first settled moment forgets it; a later settled frame sets it.
        const { track, firstSettled: next } = trackFrame(s.tracks[side] ?? [], settled, frame, pin)
        if (next === settled && track === s.tracks[side]) return s
        const tracks = s.tracks.slice()
        tracks[side] = track
        if (next === settled) return { tracks }
        const firstSettled = s.firstSettled.slice()
        firstSettled[side] = next
        const autoMark = s.autoMark ?? defaultMark(firstSettled)
        return { tracks, firstSettled, autoMark }
      }),
    resetSide: (side) =>
      set((s) => ({
        tracks: s.tracks.map((t, i) => (i === side ? [] : t)),
        firstSettled: s.firstSettled.map((t, i) => (i === side ? null : t)),
      })),
    resetAll: () =>
      set((s) => ({ tracks: s.tracks.map(() => []), firstSettled: s.firstSettled.map(() => null), autoMark: null, clock: 0 })),
    addNote: (n) => set((s) => ({ notes: withNote(s.notes, n) })),
    dismissNote: (i) => set((s) => ({ notes: s.notes.filter((_, k) => k !== i) })),
    setPerf: (perf) => set({ perf }),
    setCatchingUp: (side, toMs) =>
      set((s) => (s.catchingUp[side] === toMs ? s : { catchingUp: s.catchingUp.map((x, i) => (i === side ? toMs : x)) })),
    addSide: (v) =>
      set((s) => ({ variants: [...s.variants, v], firstSettled: [...s.firstSettled, null], tracks: [...s.tracks, []], catchingUp: [...s.catchingUp, null] })),
    removeSide: (side) =>
      set((s) => {
        if (side < 0 || side >= s.variants.length) return s
        const drop = <T>(xs: readonly T[]): T[] => xs.filter((_, i) => i !== side)
        const firstSettled = drop(s.firstSettled)
        return {
          variants: drop(s.variants),
          firstSettled,
          tracks: drop(s.tracks),
          catchingUp: drop(s.catchingUp),
          autoMark: s.autoMark ?? defaultMark(firstSettled),
        }
      }),
  }))
}
