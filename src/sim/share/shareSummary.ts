// A share group's figures, as `highway run --json` prints them (`shareGroup`) and the page shows
// them: read from the world, never changing it.

import { countIn, inFlight } from '../../kafka/sharePartition.ts'
import type { WorldState } from '../worldState.ts'

export interface ShareGroupSummary {
  /** Records acquired by members, redeliveries included. */
  acquired: number
  acknowledged: number
  /** Released by the application or by an expired lock: back to AVAILABLE for another delivery. */
  released: number
  /** Acquired again after a release or an expired lock (delivery count > 1): each one is a duplicate. */
  redelivered: number
  /** Rejected, or released / expired at group.share.delivery.count.limit: never delivered again. */
  archived: number
  maxDeliveryCount: number
  /** The most records in flight on one partition (bounded by group.share.partition.max.record.locks). */
  inFlightMax: number
  /** Times a partition's leader changed and its share-partition started again from the share coordinator's state. */
  leaderChanges: number
  /**
   * Records members had acquired and not acknowledged when their partition's leader changed: the
   * acquisition was never written, so the new leader made them available and they are delivered
   * again (a duplicate for each one the member had processed).
   */
  returnedOnLeaderChange: number
  /**
   * The share coordinator (the leader of the partition's __share_group_state partition) was down:
   * records whose acknowledgement waited for a new one and then went through, records whose
   * acknowledgement failed after the persister's retries (locked until their locks ran out, then
   * delivered again), settled records a new leader made unsettled again (their write was lost), and
   * share-partitions whose new leader waited for their state before serving them.
   */
  acksDelayed: number
  acksFailed: number
  revived: number
  initWaits: number
  /** In flight now: acquired (locked to a member) and available (waiting to be delivered again). */
  inFlight: number
  locked: number
  /** Records not yet acknowledged or archived: the share group's lag (log end − settled). */
  lag: number
}

export function shareGroupSummary(w: WorldState): ShareGroupSummary | undefined {
  const sh = w.share
  if (!sh) return undefined
  let flight = 0
  let locked = 0
  let settledInWindow = 0
  let lag = 0
  for (let p = 0; p < w.P; p++) {
    const sp = sh.parts[p]!
    flight += inFlight(sp)
    locked += countIn(sp, 'acquired')
    settledInWindow = countIn(sp, 'acknowledged') + countIn(sp, 'archived')
    lag += w.leo[p]! - sp.start - settledInWindow
  }
  const st = sh.stats
  return {
    acquired: st.acquired,
    acknowledged: st.acknowledged,
    released: st.released,
    redelivered: st.redelivered,
    archived: st.archived,
    maxDeliveryCount: st.maxDeliveryCount,
    inFlightMax: st.inFlightMax,
    leaderChanges: st.leaderChanges,
    returnedOnLeaderChange: st.returnedOnLeaderChange,
    acksDelayed: st.acksDelayed ?? 0,
    acksFailed: st.acksFailed ?? 0,
    revived: st.revived ?? 0,
    initWaits: st.initWaits ?? 0,
    inFlight: flight,
    locked,
    lag,
  }
}

/** Records locked to a member that is not running (crashed, down, paused), and when the first lock ends. */
export interface StrandedLocks {
  member: string
  records: number
  /** Sim ms until its earliest lock expires and those records become available again. */
  expiresInMs: number
  lockMs: number
}

export interface ShareGroupView extends ShareGroupSummary {
  stranded: StrandedLocks[]
  /** Records whose acknowledgement waits now for a share coordinator (sharePersister.ts). */
  acksWaiting: number
}

/** What the page shows of a share group at `now` (the frame's `shareGroup`). */
export function shareGroupView(w: WorldState, now: number): ShareGroupView | undefined {
  const summary = shareGroupSummary(w)
  if (!summary || !w.share) return undefined
  const byMember = new Map<number, { records: number; until: number }>()
  for (const sp of w.share.parts) {
    for (const r of sp.runs) {
      if (r.state !== 'acquired') continue
      const cs = w.consumers[r.member]
      if (!cs || (cs.status === 'running' && now >= cs.pausedUntil)) continue
      const e = byMember.get(r.member) ?? { records: 0, until: Infinity }
      e.records += r.to - r.from
      e.until = Math.min(e.until, r.lockUntil)
      byMember.set(r.member, e)
    }
  }
  const lockMs = w.live.group.share?.['group.share.record.lock.duration.ms'] ?? 30000
  const stranded = [...byMember].sort((a, b) => a[0] - b[0]).map(([c, e]) => ({ member: w.consumers[c]!.name, records: e.records, expiresInMs: Math.max(0, e.until - now), lockMs }))
  let acksWaiting = 0
  for (const wr of w.share.pending ?? []) if (wr !== null && wr.kind === 'ack') acksWaiting += wr.to - wr.from
  return { ...summary, stranded, acksWaiting }
}
