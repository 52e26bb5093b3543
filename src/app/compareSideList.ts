// Adding and removing compare sides on the page. A new side is a copy of one side's variant (its
// strategy, fork moment and own actions), started from 0 s like every side and brought to the
// clock's moment by the same stops a link's `t=` uses: so it is exactly the side a link with it
// would open at that moment (same scenario and seed, same run). Letters follow places: removing
// side B makes C the new B, as the link (its `v=` order) reopens them.

import type { Variant } from '../scenario/overrides.ts'
import { LIMITS } from '../scenario/validation/limits.ts'
import { MAX_SIDES, MIN_SIDES, type CompareStore } from '../store/compareStore.ts'
import type { AppStore } from '../store/createAppStore.ts'
import type { CompareActions } from '../ui/compare/compareActions.ts'
import type { SimClient } from './simClient.ts'

interface ListedSide {
  store: AppStore
  client: SimClient
  unfollow: () => void
}

export interface SideListContext<S extends ListedSide> {
  store: CompareStore
  /** The session's sides, changed in place. */
  sides: S[]
  /** A side running `v` (not started). */
  make: (v: Variant) => S
  /** Starts a listed side and sends it to the moment the others are at or going to. */
  start: (side: S) => void
  note: (kind: 'warning', text: string, details: string[]) => void
  /** Labels this page made up (a copy's "salted 2"): see sideEdits' madeLabels. */
  madeLabels: Set<string>
  /** The sides changed (the page re-renders them; the clock looks again). */
  changed: () => void
}

/**
 * `stem` numbered `k` ("salted 2"), the stem cut (whole code points) so the label stays within what
 * a link takes (LIMITS.nameChars): a copy of an 80-character label was shared, and refused on reopening.
 */
function numbered(stem: string, k: number): string {
  const suffix = ` ${k}`
  const room = LIMITS.nameChars - suffix.length
  const chars = [...stem]
  return `${chars.length > room ? chars.slice(0, room).join('') : stem}${suffix}`
}

/** `label` made unique among `variants`: "salted" → "salted 2", "salted 2" → "salted 3". */
export function copyLabel(label: string, variants: readonly Variant[]): string {
  const stem = label.replace(/ \d+$/, '')
  const taken = new Set(variants.map((v) => v.label))
  let k = 2
  while (taken.has(numbered(stem, k))) k++
  return numbered(stem, k)
}

/**
 * `label` as side `self`'s, unique among the other sides: "salted", else "salted 2", "salted 3"
 * (the whole label is the stem: "acks 1" taken gives "acks 1 2", not another side's "acks 2").
 */
export function freshLabel(label: string, variants: readonly Variant[], self: number): string {
  const taken = new Set(variants.filter((_, i) => i !== self).map((v) => v.label))
  if (!taken.has(label)) return label
  let k = 2
  while (taken.has(numbered(label, k))) k++
  return numbered(label, k)
}

export function sideList<S extends ListedSide>(ctx: SideListContext<S>): Pick<CompareActions, 'addSide' | 'removeSide'> {
  const { store, sides } = ctx
  return {
    addSide(from) {
      const st = store.getState()
      const src = st.variants[from ?? st.variants.length - 1]
      if (src === undefined) return -1
      if (sides.length >= MAX_SIDES) {
        ctx.note('warning', `Compare mode shows at most ${MAX_SIDES} sides: remove one to add another.`, [])
        return -1
      }
      const v: Variant = { ...src, label: copyLabel(src.label, st.variants) }
      ctx.madeLabels.add(v.label)
      // The store first: the side's first frame is recorded at its place.
      st.addSide(v)
      const side = ctx.make(v)
      sides.push(side)
      side.store.getState().setPresenter(sides[0]?.store.getState().presenter === true)
      ctx.start(side)
      ctx.changed()
      return sides.length - 1
    },
    removeSide(i) {
      const side = sides[i]
      if (side === undefined || sides.length <= MIN_SIDES) return
      sides.splice(i, 1)
      side.unfollow()
      side.client.dispose()
      store.getState().removeSide(i)
      ctx.changed()
    },
  }
}
