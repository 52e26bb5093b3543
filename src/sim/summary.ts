// Totals and the run summary (`highway run --json`), derived from the world on demand.

import type { Totals } from './frameTypes.ts'
import type { GroupRuntime } from './group/groupRuntime.ts'
import { STORM_REBALANCES_PER_MINUTE } from './group/rebalanceTracker.ts'
import { maxValue, mergeInto, quantile, createHistogram } from './latencyHistogram.ts'
import type { PartitionSummary, RunSummary } from './simulationApi.ts'
import { openRebalance, rebalanceStoppedMsAt, stoppedMsAt } from './stoppedTime.ts'
import type { WorldState } from './worldState.ts'
import { segCount, segTime } from './segLog.ts'
import { brokerSummaries } from './brokers/brokerView.ts'
import { faultRan } from './brokers/faultState.ts'
import { pausedLanesAt, pausedLanesSummary, pausedMsAt } from './brokers/pausedLanes.ts'
import { groupCoordinatorSummary } from './brokers/coordinatorView.ts'
import { clusterRebalanceSummary } from './brokers/reassign.ts'
import { shareGroupSummary } from './share/shareSummary.ts'
import { parallelSummary } from './parallel/pcSummary.ts'
import { laneHeld } from './laneHeld.ts'

/**
 * Records of one key consumed after a later record of the same key. Exact for tracked keys; for
 * the untracked tail it extrapolates from the ordinary sample keys (same distribution, same
 * routing), so it is an estimate there, with the sample keys' sampling noise.
 */
export function orderingViolations(w: WorldState): { total: number; exact: number } {
  let exact = 0
  let estimate = 0
  for (const ps of w.producers) {
    let all = ps.retiredViolations
    let sampleV = ps.retiredSampleViolations
    ps.model.tracked.forEach((tk, k) => {
      all += ps.violations[k]!
      if (tk.role === 'sample') sampleV += ps.violations[k]!
    })
    const sampleN = ps.retiredSampleProduced + ps.sampleProduced
    exact += all
    if (sampleN > 0) estimate += (sampleV * ps.tailProduced) / sampleN
  }
  return { total: Math.round(exact + estimate), exact }
}

function allLatency(w: WorldState): Float64Array {
  const h = createHistogram()
  mergeInto(h, w.latency)
  mergeInto(h, w.latencyWin)
  return h
}

export function computeTotals(w: WorldState, group: GroupRuntime, now: number, h: Float64Array = allLatency(w)): Totals {
  let produced = 0
  let consumed = 0
  let buffered = 0
  // Skew is of what the run's producers wrote: a backlog seeded before t = 0 (topic.initialLag, an
  // imported lag) is not traffic. Counted in, an import whose lag sits on a few partitions read a
  // skew in the thousands while every lane was fed alike.
  const seeded = w.live.topic.initialLag
  let written = 0
  let maxWritten = 0
  for (let p = 0; p < w.P; p++) {
    produced += w.leo[p]!
    consumed += w.delivered[p]!
    buffered += w.buffered[p]!
    const mine = w.leo[p]! - Math.max(0, seeded?.[p] ?? 0)
    written += mine
    if (mine > maxWritten) maxWritten = mine
  }
  const g = group.group()
  return {
    produced,
    consumed,
    lag: produced - consumed,
    producerBuffered: buffered,
    duplicates: w.duplicates,
    orderingViolations: orderingViolations(w).total,
    remappedKeys: w.remappedKeys,
    skewRatio: written > 0 ? maxWritten / (written / w.P) : 1,
    latencyMs: { p50: roundOrNull(quantile(h, 0.5)), p95: roundOrNull(quantile(h, 0.95)), p99: roundOrNull(quantile(h, 0.99)) },
    rebalances: g.rebalances,
    revokedPartitions: w.revokedPartitions,
    lostPartitions: w.lostPartitions,
    stoppedPartitionSeconds: round(stoppedMsAt(w, now) / 1000),
    // Hook: records lost to a leader crash (acks=1/0), only once a broker fault ran, for the page.
    ...(w.faults && faultRan(w) ? { lostRecords: w.faults.lostRecords, pausedPartitionSeconds: round(pausedMsAt(w, now) / 1000), pausedLanes: pausedLanesAt(w, now) } : {}),
    // Records held past delivery.timeout.ms since send(): once a broker fault ran, or once one failed.
    ...(w.faults && (faultRan(w) || w.faults.failedSends > 0) ? { failedSends: w.faults.failedSends } : {}),
  }
}

