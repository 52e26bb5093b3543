// One line under the broker strip, once a broker fault ran: how many lanes the brokers pause now
// and why, in Kafka's words (offline partitions, under min ISR). The striped lanes show where; this
// says how many, including the acks=all lanes that wait on a crashed follower and are not striped.
// Presenter mode and short screens keep the count; the reasons are in its tooltip. A compare side
// shows the same line in its header's title row, only while that side has lanes paused (`side`).

import { Fragment, type ReactNode } from 'react'
import type { PausedLaneCounts } from '../sim/frameTypes.ts'
import { useThrottled } from './useThrottled.ts'

/**
 * The reasons, as the line says them ("4 no leader · 8 follower down"): short enough for its one line
 * at 1024 px. The ISR's two pause only acks=all writes; the tooltip says so.
 */
export function pausedReasons(c: PausedLaneCounts): string[] {
  const out: string[] = []
  if (c.noLeader > 0) out.push(`${c.noLeader} no leader${c.offlinePartitions > 0 ? ` (${c.offlinePartitions} offline)` : ''}`)
  if (c.underMinIsr > 0) out.push(`${c.underMinIsr} under min ISR`)
  if (c.followerDown > 0) out.push(`${c.followerDown} follower down`)
  return out
}

/** The whole explanation, for the tooltip and screen readers. */
export function pausedTitle(c: PausedLaneCounts): string {
  const lanes = (n: number) => `${n} lane${n === 1 ? '' : 's'}`
  return [
    `${lanes(c.lanes)} paused by the brokers now.`,
    `No leader the clients can reach: ${c.noLeader} (offline partitions, no leader elected: ${c.offlinePartitions}; the others are led by a crashed broker the controller has not fenced yet, or their clients are finding the new leader).`,
    `Under min ISR with acks=all (fewer in-sync replicas than min.insync.replicas: NOT_ENOUGH_REPLICAS): ${c.underMinIsr}.`,
    `acks=all writes waiting for a crashed broker still in the ISR: ${c.followerDown}.`,
    `Kafka's metrics: OfflinePartitionsCount ${c.offlinePartitions}, UnderMinIsrPartitionCount ${c.underMinIsrPartitions}.`,
  ].join(' ')
}

/**
 * `side`: a compare side's header, where room is scarce: nothing while no lane is paused (one highway
 * keeps "paused 0 lanes" once a fault ran, on a line of its own that costs nothing).
 */
export function PausedLanesNote(p: { side?: boolean } = {}): ReactNode {
  const c = useThrottled((s) => s.frame?.totals.pausedLanes ?? null, 250)
  if (c === null || (p.side === true && c.lanes === 0)) return null
  const why = pausedReasons(c)
  return (
    <span className={`${c.lanes > 0 ? 'paused-lanes paused-lanes-on' : 'paused-lanes'}${p.side === true ? ' side-paused' : ''}`} title={pausedTitle(c)} data-lanes={c.lanes} data-no-leader={c.noLeader} data-offline={c.offlinePartitions} data-under-min-isr={c.underMinIsr} data-follower-down={c.followerDown}>
      paused <b>{c.lanes}</b> lane{c.lanes === 1 ? '' : 's'}
      {/* Each reason its own box, so a line cut short (a compare side's header) drops whole reasons, not half a word. */}
      {why.length > 0 ? (
        <span className="paused-why">
          :{' '}
          {why.map((w, i) => (
            <Fragment key={w}>
              {i > 0 ? ' · ' : ''}
              <span className="paused-reason">{w}</span>
            </Fragment>
          ))}
        </span>
      ) : null}
    </span>
  )
}
