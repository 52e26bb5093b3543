// "Partition metrics": one row per partition (partition, owner, in-rate, lag), for screen readers,
// tests and anyone who prefers numbers. Refreshed twice a second, not per frame.

import { Fragment, type ReactNode } from 'react'
import type { Frame, LaneFigures } from '../sim/frameTypes.ts'
import { ALL_ROWS_UP_TO, figuresOf, tableLanes, topicPartitions } from '../sim/laneRows/pageFrame.ts'
import { useAppStore } from '../store/useAppStore.ts'
import { shareLaneLabels } from '../view/shareLanes.ts'
import { MarkControl } from './MarkControl.tsx'
import { useSinceMark } from './useSinceMark.ts'
import { useThrottled } from './useThrottled.ts'

/** 1234567 → "1,234,567" (toLocaleString is slow enough to matter at 256 rows). */
export function fmt(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** `label`: whose table this is (compare mode: the side's label); single mode has none. */
export function MetricsTable(props: { label?: string } = {}): ReactNode {
  const frame = useThrottled((s) => s.frame, 500)
  const select = useAppStore((s) => s.selectLane)
  const n = frame === null ? 0 : topicPartitions(frame)
  const rows = frame === null ? [] : shownRows(frame)
  // A share group's lanes have several readers: the Owner column names them all.
  const readers = frame === null ? null : shareLaneLabels(frame, (name) => name)
  return (
    <section className="panel metrics">
      {props.label === undefined ? <RunCounts /> : null}
      {/* data-t: the sim time (ms) of the frame the figures are from. */}
      <table aria-label={props.label === undefined ? 'Partition metrics' : `Partition metrics: ${props.label}`} data-t={frame?.t}>
        <thead>
          <tr>
            <th scope="col">Partition</th>
            <th scope="col">Owner</th>
            <th scope="col">In-rate (rec/s)</th>
            <th scope="col">Lag (records)</th>
          </tr>
        </thead>
        <tbody>
          {frame === null
            ? null
            : rows.map((r) => {
                const p = r.lane
                const owner = frame.members[r.owner]
                return (
                  <tr key={p} data-partition={p}>
                    <th scope="row">
                      {/* Compare mode (a side's table) has no lane details to open: no button there. */}
                      {props.label === undefined ? (
                        <button type="button" className="link" onClick={() => select(p)} aria-label={`Inspect lane P${p}`}>
                          P{p}
                        </button>
                      ) : (
                        `P${p}`
                      )}
                    </th>
                    <td className="owner" title={readers?.[p] || owner?.name}>
                      {ownerWords(readers?.[p] || owner?.name || '—')}
                    </td>
                    <td>{fmt(r.inRate)}</td>
                    <td data-lag={r.lag}>{fmt(r.lag)}</td>
                  </tr>
                )
              })}
        </tbody>
      </table>
      {rows.length < n ? (
        <p className="dim" data-testid="metrics-rows-note">
          The {rows.length} partitions with the most lag of {fmt(n)}, the most first (every one: <code>highway run --json</code>).
        </p>
      ) : null}
    </section>
  )
}

/**
 * A share-group lane's readers ("consumer-3+consumer-7") may wrap after a "+", never inside a
 * member's name, so the In-rate and Lag columns stay in the panel (it is 300 px at 1024 px); a
 * long name is cut at its start (styles.css). The cell's text is unchanged.
 */
function ownerWords(text: string): ReactNode {
  return text.split('+').map((name, i) => (
    <Fragment key={i}>
      {i === 0 ? null : (
        <>
          +<wbr />
        </>
      )}
      <span className="member">
        <bdi dir="ltr">{name}</bdi>
      </span>
    </Fragment>
  ))
}

/** Above this many partitions the table lists only the ones with the most lag: 10 000 rows twice a second stall the page. */
export { ALL_ROWS_UP_TO }

/** The rows: a grouped frame's list from the worker (sim/laneRows/pageFrame.ts), else picked here the same way. */
/** The worker's rows of a big topic (its laggiest lanes, the most first), else every lane's. */
function shownRows(frame: Frame): LaneFigures[] {
  return frame.grouped?.mostLag ?? tableLanes(frame).map((p) => figuresOf(frame, p))
}

/** The run's counts since the mark (single mode: compare mode's strip has its own mark). */
function RunCounts(): ReactNode {
  const since = useSinceMark(500)
  const worstP99 = useThrottled((s) => {
    const mark = s.mark ?? s.firstSettled ?? 0
    let worst: number | null = null
    for (const m of s.metrics.items) if (m.t > mark && m.p99Ms !== null) worst = Math.max(worst ?? 0, m.p99Ms)
    return worst
  }, 500)
  const d = since?.deltas
  const brokerFault = useThrottled((s) => s.frame?.totals.pausedPartitionSeconds !== undefined, 500)
  // Once a broker fault ran or a record failed: records held past delivery.timeout.ms (compare's strip too).
  const failures = useThrottled((s) => s.frame?.totals.failedSends !== undefined, 500)
  const rows: Array<[string, string, string]> = [
    ['rebalances', 'Rebalances', fmt(d?.rebalances ?? 0)],
    ['revoked', 'Partitions revoked', fmt(d?.revokedPartitions ?? 0)],
    ['lost', 'Partitions lost', fmt(d?.lostPartitions ?? 0)],
    ['stopped', 'Stopped lane·s', (d?.stoppedPartitionSeconds ?? 0).toFixed(1)],
    // Once a broker fault ran: the lanes the brokers paused (no leader, or acks=all waiting on the ISR).
    ...(brokerFault ? [['paused', 'Lane·s paused by brokers', (d?.pausedPartitionSeconds ?? 0).toFixed(1)] as [string, string, string]] : []),
    ['duplicates', 'Duplicates', fmt(d?.duplicates ?? 0)],
    ['ordering', 'Order violations', fmt(d?.orderingViolations ?? 0)],
    ['remapped', 'Remapped keys', fmt(d?.remappedKeys ?? 0)],
    ['p99', 'p99, worst second (ms)', worstP99 === null ? '—' : fmt(worstP99)],
    ...(brokerFault ? [['lostRecords', 'Records lost (acks=1/0)', fmt(d?.lostRecords ?? 0)] as [string, string, string]] : []),
    ...(failures ? [['failedSends', 'Failed sends (delivery.timeout.ms)', fmt(d?.failedSends ?? 0)] as [string, string, string]] : []),
  ]
  return (
    <div className="run-counts">
      <MarkControl since={since} />
      <dl aria-label="Run counts since the mark">
        {rows.map(([key, label, value]) => (
          <div key={key} data-count={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
