// compare's table: one column per run, one row per figure, as Markdown (it reads in a terminal and
// pastes into a README). Pure.

import type { RunSummary } from '../sim/simulationApi.ts'

export interface TableRun {
  label: string
  summary: RunSummary
  /** Total lag sampled every simulated second: [t ms, records]. */
  lag: ReadonlyArray<readonly [number, number]>
}

export interface TableOptions {
  /** Rebalance rows count only rebalances that start at or after this second (null: the whole run). */
  afterSec: number | null
}

/** Thousands separated by a space (the README's style); null (no data) as a dash. */
function count(x: number | null): string {
  return x === null ? '—' : Math.round(x).toLocaleString('en-US').replace(/,/g, ' ')
}

const ms = (x: number | null): string => (x === null ? '—' : `${count(x)} ms`)

interface Row {
  name: string
  value: (r: TableRun) => string
}

/** The rebalance figures: the run's totals, or summed over the rebalances that start from `afterSec`. */
function rebalanceFigures(s: RunSummary, afterSec: number | null) {
  if (afterSec === null) {
    return { rebalances: s.rebalances, revoked: s.revokedPartitions, lost: s.lostPartitions, stopped: s.stoppedPartitionSeconds, maxLag: s.maxLagDuringRebalance }
  }
  const log = s.rebalanceLog.filter((x) => x.startMs >= afterSec * 1000)
  const sum = (f: (x: (typeof log)[number]) => number): number => log.reduce((a, x) => a + f(x), 0)
  return {
    rebalances: log.length,
    revoked: sum((x) => x.revoked),
    lost: sum((x) => x.lost),
    stopped: sum((x) => x.stoppedPartitionSeconds),
    maxLag: log.reduce((a, x) => Math.max(a, x.maxLag), 0),
  }
}

function rows(o: TableOptions): Row[] {
  const after = o.afterSec === null ? '' : ` (from ${o.afterSec} s)`
  const rb = (r: TableRun) => rebalanceFigures(r.summary, o.afterSec)
  return [
    { name: `rebalances${after}`, value: (r) => String(rb(r).rebalances) },
    { name: `most rebalances in a minute${o.afterSec === null ? '' : ' (whole run)'}`, value: (r) => `${r.summary.maxRebalancesPerMinute}${r.summary.storm ? ' (storm)' : ''}` },
    { name: `partitions revoked${after}`, value: (r) => count(rb(r).revoked) },
    { name: `partitions lost${after}`, value: (r) => count(rb(r).lost) },
    { name: `stopped partition-seconds${after}`, value: (r) => rb(r).stopped.toFixed(1) },
    { name: `max lag during rebalances${after}`, value: (r) => count(rb(r).maxLag) },
    { name: 'max lag (sampled each second)', value: (r) => count(r.lag.reduce((a, [, l]) => Math.max(a, l), 0)) },
    { name: 'duplicates', value: (r) => count(r.summary.duplicates) },
    { name: 'ordering violations', value: (r) => count(r.summary.orderingViolations) },
    { name: 'remapped keys', value: (r) => count(r.summary.remappedKeys) },
    { name: 'p50 latency', value: (r) => ms(r.summary.latencyMs.p50) },
    { name: 'p99 latency', value: (r) => ms(r.summary.latencyMs.p99) },
    { name: 'lag at the end', value: (r) => count(r.summary.lag) },
  ]
}

/**
 * Records the producers still hold, not yet appended (in no lag and no p99), only when some side's
 * do: the page's difference strip shows its "held by producers" row by the same rule (compareDiff.ts).
 */
function heldRows(runs: readonly TableRun[]): Row[] {
  const held = runs.some((r) => r.summary.producerBuffered > 0)
  // Failed sends without a broker fault (held past delivery.timeout.ms); with one, faultRows has them.
  const expired = runs.some((r) => r.summary.failedSends !== undefined) && !runs.some((r) => r.summary.lostRecords !== undefined)
  return [
    ...(held ? [{ name: 'held by producers at the end (not yet appended)', value: (r: TableRun) => count(r.summary.producerBuffered) }] : []),
    ...(expired ? [{ name: 'failed sends (held past delivery.timeout.ms)', value: (r: TableRun) => count(r.summary.failedSends ?? 0) }] : []),
  ]
}

