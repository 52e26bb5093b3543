// Dynamic partitioning, step (a): hotspot detection. Once per metrics window a key whose share of
// all records exceeds keyShareThreshold, or a lane whose rate exceeds partitionSkewThreshold × the
// mean, is flagged; salting and load-aware routing (produce.ts) act on flagged keys from the next
// send cycle on, and each key they move off its hash partition counts once as remapped.

import type { SimCore } from './core.ts'
import { saltedPartitions } from './keyModel.ts'
import type { ProducerState } from './worldState.ts'

/** `meanIn`: mean rate over the partitions the producers know (new ones are not "cold" lanes). */
export function detectHotspots(sim: SimCore, meanIn: number): void {
  const w = sim.w
  const dyn = w.live.dynamic
  const active = dyn.hotspotDetection.enabled || dyn.salting.enabled || dyn.loadAware.enabled
  const th = dyn.hotspotDetection.keyShareThreshold
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
  for (let p = 0; p < w.P; p++) {
    const rate = w.inRate[p]!
    const hot = active && meanIn > 0 && rate > dyn.hotspotDetection.partitionSkewThreshold * meanIn ? 1 : 0
    if (hot && !w.hotLane[p]) sim.say({ kind: 'hotspot.laneFlagged', partition: p, ratePerSec: rate, timesMean: rate / meanIn })
    w.hotLane[p] = hot
  }
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
