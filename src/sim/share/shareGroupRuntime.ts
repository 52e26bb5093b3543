// A share group's membership (KIP-932) on the engine clock: the share group coordinator and member
// machines of src/protocols (shareGroupMachine, shareMemberMachine), ShareGroupHeartbeat carried
// over the host's network latency both ways, timers as engine events. There is no rebalance
// barrier: a new assignment reaches each member in the answer to its next heartbeat and applies at
// once, nobody stops reading. Records are never owned by a member, so nothing is revoked with a
// commit: locks do that work (shareDataPlane.ts). Plain state, saved and restored as data.

import { initialTransition, transition } from 'xstate'
import { topicIdHashOf } from '../../kafka/shareAssignor.ts'
import { findShareMember, formedShareGroup, shareSessionTimerId, type ShareGroupContext, type ShareGroupInput } from '../../protocols/shareGroupLogic.ts'
import { shareGroupMachine, type ShareGroupEffect } from '../../protocols/shareGroupMachine.ts'
import type { ShareGroupCoordinatorEvent, ShareGroupReport } from '../../protocols/shareGroupMessages.ts'
import { SHARE_HEARTBEAT_TIMER, shareMemberMachine, type ShareMemberContext, type ShareMemberEffect, type ShareMemberEvent, type ShareMemberReport } from '../../protocols/shareMemberMachine.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { GroupView } from '../frameTypes.ts'
import type { GroupHost, GroupRuntime, GroupRuntimeFactory, MemberProtocolView, RebalanceRecord } from '../group/groupRuntime.ts'
import { DeliveryTable, interpretActions, type Delivery, type DeliveryTableState, type MachineAction } from '../group/machineEffects.ts'
import { uuidFrom } from '../group/memberIds.ts'
import { restoreSnapshot, saveSnapshot, type SavedSnapshot, type SnapshotOf } from '../group/memberProcesses.ts'

/** group.share.session.timeout.ms and group.share.heartbeat.interval.ms defaults (GroupCoordinatorConfig). */
export const SHARE_SESSION_TIMEOUT_MS = 45000
export const SHARE_HEARTBEAT_INTERVAL_MS = 5000

type ShareDelivery = Delivery<ShareGroupCoordinatorEvent, ShareMemberEvent>

/** One consumer slot's current process. */
interface ShareSlot {
  incarnation: number
  alive: boolean
  /** GC pause: deliveries to it wait until then. */
  pausedUntil: number
  member: SavedSnapshot
  /** A crashed process's partitions, released when the coordinator removes its member or the slot restarts. */
  orphaned: { memberId: string; partitions: number[] } | null
}

interface SavedShare {
  kind: 'share'
  coordinator: SavedSnapshot
  slots: Array<ShareSlot | null>
  table: DeliveryTableState<ShareDelivery>
  names: Record<string, number>
}

export class ShareGroupRuntime implements GroupRuntime {
  private coordinator: SnapshotOf<ShareGroupContext>
  private readonly slots: Array<ShareSlot | null>
  private readonly table: DeliveryTable<ShareDelivery>
  /** member.id -> slot, for names in the narration. */
  private readonly names: Record<string, number>
  private readonly input: ShareGroupInput

  constructor(
    private readonly host: GroupHost,
    spec: ConsumerGroupSpec,
    saved?: SavedShare,
  ) {
    this.input = {
      groupId: spec.groupId,
      topicIdHash: topicIdHashOf(host.topicName()),
      partitionCount: host.partitionCount(),
      sessionTimeoutMs: SHARE_SESSION_TIMEOUT_MS,
      heartbeatIntervalMs: SHARE_HEARTBEAT_INTERVAL_MS,
    }
    this.table = new DeliveryTable(host, saved?.table)
    this.slots = saved ? saved.slots.map((s) => (s ? { ...s, orphaned: s.orphaned && { ...s.orphaned, partitions: [...s.orphaned.partitions] } } : null)) : []
    this.names = { ...(saved?.names ?? {}) }
    // The coordinator starts Empty with no timers, so its initial actions need no interpreting.
    this.coordinator = saved ? restoreSnapshot(shareGroupMachine, saved.coordinator) : (initialTransition(shareGroupMachine, this.input)[0] as SnapshotOf<ShareGroupContext>)
  }

  startFormed(slots: readonly number[]): void {
    const ids = slots.map((slot) => this.newMemberId(slot))
    const ctx = formedShareGroup(this.input, ids)
    this.coordinator = restoreSnapshot(shareGroupMachine, { value: ids.length > 0 ? 'Stable' : 'Empty', context: ctx })
    slots.forEach((slot, i) => {
      const memberId = ids[i]!
      const assigned = [...(ctx.target[memberId] ?? [])]
      const member: ShareMemberContext = { slot, memberId, heartbeatIntervalMs: this.input.heartbeatIntervalMs, memberEpoch: ctx.groupEpoch, assigned, heartbeatInFlight: false }
      this.slots[slot] = { incarnation: 0, alive: true, pausedUntil: 0, member: { value: 'Stable', context: member }, orphaned: null }
      if (assigned.length > 0) this.host.assign(slot, assigned)
      this.applied(slot, [], assigned)
      // Heartbeat threads out of phase, as the consumer-group runtimes start them.
      this.table.schedule({ to: 'member', slot, incarnation: 0, event: { type: 'timer.heartbeat' } }, this.input.heartbeatIntervalMs * (1 - this.host.rng.next()), SHARE_HEARTBEAT_TIMER)
      this.armSession(memberId)
    })
  }

