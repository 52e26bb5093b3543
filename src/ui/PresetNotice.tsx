// The chosen preset's "what to notice", so the room knows where to look. Once a setting has been
// changed the story may no longer hold, and the panel says so rather than describe another run.

import type { ReactNode } from 'react'
import { editedFromPreset } from '../store/presetMatch.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'

export function PresetNotice(): ReactNode {
  const scenario = useAppStore((s) => s.scenario)
  const preset = useActions().presets.find((p) => p.name === scenario.name)
  const edited = preset?.scenario !== undefined && editedFromPreset(scenario, preset.scenario)
  return (
    <section className="panel notice" aria-labelledby="notice-h">
      <h2 id="notice-h">{preset === undefined ? 'Custom scenario' : preset.title}</h2>
      {edited ? (
        <p className="edited" role="note">
          Edited: settings changed since this preset was picked, so what you see may differ from the story below. Pick the
          preset again to start it over.
        </p>
      ) : null}
      <p>{preset === undefined ? 'Edited by hand. Pick a preset to start from a story.' : preset.notice}</p>
    </section>
  )
}
