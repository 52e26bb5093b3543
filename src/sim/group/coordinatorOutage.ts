// A group runtime's side of a coordinator failover (brokers/coordinatorFailover.ts), as plain data:
// while the coordinator's broker is dead or the new one is loading, the coordinator machine hears
// nothing. Its timers are put aside (they start again, full length, when the group is loaded, as
// GroupMetadataManager.onLoaded reschedules session and rebalance timeouts); requests that were in
// flight or are sent meanwhile wait, as the clients retry them after FindCoordinator finds the new
// coordinator: a join or sync is sent again, a heartbeat goes at the next heartbeat after the
// lookup (only the latest counts). A LeaveGroup is not sent without a known coordinator
// (AbstractCoordinator.maybeLeaveGroup skips it; a KIP-848 leave heartbeat likewise): it is dropped,
// and that member's session runs out at the new coordinator instead.

import type { EventObject } from 'xstate'

/** What a request event carries for the runtime to answer on. */
interface Addressed {
  replyTo?: { slot: number; incarnation: number }
}

export interface HeldTimer<Ev> {
  event: Ev
  raiseId: string
  /** The timer's full length when it was armed: it restarts with it at the load. */
  durationMs: number
}

export interface OutageState<Ev> {
  timers: Array<HeldTimer<Ev>>
  requests: Ev[]
  /** When members reach the new coordinator (null: not loaded yet). */
  releaseAt: number | null
  /** KIP-848: a partition count the coordinator has not read yet (it reads metadata at the load). */
  partitions: number | null
}

export function newOutage<Ev>(): OutageState<Ev> {
  return { timers: [], requests: [], releaseAt: null, partitions: null }
}

/** Whether a request sent now must wait for the new coordinator. */
export function holdsRequests(o: OutageState<unknown>, now: number): boolean {
  return o.releaseAt === null || now < o.releaseAt
}

function isLeave(e: EventObject): boolean {
  if (e.type === 'member.leaveGroup') return true
  const r = (e as { request?: { memberEpoch?: number } }).request
  return e.type === 'member.consumerGroupHeartbeat' && r?.memberEpoch !== undefined && r.memberEpoch < 0
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
