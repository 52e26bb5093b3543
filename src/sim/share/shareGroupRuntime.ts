// A share group's membership (KIP-932) on the engine clock: members join and stay with
// ShareGroupHeartbeat (like KIP-848, a group epoch and a target assignment computed by the
// coordinator with the `simple` assignor), and there is no rebalance barrier: a new assignment
// reaches each member in its next heartbeat response and applies at once, nobody stops reading.
// Records are never owned by a member, so nothing is revoked with a commit: locks do that work
// (shareDataPlane.ts). Plain state, saved and restored as data.

import type { EventId } from '../../engine/heap.ts'
import { simpleShareAssign } from '../../kafka/shareAssignor.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { GroupView } from '../frameTypes.ts'
import type { GroupHost, GroupRuntime, GroupRuntimeFactory, MemberProtocolView, RebalanceRecord } from '../group/groupRuntime.ts'
import { uuidFrom } from '../group/memberIds.ts'

/** group.share.session.timeout.ms and group.share.heartbeat.interval.ms defaults (GroupCoordinatorConfig). */
export const SHARE_SESSION_TIMEOUT_MS = 45000
export const SHARE_HEARTBEAT_INTERVAL_MS = 5000

const T_HEARTBEAT = 0
const T_SESSION = 1
const T_JOINED = 2
const KINDS = 3

interface ShareMemberState {
  memberId: string
  /** In the group (the coordinator has it); false before its first heartbeat is answered. */
  joined: boolean
  joining: boolean
  /** The process is gone (crashed or closed): no heartbeats. */
  gone: boolean
  /** GC pause: no heartbeats until then. */
  pausedUntil: number
  epoch: number
  /** The assignment the member has applied. */
  assignment: number[]
  lastHeartbeatAt: number
  heartbeatEvent: EventId
  sessionEvent: EventId
}

interface SavedShare {
  kind: 'share'
  groupEpoch: number
  partitions: number
  members: Array<ShareMemberState | null>
  target: Array<number[] | null>
}

export class ShareGroupRuntime implements GroupRuntime {
  private s: SavedShare

  constructor(
    private readonly host: GroupHost,
    saved?: SavedShare,
  ) {
    this.s = saved ?? { kind: 'share', groupEpoch: 0, partitions: host.partitionCount(), members: [], target: [] }
  }

  startFormed(slots: readonly number[]): void {
    for (const slot of slots) {
      const m = this.newMember(slot)
      m.joined = true
      this.s.members[slot] = m
    }
    this.s.groupEpoch = 1
    this.computeTarget()
    for (const slot of slots) {
      const m = this.s.members[slot]!
      m.epoch = this.s.groupEpoch
      this.applyTarget(slot, m)
      // Heartbeat threads out of phase, as the consumer-group runtimes start them.
      m.heartbeatEvent = this.host.schedule(SHARE_HEARTBEAT_INTERVAL_MS * (1 - this.host.rng.next()), token(slot, T_HEARTBEAT))
      this.resetSession(slot, m)
    }
  }

  memberStarted(slot: number): void {
    const old = this.s.members[slot]
    if (old && old.joined) this.remove(slot, old, false)
    this.s.members[slot] = this.newMember(slot)
  }

  memberPolled(slot: number): void {
    const m = this.s.members[slot]
    if (!m || m.joined || m.joining || m.gone) return
    // The first ShareGroupHeartbeat (epoch 0) goes out from poll; the answer comes a round trip later.
    m.joining = true
    this.host.schedule(2 * this.host.networkLatencyMs(), token(slot, T_JOINED))
  }

  memberCrashed(slot: number): void {
    const m = this.s.members[slot]
    if (!m) return
    m.gone = true
    this.cancel(m.heartbeatEvent)
    m.heartbeatEvent = -1
    if (!m.joined) this.s.members[slot] = null
    // Only the session timeout notices; its timer keeps running.
  }

  memberClosed(slot: number): void {
    const m = this.s.members[slot]
    if (!m) return
    m.gone = true
    // ShareGroupHeartbeat with epoch -1: the member leaves at once.
    if (m.joined) this.remove(slot, m, true)
    else this.s.members[slot] = null
  }

  memberPaused(slot: number, durationMs: number): void {
    const m = this.s.members[slot]
    if (m) m.pausedUntil = Math.max(m.pausedUntil, this.host.now() + durationMs)
  }

  partitionsChanged(count: number): void {
    // The coordinator reads the topic's metadata: a new group epoch, picked up at the next heartbeats.
    this.s.partitions = count
    this.s.groupEpoch++
    this.computeTarget()
  }

  onTimer(tok: number): void {
    const slot = Math.floor(tok / KINDS)
    const kind = tok % KINDS
    const m = this.s.members[slot]
    if (!m) return
    const now = this.host.now()
    if (kind === T_JOINED) {
      m.joining = false
      if (m.gone || m.joined) return
      m.joined = true
      this.s.groupEpoch++
      this.computeTarget()
      this.host.say({ kind: 'share.joined', member: this.host.memberName(slot), epoch: this.s.groupEpoch })
      this.heartbeatAnswered(slot, m)
    } else if (kind === T_HEARTBEAT) {
      m.heartbeatEvent = -1
      if (m.gone) return
      if (now < m.pausedUntil) {
        m.heartbeatEvent = this.host.schedule(m.pausedUntil - now, token(slot, T_HEARTBEAT))
        return
      }
      this.heartbeatAnswered(slot, m)
    } else if (kind === T_SESSION) {
      m.sessionEvent = -1
      if (!m.joined) return
      this.host.say({ kind: 'share.memberRemoved', member: this.host.memberName(slot), sessionTimeoutMs: SHARE_SESSION_TIMEOUT_MS })
      this.remove(slot, m, false)
    }
  }

