// One line under the toolbar: group state, totals, latency, and the frame rate actually achieved.

import { useId, useRef, type ReactNode } from 'react'
import { useAppStore } from '../store/useAppStore.ts'
import { latencyParts, latencyText, P99_WINDOW_S, recentP99 } from '../view/latencyWords.ts'
import { MarkControl } from './MarkControl.tsx'
import { useSinceMark } from './useSinceMark.ts'
import { useThrottled } from './useThrottled.ts'
import { useTipGroup } from './useTipGroup.ts'

function fmt(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)}M`
  if (n >= 1e4) return `${(n / 1e3).toFixed(0)}k`
  return Math.round(n).toLocaleString('en-US')
}

export function StatusBar(): ReactNode {
  const frame = useThrottled((s) => s.frame, 250)
  const perf = useAppStore((s) => s.perf)
  // Paused, no frames are asked for: "0 fps" would read as a slow page.
  const playing = useAppStore((s) => s.playing)
  const seed = useAppStore((s) => s.scenario.seed)
  const pausedAt = useAppStore((s) => (s.playing ? null : s.timeline.pausedAtRebalance))
  const openingTo = useAppStore((s) => s.timeline.openingTo)
  const simSec = useThrottled((s) => Math.floor(s.simTime / 1000), 250)
  // The worst one-second p99 of the last few seconds (recentP99: the figure the p99 chart's label
  // shows, the top of its line over them). The frame's totals hold the whole run's p99, which keeps
  // the start-up rebalance in it for ever: a calm run would read "p99 6000 ms" minutes after the
  // lanes caught up. The last second alone swung between 6 ms and 30 s each second when a hot lane
  // was fetched every other second (parallel-consumer-key-order).
  // undefined: no sample yet (then the whole run's figure); null: nothing consumed in those seconds.
  const windowP99 = useThrottled((s) => recentP99(s.metrics.items), 250)
  const g = frame?.group
  const t = frame?.totals
  // Counts since the mark (default: the group first settled), so the start-up rebalance is not in them.
  const since = useSinceMark()
  const d = since?.deltas
  const p99 = windowP99 !== undefined ? windowP99 : (t?.latencyMs.p99 ?? null)
  const wholeRunP99 = t?.latencyMs.p99 ?? null
  // One Tab stop whose arrow keys read each figure's explanation (useTipGroup).
  const bar = useRef<HTMLElement>(null)
  useTipGroup(bar)
  const hint = useId()
  return (
    // A named region (a landmark): a screen reader can jump to the run's figures. (A div's aria-label names nothing.)
    <section ref={bar} className="status" aria-label="Status" tabIndex={0} aria-describedby={hint}>
      <span id={hint} className="sr-only">
        Arrow keys: each figure and what it means
      </span>
      <span className={g?.rebalancing === true ? 'pill pill-red' : 'pill'}>
        Group {g?.state ?? '…'} · gen {g?.generation ?? 0} · {g?.protocol ?? ''}
        {g?.rebalancing === true ? ' · REBALANCING' : ''}
      </span>
      {g?.storm === true ? <span className="pill pill-red">⚠ storm</span> : null}
      <span className="paused-note" role="status" aria-live="polite">
        {openingTo !== null
          ? `Going to the link's moment, ${(openingTo / 1000).toFixed(1)} s: at ${simSec} s… (Play or the Timeline stops here)`
          : pausedAt === null
            ? ''
            : `Paused: a rebalance started at ${(pausedAt / 1000).toFixed(1)} s`}
      </span>
      <span title="Lag: records written to the partitions and not yet handed to the group, all partitions together">
        lag <b>{fmt(t?.lag ?? 0)}</b>
      </span>
      <span className="wide">
        produced {fmt(t?.produced ?? 0)} · consumed {fmt(t?.consumed ?? 0)}
      </span>
      <span
        className="p99"
        title={`p99 latency (from send() to consume, time held in the producer included): the worst of the last ${P99_WINDOW_S} simulated seconds' p99s, as the p99 chart's label (its line shows each second; — when nothing was consumed in them); whole run so far: ${latencyText(wholeRunP99)}`}
      >
        p99 <b>{p99 === null ? '—' : latencyParts(p99).value}</b>
        {p99 === null ? '' : ` ${latencyParts(p99).unit}`}
        {windowP99 === undefined || windowP99 === null ? null : <span className="p99-window"> max {P99_WINDOW_S}{'\u00a0'}s</span>}
      </span>
      <MarkControl since={since} />
      <span title="Rebalances started since the mark" data-count="rebalances" data-value={d?.rebalances ?? 0}>
        rebalances <b>{fmt(d?.rebalances ?? 0)}</b>
      </span>
      <span title="Partition-seconds with nobody in the group consuming (rebalances, consumer crashes, GC pauses) since the mark; a partition waiting for a new leader after a broker crash is counted under broker-paused, not here" data-count="stopped">
        stopped <b>{(d?.stoppedPartitionSeconds ?? 0).toFixed(1)}</b> lane·s
      </span>
      {t?.pausedPartitionSeconds !== undefined ? (
        <span
          title="Lane-seconds the brokers paused since the mark: lanes with no leader to reach (offline, led by a crashed broker not yet fenced, or clients finding the new one) and, under acks=all, lanes whose writes wait on the ISR (below min.insync.replicas, or a crashed in-sync follower). The line under the broker strip says how many are paused now."
          data-count="paused"
        >
          broker-paused <b>{(d?.pausedPartitionSeconds ?? 0).toFixed(1)}</b> lane·s
        </span>
      ) : null}
      <span title="Skew: the busiest partition's in-rate over the average partition's, in the last simulated second (1.0× is even)">
        skew {(t?.skewRatio ?? 1).toFixed(1)}×
      </span>
      {(d?.duplicates ?? 0) > 0 ? <span title="Records processed twice after a rebalance (at-least-once), since the mark">duplicates {fmt(d?.duplicates ?? 0)}</span> : null}
      {(d?.orderingViolations ?? 0) > 0 ? (
        <span className="cost" title="Records of one key consumed after a later record of the same key, since the mark: the price of salting, load-aware routing or adding partitions">
          order violations <b>{fmt(d?.orderingViolations ?? 0)}</b>
        </span>
      ) : null}
      {(d?.remappedKeys ?? 0) > 0 ? (
        <span className="cost" title="Keys whose partition changed (salted, re-routed, or remapped by added partitions), since the mark">
          remapped keys <b>{fmt(d?.remappedKeys ?? 0)}</b>
        </span>
      ) : null}
      <span title="Seed of the run's random choices: the same scenario and seed give exactly the same run">seed {seed}</span>
      <span className="perf" data-fps={perf.fps} data-engine-ms={perf.engineMs} title="Frames drawn per second · worker time per frame">
        {playing ? `${perf.fps} fps · engine ${perf.engineMs.toFixed(1)} ms${perf.behind ? ' · catching up' : ''}` : 'paused'}
      </span>
    </section>
  )
}
