// An imported cluster's story and compare offers (issue 11), shown where a preset's story goes for
// as long as the imported scenario is the one on screen. Data only.

import type { StateCreator } from 'zustand'
import type { Scenario } from '../scenario/types.ts'
import type { AppState } from './createAppStore.ts'

export interface ImportedOffer {
  id: string
  label: string
  why: string
  /** The compare link's hash (after '#'). */
  hash: string
}

export interface ImportedStory {
  /** The scenario as imported: the story holds while the scenario on screen is this one, unedited. */
  scenario: Scenario
  story: string
  offers: ImportedOffer[]
}

export interface ImportSlice {
  imported: ImportedStory | null
  setImported: (imported: ImportedStory | null) => void
}

export const createImportSlice: StateCreator<AppState, [], [], ImportSlice> = (set) => ({
  imported: null,
  setImported: (imported) => set({ imported }),
})
