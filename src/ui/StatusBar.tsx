// One line under the toolbar: group state, totals, latency, and the frame rate actually achieved.

import type { ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { useThrottled } from './useThrottled.ts'

function fmt(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`
  if (n >= 1e4) return `${(n / 1e3).toFixed(0)}k`
  return Math.round(n).toLocaleString('en-US')
}

export function StatusBar(): ReactNode {
  const frame = useThrottled((s) => s.frame, 250)
  const perf = useAppStore((s) => s.perf)
  const seed = useAppStore((s) => s.scenario.seed)
  const g = frame?.group
  const t = frame?.totals
  return (
    <div className="status" aria-label="Status">
      <span className={g?.rebalancing === true ? 'pill pill-red' : 'pill'}>
        Group {g?.state ?? '…'} · gen {g?.generation ?? 0} · {g?.protocol ?? ''}
        {g?.rebalancing === true ? ' · REBALANCING' : ''}
      </span>
      {g?.storm === true ? <span className="pill pill-red">⚠ storm</span> : null}
      <span>
        lag <b>{fmt(t?.lag ?? 0)}</b>
      </span>
      <span className="wide">
        produced {fmt(t?.produced ?? 0)} · consumed {fmt(t?.consumed ?? 0)}
      </span>
      <span>p99 {Math.round(t?.latencyMs.p99 ?? 0)} ms</span>
      <span title="Partition-seconds with nobody consuming (rebalances, crashes, pauses)">
        stopped <b>{(t?.stoppedPartitionSeconds ?? 0).toFixed(1)}</b> lane·s
      </span>
      <span>skew {(t?.skewRatio ?? 1).toFixed(1)}×</span>
      {(t?.duplicates ?? 0) > 0 ? <span title="Records processed twice after a rebalance (at-least-once)">duplicates {fmt(t?.duplicates ?? 0)}</span> : null}
      {(t?.orderingViolations ?? 0) > 0 ? (
        <span className="cost" title="Records of one key consumed after a later record of the same key: the price of salting, load-aware routing or adding partitions">
          order violations <b>{fmt(t?.orderingViolations ?? 0)}</b>
        </span>
      ) : null}
      {(t?.remappedKeys ?? 0) > 0 ? (
        <span className="cost" title="Keys whose partition changed (salted, re-routed, or remapped by added partitions)">
          remapped keys <b>{fmt(t?.remappedKeys ?? 0)}</b>
        </span>
      ) : null}
      <span>seed {seed}</span>
      <span className="perf" data-fps={perf.fps} data-engine-ms={perf.engineMs} title="Frames drawn per second · worker time per frame">
        {perf.fps} fps · engine {perf.engineMs.toFixed(1)} ms{perf.behind ? ' · catching up' : ''}
      </span>
    </div>
  )
}