  group(): GroupView {
    const members = this.s.members.filter((m) => m && m.joined).length
    return {
      state: members > 0 ? 'Stable' : 'Empty',
      generation: this.s.groupEpoch,
      protocol: 'share',
      assignor: 'simple',
      rebalancing: false,
      leader: null,
      rebalances: 0,
      rebalancesLastMinute: 0,
      storm: false,
      countdowns: [],
    }
  }

  member(slot: number): MemberProtocolView {
    const m = this.s.members[slot]
    if (!m) return { memberId: '', groupInstanceId: null, phase: 'dead', generation: 0, sessionTimer: null }
    const silent = m.gone || this.host.now() < m.pausedUntil
    return {
      memberId: m.memberId,
      groupInstanceId: null,
      phase: m.joined ? 'stable' : 'joining',
      generation: m.epoch,
      sessionTimer: m.joined && silent ? { setAt: m.lastHeartbeatAt, dueAt: m.lastHeartbeatAt + SHARE_SESSION_TIMEOUT_MS } : null,
    }
  }

  rebalanceLog(): readonly RebalanceRecord[] {
    return NO_REBALANCES
  }

  save(): unknown {
    return structuredCloneLike(this.s)
  }

  // ------------------------------------------------------------------ coordinator

  private newMember(slot: number): ShareMemberState {
    void slot
    return { memberId: uuidFrom(this.host.rng), joined: false, joining: false, gone: false, pausedUntil: 0, epoch: 0, assignment: [], lastHeartbeatAt: this.host.now(), heartbeatEvent: -1, sessionEvent: -1 }
  }

  /** A heartbeat reached the coordinator and its answer the member: session reset, target applied, next one scheduled. */
  private heartbeatAnswered(slot: number, m: ShareMemberState): void {
    this.resetSession(slot, m)
    m.epoch = this.s.groupEpoch
    this.applyTarget(slot, m)
    m.heartbeatEvent = this.host.schedule(SHARE_HEARTBEAT_INTERVAL_MS, token(slot, T_HEARTBEAT))
  }

  private resetSession(slot: number, m: ShareMemberState): void {
    m.lastHeartbeatAt = this.host.now()
    this.cancel(m.sessionEvent)
    m.sessionEvent = this.host.schedule(SHARE_SESSION_TIMEOUT_MS, token(slot, T_SESSION))
  }

  /** The member takes its target: no barrier, partitions added and dropped at once. */
  private applyTarget(slot: number, m: ShareMemberState): void {
    const target = this.s.target[slot] ?? []
    const dropped = m.assignment.filter((p) => !target.includes(p))
    const added = target.filter((p) => !m.assignment.includes(p))
    if (dropped.length === 0 && added.length === 0) return
    if (dropped.length > 0) this.host.revoke(slot, dropped)
    if (added.length > 0) this.host.assign(slot, added)
    m.assignment = [...target]
    const shared = target.filter((p) => this.s.target.some((t, other) => other !== slot && t !== null && t !== undefined && t.includes(p)))
    this.host.say({ kind: 'share.assignment', member: this.host.memberName(slot), partitions: [...target], shared })
  }

  private remove(slot: number, m: ShareMemberState, left: boolean): void {
    this.cancel(m.heartbeatEvent)
    this.cancel(m.sessionEvent)
    if (m.assignment.length > 0) {
      if (left) this.host.revoke(slot, m.assignment)
      else this.host.lose(slot, m.assignment)
    }
    this.s.members[slot] = null
    this.s.groupEpoch++
    this.computeTarget()
  }

  private computeTarget(): void {
    const ids: number[] = []
    const current = new Map<number, number[]>()
    this.s.members.forEach((m, slot) => {
      if (!m || !m.joined) return
      ids.push(slot)
      current.set(slot, this.s.target[slot] ?? m.assignment)
    })
    const next = simpleShareAssign(ids, this.s.partitions, current)
    this.s.target = []
    for (const [slot, parts] of next) this.s.target[slot] = parts
  }

  private cancel(id: EventId): void {
    if (id >= 0) this.host.cancel(id)
  }
}

const NO_REBALANCES: readonly RebalanceRecord[] = []

function token(slot: number, kind: number): number {
  return slot * KINDS + kind
}

function structuredCloneLike<T>(x: T): T {
  return JSON.parse(JSON.stringify(x)) as T
}

export const shareGroupRuntimeFactory: GroupRuntimeFactory = {
  create: (host: GroupHost, _spec: ConsumerGroupSpec, _broker: BrokerConfig) => new ShareGroupRuntime(host),
  restore: (host: GroupHost, _spec: ConsumerGroupSpec, _broker: BrokerConfig, saved: unknown) => new ShareGroupRuntime(host, saved as SavedShare),
}
