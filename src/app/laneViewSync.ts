// PAGESCALE: tells a highway's simulation client how its page shows a big topic's lanes, now and on
// every change of grouping, open group or inspected lane (the worker then builds just those rows).

import type { AppStore } from '../store/createAppStore.ts'
import { laneViewOf } from '../store/laneViewSlice.ts'
import type { SimClient } from './simClient.ts'

/** Follows the store's lane view into `client`; returns the unsubscribe. */
export function followLaneView(store: AppStore, client: Pick<SimClient, 'setLaneView'>): () => void {
  client.setLaneView?.(laneViewOf(store.getState()))
  return store.subscribe((s, prev) => {
    // A frame of every lane (a small topic) already holds what any view needs: no new frame then.
    if (s.laneBy !== prev.laneBy || s.laneOpen !== prev.laneOpen || s.selectedLane !== prev.selectedLane) client.setLaneView?.(laneViewOf(s), s.frame?.grouped !== undefined)
  })
}
