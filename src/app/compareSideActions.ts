// Small pieces of compare mode's session: recording shared actions into the workload's script,
// telling a side's strategy edit from a shared one, and a side's AppActions for the reused panels.

import type { Variant } from '../scenario/overrides.ts'
import type { Command, Scenario, ScenarioAction } from '../scenario/types.ts'
import type { AppStore } from '../store/createAppStore.ts'
import { isSharedEdit, type StrategyEdit } from '../store/compareEdits.ts'
import type { ScenarioEdit } from '../store/scenarioEdits.ts'
import type { AppActions } from '../ui/actions.ts'
import type { CompareActions } from '../ui/compare/compareActions.ts'
import { whichLane } from './controller.ts'

/** Inserts `cmds` at `atSec` after every action at or before that second (the script stays time-ordered). */
export function recordActions(s: Scenario, cmds: readonly Command[], atSec: number): Scenario {
  const at = s.actions.findIndex((a) => a.atSec > atSec)
  const added = cmds.map((c) => ({ ...c, atSec }) as ScenarioAction)
  const actions = at < 0 ? [...s.actions, ...added] : [...s.actions.slice(0, at), ...added, ...s.actions.slice(at)]
  return { ...s, actions }
}

/**
 * The shared script once `cmds` are recorded at sim ms `atMs`. With `fork` (given after going
 * back), the actions recorded in this session (`recorded`) after that moment go first, as each
 * side's worker drops them; the link's own script stays. New actions are added to `recorded`.
 */
export function recordShared(base: Scenario, cmds: readonly Command[], atMs: number, fork: boolean, recorded: WeakSet<object>): Scenario {
  const kept = fork ? { ...base, actions: base.actions.filter((a) => !recorded.has(a) || Math.round(a.atSec * 1000) <= atMs) } : base
  const next = recordActions(kept, cmds, atMs / 1000)
  for (const a of next.actions) if (!kept.actions.includes(a)) recorded.add(a)
  return next
}

/**
 * `v` without its own actions (`actions+`) recorded in this session (`recorded`) after sim ms
 * `atMs`: a command after going back replaces that future, as recordShared does for shared ones.
 */
export function keptBefore(v: Variant, atMs: number, recorded: WeakSet<object>): Variant {
  if (v.actions === undefined) return v
  const kept = v.actions.filter((a) => !recorded.has(a) || Math.round(a.atSec * 1000) <= atMs)
  if (kept.length === v.actions.length) return v
  const { actions: _dropped, ...rest } = v
  return kept.length > 0 ? { ...rest, actions: kept } : rest
}

/** The moment every side can apply a command at: the furthest side's frame time, whole ms. */
export function commandMoment(sides: readonly AppStore[]): number {
  return Math.ceil(Math.max(0, ...sides.map((s) => s.getState().frame?.t ?? 0)))
}

/** The furthest moment any side has reached (a command before it forks the run). */
export function furthestReached(sides: readonly AppStore[]): number {
  return Math.max(0, ...sides.map((s) => s.getState().timeline.latest))
}

/** The furthest moment every side has reached (and has checkpoints up to): where a seek may go. */
export function reachedByAll(sides: readonly AppStore[]): number {
  return Math.min(...sides.map((s) => Math.max(s.getState().timeline.latest, s.getState().frame?.t ?? 0)))
}

/** The page's edit as one side's strategy, or null when it is not one. */
export function strategyEditOf(e: ScenarioEdit): StrategyEdit | null {
  switch (e.kind) {
    case 'protocol':
    case 'assignor':
    case 'partitioner':
    case 'autoscaler':
    case 'groupType':
      return e
    case 'dynamic':
      if (e.patch.salting?.enabled !== undefined) return { kind: 'salting', enabled: e.patch.salting.enabled }
      if (e.patch.loadAware?.enabled !== undefined) return { kind: 'loadAware', enabled: e.patch.loadAware.enabled }
      return null
    default:
      return null
  }
}

/**
 * A side's AppActions: everything goes through compare mode's actions (faults to every side).
 * `index` reads the side's place now: a side removed before it moves the later ones up.
 */
export function sideActions(actions: CompareActions, index: () => number): AppActions {
  // Built as a value, then returned. Going back in time moves every side (one clock); pausing at
  // a rebalance is single mode's (sides rebalance at different moments).
  const a = {
    presets: [],
    stepBack: actions.stepBack,
    seek: actions.seek,
    setPauseAtRebalance: () => {},
    setPlaying: actions.setPlaying,
    togglePlay: actions.togglePlay,
    step: actions.step,
    setSpeed: actions.setSpeed,
    restart: actions.restart,
    edit(e: ScenarioEdit) {
      const se = strategyEditOf(e)
      if (se !== null) actions.editSide(index(), se)
      else if (isSharedEdit(e)) actions.editShared(e)
    },
    choosePreset: () => {},
    inject: actions.inject,
    share: () => actions.share(),
    whichLane,
  }
  return a
}