export function buildSummary(w: WorldState, group: GroupRuntime, now: number): RunSummary {
  const h = allLatency(w)
  const t = computeTotals(w, group, now, h)
  const g = group.group()
  const open = openRebalance(group)
  const hotKeys: RunSummary['hotKeys'] = []
  for (const ps of w.producers) {
    ps.model.tracked.forEach((tk, k) => {
      if (tk.role === 'sample') return
      hotKeys.push({ key: tk.name, share: round(ps.keyShare[k]!, 4), flagged: ps.flagged[k]!, partitions: [tk.partition] })
    })
  }
  hotKeys.sort((a, b) => b.share - a.share)
  // Hook: Parallel Consumer figures, only when group.parallel runs.
  const parallelConsumer = parallelSummary(w)
  return {
    scenario: w.live.name,
    seed: w.live.seed,
    simSeconds: round(now / 1000, 3),
    produced: t.produced,
    consumed: t.consumed,
    lag: t.lag,
    producerBuffered: t.producerBuffered,
    skippedByOffsetReset: w.skipped.reduce((a, b) => a + b, 0),
    duplicates: t.duplicates,
    orderingViolations: t.orderingViolations,
    remappedKeys: t.remappedKeys,
    skewRatio: round(t.skewRatio, 3),
    // The CLI summary keeps numbers: 0 ms while nothing has been consumed.
    latencyMs: { ...t.latencyMs, max: t.latencyMs.p50 === null ? null : round(maxValue(h)) },
    partitions: Array.from({ length: w.P }, (_, p) => partitionSummary(w, p, now)),
    rebalances: t.rebalances,
    generation: g.generation,
    revokedPartitions: t.revokedPartitions,
    lostPartitions: t.lostPartitions,
    stoppedPartitionSeconds: t.stoppedPartitionSeconds,
    maxLagDuringRebalance: w.maxLagDuringRebalance,
    storm: w.maxRebalancesPerMinute >= STORM_REBALANCES_PER_MINUTE,
    maxRebalancesPerMinute: w.maxRebalancesPerMinute,
    rebalanceLog: group.rebalanceLog().map((r, i) => ({ ...r, stoppedPartitionSeconds: round(rebalanceStoppedMsAt(w, i, open, now) / 1000), maxLag: w.rebalanceMaxLag[i] ?? 0 })),
    hotKeys: hotKeys.slice(0, 8),
    brokers: brokerSummaries(w),
    groupCoordinator: groupCoordinatorSummary(w, now),
    // CLUSTERBAL: only once a rebalanceCluster ran (older runs' --json stays as it was).
    ...(w.reassign !== undefined ? { clusterRebalance: clusterRebalanceSummary(w.reassign) } : {}),
    events: 0,
    ...(w.faults && faultRan(w) ? { lostRecords: w.faults.lostRecords, failedSends: w.faults.failedSends, pausedLanes: pausedLanesSummary(w, now) } : {}),
    // Without a broker fault, records a broker or lane at capacity held past delivery.timeout.ms.
    ...(w.faults && !faultRan(w) && w.faults.failedSends > 0 ? { failedSends: w.faults.failedSends } : {}),
    ...shareField(w),
    ...(w.refusedPartitionAdds ? { refusedPartitionAdds: w.refusedPartitionAdds.map((r) => ({ atSec: r.atMs / 1000, from: r.from, to: r.to, error: r.error })) } : {}),
    ...(parallelConsumer ? { parallelConsumer } : {}),
  }
}

function partitionSummary(w: WorldState, p: number, now: number): PartitionSummary {
  const held = laneHeld(w, p)
  return {
    partition: p,
    produced: w.leo[p]!,
    consumed: w.delivered[p]!,
    lag: w.leo[p]! - w.delivered[p]!,
    lagSeconds: w.leo[p]! > w.delivered[p]! && w.segHead[p]! < segCount(w.segs, p) ? round((now - segTime(w.segs, p, w.segHead[p]!)) / 1000, 3) : 0,
    owner: w.owner[p]! >= 0 ? (w.consumers[w.owner[p]!]?.name ?? null) : null,
    ...(faultRan(w) ? { leader: w.cluster.leader[p]! >= 0 ? w.cluster.leader[p]! + 1 : null } : {}),
    // Only while its producers hold records (its leader away or at capacity), as the lane details show.
    ...(held !== null ? { heldByProducers: held.records, heldOldestSec: round((now - held.oldestSentAt) / 1000, 3) } : {}),
  }
}

function roundOrNull(x: number | null): number | null {
  return x === null ? null : round(x)
}

function round(x: number, digits = 2): number {
  const f = Math.pow(10, digits)
  return Math.round(x * f) / f
}

/** `shareGroup` appears only when a share group runs. */
function shareField(w: WorldState): Pick<RunSummary, 'shareGroup'> {
  const s = shareGroupSummary(w)
  return s ? { shareGroup: s } : {}
}
