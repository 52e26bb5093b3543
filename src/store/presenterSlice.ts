// Presenter mode: big type, no developer readouts, the projector theme. Data only; the page puts a
// `presenter` class on its root and the highway reads its colours from the projector theme.

import type { StateCreator } from 'zustand'
import type { AppState } from './createAppStore.ts'

export interface PresenterSlice {
  presenter: boolean
  setPresenter: (on: boolean) => void
}

export const createPresenterSlice: StateCreator<AppState, [], [], PresenterSlice> = (set) => ({
  presenter: false,
  setPresenter: (on) => set({ presenter: on }),
})
