// The metrics window (every METRICS_INTERVAL_MS of sim time): per-lane rates, lag, consumer
// utilisation, the window's latency p99, hotspot detection, rebalance peaks. A row goes to the
// adapters' queue (bounded); the world keeps no history of rows, so a checkpoint does not grow
// with the run (at 10 000 lanes each row is 80 KB of lags).

import { mergeInto, quantile } from './latencyHistogram.ts'
import type { MetricsSample } from './frameTypes.ts'
import type { SimCore } from './core.ts'
import { pruneSegments } from './logPrune.ts'
import { detectHotspots } from './hotspots.ts'
import { openRebalance } from './stoppedTime.ts'
import { closeBrokerWindow } from './brokers/brokerLoad.ts'
import { workLeftMs } from './parallel/pcState.ts'

export const METRICS_INTERVAL_MS = 1000
/** Undrained rows kept: one hour at one a second. */
export const MAX_METRIC_ROWS = 3600

/** What one window measured, before the autoscaler acts on it. */
export interface MetricsWindow {
  totalIn: number
  totalOut: number
  totalLag: number
  skew: number
  /** null when nothing was consumed in the window (no data, never 0 ms). */
  p99: number | null
  lag: Float64Array
}

/** Closes the window: rates, utilisation, latency, hotspots, rebalance peaks. */
export function closeMetricsWindow(sim: SimCore): MetricsWindow {
  const w = sim.w
  const dt = METRICS_INTERVAL_MS / 1000
  let totalIn = 0
  let totalOut = 0
  let totalLag = 0
  let maxIn = 0
  const lag = new Float64Array(w.P)
  for (let p = 0; p < w.P; p++) {
    w.inRate[p] = w.inWin[p]! / dt
    w.outRate[p] = w.outWin[p]! / dt
    totalIn += w.inRate[p]!
    totalOut += w.outRate[p]!
    if (w.inRate[p]! > maxIn) maxIn = w.inRate[p]!
    w.inWin[p] = 0
    w.outWin[p] = 0
    lag[p] = w.leo[p]! - w.delivered[p]!
    totalLag += lag[p]!
  }
  const meanIn = totalIn / w.P
  const skew = meanIn > 0 ? maxIn / meanIn : 1
  // A batch's processing time is added when it is polled; the part past this window's end belongs
  // to the next one. Counted whole, a hot lane's owner read 80 % one second and 117 % the next (a
  // Parallel Consumer's, 80 % and 132 %).
  const now = sim.kernel.now
  for (let c = 0; c < w.consumers.length; c++) {
    const cs = w.consumers[c]!
    // A Parallel Consumer's held work runs on its workers side by side (sim/parallel/pcState.ts).
    const left = w.parallel !== undefined ? workLeftMs(w, c, now) : Math.max(0, cs.busyUntil - now)
    const overflow = Math.min(cs.busyMsWin, left)
    cs.utilization = (cs.busyMsWin - overflow) / METRICS_INTERVAL_MS
    cs.busyMsWin = overflow
  }
  const p99 = quantile(w.latencyWin, 0.99)
  mergeInto(w.latency, w.latencyWin)
  w.latencyWin.fill(0)
  // Hotspot detection is producer-side: it judges the lanes the producers knew all window (hotspots.ts).
  detectHotspots(sim)
  closeBrokerWindow(sim, dt)
  const gv = sim.group.group()
  if (gv.rebalancing && totalLag > w.maxLagDuringRebalance) w.maxLagDuringRebalance = totalLag
  const open = openRebalance(sim.group)
  if (open >= 0) w.rebalanceMaxLag[open] = Math.max(w.rebalanceMaxLag[open] ?? 0, totalLag)
  if (gv.rebalancesLastMinute > w.maxRebalancesPerMinute) w.maxRebalancesPerMinute = gv.rebalancesLastMinute
  return { totalIn, totalOut, totalLag, skew, p99, lag }
}

/** Drops delivered log segments and records the window's row (after the autoscaler has acted). */
export function recordMetricsRow(sim: SimCore, win: MetricsWindow): void {
  const w = sim.w
  const now = sim.kernel.now
  pruneSegments(w, now)
  const row: MetricsSample = {
    t: now,
    inRate: win.totalIn,
    outRate: win.totalOut,
    totalLag: win.totalLag,
    p99Ms: win.p99,
    skewRatio: win.skew,
    lag: win.lag,
    rebalancing: sim.group.group().rebalancing,
  }
  w.undrainedMetrics.push(row)
  if (w.undrainedMetrics.length > MAX_METRIC_ROWS) w.undrainedMetrics.shift()
}