  memberStarted(slot: number): void {
    const old = this.slots[slot]
    // What a crashed predecessor still held stops being read here; its member stays in the group
    // until the coordinator's session timer removes it.
    if (old?.orphaned) this.host.lose(slot, old.orphaned.partitions)
    const memberId = this.newMemberId(slot)
    const [snapshot] = initialTransition(shareMemberMachine, { slot, memberId, heartbeatIntervalMs: this.input.heartbeatIntervalMs })
    this.slots[slot] = { incarnation: (old?.incarnation ?? -1) + 1, alive: true, pausedUntil: 0, member: saveSnapshot(snapshot), orphaned: null }
  }

  memberPolled(slot: number): void {
    // Only the first poll matters: it sends the join heartbeat (later ones are routine for a share consumer).
    const s = this.slots[slot]
    if (s && s.alive && s.member.value === 'Unsubscribed') this.stepMember(slot, { type: 'app.poll' })
  }

  memberCrashed(slot: number): void {
    const s = this.slots[slot]
    if (!s || !s.alive) return
    s.alive = false
    this.table.cancelTimersOf({ to: 'member', slot, incarnation: s.incarnation })
    const c = s.member.context as ShareMemberContext
    // Only the session timeout notices: no heartbeat with epoch -1.
    s.orphaned = findShareMember(this.ctx, c.memberId) ? { memberId: c.memberId, partitions: [...c.assigned] } : null
    if (!s.orphaned && c.assigned.length > 0) this.host.lose(slot, c.assigned)
  }

  memberClosed(slot: number): void {
    const s = this.slots[slot]
    if (!s || !s.alive) return
    this.stepMember(slot, { type: 'app.close' })
    s.alive = false
  }

  memberPaused(slot: number, durationMs: number): void {
    const s = this.slots[slot]
    if (s) s.pausedUntil = Math.max(s.pausedUntil, this.host.now() + durationMs)
  }

  partitionsChanged(count: number): void {
    // The coordinator reads the topic's metadata: a new group epoch, picked up at the next heartbeats.
    this.stepCoordinator({ type: 'metadata.partitionsChanged', partitionCount: count })
  }

  onTimer(token: number): void {
    const d = this.table.take(token)
    if (!d) return
    if (d.to === 'coordinator') return this.stepCoordinator(d.event)
    if (d.to !== 'member') return
    const s = this.slots[d.slot]
    if (!s || !s.alive || s.incarnation !== d.incarnation) return
    const now = this.host.now()
    // A stop-the-world pause holds its heartbeats and answers until it ends.
    if (now < s.pausedUntil) {
      this.table.schedule({ to: 'member', slot: d.slot, incarnation: d.incarnation, event: d.event }, s.pausedUntil - now, d.raiseId)
      return
    }
    this.stepMember(d.slot, d.event)
  }

