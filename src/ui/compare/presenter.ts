// Presenter mode in compare mode: every side's store holds it (each side's highway and charts read
// their own), side A's is the one the page reads for its own class.

import { useStore } from 'zustand'
import { useCompare, type CompareSideHandle } from './compareActions.ts'

export function setPresenterAll(sides: readonly CompareSideHandle[], on: boolean): void {
  for (const side of sides) side.store.getState().setPresenter(on)
}

/** Whether compare mode is in presenter mode (side A's flag; every side's is set together). */
export function usePresenter(): boolean {
  const { sides } = useCompare()
  return useStore(sides[0]!.store, (s) => s.presenter)
}
