// What every machine-driven group runtime shares: one coordinator machine, the member processes
// (memberProcesses.ts), delivery of timers and messages through the host's clock, the rebalance
// listener callbacks, member names and the rebalance log. Subclasses say what their requests and
// reports mean. Pure: the host is the only clock and the only randomness.

import { transition, initialTransition, type AnyStateMachine } from 'xstate'
import type { CoordinatorEffect } from '../../protocols/machineKit.ts'
import { HEARTBEAT_TIMER, POLL_TIMER, type MemberEffect } from '../../protocols/memberKit.ts'
import type { GroupView, MemberPhase } from '../frameTypes.ts'
import type { GroupHost, GroupRuntime, MemberProtocolView, RebalanceRecord } from './groupRuntime.ts'
import { DeliveryTable, interpretActions, type MachineAction, type MachineTimers, type Recipient } from './machineEffects.ts'
import { MemberProcesses, restoreSnapshot, saveSnapshot, type SnapshotOf } from './memberProcesses.ts'
import { copyOutage, holdRequest, holdsRequests, loadCoordinator, releasedRequests, stopCoordinator, type OutageState } from './coordinatorOutage.ts'
import { releaseCrashed, runConsumerCall } from './rebalanceCallbacks.ts'
import type { CoordinatorView, DeliveryOf, Formed, MemberEventOf, ProtocolTypes, SavedCore, SavedRuntime } from './runtimeTypes.ts'
import { RebalanceTracker } from './rebalanceTracker.ts'

const COORDINATOR: Recipient = { to: 'coordinator' }

export abstract class MachineGroupRuntime<P extends ProtocolTypes> implements GroupRuntime {
  abstract readonly kind: SavedRuntime['kind']
  protected readonly table: DeliveryTable<DeliveryOf<P>>
  protected readonly tracker: RebalanceTracker
  protected coordinator: SnapshotOf<P['coordinatorContext']>
  protected readonly members: MemberProcesses<P['memberContext'], P['memberEvent']>
  /** member.id -> slot, for names in the narration. */
  protected readonly names: Record<string, number>
  private readonly queue: Array<() => void> = []
  /** Set while the coordinator's broker is dead or a new coordinator loads (coordinatorOutage.ts). */
  private outage: OutageState<P['coordinatorEvent']> | null
  protected busy = false
  private readonly coordinatorTimers: MachineTimers<P['coordinatorEvent']> = {
    set: (event, delayMs, raiseId) => this.table.schedule({ to: 'coordinator', event }, delayMs, raiseId),
    cancel: (raiseId) => this.table.cancelRaise(COORDINATOR, raiseId),
  }

  protected constructor(
    protected readonly host: GroupHost,
    private readonly coordinatorMachine: AnyStateMachine,
    memberMachine: AnyStateMachine,
    protocol: RebalanceRecord['protocol'],
    coordinatorInput: unknown,
    savedRuntime?: SavedRuntime,
  ) {
    // What this kind of runtime saved (the factory checked the kind).
    const saved = savedRuntime?.core as SavedCore<P> | undefined
    this.table = new DeliveryTable(host, saved?.table)
    this.tracker = new RebalanceTracker(protocol, saved?.tracker)
    this.names = { ...(saved?.names ?? {}) }
    this.outage = saved?.outage ? copyOutage(saved.outage) : null
    this.members = new MemberProcesses<P['memberContext'], P['memberEvent']>(
      host,
      this.table,
      memberMachine,
      {
        input: (slot) => this.memberInput(slot),
        actions: (slot, incarnation, actions) => this.memberEffects(slot, incarnation, actions),
        isRoutinePoll: (snapshot) => this.isRoutinePoll(snapshot),
        isClosing: (snapshot) => this.isClosing(snapshot),
        stopped: (memberId) => this.tracker.memberGone(this.host.now(), memberId),
        released: (slot, partitions) => releaseCrashed(this.host, this.tracker, slot, partitions, 'restarted'),
      },
      saved?.slots,
    )
    if (saved) {
      this.coordinator = restoreSnapshot(coordinatorMachine, saved.coordinator)
    } else {
      // A coordinator starts with no effects of its own; only timers could come back here, and
      // subclass fields are not initialised yet, so effects are not dispatched.
      const [snap, actions] = initialTransition(coordinatorMachine, coordinatorInput)
      this.coordinator = snap as SnapshotOf<P['coordinatorContext']>
      interpretActions(actions as MachineAction[], this.coordinatorTimers)
    }
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
      this.coordinator = restoreSnapshot(this.coordinatorMachine, { value: f.coordinatorState, context: f.coordinator })
      for (const t of f.coordinatorTimers) this.table.schedule({ to: 'coordinator', event: t.event }, t.delayMs, t.id)
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
      if (this.outage !== null && this.outage.releaseAt === null) this.outage.partitions = count
      else this.onPartitionsChanged(count)
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
    const m = this.members.snapshot(slot)
    if (!m) return { memberId: '', groupInstanceId: null, phase: 'dead', generation: -1, sessionTimer: null }
    const c = m.snapshot.context
    const phase: MemberPhase = !m.alive ? 'dead' : m.paused ? 'paused' : this.memberPhase(m.snapshot)
    // Only a process that sends no heartbeats lets its session run down; a live one renews it.
    const t = (!m.alive || m.paused) && c.memberId !== '' ? this.table.timer(COORDINATOR, this.sessionTimerId(c.memberId)) : null
    const sessionTimer = t ? { setAt: t.setAt, dueAt: t.dueAt } : null
    return { memberId: c.memberId, groupInstanceId: c.groupInstanceId, generation: this.memberGeneration(c), phase, sessionTimer }
  }

