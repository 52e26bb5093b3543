// What the user has picked on the highway: a lane to inspect, a consumer to act on, a key to trace.

import type { StateCreator } from 'zustand'
import type { AppState } from './createAppStore.ts'

export interface ConsumerSelection {
  /** Member slot index into `frame.members`. */
  member: number
  /** Display name ("consumer-2"), the id commands use. */
  name: string
  /** Where to open the menu, in page pixels. */
  x: number
  y: number
}

/** A broker box clicked on the broker strip: its menu (BrokerMenu) opens there. */
export interface BrokerSelection {
  /** Broker index into `frame.brokers` (shown as index + 1). */
  index: number
  x: number
  y: number
}

export interface SelectionSlice {
  selectedLane: number | null
  selectedConsumer: ConsumerSelection | null
  selectedBroker: BrokerSelection | null
  /** Text typed into the "Which lane?" inspector. */
  whichLaneKey: string
  shortcutsOpen: boolean
  /** The Export menu is open (its button, or the E key). */
  exportOpen: boolean
  selectLane: (lane: number | null) => void
  selectConsumer: (c: ConsumerSelection | null) => void
  selectBroker: (b: BrokerSelection | null) => void
  setWhichLaneKey: (key: string) => void
  setShortcutsOpen: (open: boolean) => void
  setExportOpen: (open: boolean) => void
}

export const createSelectionSlice: StateCreator<AppState, [], [], SelectionSlice> = (set) => ({
  selectedLane: null,
  selectedConsumer: null,
  selectedBroker: null,
  whichLaneKey: 'key-0',
  shortcutsOpen: false,
  exportOpen: false,
  selectLane: (lane) => set({ selectedLane: lane }),
  selectConsumer: (c) => set({ selectedConsumer: c }),
  selectBroker: (b) => set({ selectedBroker: b }),
  setWhichLaneKey: (key) => set({ whichLaneKey: key }),
  setShortcutsOpen: (open) => set({ shortcutsOpen: open }),
  setExportOpen: (open) => set({ exportOpen: open }),
})
