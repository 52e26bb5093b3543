// The members' connection to their group coordinator, and what of the coordinator survives its
// broker: requests travel with the network latency, or wait while the coordinator is dead or
// loading (coordinatorOutage.ts); a request the coordinator holds unanswered (a parked JoinGroup or
// SyncGroup) fails with the connection when its broker dies, and the client sends it again to the
// new coordinator; the group's records in __consumer_offsets are kept as the protocol writes them
// (groupRecords.ts), and a new coordinator rebuilds the group from them and nothing else. One path
// for classic, KIP-848 and share groups. Plain data; the host is the clock.

import type { EventObject } from 'xstate'
import { deepClone } from '../../engine/clone.ts'
import { copyOutage, holdRequest, holdsRequests, loadCoordinator, releasedRequests, stopCoordinator, type OutageState } from './coordinatorOutage.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { GroupPersistence, LoadedGroup } from './groupRecords.ts'
import type { Delivery, DeliveryTable } from './machineEffects.ts'

export interface SavedLink<Ev, R> {
  /** A coordinator failover under way; absent otherwise. */
  outage?: OutageState<Ev>
  /** Requests the coordinator holds unanswered; absent when none. */
  parked?: Record<string, Ev>
  /** The group's last record, for a protocol that does not write every change; absent before the first. */
  record?: R
}

const ANSWER_PREFIX = 'coordinator.'
const ANSWER_SUFFIX = 'Response'

export class CoordinatorLink<Ctx, Ev extends EventObject, M extends EventObject, Report, R> {
  private outage: OutageState<Ev> | null
  private record: R | null
  /** Requests delivered and not answered yet, by member process and request type (insertion order). */
  private parked: Record<string, Ev>

  constructor(
    private readonly host: GroupHost,
    private readonly table: DeliveryTable<Delivery<Ev, M>>,
    private readonly persistence: GroupPersistence<Ctx, Ev, Report, R>,
    saved?: SavedLink<Ev, R>,
  ) {
    this.outage = saved?.outage ? copyOutage(saved.outage) : null
    this.record = saved?.record === undefined ? null : deepClone(saved.record)
    this.parked = { ...(saved?.parked ?? {}) }
  }

  /** The coordinator takes a member's request: it is parked until answered. */
  delivered(e: Ev): void {
    const r = (e as { replyTo?: ReplyTo }).replyTo
    if (r !== undefined && e.type.startsWith('member.')) this.parked[parkKey(r, e.type.slice('member.'.length))] = e
  }

  /** The coordinator answers a member: `coordinator.xResponse` settles its `member.x` request. */
  answered(r: ReplyTo, response: EventObject): void {
    // /^coordinator\.(.*)Response$/ without a regular expression: this runs for every answer.
    const t = response.type
    if (t.startsWith(ANSWER_PREFIX) && t.endsWith(ANSWER_SUFFIX) && t.length >= ANSWER_PREFIX.length + ANSWER_SUFFIX.length) delete this.parked[parkKey(r, t.slice(ANSWER_PREFIX.length, t.length - ANSWER_SUFFIX.length))]
  }

  /** A member's request: it arrives after the network latency, or waits for the new coordinator (the client retries after FindCoordinator). */
  send(event: Ev): void {
    if (this.outage !== null && holdsRequests(this.outage, this.host.now())) holdRequest(this.outage, event)
    else this.table.schedule({ to: 'coordinator', event }, this.host.networkLatencyMs())
  }

  /** The coordinator stepped with these reports, leaving `ctx`: keeps the record if the step wrote one. */
  stepped(ctx: Ctx, reports: readonly Report[]): void {
    if (!this.persistence.everyChange && this.persistence.writes(reports)) this.record = this.persistence.record(ctx)
  }

  /** A warm start: the group was formed by a completed rebalance, whose record is in the log. */
  formed(ctx: Ctx): void {
    if (!this.persistence.everyChange) this.record = this.persistence.record(ctx)
  }

  /** The topic grew while no coordinator runs: the new one reads it when it loads (true: noted for then). */
  holdsPartitions(count: number): boolean {
    if (this.outage === null || this.outage.releaseAt !== null) return false
    this.outage.partitions = count
    return true
  }

  /** The coordinator's broker died: its timers are gone, requests in flight to it wait. */
  lost(): void {
    // Parked requests fail with the connection first; then those still on the wire.
    this.outage = stopCoordinator(this.table, this.outage, Object.values(this.parked))
    this.parked = {}
  }

  /**
   * A new coordinator loads the group from its records (`current` gives the configuration, and for
   * a protocol that writes every change, the group as last written: nothing stepped it since the
   * crash). Members reach it at `reachableAt`. Returns the group to restore and a partition count
   * the coordinator must read now (null: none changed meanwhile).
   */
  loaded(current: Ctx, reachableAt: number): { group: LoadedGroup<Ctx, Ev>; partitions: number | null } | null {
    if (this.outage === null) return null
    const record = this.persistence.everyChange ? this.persistence.record(current) : this.record
    const group = this.persistence.load(current, record)
    const partitions = loadCoordinator(this.table, this.outage, reachableAt, this.host.now())
    return { group, partitions }
  }

  /** Members found the new coordinator (the runtime's timer): the requests to send now (null: a stale lookup). */
  found(): Ev[] | null {
    const requests = releasedRequests(this.outage, this.host.now())
    if (requests !== null) this.outage = null
    return requests
  }

  save(): SavedLink<Ev, R> {
    return {
      ...(this.outage !== null ? { outage: copyOutage(this.outage) } : {}),
      ...(this.record !== null ? { record: deepClone(this.record) } : {}),
      ...(Object.keys(this.parked).length > 0 ? { parked: { ...this.parked } } : {}),
    }
  }
}

interface ReplyTo {
  slot: number
  incarnation: number
}

const parkKey = (r: ReplyTo, api: string): string => `${r.slot}.${r.incarnation}:${api}`
