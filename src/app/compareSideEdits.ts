// A side's own changes in compare mode: a fault or command for one side only, and a strategy edit
// that restarts that side. Both are recorded in the side's variant, at the shared clock's moment,
// so the link replays them; after going back in time they replace that side's recorded future.

import { settingsBefore } from '../scenario/liveOverrides.ts'
import { mergeActions, variantScenario, type Variant } from '../scenario/overrides.ts'
import { applyCommandToScenario } from '../scenario/applyCommand.ts'
import type { Command, Scenario, ScenarioAction } from '../scenario/types.ts'
import { FORK_BEFORE_LABEL, membersShortfall, scriptedMembers, strategyEditLabel, strategySet, withOverrides, type StrategyEdit } from '../store/compareEdits.ts'
import type { CompareStore } from '../store/compareStore.ts'
import type { AppStore } from '../store/createAppStore.ts'
import type { CompareActions } from '../ui/compare/compareActions.ts'
import { commandMoment, keptBefore } from './compareSideActions.ts'
import { freshLabel } from './compareSideList.ts'
import type { SimClient } from './simClient.ts'

export interface SideEditContext {
  store: CompareStore
  sides: ReadonlyArray<{ store: AppStore; client: SimClient }>
  /** Actions recorded in this session (a fork replaces only these). */
  recordedHere: WeakSet<object>
  /**
   * Labels this page made up, not the teacher: a copy's ("load-aware 2", Add side) and the ones
   * given here. A side with one takes its strategy edit's name (a copy of "load-aware" turned to
   * salting said "load-aware 2"), as does a fork's "before"; any other label from a link or the
   * Compare button is kept. Labels are unique among the sides, so the label says which side; a link
   * reopens them as the teacher's.
   */
  madeLabels: Set<string>
  /** `keep`: about what runs (a placement dropped), so routine notes never push it out. */
  note: (kind: 'warning' | 'info', text: string, details: string[], keep?: boolean) => void
  restartSide: (i: number, scenario: Scenario, toMs: number) => void
}

export function sideEdits(ctx: SideEditContext): Pick<CompareActions, 'injectSide' | 'editSide'> {
  const { store, sides, recordedHere, madeLabels, note, restartSide } = ctx
  return {
    injectSide(i: number, command: Command): void {
      const st = store.getState()
      const v = st.variants[i]
      const side = sides[i]
      if (v === undefined || side === undefined) return
      // The shared moment, as a shared command's: one clock, so "B rebalanced at 20 s" means A's 20 s too.
      const atT = commandMoment(sides.map((x) => x.store))
      // This side has been further (the clock went back): its future recorded here is replaced.
      const fork = atT < side.store.getState().timeline.latest
      const kept = fork ? keptBefore(v, atT, recordedHere) : v
      const action = { ...command, atSec: atT / 1000 } as ScenarioAction
      const next: Variant = { ...kept, actions: mergeActions(kept.actions ?? [], [action]) }
      const r = variantScenario(st.base, next)
      if (!r.ok) {
        note('warning', `Side “${v.label}” did not run it:`, [`${r.path}: ${r.message}`])
        return
      }
      recordedHere.add(action)
      st.setVariant(i, next)
      if (fork) {
        st.resetSide(i)
        restartSide(i, r.scenario, atT)
        return
      }
      // The single page's path: the live command to this side's worker, which records it on its timeline.
      side.client.command(command, atT)
      const ss = side.store.getState()
      ss.setScenario(applyCommandToScenario(ss.scenario, command), false)
    },
    editSide(i: number, e: StrategyEdit): void {
      const st = store.getState()
      const v = st.variants[i]
      const side = sides[i]
      if (v === undefined || side === undefined) return
      const nowSec = st.clock / 1000
      const cur = settingsBefore(side.store.getState().scenario, nowSec)
      const set = withOverrides(v, strategySet(cur, e, scriptedMembers(st.base, v, nowSec)))
      // Members asking fewer than the shared Consumers added since the side's start: it gets what it
      // can (none of its own), named and said as such, not as the count asked.
      const short = e.kind === 'members' ? membersShortfall(st.base, v, nowSec, e.count) : null
      const named: StrategyEdit = short === null ? e : { kind: 'members', count: short.have }
      // A fork's "before" is no longer the run as it was once its strategy changes: it is renamed too
      // (a fork opens as a link, so its labels are not among the ones made up here).
      const renamed = madeLabels.has(v.label) || v.label === FORK_BEFORE_LABEL
      const next = renamed ? { ...set, label: freshLabel(strategyEditLabel(cur, named), st.variants, i) } : set
      const r = variantScenario(st.base, next)
      if (!r.ok) {
        // A fork's changed side runs its change from the fork's moment, so a setting that holds
        // from the start (group type, protocol …) cannot join it: the link's words ("@SEC") alone
        // left a teacher stuck; Add side gives a side from 0 s.
        const fork = v.atSec === undefined ? [] : [`This side makes its change at ${v.atSec} s (a fork), and that setting holds from 0 s: Add side, copy the other side and change the copy.`]
        note('warning', `Side “${v.label}” was not changed:`, [`${r.path}: ${r.message}`, ...fork])
        return
      }
      if (short !== null) {
        const who = cur.group.type === 'share' ? 'members' : 'consumers'
        note('warning', `Side “${next.label}” has ${short.have} ${who}, not ${short.asked}:`, [short.why])
      }
      // What the change did to an imported placement (dropped for a new broker count), said once:
      // a later edit of the same side carries the same override and the same note.
      if (r.note !== undefined) {
        const had = variantScenario(st.base, v)
        if (!had.ok || had.note !== r.note) note('info', `Side “${next.label}” was changed:`, [r.note], true)
      }
      // Members asked again for what it cannot have: the side already runs that, no restart for nothing.
      if (short !== null && JSON.stringify(next) === JSON.stringify(v)) return
      if (next.label !== v.label) madeLabels.add(next.label)
      st.setVariant(i, next)
      st.resetSide(i)
      restartSide(i, r.scenario, st.clock)
    },
  }
}
