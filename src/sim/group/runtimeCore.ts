// What every machine-driven group runtime shares: one coordinator (coordinatorProcess.ts: its
// machine, requests, failover and the group's records), the member processes
// (memberProcesses.ts) and what their transitions return (rebalanceCallbacks.ts), timers and
// messages on the host's clock, member names and the rebalance log. Subclasses say what their
// requests and reports mean. Pure: the host is the only clock and the only randomness.

import type { AnyStateMachine, EventObject } from 'xstate'
import { HEARTBEAT_TIMER, POLL_TIMER } from '../../protocols/memberKit.ts'
import type { GroupView, MemberPhase } from '../frameTypes.ts'
import { CoordinatorProcess } from './coordinatorProcess.ts'
import type { GroupPersistence } from './groupRecords.ts'
import type { GroupHost, GroupRuntime, MemberProtocolView, RebalanceRecord } from './groupRuntime.ts'
import { DeliveryTable } from './machineEffects.ts'
import { MemberProcesses } from './memberProcesses.ts'
import type { SnapshotOf } from './memberSlot.ts'
import { releaseCrashed, runMemberEffects, type MemberEffectSink } from './rebalanceCallbacks.ts'
import type { CoordinatorView, DeliveryOf, Formed, MemberEventOf, ProtocolTypes, SavedCore, SavedRuntime } from './runtimeTypes.ts'
import { groupView, memberView } from './runtimeViews.ts'
import { RebalanceTracker } from './rebalanceTracker.ts'

export abstract class MachineGroupRuntime<P extends ProtocolTypes> implements GroupRuntime {
  abstract readonly kind: SavedRuntime['kind']
  protected readonly table: DeliveryTable<DeliveryOf<P>>
  protected readonly tracker: RebalanceTracker
  private readonly process: CoordinatorProcess<P['coordinatorContext'], P['coordinatorEvent'], MemberEventOf<P>, P['response'], P['coordinatorReport'], P['groupRecord']>
  protected readonly members: MemberProcesses<P['memberContext'], P['memberEvent']>
  /** member.id -> slot, for names in the narration. */
  protected readonly names: Record<string, number>
  private readonly queue: Array<() => void> = []
  protected busy = false

  protected constructor(
    protected readonly host: GroupHost,
    coordinatorMachine: AnyStateMachine,
    memberMachine: AnyStateMachine,
    protocol: RebalanceRecord['protocol'],
    coordinatorInput: unknown,
    persistence: GroupPersistence<P['coordinatorContext'], P['coordinatorEvent'], P['coordinatorReport'], P['groupRecord']>,
    savedRuntime?: SavedRuntime,
  ) {
    // What this kind of runtime saved (the factory checked the kind).
    const saved = savedRuntime?.core as SavedCore<P> | undefined
    this.table = new DeliveryTable(host, saved?.table)
    this.tracker = new RebalanceTracker(protocol, saved?.tracker)
    this.names = { ...(saved?.names ?? {}) }
    // Its initial transition only arms timers: subclass fields are not initialised yet, and no report comes back.
    this.process = new CoordinatorProcess(host, this.table, coordinatorMachine, persistence, (r) => this.onCoordinatorReport(r), coordinatorInput, saved?.coordinator)
    const sink: MemberEffectSink<P['request'], P['memberReport']> = { sendRequest: (...a) => this.sendRequest(...a), onMemberReport: (...a) => this.onMemberReport(...a) }
    this.members = new MemberProcesses<P['memberContext'], P['memberEvent']>(
      host,
      this.table,
      memberMachine,
      {
        input: (slot) => this.memberInput(slot),
        actions: (slot, incarnation, actions) => runMemberEffects(this.host, this.tracker, this.table, sink, slot, incarnation, actions),
        isRoutinePoll: (snapshot) => this.isRoutinePoll(snapshot),
        isClosing: (snapshot) => this.isClosing(snapshot),
        ignores: (event) => this.memberIgnores(event),
        stopped: (memberId) => this.tracker.memberGone(this.host.now(), memberId),
        released: (slot, partitions) => releaseCrashed(this.host, this.tracker, slot, partitions, 'restarted'),
      },
      saved?.slots,
    )
  }

  // ---------------------------------------------------------------- what subclasses define

