// AppActions for one highway: turns UI requests into store updates and worker requests.
// Holds no state of its own beyond its collaborators.

import { partitionForKey, murmur2, toPositive } from '../kafka/murmur2.ts'
import { utf8Bytes } from '../kafka/utf8.ts'
import type { Preset } from '../scenario/presets/preset.ts'
import { settingsAt } from '../scenario/applyCommand.ts'
import type { Command, Scenario } from '../scenario/types.ts'
import type { AppStore } from '../store/createAppStore.ts'
import { applyEdit, withRefused, type ScenarioEdit } from '../store/scenarioEdits.ts'
import { markerTarget } from '../store/timelineMarkers.ts'
import { baseTime } from '../store/timelineSlice.ts'
import type { AppActions, WhichLaneResult } from '../ui/actions.ts'
import { throttleEdits, type EditTimer } from './editThrottle.ts'
import type { SimClient } from './simClient.ts'

export const STEP_MS = 100

export interface ControllerDeps {
  store: AppStore
  client: SimClient
  presets: readonly Preset[]
  /** Returns issues when a scenario is not valid (empty when fine). */
  validate: (s: Scenario) => ReadonlyArray<{ path: string; message: string }>
  /** Copies the current link (with `momentMs`, the link to that moment); resolves to the message to show. */
  share: (momentMs?: number) => Promise<string>
  /** Wall clock and timer for pacing slider drags (default: the page's). */
  timer?: EditTimer
}

/**
 * The run's scenario as it will be once `commands` are recorded at sim ms `tMs`: the t = 0
 * settings, the actions up to `tMs` (a command after seeking back drops the recorded future) and
 * the commands at `tMs`. Pure; what a live edit is validated against.
 */
export function recordedAt(s: Scenario, commands: readonly Command[], tMs: number): Scenario {
  const t = Math.max(0, Math.round(tMs))
  const kept = s.actions.filter((a) => Math.round(a.atSec * 1000) <= t)
  return { ...s, actions: [...kept, ...commands.map((c) => ({ ...c, atSec: t / 1000 }))] }
}

/** The murmur2 walk-through for the "Which lane?" inspector. Pure. */
export function whichLane(key: string, partitions: number): WhichLaneResult {
  const bytes = utf8Bytes(key)
  const hash = murmur2(bytes)
  const n = Math.max(1, partitions)
  return {
    bytesHex: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' '),
    hash,
    positive: toPositive(hash),
    partition: partitionForKey(key, n),
  }
}

/**
 * A live edit that changes how records are routed (partitioner, salting, load-aware routing): the
 * counts after it measure the new strategy. (Protocol and assignor changes restart the run.)
 */
export function changesStrategy(e: ScenarioEdit): boolean {
  if (e.kind === 'partitioner') return true
  if (e.kind !== 'dynamic') return false
  return e.patch.salting !== undefined || e.patch.loadAware !== undefined
}

export interface Controller extends AppActions {
  /**
   * Shows sim ms `tMs` paused (a moment link): a seek within the run so far, else a step there
   * (the worker seeks only up to the furthest moment it has reached).
   */
  openAt(tMs: number): void
}

