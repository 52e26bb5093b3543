// A group runtime's side of a coordinator failover (brokers/coordinatorFailover.ts), as plain data:
// while the coordinator's broker is dead or the new one is loading, the coordinator machine hears
// nothing. Its timers die with it (they lived in its memory; the new coordinator starts its own
// when it loads the group: groupRecords.ts); requests that were in flight or are sent meanwhile
// wait, as the clients retry them after FindCoordinator finds the new coordinator: a join or sync
// is sent again, a heartbeat goes at the next heartbeat after the lookup (only the latest counts). A LeaveGroup is not sent without a known coordinator
// (AbstractCoordinator.maybeLeaveGroup skips it; a KIP-848 leave heartbeat likewise): it is dropped,
// and that member's session runs out at the new coordinator instead.

import type { EventObject } from 'xstate'
import type { Delivery, DeliveryTable } from './machineEffects.ts'

/** What a request event carries for the runtime to answer on. */
interface Addressed {
  replyTo?: { slot: number; incarnation: number }
}

export interface OutageState<Ev> {
  requests: Ev[]
  /** When members reach the new coordinator (null: not loaded yet). */
  releaseAt: number | null
  /** KIP-848: a partition count the coordinator has not read yet (it reads metadata at the load). */
  partitions: number | null
}

export function newOutage<Ev>(): OutageState<Ev> {
  return { requests: [], releaseAt: null, partitions: null }
}

/** Whether a request sent now must wait for the new coordinator. */
export function holdsRequests(o: OutageState<unknown>, now: number): boolean {
  return o.releaseAt === null || now < o.releaseAt
}

/** A LeaveGroup, or a KIP-848 / KIP-932 heartbeat with a leave epoch (-1; -2 for a static member). */
function isLeave(e: EventObject): boolean {
  if (e.type === 'member.leaveGroup') return true
  const r = (e as { request?: { memberEpoch?: number } }).request
  return (e.type === 'member.consumerGroupHeartbeat' || e.type === 'member.shareGroupHeartbeat') && r?.memberEpoch !== undefined && r.memberEpoch < 0
}

const sameSender = (a: Addressed, b: Addressed): boolean => a.replyTo?.slot === b.replyTo?.slot && a.replyTo?.incarnation === b.replyTo?.incarnation

/** Keeps a request for after the rediscovery (see the header for which ones and how). */
export function holdRequest<Ev extends EventObject>(o: OutageState<Ev>, e: Ev): void {
  if (isLeave(e)) return
  if (e.type === 'member.heartbeat') {
    const i = o.requests.findIndex((x) => x.type === 'member.heartbeat' && sameSender(x as Addressed, e as Addressed))
    if (i >= 0) o.requests.splice(i, 1)
  }
  o.requests.push(e)
}

/** The coordinator's broker died: its timers are gone; requests it had parked and those in flight to it wait for a retry. */
export function stopCoordinator<Ev extends EventObject, M extends EventObject>(table: DeliveryTable<Delivery<Ev, M>>, current: OutageState<Ev> | null, parked: readonly Ev[] = []): OutageState<Ev> {
  const o = current ?? newOutage<Ev>()
  o.releaseAt = null
  for (const e of parked) holdRequest(o, e)
  for (const d of table.takeAll({ to: 'coordinator' })) {
    if (d.to === 'coordinator' && d.raiseId === null) holdRequest(o, d.event)
  }
  return o
}

/**
 * A new coordinator loaded the group (the caller arms the timers the load starts); members send
 * what waited at `reachableAt` (a runtime timer). Returns a partition count the coordinator must now read.
 */
export function loadCoordinator<Ev extends EventObject, M extends EventObject>(table: DeliveryTable<Delivery<Ev, M>>, o: OutageState<Ev>, reachableAt: number, now: number): number | null {
  o.releaseAt = reachableAt
  const partitions = o.partitions
  o.partitions = null
  table.schedule({ to: 'runtime', event: { type: 'runtime.coordinatorFound' } }, reachableAt - now)
  return partitions
}

/** Members found the new coordinator: the requests to send now, in order (null: a stale lookup, lost again since). */
export function releasedRequests<Ev>(o: OutageState<Ev> | null, now: number): Ev[] | null {
  if (o === null || o.releaseAt === null || now < o.releaseAt) return null
  return o.requests
}

export function copyOutage<Ev>(o: OutageState<Ev>): OutageState<Ev> {
  return { requests: [...o.requests], releaseAt: o.releaseAt, partitions: o.partitions }
}
