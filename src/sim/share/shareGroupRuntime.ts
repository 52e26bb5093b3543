// A share group's membership (KIP-932) on the engine clock: the share group coordinator and member
// machines of src/protocols (shareGroupMachine, shareMemberMachine), ShareGroupHeartbeat carried
// over the host's network latency both ways, timers as engine events. There is no rebalance
// barrier: a new assignment reaches each member in the answer to its next heartbeat and applies at
// once, nobody stops reading. Records are never owned by a member, so nothing is revoked with a
// commit: locks do that work (shareDataPlane.ts). The share group lives on the group coordinator
// (coordinatorProcess.ts): when its broker dies, ShareGroupHeartbeat waits for the new coordinator,
// which loads the group from its records (shareGroupRecord.ts), while members go on fetching from
// the partition leaders. Plain state, saved and restored as data.

import { initialTransition } from 'xstate'
import { pureTransition } from '../group/pureTransition.ts'
import { topicIdHashOf } from '../../kafka/shareAssignor.ts'
import { findShareMember, formedShareGroup, shareSessionTimerId, type ShareGroupContext, type ShareGroupInput } from '../../protocols/shareGroupLogic.ts'
import { shareGroupMachine } from '../../protocols/shareGroupMachine.ts'
import type { ShareGroupCoordinatorEvent, ShareGroupReport, ShareGroupResponseEvent } from '../../protocols/shareGroupMessages.ts'
import { SHARE_HEARTBEAT_TIMER, shareMemberMachine, type ShareMemberContext, type ShareMemberEffect, type ShareMemberEvent, type ShareMemberReport } from '../../protocols/shareMemberMachine.ts'
import type { BrokerConfig, ConsumerGroupSpec } from '../../scenario/types.ts'
import type { GroupView } from '../frameTypes.ts'
import type { GroupHost, GroupRuntime, GroupRuntimeFactory, MemberProtocolView, RebalanceRecord } from '../group/groupRuntime.ts'
import { CoordinatorProcess, type SavedCoordinator } from '../group/coordinatorProcess.ts'
import { DeliveryTable, interpretActions, type Delivery, type DeliveryTableState, type MachineAction } from '../group/machineEffects.ts'
import { uuidFrom } from '../group/memberIds.ts'
import { restoreSnapshot, saveSnapshot } from '../group/memberSlot.ts'
import { shareGroupPersistence, type ShareGroupRecords } from './shareGroupRecord.ts'
import { shareGroupView, shareMemberView, type ShareSlot } from './shareGroupView.ts'

/** group.share.session.timeout.ms and group.share.heartbeat.interval.ms defaults (GroupCoordinatorConfig). */
export const SHARE_SESSION_TIMEOUT_MS = 45000
export const SHARE_HEARTBEAT_INTERVAL_MS = 5000

type ShareDelivery = Delivery<ShareGroupCoordinatorEvent, ShareMemberEvent>


interface SavedShare {
  kind: 'share'
  coordinator: SavedCoordinator<ShareGroupCoordinatorEvent, ShareGroupRecords>
  slots: Array<ShareSlot | null>
  table: DeliveryTableState<ShareDelivery>
  names: Record<string, number>
}

