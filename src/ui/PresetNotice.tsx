// The chosen preset's "what to notice", so the room knows where to look.

import type { ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'

export function PresetNotice(): ReactNode {
  const name = useAppStore((s) => s.scenario.name)
  const preset = useActions().presets.find((p) => p.name === name)
  return (
    <section className="panel notice" aria-labelledby="notice-h">
      <h2 id="notice-h">{preset === undefined ? 'Custom scenario' : preset.title}</h2>
      <p>{preset === undefined ? 'Edited by hand. Pick a preset to start from a story.' : preset.notice}</p>
    </section>
  )
}