/** Broker-fault rows, only when a side ran a broker fault (run --json has the fields then). */
function faultRows(runs: readonly TableRun[]): Row[] {
  if (!runs.some((r) => r.summary.lostRecords !== undefined)) return []
  return [
    { name: 'records lost (acks=1/0 when a leader fails or moves)', value: (r) => count(r.summary.lostRecords ?? 0) },
    { name: 'failed sends (delivery.timeout.ms)', value: (r) => count(r.summary.failedSends ?? 0) },
    // The lanes the brokers paused: no leader to reach, or acks=all waiting on the ISR (pausedLanes.ts).
    { name: 'most lanes paused by brokers at once', value: (r) => mostPaused(r.summary) },
    { name: 'partition-seconds paused by brokers', value: (r) => (r.summary.pausedLanes?.partitionSeconds ?? 0).toFixed(1) },
    { name: 'brokers down at the end', value: (r) => r.summary.brokers.filter((b) => b.up === false).map((b) => `b${b.broker}`).join(', ') || 'none' },
    ...(runs.some((r) => r.summary.refusedPartitionAdds !== undefined)
      ? [{ name: 'addPartitions refused (InvalidReplicationFactorException)', value: (r: TableRun) => (r.summary.refusedPartitionAdds ?? []).map((x) => `${x.atSec} s`).join(', ') || 'none' }]
      : []),
  ]
}
function mostPaused(s: RunSummary): string {
  const m = s.pausedLanes?.most ?? null
  return m === null ? '0' : `${m.lanes} (at ${m.atSec} s)`
}

const shareFigure = (f: (s: NonNullable<RunSummary['shareGroup']>) => number) => (r: TableRun) => (r.summary.shareGroup ? count(f(r.summary.shareGroup)) : '—')

const SHARE_ROWS: Row[] = [
  { name: 'share group: redelivered', value: shareFigure((s) => s.redelivered) },
  { name: 'share group: archived', value: shareFigure((s) => s.archived) },
  { name: 'share group: max delivery count', value: shareFigure((s) => s.maxDeliveryCount) },
  { name: 'share group: most records in flight on a partition', value: shareFigure((s) => s.inFlightMax) },
]

/** Pipes would break a Markdown cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|')
}

/** The title line and the Markdown table. */
export function formatCompareTable(runs: readonly TableRun[], o: TableOptions): string {
  const first = runs[0]?.summary
  const head = first ? `${first.scenario}, seed ${first.seed}, ${first.simSeconds} s` : ''
  const note = o.afterSec === null ? '' : `; rebalance rows count rebalances starting at or after ${o.afterSec} s`
  const lines = [`${head}${note}`, '']
  lines.push(`| | ${runs.map((r) => cell(r.label)).join(' | ')} |`)
  lines.push(`|---|${runs.map(() => '---:|').join('')}`)
  // Rows that appear only when a side runs the mode: broker faults, a share group (KIP-932), the Parallel Consumer.
  const shareRows = runs.some((r) => r.summary.shareGroup) ? SHARE_ROWS : []
  for (const row of [...rows(o), ...heldRows(runs), ...faultRows(runs), ...shareRows, ...parallelRows(runs)]) lines.push(`| ${row.name} | ${runs.map((r) => cell(row.value(r))).join(' | ')} |`)
  return `${lines.join('\n')}\n`
}

/** Head-of-line blocking and offset-map losses, when some side runs the Parallel Consumer ('—' for the others, as the share rows). */
function parallelRows(runs: readonly TableRun[]): Row[] {
  if (!runs.some((r) => r.summary.parallelConsumer)) return []
  const pc = (r: TableRun, f: (p: NonNullable<TableRun['summary']['parallelConsumer']>) => string) => (r.summary.parallelConsumer ? f(r.summary.parallelConsumer) : '—')
  return [
    { name: 'parallel consumer', value: (r) => pc(r, (p) => `${p.ordering}, ${p.maxConcurrency} threads`) },
    { name: 'head-of-line blocked (s)', value: (r) => pc(r, (p) => (p.blockedMs / 1000).toFixed(1)) },
    { name: 'offset maps too large', value: (r) => pc(r, (p) => count(p.metadataOverflows)) },
  ]
}