export function createController(d: ControllerDeps): Controller {
  const { store, client } = d
  /**
   * The run's scenario with the live commands sent but not yet echoed back in the worker's
   * `actions`, while the store still holds `base`. A second edit before that answer (Enter and
   * the change event both commit one field) must count from the first, not add its delta again.
   */
  let sent: { base: Scenario; scenario: Scenario } | null = null
  const runScenario = (): Scenario => {
    const now = store.getState().scenario
    if (sent !== null && sent.base !== now) sent = null
    return sent?.scenario ?? now
  }

  function startRun(scenario: Scenario): void {
    store.getState().setScenario(scenario, true)
    client.start(store.getState().runId, scenario)
  }

  function accept(scenario: Scenario): boolean {
    const issues = d.validate(scenario)
    if (issues.length === 0) return true
    store
      .getState()
      .showBanner('warning', 'That setting was not applied:', issues.slice(0, 5).map((i) => `${i.path}: ${i.message}`))
    return false
  }

  function editNow(e: ScenarioEdit): void {
    // Controls show the settings in force now, so an edit's deltas (consumers 5 → 6) are from them.
    const s = store.getState()
    const run = runScenario()
    const now = settingsAt(run, s.simTime)
    // Partitions the controller refused (every broker fenced) are in the settings, not in the topic.
    const r = applyEdit(now, withRefused(e, now.topic.partitions, s.frame?.refusedPartitions ?? 0))
    if (r.restart) {
      // Not a live command: it changes the settings at t = 0, and the run's actions replay on it.
      const from0 = applyEdit(run, e)
      if (!accept(from0.scenario)) return
      startRun(from0.scenario)
      // What the edit did beyond itself (an imported replica placement dropped), in words.
      if (from0.note !== undefined) store.getState().showBanner('info', from0.note)
      return
    }
    const next = recordedAt(run, r.commands, s.simTime)
    if (r.commands.length === 0 || !accept(next)) return
    // Not written into the store: the worker records the commands and sends the run's actions back.
    sent = { base: s.scenario, scenario: next }
    for (const c of r.commands) client.command(c)
    // Ordering violations, remapped keys … count from a strategy change, not from the start.
    if (changesStrategy(e)) s.setMark(s.simTime, 'strategy')
  }

  const paced = throttleEdits(editNow, d.timer)

  const actions: Controller = {
    presets: d.presets.map((p) => ({ name: p.name, title: p.title, notice: p.notice, scenario: p.build() })),
    setPlaying(playing) {
      store.getState().setPlaying(playing)
      client.setPlaying(playing)
    },
    togglePlay() {
      actions.setPlaying(!store.getState().playing)
    },
    step() {
      actions.setPlaying(false)
      client.step(STEP_MS)
    },
    setSpeed(speed) {
      store.getState().setSpeed(speed)
      client.setSpeed(store.getState().speed)
    },
    stepBack() {
      actions.seek(baseTime(store.getState()) - STEP_MS)
    },
    seek(toT) {
      const s = store.getState()
      const latest = Math.max(s.timeline.latest, s.simTime)
      const t = Math.round(Math.min(latest, Math.max(0, Number.isFinite(toT) ? toT : 0)))
      actions.setPlaying(false)
      s.setSeeking(true, t)
      client.seek(t)
    },
    openAt(tMs) {
      const s = store.getState()
      const t = Math.max(0, Math.round(tMs))
      if (t <= s.timeline.latest) {
        actions.seek(t)
        return
      }
      actions.setPlaying(false)
      client.step(t - s.simTime)
    },
    nextStep() {
      const s = store.getState()
      const to = markerTarget(s.timeline.markers, baseTime(s), 1)
      if (to !== undefined) actions.seek(to)
    },
    prevStep() {
      const s = store.getState()
      actions.seek(markerTarget(s.timeline.markers, baseTime(s), -1) ?? 0)
    },
    setPauseAtRebalance(on) {
      store.getState().setPauseAtRebalance(on)
    },
    restart() {
      startRun(store.getState().scenario)
    },
    edit: (e: ScenarioEdit) => paced(e),
    choosePreset(name) {
      const p = d.presets.find((x) => x.name === name)
      if (p !== undefined) startRun(p.build())
    },
    inject(command) {
      // A fault is recorded like any live change: refused when the run could not hold it (a link
      // with it would not open), e.g. past the scenario's 1 000 actions.
      const s = store.getState()
      const next = recordedAt(runScenario(), [command], s.simTime)
      if (!accept(next)) return
      sent = { base: s.scenario, scenario: next }
      client.command(command)
    },
    share: (opts) => d.share(opts?.moment === true ? store.getState().simTime : undefined),
    whichLane,
  }
  return actions
}
