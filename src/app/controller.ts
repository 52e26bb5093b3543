// AppActions for one highway: turns UI requests into store updates and worker requests.
// Holds no state of its own beyond its collaborators.

import { partitionForKey, murmur2, toPositive } from '../kafka/murmur2.ts'
import { utf8Bytes } from '../kafka/utf8.ts'
import type { Preset } from '../scenario/presets/preset.ts'
import type { Scenario } from '../scenario/types.ts'
import type { AppStore } from '../store/createAppStore.ts'
import { applyEdit, type ScenarioEdit } from '../store/scenarioEdits.ts'
import type { AppActions, WhichLaneResult } from '../ui/actions.ts'
import type { SimClient } from './simClient.ts'

export const STEP_MS = 100

export interface ControllerDeps {
  store: AppStore
  client: SimClient
  presets: readonly Preset[]
  /** Returns issues when a scenario is not valid (empty when fine). */
  validate: (s: Scenario) => ReadonlyArray<{ path: string; message: string }>
  /** Copies the current link; resolves to the message to show. */
  share: () => Promise<string>
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

export function createController(d: ControllerDeps): AppActions {
  const { store, client } = d

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

  const actions: AppActions = {
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
    restart() {
      startRun(store.getState().scenario)
    },
    edit(e: ScenarioEdit) {
      const r = applyEdit(store.getState().scenario, e)
      if (!accept(r.scenario)) return
      if (r.restart) {
        startRun(r.scenario)
        return
      }
      store.getState().setScenario(r.scenario, false)
      for (const c of r.commands) client.command(c)
    },
    choosePreset(name) {
      const p = d.presets.find((x) => x.name === name)
      if (p !== undefined) startRun(p.build())
    },
    inject(command) {
      client.command(command)
    },
    share: () => d.share(),
    whichLane,
  }
  return actions
}
