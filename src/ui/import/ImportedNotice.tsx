// An imported cluster's story where a preset's story goes, with its compare offers as buttons
// (each opens compare mode). Once a setting changes, the story may no longer hold: it says so.

import type { ReactNode } from 'react'
import type { ImportedStory } from '../../store/importSlice.ts'
import { editedFromPreset } from '../../store/presetMatch.ts'
import { useAppStore } from '../../store/useAppStore.ts'
import { useActions } from '../actions.ts'

/** The import's story while its scenario is the one shown, else null. */
export function useImportedStory(): ImportedStory | null {
  const imported = useAppStore((s) => s.imported)
  const name = useAppStore((s) => s.scenario.name)
  return imported !== null && imported.scenario.name === name ? imported : null
}

export function ImportedNotice({ imported, storyId, open }: { imported: ImportedStory; storyId: string; open: boolean }): ReactNode {
  const scenario = useAppStore((s) => s.scenario)
  const openCompare = useActions().openCompareLink
  const edited = editedFromPreset(scenario, imported.scenario)
  return (
    <>
      {edited ? (
        <p className="edited" role="note">
          Edited: settings changed since the import, so what you see may differ from the story below.
        </p>
      ) : null}
      <p id={storyId} className={open ? 'story' : 'story folded'}>
        {imported.story}
      </p>
      {openCompare !== undefined && imported.offers.length > 0 ? (
        <div className="import-offers" role="group" aria-label="Compare fixes side by side">
          {imported.offers.map((o) => (
            <button key={o.id} type="button" title={o.why} onClick={() => openCompare(o.hash)}>
              {o.label}
            </button>
          ))}
        </div>
      ) : null}
    </>
  )
}
