// A share group's figures (KIP-932), shown only when one runs: records in flight and locked,
// redelivered, archived, and the records a stopped member still holds, with when they come back.
// Each figure's meaning is its row's title: the table is one Tab stop whose arrow keys read them
// (useTipGroup), as the status bar's figures are read.

import { useId, useRef, type ReactNode } from 'react'
import type { Frame } from '../sim/frameTypes.ts'
import { useThrottled } from './useThrottled.ts'
import { fmt } from './MetricsTable.tsx'
import { useTipGroup } from './useTipGroup.ts'

export function SharePanel(): ReactNode {
  const sg = useThrottled((s) => s.frame?.shareGroup, 250)
  if (!sg) return null
  return <ShareFigures sg={sg} />
}

/** Mounted with the share group's first figures, so the tip group holds its table from the start. */
function ShareFigures({ sg }: { sg: NonNullable<Frame['shareGroup']> }): ReactNode {
  const table = useRef<HTMLTableElement>(null)
  useTipGroup(table)
  const hint = useId()
  const rows: Array<[string, string, string]> = [
    ['In flight now', fmt(sg.inFlight), 'Records taken from the lanes and not yet acknowledged or archived'],
    ['Locked to a member', fmt(sg.locked), 'Acquired records held under a lock by one member'],
    ['Redelivered', fmt(sg.redelivered), 'Records delivered again after a release or an expired lock: each one processed twice or more'],
    // A leader change hands back what members had acquired (the narration's share.leaderChanged
    // says "delivered again"); without this row the status bar's duplicates exceed "Redelivered"
    // with nothing on the page to say why.
    ...(sg.leaderChanges > 0
      ? [['Back after a leader change', fmt(sg.returnedOnLeaderChange), `Acquired, not yet acknowledged records a new partition leader made available again (${sg.leaderChanges} leader change${sg.leaderChanges === 1 ? '' : 's'}): delivered again, not counted in Redelivered`] as [string, string, string]]
      : []),
    // The share coordinator's broker crashed (shareState.lost in the narration): what it cost.
    ...(sg.acksWaiting > 0 || sg.acksDelayed > 0 || sg.acksFailed > 0 || sg.initWaits > 0
      ? ([
          ['Acks waiting for state', fmt(sg.acksWaiting), 'Acknowledged records the partition leader cannot write yet: its share coordinator (a __share_group_state leader) is down. They stay locked meanwhile'],
          ['Acks written late', fmt(sg.acksDelayed), 'Acknowledgements that waited for a new share coordinator, then went through'],
          ['Acks failed', fmt(sg.acksFailed), 'Acknowledgements with no share coordinator within the persister’s retries (about 30 s): locked until their locks ran out, then delivered again'],
          ...(sg.revived > 0 ? [['Back after a lost write', fmt(sg.revived), 'Records the old leader had archived but never wrote: a new leader read them as still in flight'] as [string, string, string]] : []),
        ] as Array<[string, string, string]>)
      : []),
    ['Archived', fmt(sg.archived), 'Rejected, or failed at the delivery limit: never delivered again'],
    ['Most deliveries of one record', String(sg.maxDeliveryCount), 'The highest delivery count so far'],
    ['Most in flight on one lane', fmt(sg.inFlightMax), 'Bounded by group.share.partition.max.record.locks'],
  ]
  return (
    <section className="panel share-group" aria-labelledby="share-group-h">
      <h2 id="share-group-h">Share group</h2>
      <span id={hint} className="sr-only">
        Arrow keys: each figure and what it means
      </span>
      <table ref={table} aria-label="Share group figures" tabIndex={0} aria-describedby={hint}>
        <tbody>
          {rows.map(([name, value, hint]) => (
            <tr key={name} title={hint}>
              <th scope="row">{name}</th>
              <td data-figure={name}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sg.stranded.length > 0 ? (
        <ul className="share-stranded" aria-live="polite">
          {sg.stranded.map((x) => (
            <li key={x.member}>
              {x.member} stopped holding {fmt(x.records)} records: they come back to the others in {Math.ceil(x.expiresInMs / 1000)} s, when its {x.lockMs / 1000} s locks expire
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
