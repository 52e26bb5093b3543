// Broker load: records and bytes each broker appends as leader, records consumers fetch from it,
// per second over the last metrics window (1 s), and the broker-hotspot flag. Reads and writes
// only `w.cluster` (and the live producers' record sizes); counted at the append (produce.ts
// appendAll, in its loop over the lanes) and the fetch.

import type { SimCore } from '../core.ts'
import { rateAt } from '../rate.ts'
import type { WorldState } from '../worldState.ts'
import { closeCapacityWindow } from './brokerCapacity.ts'
import { ledBy, type ClusterState } from './clusterState.ts'

/**
 * A broker is hot when its in-rate is above this many times the mean in-rate of the live brokers
 * (with at least two up, none of them stopping). The lane rule (hotspots.ts) uses partitionSkewThreshold (2×) over many
 * lanes; a cluster has few brokers (with 3, one broker can reach at most 3× the mean), so the
 * broker rule is lower: 1.5× means one broker takes half again its fair share of the appends.
 * Cleared below BROKER_HOT_CLEAR_TIMES_MEAN, so a broker near the line does not flicker.
 */
export const BROKER_HOT_TIMES_MEAN = 1.5
export const BROKER_HOT_CLEAR_TIMES_MEAN = 1.3

/**
 * A broker the rule counts: running and not in a controlled shutdown. A stopping broker leads nothing
 * (its leaders moved at the request), so its 0 rec/s, counted in the mean, made the brokers that took
 * its lanes read hot until it stopped.
 */
function leads(b: { up: boolean; stoppingSince?: number }): boolean {
  return b.up && b.stoppingSince === undefined
}

/** A consumer fetched `records` of partition p from its leader. */
export function noteFetch(cs: ClusterState, p: number, records: number): void {
  const b = cs.leader[p]!
  if (b >= 0) cs.brokers[b]!.outWin += records
}

/**
 * Mean serialized size of the records sent at `now`, weighted by each producer's rate then (exact
 * with one producer; with several, every partition's bytes assume the producers' mix).
 */
export function meanRecordBytes(w: WorldState, now: number): number {
  const specs = w.live.producers
  if (specs.length === 1) return specs[0]!.recordBytes
  let rate = 0
  let bytes = 0
  let plain = 0
  for (const s of specs) {
    const r = rateAt(s.rate, now)
    rate += r
    bytes += r * s.recordBytes
    plain += s.recordBytes
  }
  if (rate > 0) return bytes / rate
  return specs.length > 0 ? plain / specs.length : 0
}

/** Closes the window (every METRICS_INTERVAL_MS): per-second rates, then the hotspot flags. */
export function closeBrokerWindow(sim: SimCore, seconds: number): void {
  const cs = sim.w.cluster
  let sum = 0
  let up = 0
  for (const b of cs.brokers) {
    b.inRate = b.inWin / seconds
    b.bytesInRate = b.bytesInWin / seconds
    b.outRate = b.outWin / seconds
    b.inWin = 0
    b.bytesInWin = 0
    b.outWin = 0
    if (leads(b)) {
      sum += b.inRate
      up++
    }
  }
  const mean = up > 0 ? sum / up : 0
  for (const b of cs.brokers) {
    const times = mean > 0 ? b.inRate / mean : 0
    const hot = leads(b) && up >= 2 && mean > 0 && (b.hot ? times >= BROKER_HOT_CLEAR_TIMES_MEAN : times > BROKER_HOT_TIMES_MEAN)
    if (hot && !b.hot) sim.say({ kind: 'broker.hot', broker: b.id, ratePerSec: b.inRate, timesMean: times, leaders: ledBy(cs, b.id) })
    else if (!hot && b.hot) sim.say({ kind: 'broker.cooled', broker: b.id, ratePerSec: b.inRate, timesMean: times, ...(b.up ? {} : { down: true as const }) })
    b.hot = hot
  }
  closeCapacityWindow(sim)
}
