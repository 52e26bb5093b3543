// The warnings a command prints for the runs it makes of a loaded scenario, and what --strict and
// `validate` do with them. Pure.

import { isDuplicateKey, isUnknownField, validateScenario, type Issue, type Scenario } from '../scenario/index.ts'
import { failure, warningLines } from './args.ts'
import type { CommandResult } from './runCommand.ts'

/**
 * A warning's identity apart from where its action sits: the validator sorts the script by atSec,
 * so the file's actions[3] may be the normalized scenario's actions[0].
 */
function looseKey(w: Issue): string {
  return `${w.path.replace(/^actions\[\d+\]/, 'actions[]')}\n${w.message}`
}

function warningsOf(s: Scenario): Issue[] {
  const v = validateScenario(s)
  return v.ok ? v.warnings : []
}

/**
 * The warnings for runs of the loaded scenario after their overrides (--set, compare's variants):
 * the file's own, in its terms (paths count its actions as it lists them), less those every run's
 * overrides put right (--set durationSec=200 for an action at 150 s); then those the overrides
 * bring (--set group.consumers=1 when the script crashes consumer-3), named by the run when only
 * some runs have them. Unknown fields are the file's alone: a validated scenario has none.
 */
export function runWarnings(loaded: { scenario: Scenario; warnings: readonly Issue[] }, runs: ReadonlyArray<{ label: string; scenario: Scenario }>): Issue[] {
  const base = new Set(warningsOf(loaded.scenario).map(looseKey))
  const each = runs.map((r) => {
    const warnings = warningsOf(r.scenario)
    return { label: r.label, warnings, keys: new Set(warnings.map(looseKey)) }
  })
  const out = loaded.warnings.filter((w) => isUnknownField(w) || !base.has(looseKey(w)) || each.some((r) => r.keys.has(looseKey(w))))
  const added = new Set<string>()
  for (const r of each) {
    for (const w of r.warnings) {
      const k = looseKey(w)
      if (base.has(k) || added.has(k)) continue
      const everywhere = each.every((x) => x.keys.has(k))
      if (everywhere) added.add(k)
      out.push(everywhere || r.label === '' ? w : { path: `run "${r.label}": ${w.path}`, message: w.message })
    }
  }
  return out
}

/**
 * What overrides did to an imported placement (cluster.assignment, cluster.leaders: dropped for a
 * new broker count or replication factor, cut or grown with the partitions), as warnings: the run
 * goes on with the placer's placement, so the user must hear the pasted one is gone. `where` names
 * the overrides (`--set`, or `run "LABEL"` for one of compare's runs).
 */
export function placementWarnings(runs: ReadonlyArray<{ where: string; note?: string | undefined }>): Issue[] {
  return runs.flatMap((r) => (r.note === undefined ? [] : [{ path: r.where, message: r.note }]))
}

/**
 * What --strict does: nothing when there are no warnings; else the warnings, one line each, a last
 * line saying why nothing ran, and exit 2.
 */
export function strictStop(cmd: string, warnings: readonly Issue[]): CommandResult | null {
  if (warnings.length === 0) return null
  const n = warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`
  return { stdout: '', stderr: `${warningLines(cmd, warnings)}${failure(cmd, `--strict: stopped on ${n} (without --strict the ${cmd} goes on, ignoring what they name)`).stderr}`, code: 2 }
}

/** What the file says that is not read: an unknown field, or a key given twice (JSON keeps the last). */
function isIgnoredText(w: Issue): boolean {
  return isUnknownField(w) || isDuplicateKey(w)
}

/** validate's answer when the scenario has unknown fields or keys given twice: each one a problem (exit 2), other warnings as warnings. */
export function unknownFieldsStop(warnings: readonly Issue[]): CommandResult | null {
  if (!warnings.some(isIgnoredText)) return null
  const lines = warnings.map((w) => (isIgnoredText(w) ? failure('validate', `${w.path}: ${w.message}`).stderr : warningLines('validate', [w])))
  return { stdout: '', stderr: lines.join(''), code: 2 }
}