export class ShareGroupRuntime implements GroupRuntime {
  private readonly coordinator: CoordinatorProcess<ShareGroupContext, ShareGroupCoordinatorEvent, ShareMemberEvent, ShareGroupResponseEvent, ShareGroupReport, ShareGroupRecords>
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
    this.coordinator = new CoordinatorProcess(host, this.table, shareGroupMachine, shareGroupPersistence, (r) => this.onCoordinatorReport(r), this.input, saved?.coordinator)
  }

  startFormed(slots: readonly number[]): void {
    const ids = slots.map((slot) => this.newMemberId(slot))
    const ctx = formedShareGroup(this.input, ids)
    // Its session timers are armed below, one per member as its heartbeat thread starts.
    this.coordinator.formed({ coordinatorState: ids.length > 0 ? 'Stable' : 'Empty', coordinator: ctx, coordinatorTimers: [] })
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
    // The coordinator reads the topic's metadata: a new group epoch, picked up at the next heartbeats
    // (a coordinator that is down reads it when it is loaded).
    if (!this.coordinator.link.holdsPartitions(count)) this.coordinator.step({ type: 'metadata.partitionsChanged', partitionCount: count })
  }

  /** The group coordinator's broker died: ShareGroupHeartbeat waits; fetching from partition leaders goes on. */
  coordinatorLost(): void {
    this.coordinator.link.lost()
  }

  /** A new coordinator loaded the share group from its records; members reach it at `reachableAt`. */
  coordinatorLoaded(reachableAt: number): void {
    const l = this.coordinator.loaded(reachableAt)
    if (l === null) return
    const members = this.ctx.members.map((m) => this.nameOf(m.memberId))
    this.host.say({ kind: 'group.reloaded', protocol: 'share', state: members.length > 0 ? 'Stable' : 'Empty', generation: this.ctx.groupEpoch, members, lostState: '', lostGeneration: this.ctx.groupEpoch })
    if (l.partitions !== null) this.coordinator.step({ type: 'metadata.partitionsChanged', partitionCount: l.partitions })
  }

  onTimer(token: number): void {
    const d = this.table.take(token)
    if (!d) return
    if (d.to === 'coordinator') return this.coordinator.step(d.event)
    if (d.to === 'runtime') {
      // Members found the new coordinator: their waiting heartbeats go (a dead process's die with it).
      if (d.event.type === 'runtime.coordinatorFound') for (const e of this.coordinator.link.found() ?? []) if (this.isLive(e.type === 'member.shareGroupHeartbeat' ? e.replyTo : null)) this.coordinator.link.send(e)
      return
    }
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
    return shareGroupView(this.ctx)
  }

  member(slot: number): MemberProtocolView {
    return shareMemberView(this.slots[slot], this.ctx, this.host.now(), (id) => this.table.timer({ to: 'coordinator' }, shareSessionTimerId(id)))
  }

  rebalanceLog(): readonly RebalanceRecord[] {
    return NO_REBALANCES
  }

  save(): SavedShare {
    return JSON.parse(JSON.stringify({ kind: 'share', coordinator: this.coordinator.save(), slots: this.slots, table: this.table.save(), names: this.names })) as SavedShare
  }

  // ------------------------------------------------------------------ machines

  private get ctx(): ShareGroupContext {
    return this.coordinator.ctx
  }

  private isLive(r: { slot: number; incarnation: number } | null): boolean {
    const s = r === null ? null : this.slots[r.slot]
    return r === null || (s != null && s.alive && s.incarnation === r.incarnation)
  }

  private newMemberId(slot: number): string {
    const id = uuidFrom(this.host.rng)
    this.names[id] = slot
    return id
  }

  private armSession(memberId: string): void {
    this.table.schedule({ to: 'coordinator', event: { type: 'timer.sessionTimeout', memberId } }, this.input.sessionTimeoutMs, shareSessionTimerId(memberId))
  }

  private stepMember(slot: number, event: ShareMemberEvent): void {
    const s = this.slots[slot]!
    const self = { to: 'member', slot, incarnation: s.incarnation } as const
    const before = (s.member.context as ShareMemberContext).assigned
    const [next, actions] = pureTransition(shareMemberMachine, restoreSnapshot(shareMemberMachine, s.member), event)
    s.member = saveSnapshot(next)
    const effects = interpretActions<ShareMemberEvent, ShareMemberEffect>(actions as MachineAction[], {
      set: (ev, delayMs, raiseId) => this.table.schedule({ ...self, event: ev }, delayMs, raiseId),
      cancel: (raiseId) => this.table.cancelRaise(self, raiseId),
    })
    for (const e of effects) {
      switch (e.type) {
        case 'sendRequest':
          // Hook: held while the group coordinator fails over (coordinatorLink.ts).
          this.coordinator.link.send({ ...e.params, replyTo: { slot, incarnation: s.incarnation } })
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
