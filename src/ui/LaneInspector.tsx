// Details of the lane the user clicked: rate, lag, owner, and the hot keys routed to it.

import type { ReactNode } from 'react'
import type { Frame } from '../sim/frameTypes.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { useThrottled } from './useThrottled.ts'

/** 1234567 → "1,234,567" (toLocaleString is slow enough to matter at 256 rows). */
export function fmt(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

export function LaneInspector(): ReactNode {
  const lane = useAppStore((s) => s.selectedLane)
  const close = useAppStore((s) => s.selectLane)
  const frame = useThrottled((s) => s.frame, 300)
  if (lane === null || frame === null || lane >= frame.partitions) return null
  const owner = frame.owner[lane] ?? -1
  const member = frame.members[owner]
  const keys = frame.hotKeys.filter((k) => k.partitions.includes(lane))
  return (
    <section className="panel inspector" aria-label={`Lane P${lane}`}>
      <h2>
        Lane P{lane}
        <button type="button" className="ghost close" aria-label="Close lane details" onClick={() => close(null)}>
          ×
        </button>
      </h2>
      <dl>
        <dt>Owner</dt>
        <dd>{member === undefined ? 'nobody (stopped)' : `${member.name} (${member.phase})`}</dd>
        <dt>Leader</dt>
        <dd>{leaderWords(frame, lane)}</dd>
        <dt>In</dt>
        <dd>{fmt(frame.inRate[lane] ?? 0)} rec/s</dd>
        <dt>Out</dt>
        <dd>{fmt(frame.outRate[lane] ?? 0)} rec/s</dd>
        <dt>Lag</dt>
        <dd>
          {fmt(frame.lag[lane] ?? 0)} records · {((frame.lagMs[lane] ?? 0) / 1000).toFixed(1)} s behind
        </dd>
        <dt>Offsets</dt>
        <dd>
          end {fmt(frame.logEndOffset[lane] ?? 0)} · position {fmt(frame.position[lane] ?? 0)} · committed {fmt(frame.committed[lane] ?? 0)}
        </dd>
        <dt>Busiest keys</dt>
        <dd>
          {keys.length === 0
            ? 'none of the top keys'
            : keys.map((k) => `${k.key} ${(k.share * 100).toFixed(0)}%${k.flagged ? ' (flagged hot)' : ''}`).join(', ')}
        </dd>
      </dl>
    </section>
  )
}

/** "broker 1 (hot, at capacity)": the broker that appends this lane's records. */
function leaderWords(frame: Frame, lane: number): string {
  const b = frame.laneLeader[lane] ?? -1
  const broker = frame.brokers[b]
  if (broker === undefined) return 'no leader (offline)'
  const notes = [broker.hot ? 'hot' : '', broker.saturated ? 'at capacity' : ''].filter((x) => x !== '')
  return `broker ${b + 1}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`
}