  protected abstract memberInput(slot: number): unknown
  /** A member's request goes to the coordinator (`sendToCoordinator`), with whatever it needs added. */
  protected abstract sendRequest(slot: number, incarnation: number, request: P['request']): void
  protected abstract onMemberReport(slot: number, report: P['memberReport']): void
  protected abstract onCoordinatorReport(report: P['coordinatorReport']): void
  protected abstract memberPhase(snapshot: SnapshotOf<P['memberContext']>): MemberPhase
  /** The member's generation (classic) or member epoch (KIP-848). */
  protected abstract memberGeneration(context: P['memberContext']): number
  protected abstract coordinatorView(): CoordinatorView

  /** Whether app.poll would only re-arm the poll timer in this member state (nothing pending, no rejoin). */
  protected isRoutinePoll(_snapshot: SnapshotOf<P['memberContext']>): boolean {
    return false
  }

  /** Whether the member is inside close() (its revoke callback runs, LeaveGroup follows). */
  protected isClosing(_snapshot: SnapshotOf<P['memberContext']>): boolean {
    return false
  }

  /** Whether the member machine ignores `event` in every state (its model test proves it). */
  protected memberIgnores(_event: EventObject): boolean {
    return false
  }

  protected onPartitionsChanged(_count: number): void {}

  /** A message or timer as it reaches a member; a subclass may add what the member reads at that moment. */
  protected arriving(event: MemberEventOf<P>): MemberEventOf<P> {
    return event
  }

  /** The coordinator's timer id for a member's session. */
  protected abstract sessionTimerId(memberId: string): string

  /** The group as one formation round of `slots` leaves it (warm start): machine states and timers. */
  protected abstract formed(slots: readonly number[]): Formed<P>

  // ---------------------------------------------------------------- GroupRuntime

  memberStarted(slot: number): void {
    this.run(() => this.members.start(slot))
  }

  startFormed(slots: readonly number[]): void {
    this.run(() => {
      const f = this.formed(slots)
      this.process.formed(f)
      slots.forEach((slot, i) => {
        const ctx = f.members[i]!
        // The heartbeat threads run out of phase (the processes started at different moments): each
        // member's next heartbeat is at a seeded moment within one interval. Its last poll was now.
        const firstHeartbeatMs = ctx.heartbeatIntervalMs * (1 - this.host.rng.next())
        this.members.startFormed(slot, { value: f.memberState, context: ctx }, [
          { raiseId: HEARTBEAT_TIMER, event: { type: 'timer.heartbeat' }, delayMs: firstHeartbeatMs },
          { raiseId: POLL_TIMER, event: { type: 'timer.pollTimeout' }, delayMs: ctx.maxPollIntervalMs },
        ])
      })
      const assignment = slots.map((slot, i) => ({ member: this.host.memberName(slot), partitions: [...f.members[i]!.owned] }))
      const view = this.coordinatorView()
      this.host.say({ kind: 'group.formed', protocol: view.protocol, generation: view.generation, assignment })
      // The data plane consumes from the committed offsets, as after onPartitionsAssigned.
      slots.forEach((slot, i) => this.host.assign(slot, f.members[i]!.owned))
    })
  }

  memberPolled(slot: number): void {
    if (!this.busy && this.members.takeRoutinePoll(slot)) return
    this.run(() => this.members.deliverNow(slot, { type: 'app.poll' }))
  }

  memberCrashed(slot: number): void {
    this.run(() => this.members.crash(slot))
  }

  memberClosed(slot: number): void {
    this.run(() => this.members.deliverNow(slot, { type: 'app.close' }, true))
  }

  memberPaused(slot: number, durationMs: number): void {
    this.run(() => this.members.pause(slot, durationMs))
  }

  partitionsChanged(count: number): void {
    this.run(() => {
      // A coordinator that is down reads the metadata when it is loaded.
      if (!this.process.link.holdsPartitions(count)) this.onPartitionsChanged(count)
      this.members.deliverToAll({ type: 'metadata.update', partitionCount: count })
    })
  }

