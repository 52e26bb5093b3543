// The chosen preset's "what to notice", so the room knows where to look. Once a setting has been
// changed the story may no longer hold, and the panel says so rather than describe another run.
// On a short screen (a 1024×768 projector) the story starts folded to its first lines, so it never
// pushes the narration below it off screen; a disclosure button unfolds it.

import { useId, useState, type ReactNode } from 'react'
import { editedFromPreset } from '../store/presetMatch.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useActions } from './actions.ts'
import { breakAtDots } from './fields.tsx'
import { IMPORTED_NAME_PREFIX } from '../scenario/import/types.ts'
import { ImportedNotice, useImportedStory } from './import/ImportedNotice.tsx'

/** Below this window height (px) the story starts folded. */
export const FOLD_BELOW_PX = 900

function tallWindow(): boolean {
  return typeof window === 'undefined' || window.innerHeight >= FOLD_BELOW_PX
}

export function PresetNotice(): ReactNode {
  const scenario = useAppStore((s) => s.scenario)
  // A lesson runs its own scenario: not an edited preset (the lesson panel says what to watch).
  const lesson = useAppStore((s) => s.lessonTitle)
  const presets = useActions().presets
  const preset = lesson === null ? presets.find((p) => p.name === scenario.name) : undefined
  const edited = preset?.scenario !== undefined && editedFromPreset(scenario, preset.scenario)
  const [open, setOpen] = useState(tallWindow)
  const storyId = useId()
  // IMPORT: an imported cluster's story takes the preset story's place.
  const importedNow = useImportedStory()
  const imported = preset === undefined && lesson === null ? importedNow : null
  // A colleague's link to an imported cluster: the story and offers stayed in the importer's page,
  // but the scenario is still theirs, not "edited by hand".
  const sharedImport = preset === undefined && lesson === null && imported === null && scenario.name.startsWith(IMPORTED_NAME_PREFIX)
  // What the notice is about, in the order that wins: a lesson, this page's import, a colleague's
  // import, a preset, else a hand-made scenario. (This page's import draws its own story below.)
  const [title, story]: [string, ReactNode] =
    lesson !== null
      ? [`Lesson: ${lesson}`, 'The lesson’s own scenario: the lesson panel says what to watch at each step. When the lesson ends, the run plays on as a sandbox.']
      : imported !== null
        ? [`Imported: ${imported.scenario.topic.name}`, null]
        : sharedImport
          ? [`Imported: ${scenario.topic.name}`, 'A real cluster imported from its tools’ output (kafka-consumer-groups.sh, kcat, kafka_exporter …): the lanes start with the lag measured there. The import’s story and its comparisons stay in the page that imported it.']
          : preset !== undefined
            ? [preset.title, breakAtDots(preset.notice)]
            : ['Custom scenario', 'Edited by hand. Pick a preset to start from a story.']
  return (
    <section className="panel notice" aria-labelledby="notice-h">
      <h2 id="notice-h">
        <span>{title}</span>
        <button type="button" className="ghost fold" aria-expanded={open} aria-controls={storyId} onClick={() => setOpen(!open)}>
          {open ? 'Less' : 'More'}
          <span className="sr-only"> of the story</span>
        </button>
      </h2>
      {imported !== null ? <ImportedNotice imported={imported} storyId={storyId} open={open} /> : null}
      {imported === null && edited ? (
        // Folded with the story (a short screen), in a few words (More gives them whole): whole, in
        // presenter mode's 20 px, they took six lines of the column after a teacher's first fault and
        // pushed "What just happened" down under the fold.
        <p className="edited" role="note">
          {open
            ? 'Edited: a setting, a fault or a command has changed this run since the preset was picked, so what you see may differ from the story below. Pick the preset again to start it over.'
            : 'Edited: the story below may no longer hold.'}
        </p>
      ) : null}
      {imported === null ? (
        <p id={storyId} className={open ? 'story' : 'story folded'}>
          {story}
        </p>
      ) : null}
    </section>
  )
}
