// Details of the lane the user clicked: rate, lag, owner, what its producers hold, and the hot keys routed to it.

import { useEffect, useRef, type ReactNode } from 'react'
import { LANE_STATE_WAIT, type Frame } from '../sim/frameTypes.ts'
import { laneFigures } from '../sim/laneRows/pageFrame.ts'
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
  // A big topic's frame holds rows: the worker adds the inspected lane's figures (Frame.grouped).
  const x = lane === null || frame === null ? null : laneFigures(frame, lane)
  const shown = x !== null
  // Opened from the keyboard ("Inspect lane P3" in the metrics table, under the fold of the same
  // column): the details are scrolled into view and take the focus, which closing gives back. A
  // click on a lane leaves no focus (usePointerBlur), so the mouse's page does not move.
  // Once per lane opened (a big topic's figures may come a frame later), never again when the
  // details blink out and back for the same lane (a restart), which would take the focus away.
  const box = useRef<HTMLElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const focusedFor = useRef<number | null>(null)
  useEffect(() => {
    if (lane === null) focusedFor.current = null
    const el = box.current
    const from = el?.ownerDocument.activeElement
    if (lane === null || lane === focusedFor.current || el === null || !(from instanceof HTMLElement) || from === el.ownerDocument.body || el.contains(from)) return
    focusedFor.current = lane
    opener.current = from
    el.scrollIntoView?.({ block: 'nearest' })
    el.focus({ preventScroll: true })
  }, [lane, shown])
  const shut = (): void => {
    const back = box.current?.contains(box.current.ownerDocument.activeElement) === true ? opener.current : null
    close(null)
    if (back?.isConnected === true) back.focus()
  }
  if (lane === null || frame === null || x === null) return null
  const member = frame.members[x.owner]
  const keys = frame.hotKeys.filter((k) => k.partitions.includes(lane))
  return (
    <section
      ref={box}
      tabIndex={-1}
      className="panel inspector"
      aria-label={`Lane P${lane}`}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return
        // Handled here: the page's Esc (which blurs) leaves the focus given back alone.
        e.preventDefault()
        shut()
      }}
    >
      <h2>
        Lane P{lane}
        <button type="button" className="ghost close" aria-label="Close lane details" onClick={shut}>
          ×
        </button>
      </h2>
      <dl>
        <dt>Owner</dt>
        <dd>{member === undefined ? 'nobody (stopped)' : `${member.name} (${member.phase})`}</dd>
        <dt>Leader</dt>
        <dd>{leaderWords(frame, x.leader)}</dd>
        {(x.flags & LANE_STATE_WAIT) !== 0 ? (
          <>
            <dt>Share state</dt>
            <dd>its share coordinator is down: acknowledgements wait, records stay locked</dd>
          </>
        ) : null}
        <dt>In</dt>
        <dd>{fmt(x.inRate)} rec/s</dd>
        <dt>Out</dt>
        <dd>{fmt(x.outRate)} rec/s</dd>
        <dt>Lag</dt>
        <dd>
          {fmt(x.lag)} records · {(x.lagMs / 1000).toFixed(1)} s behind
        </dd>
        {x.held !== undefined ? (
          <>
            {/* Not in the log yet, so not in the lag: its producers wait for a leader or for broker capacity. */}
            <dt>Held by producers</dt>
            <dd>
              {fmt(x.held.records)} records · oldest sent {((frame.t - x.held.oldestSentAt) / 1000).toFixed(1)} s ago
            </dd>
          </>
        ) : null}
        <dt>Offsets</dt>
        <dd>
          end {fmt(x.logEndOffset)} · position {fmt(x.position)} · committed {fmt(x.committed)}
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
function leaderWords(frame: Frame, b: number): string {
  const broker = frame.brokers[b]
  if (broker === undefined) return 'no leader (offline)'
  const notes = [broker.hot ? 'hot' : '', broker.saturated ? 'at capacity' : ''].filter((x) => x !== '')
  return `broker ${b + 1}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`
}