  group(): GroupView {
    const members = this.ctx.members.length
    return {
      state: members > 0 ? 'Stable' : 'Empty',
      generation: this.ctx.groupEpoch,
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
    const s = this.slots[slot]
    if (!s) return { memberId: '', groupInstanceId: null, phase: 'dead', generation: 0, sessionTimer: null }
    const c = s.member.context as ShareMemberContext
    const silent = !s.alive || this.host.now() < s.pausedUntil
    const known = findShareMember(this.ctx, c.memberId) !== undefined
    // The coordinator's session timer, while the process sends no heartbeats.
    const t = silent && known ? this.table.timer({ to: 'coordinator' }, shareSessionTimerId(c.memberId)) : null
    const phase = s.member.value === 'Dead' || (!s.alive && !known) ? 'dead' : known && s.member.value !== 'Joining' ? 'stable' : 'joining'
    return { memberId: c.memberId, groupInstanceId: null, phase, generation: c.memberEpoch, sessionTimer: t && { setAt: t.setAt, dueAt: t.dueAt } }
  }

  rebalanceLog(): readonly RebalanceRecord[] {
    return NO_REBALANCES
  }

  save(): SavedShare {
    return JSON.parse(JSON.stringify({ kind: 'share', coordinator: saveSnapshot(this.coordinator), slots: this.slots, table: this.table.save(), names: this.names })) as SavedShare
  }

  // ------------------------------------------------------------------ machines

  private get ctx(): ShareGroupContext {
    return this.coordinator.context
  }

  private newMemberId(slot: number): string {
    const id = uuidFrom(this.host.rng)
    this.names[id] = slot
    return id
  }

  private armSession(memberId: string): void {
    this.table.schedule({ to: 'coordinator', event: { type: 'timer.sessionTimeout', memberId } }, this.input.sessionTimeoutMs, shareSessionTimerId(memberId))
  }

  private stepCoordinator(event: ShareGroupCoordinatorEvent): void {
    const [next, actions] = transition(shareGroupMachine, this.coordinator, event)
    this.coordinator = next as SnapshotOf<ShareGroupContext>
    const effects = interpretActions<ShareGroupCoordinatorEvent, ShareGroupEffect>(actions as MachineAction[], {
      set: (ev, delayMs, raiseId) => this.table.schedule({ to: 'coordinator', event: ev }, delayMs, raiseId),
      cancel: (raiseId) => this.table.cancelRaise({ to: 'coordinator' }, raiseId),
    })
    for (const e of effects) {
      if (e.type === 'sendResponse') {
        const { slot, incarnation } = e.params.replyTo
        this.table.schedule({ to: 'member', slot, incarnation, event: e.params.event }, this.host.networkLatencyMs())
      } else this.onCoordinatorReport(e.params)
    }
  }

  private stepMember(slot: number, event: ShareMemberEvent): void {
    const s = this.slots[slot]!
    const self = { to: 'member', slot, incarnation: s.incarnation } as const
    const before = (s.member.context as ShareMemberContext).assigned
    const [next, actions] = transition(shareMemberMachine, restoreSnapshot(shareMemberMachine, s.member), event)
    s.member = saveSnapshot(next)
    const effects = interpretActions<ShareMemberEvent, ShareMemberEffect>(actions as MachineAction[], {
      set: (ev, delayMs, raiseId) => this.table.schedule({ ...self, event: ev }, delayMs, raiseId),
      cancel: (raiseId) => this.table.cancelRaise(self, raiseId),
    })
    for (const e of effects) {
      switch (e.type) {
        case 'sendRequest':
          this.table.schedule({ to: 'coordinator', event: { ...e.params, replyTo: { slot, incarnation: s.incarnation } } }, this.host.networkLatencyMs())
          break
        case 'assignPartitions':
          this.host.assign(slot, e.params.partitions)
          break
        case 'revokePartitions':
          this.host.revoke(slot, e.params.partitions)
          break
        case 'losePartitions':
          this.host.lose(slot, e.params.partitions)
          break
        case 'report':
          this.onMemberReport(slot, e.params, before)
          break
      }
    }
  }

  private onMemberReport(slot: number, r: ShareMemberReport, before: readonly number[]): void {
    if (r.kind === 'assignment') this.applied(slot, before, r.assigned)
  }

  /** Narrates a member's new assignment; `shared`: its partitions other members' targets include too. */
  private applied(slot: number, before: readonly number[], assigned: readonly number[]): void {
    if (assigned.length === before.length && assigned.every((p) => before.includes(p))) return
    const mine = (this.slots[slot]?.member.context as ShareMemberContext | undefined)?.memberId
    const others = Object.entries(this.ctx.target).filter(([id]) => id !== mine)
    const shared = assigned.filter((p) => others.some(([, ps]) => ps.includes(p)))
    this.host.say({ kind: 'share.assignment', member: this.host.memberName(slot), partitions: [...assigned], shared })
  }

  private onCoordinatorReport(r: ShareGroupReport): void {
    switch (r.kind) {
      case 'epochBumped':
        if (r.cause.kind === 'memberJoined') this.host.say({ kind: 'share.joined', member: this.nameOf(r.cause.memberId), epoch: r.groupEpoch })
        break
      case 'memberFenced': {
        this.host.say({ kind: 'share.memberRemoved', member: this.nameOf(r.memberId), sessionTimeoutMs: this.input.sessionTimeoutMs })
        // A crashed process's partitions are lost now (a live, fenced one rejoins by itself).
        const slot = this.names[r.memberId]
        const s = slot === undefined ? null : this.slots[slot]
        if (slot !== undefined && s?.orphaned?.memberId === r.memberId) {
          this.host.lose(slot, s.orphaned.partitions)
          s.orphaned = null
        }
        break
      }
      case 'targetComputed':
      case 'memberLeft':
        break
    }
  }

  private nameOf(memberId: string): string {
    const slot = this.names[memberId]
    return slot === undefined ? memberId : this.host.memberName(slot)
  }
}

const NO_REBALANCES: readonly RebalanceRecord[] = []

export const shareGroupRuntimeFactory: GroupRuntimeFactory = {
  create: (host: GroupHost, spec: ConsumerGroupSpec, _broker: BrokerConfig) => new ShareGroupRuntime(host, spec),
  restore: (host: GroupHost, spec: ConsumerGroupSpec, _broker: BrokerConfig, saved: unknown) => {
    if (typeof saved !== 'object' || saved === null || (saved as { kind?: unknown }).kind !== 'share') throw new Error('restore: not a saved share group')
    return new ShareGroupRuntime(host, spec, saved as SavedShare)
  },
}
