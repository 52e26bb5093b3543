// What the CLI's own JSON outputs are when handed back as --scenario: `import --json` wraps the
// scenario it built ({scenario, fields, story, offers, …}) and is read as that scenario; `run --json`
// (the page's Export → Summary) is a run's result, not a scenario, and is refused naming what it
// ran. Both were read as a scenario whose every field was unknown: the defaults ran, exit 0, the
// architect's cluster silently replaced by "steady". Pure.

import { getPreset } from '../scenario/index.ts'

export type Unwrapped = { ok: true; text: string } | { ok: false; problem: string }

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** The scenario text inside `text` (unchanged unless it is one of the CLI's own outputs), or why it is no scenario. */
export function unwrapScenarioJson(text: string): Unwrapped {
  const t = text.trimStart()
  if (!t.startsWith('{')) return { ok: true, text }
  let doc: unknown
  try {
    doc = JSON.parse(t) as unknown
  } catch {
    // Not JSON: the scenario reader says where, as it does for any file.
    return { ok: true, text }
  }
  if (!isObject(doc)) return { ok: true, text }
  if (isObject(doc.scenario) && Array.isArray(doc.fields) && typeof doc.story === 'string') {
    return { ok: true, text: JSON.stringify(doc.scenario) }
  }
  if (typeof doc.simSeconds === 'number' && 'latencyMs' in doc && 'produced' in doc) {
    const name = typeof doc.scenario === 'string' ? doc.scenario : undefined
    const seed = typeof doc.seed === 'number' ? doc.seed : undefined
    const what = name === undefined ? '' : `; it reports a run of "${name.slice(0, 80)}"${seed === undefined ? '' : `, seed ${seed}`}`
    const again =
      name !== undefined && getPreset(name) !== undefined
        ? `: --preset ${name}${seed === undefined ? '' : ` --seed ${seed}`} runs it again`
        : ': give the run’s page link or scenario file instead'
    return { ok: false, problem: `a run summary (run --json, or the page's Export → Summary), not a scenario${what}${again}` }
  }
  return { ok: true, text }
}