  group(): GroupView {
    const v = this.coordinatorView()
    return {
      ...v,
      rebalancing: this.tracker.isOpen || v.rebalancing,
      rebalances: this.tracker.records.length,
      rebalancesLastMinute: this.tracker.startedInLastMinute(this.host.now()),
      storm: this.tracker.storm(this.host.now()),
    }
  }

  rebalanceLog(): readonly RebalanceRecord[] {
    return this.tracker.records
  }

  save(): SavedRuntime {
    const core: SavedCore<P> = {
      coordinator: saveSnapshot(this.coordinator),
      slots: this.members.save(),
      table: this.table.save(),
      tracker: this.tracker.save(),
      names: { ...this.names },
      // Only while a failover is under way, so other checkpoints are what they were.
      ...(this.outage !== null ? { outage: copyOutage(this.outage) } : {}),
    }
    return { kind: this.kind, core: core as SavedCore }
  }

  // ---------------------------------------------------------------- coordinator failover

  /** The coordinator's broker died: its timers stop, requests in flight to it are lost and wait for a retry. */
  coordinatorLost(): void {
    this.run(() => (this.outage = stopCoordinator(this.table, this.outage)))
  }

  /** A new coordinator loaded the group (timers restart); members send what waited at `reachableAt`. */
  coordinatorLoaded(reachableAt: number): void {
    this.run(() => {
      const partitions = this.outage === null ? null : loadCoordinator(this.table, this.outage, reachableAt, this.host.now())
      if (partitions !== null) this.onPartitionsChanged(partitions)
    })
  }

  private coordinatorFound(): void {
    const requests = releasedRequests(this.outage, this.host.now())
    if (requests === null) return
    this.outage = null
    // Only a process still running retries; what a crashed one had waiting dies with it.
    for (const e of requests) if (this.senderLive(e)) this.sendToCoordinator(e)
  }

  private senderLive(e: P['coordinatorEvent']): boolean {
    const r = (e as { replyTo?: { slot: number; incarnation: number } }).replyTo
    return r === undefined || this.members.isLive(r.slot, r.incarnation)
  }

  // ---------------------------------------------------------------- effects

  private coordinatorEffects(effects: ReadonlyArray<CoordinatorEffect<P['response'], P['coordinatorReport']>>): void {
    for (const e of effects) {
      if (e.type === 'sendResponse') this.sendToMember(e.params.replyTo.slot, e.params.replyTo.incarnation, e.params.event)
      else this.onCoordinatorReport(e.params)
    }
  }

  private memberEffects(slot: number, incarnation: number, actions: readonly MachineAction[]): void {
    const self = { to: 'member', slot, incarnation } as const
    const effects = interpretActions<MemberEventOf<P>, MemberEffect<P['request'], P['memberReport']>>(actions, {
      set: (event, delayMs, raiseId) => this.table.schedule({ ...self, event }, delayMs, raiseId),
      cancel: (raiseId) => this.table.cancelRaise(self, raiseId),
    })
    // The application thread runs the calls one after another; the machine hears when the last returns.
    let busyMs: number | null = null
    for (const e of effects) {
      if (e.type === 'sendRequest') this.sendRequest(slot, incarnation, e.params)
      else if (e.type === 'report') this.onMemberReport(slot, e.params)
      else {
        const ms = runConsumerCall(this.host, this.tracker, slot, e)
        if (ms !== null) busyMs = (busyMs ?? 0) + ms
      }
    }
    if (busyMs !== null) this.table.schedule({ ...self, event: { type: 'callback.done' } }, busyMs)
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
    const [snap, actions] = transition(this.coordinatorMachine, this.coordinator, event)
    this.coordinator = snap as SnapshotOf<P['coordinatorContext']>
    this.coordinatorEffects(interpretActions(actions as MachineAction[], this.coordinatorTimers))
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
    if (this.outage !== null && holdsRequests(this.outage, this.host.now())) {
      holdRequest(this.outage, event)
      return
    }
    this.table.schedule({ to: 'coordinator', event }, this.host.networkLatencyMs())
  }

  private sendToMember(slot: number, incarnation: number, event: P['response']): void {
    this.table.schedule({ to: 'member', slot, incarnation, event }, this.host.networkLatencyMs())
  }

  protected get ctx(): P['coordinatorContext'] {
    return this.coordinator.context
  }

  /** A member id as the page shows it: the consumer's name. */
  protected nameOf(memberId: string): string {
    const slot = this.names[memberId]
    return slot === undefined ? memberId : this.host.memberName(slot)
  }
}
