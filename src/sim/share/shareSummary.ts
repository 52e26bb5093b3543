// A share group's figures, as `highway run --json` prints them (`shareGroup`) and the page shows
// them: read from the world, never changing it.

import { countIn, inFlight } from '../../kafka/sharePartition.ts'
import type { WorldState } from '../worldState.ts'

export interface ShareGroupSummary {
  /** Records acquired by members, redeliveries included. */
  acquired: number
  acknowledged: number
  /** Released by the application or by an expired lock: back to AVAILABLE for another delivery. */
  released: number
  /** Acquired again after a release or an expired lock (delivery count > 1): each one is a duplicate. */
  redelivered: number
  /** Rejected, or released / expired at group.share.delivery.count.limit: never delivered again. */
  archived: number
  maxDeliveryCount: number
  /** The most records in flight on one partition (bounded by group.share.partition.max.record.locks). */
  inFlightMax: number
  /** In flight now: acquired (locked to a member) and available (waiting to be delivered again). */
  inFlight: number
  locked: number
  /** Records not yet acknowledged or archived: the share group's lag (log end − settled). */
  lag: number
}

export function shareGroupSummary(w: WorldState): ShareGroupSummary | undefined {
  const sh = w.share
  if (!sh) return undefined
  let flight = 0
  let locked = 0
  let settledInWindow = 0
  let lag = 0
  for (let p = 0; p < w.P; p++) {
    const sp = sh.parts[p]!
    flight += inFlight(sp)
    locked += countIn(sp, 'acquired')
    settledInWindow = countIn(sp, 'acknowledged') + countIn(sp, 'archived')
    lag += w.leo[p]! - sp.start - settledInWindow
  }
  const st = sh.stats
  return {
    acquired: st.acquired,
    acknowledged: st.acknowledged,
    released: st.released,
    redelivered: st.redelivered,
    archived: st.archived,
    maxDeliveryCount: st.maxDeliveryCount,
    inFlightMax: st.inFlightMax,
    inFlight: flight,
    locked,
    lag,
  }
}