  onTimer(token: number): void {
    this.run(() => {
      const d = this.table.take(token)
      if (!d) return
      switch (d.to) {
        case 'coordinator':
          this.stepCoordinator(d.event)
          break
        case 'runtime':
          if (d.event.type === 'runtime.coordinatorFound') this.coordinatorFound()
          else this.members.resume(d.event.slot, d.event.incarnation)
          break
        case 'member':
          if (d.event.type === 'timer.pollTimeout' && d.raiseId !== null && this.members.deferPollTimeout(d.slot, d.incarnation, d.raiseId)) return
          this.members.deliver(d.slot, d.incarnation, this.arriving(d.event))
          break
      }
    })
  }

  member(slot: number): MemberProtocolView {
    return memberView(
      this.members.snapshot(slot),
      (s) => this.memberPhase(s),
      (c) => this.memberGeneration(c),
      (id) => this.table.timer({ to: 'coordinator' }, this.sessionTimerId(id)),
    )
  }

  group(): GroupView {
    return groupView(this.coordinatorView(), this.tracker, this.host.now())
  }

  rebalanceLog(): readonly RebalanceRecord[] {
    return this.tracker.records
  }

  save(): SavedRuntime {
    const core: SavedCore<P> = {
      coordinator: this.process.save(),
      slots: this.members.save(),
      table: this.table.save(),
      tracker: this.tracker.save(),
      names: { ...this.names },
    }
    return { kind: this.kind, core: core as SavedCore }
  }

  // ---------------------------------------------------------------- coordinator failover

  /** The coordinator's broker died: its timers are gone; requests it had parked or that were on the wire wait for a retry. */
  coordinatorLost(): void {
    this.run(() => this.process.link.lost())
  }

  /**
   * A new coordinator loaded the group from its records (groupRecords.ts): what only the old one's
   * memory held is gone, its timers start afresh; members send what waited at `reachableAt`.
   */
  coordinatorLoaded(reachableAt: number): void {
    this.run(() => {
      const before = this.coordinatorView()
      const l = this.process.loaded(reachableAt)
      if (l === null) return
      const after = this.coordinatorView()
      this.host.say({ kind: 'group.reloaded', protocol: after.protocol, state: after.state, generation: after.generation, members: this.loadedMembers(), lostState: before.state, lostGeneration: before.generation })
      if (l.partitions !== null) this.onPartitionsChanged(l.partitions)
    })
  }

  /** Members in the group as loaded, by display name. */
  protected abstract loadedMembers(): string[]

  private coordinatorFound(): void {
    const requests = this.process.link.found()
    // Only a process still running retries; what a crashed one had waiting dies with it.
    for (const e of requests ?? []) if (this.senderLive(e)) this.sendToCoordinator(e)
  }

  private senderLive(e: P['coordinatorEvent']): boolean {
    const r = (e as { replyTo?: { slot: number; incarnation: number } }).replyTo
    return r === undefined || this.members.isLive(r.slot, r.incarnation)
  }

  // ---------------------------------------------------------------- machinery

  /** Calls from the host while the runtime is busy (a host callback calling back) wait their turn. */
  protected run(f: () => void): void {
    if (this.busy) {
      this.queue.push(f)
      return
    }
    this.busy = true
    try {
      f()
      while (this.queue.length > 0) this.queue.shift()?.()
    } finally {
      this.busy = false
    }
  }

  protected stepCoordinator(event: P['coordinatorEvent']): void {
    this.process.step(event)
  }

  /**
   * The coordinator removed `memberId`. If that was a crashed process, the partitions it still held
   * are now lost (onPartitionsLost never ran: the data plane just stops counting them as its).
   */
  protected releaseOrphaned(memberId: string): void {
    const slot = this.names[memberId]
    const parts = slot === undefined ? null : this.members.takeOrphaned(slot, memberId)
    if (slot !== undefined && parts) releaseCrashed(this.host, this.tracker, slot, parts, 'removed')
  }

  /** Sends a request from a member to the coordinator; it arrives after the network latency. */
  protected sendToCoordinator(event: P['coordinatorEvent']): void {
    // Hook: no coordinator to reach (failover under way): the client retries after FindCoordinator.
    this.process.link.send(event)
  }

  protected get coordinator(): SnapshotOf<P['coordinatorContext']> {
    return this.process.snapshot
  }

  protected get ctx(): P['coordinatorContext'] {
    return this.process.ctx
  }

  /** A member id as the page shows it: the consumer's name. */
  protected nameOf(memberId: string): string {
    const slot = this.names[memberId]
    return slot === undefined ? memberId : this.host.memberName(slot)
  }
}
