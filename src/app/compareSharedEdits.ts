// The shared changes of compare mode: a load edit or a fault that every side takes at one moment
// (`atT`), recorded into the shared workload's script so a link replays it. After going back in
// time a change replaces the future recorded here since then, and every side is rebuilt from the
// script up to that moment.

import { settingsBefore } from '../scenario/liveOverrides.ts'
import type { Variant } from '../scenario/overrides.ts'
import { applyCommandToScenario } from '../scenario/applyCommand.ts'
import type { Command, Scenario } from '../scenario/types.ts'
import { isSharedEdit } from '../store/compareEdits.ts'
import type { CompareStore } from '../store/compareStore.ts'
import type { AppStore } from '../store/createAppStore.ts'
import { applyEdit, withRefused, type ScenarioEdit } from '../store/scenarioEdits.ts'
import { commandMoment, furthestReached, keptBefore, recordShared } from './compareSideActions.ts'
import type { SimClient } from './simClient.ts'

export interface SharedEditContext {
  store: CompareStore
  sides: ReadonlyArray<{ store: AppStore; client: SimClient }>
  /** Shared actions recorded in this session (not the link's own script), and sides' own ones. */
  recordedHere: WeakSet<object>
  validate: (s: Scenario) => ReadonlyArray<{ path: string; message: string }>
  /** `keep`: about what runs (a placement cut), so routine notes never push it out. */
  note: (kind: 'warning' | 'info', text: string, details?: string[], keep?: boolean) => void
  /** Shows every frame the sides hold, so the moment chosen is the furthest side's (compareHold.ts). */
  settleAll: () => void
  scenarioFor: (base: Scenario, v: Variant) => Scenario
  restartSide: (i: number, scenario: Scenario, toMs: number) => void
  restartAll: () => void
}

export interface SharedEdits {
  /** Sends `cmds` to every side at the furthest side's moment and records them. */
  broadcast(cmds: readonly Command[]): void
  /** A shared control's edit: live commands, or (not a live change) the workload from 0 s. */
  editSharedNow(e: ScenarioEdit): void
  /** True when `s` validates; otherwise says why in the notes. */
  accept(s: Scenario): boolean
}

export function sharedEdits(ctx: SharedEditContext): SharedEdits {
  const { store, sides, recordedHere, note } = ctx

  function broadcast(cmds: readonly Command[]): void {
    if (cmds.length === 0) return
    // The command goes after the furthest side's moment: its frames waiting to be shown count.
    ctx.settleAll()
    const atT = commandMoment(sides.map((x) => x.store))
    // After going back, the command replaces the future recorded here since (the workload's own
    // script stays). Every side is then rebuilt from that script up to this moment, so each side's
    // run is exactly the link's, whichever sides were restarted before with the old future in it.
    const fork = atT < furthestReached(sides.map((x) => x.store))
    const next = recordShared(store.getState().base, cmds, atT, fork, recordedHere)
    store.getState().setBase(next)
    if (fork) {
      store.getState().variants.forEach((old, i) => {
        const v = keptBefore(old, atT, recordedHere)
        if (v !== old) store.getState().setVariant(i, v)
        store.getState().resetSide(i)
        ctx.restartSide(i, ctx.scenarioFor(next, v), atT)
      })
      return
    }
    for (const side of sides) {
      for (const c of cmds) side.client.command(c, atT)
      const st = side.store.getState()
      st.setScenario(cmds.reduce(applyCommandToScenario, st.scenario), false)
    }
  }

  function accept(s: Scenario): boolean {
    const issues = ctx.validate(s)
    if (issues.length === 0) return true
    note('warning', 'That setting was not applied:', issues.slice(0, 5).map((x) => `${x.path}: ${x.message}`))
    return false
  }

  function editSharedNow(e: ScenarioEdit): void {
    const { base } = store.getState()
    if (!isSharedEdit(e)) return
    ctx.settleAll()
    const now = settingsBefore(base, commandMoment(sides.map((x) => x.store)) / 1000)
    // Partitions side A's run refused (every broker fenced) are in the settings, not in the topic.
    const r = applyEdit(now, withRefused(e, now.topic.partitions, sides[0]?.store.getState().frame?.refusedPartitions ?? 0))
    if (!accept(r.scenario)) return
    if (r.restart) {
      // Not a live change (fewer partitions, a timeout, the seed): the workload itself changes from 0 s.
      const from0 = applyEdit(base, e)
      if (!accept(from0.scenario)) return
      store.getState().setBase(from0.scenario)
      ctx.restartAll()
      // What it did to an imported placement (fewer partitions keep the first ones), as one highway's banner says.
      if (from0.note !== undefined) note('info', from0.note, [], true)
      return
    }
    broadcast(r.commands)
  }

  return { broadcast, editSharedNow, accept }
}
