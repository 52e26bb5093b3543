// Dynamic partitioning, step (a): hotspot detection. Once per metrics window a key whose share of
// all records exceeds keyShareThreshold, or a lane whose rate exceeds partitionSkewThreshold × the
// mean of the lanes the producers knew all window, is flagged; salting and load-aware routing (produce.ts) act on flagged keys from the next
// send cycle on, and each key they move off its hash partition counts once as remapped.

import type { SimCore } from './core.ts'
import { saltedPartitions } from './keyModel.ts'
import type { ProducerState, WorldState } from './worldState.ts'

/**
 * A share window restarted by a change less than this before the metrics window closes is carried
 * on into the next one: too few records to judge a key by.
 */
const MIN_SHARE_WINDOW_MS = 500
/** Records since a change before the shown share is the measured one since the change. */
const MIN_SHARE_RECORDS = 100

/** Closes the hotspot window: judges keys by their share, lanes by their rate against the mean. */
export function detectHotspots(sim: SimCore): void {
  const w = sim.w
  const dyn = w.live.dynamic
  const active = dyn.hotspotDetection.enabled || dyn.salting.enabled || dyn.loadAware.enabled
  if (w.shareWindowFrom < 0 || sim.kernel.now - w.shareWindowFrom >= MIN_SHARE_WINDOW_MS) {
    judgeKeys(sim, active)
    w.shareWindowFrom = -1
  }
  judgeLanes(sim, active)
}

function judgeKeys(sim: SimCore, active: boolean): void {
  const w = sim.w
  const th = w.live.dynamic.hotspotDetection.keyShareThreshold
  const total = w.producedWin
  w.producedWin = 0
  for (const ps of w.producers) {
    const m = ps.model
    for (let k = 0; k < m.tracked.length; k++) {
      const share = total > 0 ? ps.keyWin[k]! / total : 0
      ps.keyShare[k] = share
      ps.keyTotal[k]! += ps.keyWin[k]!
      ps.keyWin[k] = 0
      const tk = m.tracked[k]!
      if (!ps.flagged[k] && active && share >= th) {
        ps.flagged[k] = true
        sim.say({ kind: 'hotspot.keyFlagged', key: tk.name, share, partition: tk.partition })
        noteRemap(sim, ps, k)
      } else if (ps.flagged[k] && (!active || share < th * 0.8)) {
        ps.flagged[k] = false
        sim.say({ kind: 'hotspot.keyCleared', key: tk.name, share })
      }
    }
  }
}

/**
 * A lane appending fewer records a second than this is never hot, whatever the mean. Far below one
 * record a second per lane (10 000 lanes at 750 records/s: 0.075), each window's records land on a
 * few hundred lanes, and each of those would read as "13× the mean" and be flagged and narrated.
 */
const MIN_HOT_LANE_RATE = 10

/**
 * Lanes are judged only when the producers knew them for the whole window, against the mean of
 * those lanes: a partition they learned of mid-window (added partitions) has no full window yet,
 * and counting it would halve the mean and flag every old lane hot. Partitions the producers do not
 * know of yet are not "cold" lanes either.
 *
 * A lane is hot when both what it appended and what the producers sent it (appended or held back in
 * their queue) pass the bar: its keys ask too much of it. After a leader change, the records a
 * producer held back while the partition had no leader (its batches wait and are retried,
 * `retry.backoff.ms`, until the metadata names the new leader) are appended at once: a lane at
 * 2.7× the mean for a second with no hot key, which was flagged "hot" in the broker-failure lesson.
 */
function judgeLanes(sim: SimCore, active: boolean): void {
  const w = sim.w
  const judged = Math.min(w.lanesAtWindowStart, w.P)
  let sum = 0
  let sentSum = 0
  for (let p = 0; p < judged; p++) {
    sum += w.inRate[p]!
    sentSum += w.sentWin[p]!
  }
  const meanIn = judged > 0 ? sum / judged : 0
  const meanSent = judged > 0 ? sentSum / judged : 0
  const skew = w.live.dynamic.hotspotDetection.partitionSkewThreshold
  for (let p = 0; p < w.P; p++) {
    const rate = w.inRate[p]!
    // A flagged lane stays flagged down to 0.8 × the threshold, as a flagged key does: a lane whose
    // keys put it near the threshold (thousands of lanes, a few keys each) would otherwise be
    // flagged, cleared and flagged again every few windows, and the narration would say it each time.
    const bar = w.hotLane[p] ? skew * 0.8 : skew
    const asked = w.sentWin[p]! > bar * meanSent
    const hot = active && p < judged && meanIn > 0 && rate > bar * meanIn && rate >= MIN_HOT_LANE_RATE && asked ? 1 : 0
    if (hot && !w.hotLane[p]) sim.say({ kind: 'hotspot.laneFlagged', partition: p, ratePerSec: rate, timesMean: rate / meanIn })
    w.hotLane[p] = hot
  }
  w.sentWin.fill(0)
  w.lanesAtWindowStart = w.producerPartitions
}

/**
 * A producer's keys changed (hot-key share, key count, Zipf, cost): the share window starts again
 * now, so the shares shown and judged are those of the records sent since the change, not a mix.
 */
export function restartShareWindow(sim: SimCore): void {
  const w = sim.w
  for (const ps of w.producers) {
    for (let k = 0; k < ps.keyWin.length; k++) {
      ps.keyTotal[k]! += ps.keyWin[k]!
      ps.keyWin[k] = 0
    }
  }
  w.producedWin = 0
  w.shareWindowFrom = sim.kernel.now
}

/**
 * The share shown for tracked key `k`: measured over the records since a change once there are
 * enough of them, else over the last closed window. Reads only.
 */
export function shownShare(w: WorldState, ps: ProducerState, k: number): number {
  if (w.shareWindowFrom >= 0 && w.producedWin >= MIN_SHARE_RECORDS) return ps.keyWin[k]! / w.producedWin
  return ps.keyShare[k]!
}

/** A flagged key that salting or load-aware routing moves off its hash partition counts once. */
export function noteRemap(sim: SimCore, ps: ProducerState, k: number): void {
  const w = sim.w
  const dyn = w.live.dynamic
  const tk = ps.model.tracked[k]!
  if (!(dyn.salting.enabled || dyn.loadAware.enabled) || ps.remapCounted.includes(tk.name)) return
  ps.remapCounted.push(tk.name)
  w.remappedKeys += 1
  if (dyn.salting.enabled) {
    sim.say({ kind: 'dynamic.salted', key: tk.name, splits: dyn.salting.splits, partitions: saltedPartitions(tk.name, dyn.salting.splits, w.producerPartitions) })
  } else {
    sim.say({ kind: 'dynamic.routed', key: tk.name })
  }
}

/** Load-aware routing of every record (scope "all") may move every key: each counts once. */
export function noteRemapAll(sim: SimCore): void {
  const w = sim.w
  const d = w.live.dynamic
  if (d.loadAware.enabled && d.loadAware.scope === 'all' && !w.producers.some((p) => p.remapCounted.includes('*'))) {
    for (const ps of w.producers) {
      ps.remapCounted.push('*')
      w.remappedKeys += ps.model.keyCount
    }
  }
  for (const ps of w.producers) ps.flagged.forEach((f, k) => f && noteRemap(sim, ps, k))
}
