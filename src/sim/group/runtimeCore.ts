// What every machine-driven group runtime shares: one coordinator machine, one member machine per
// consumer process (slot + incarnation), delivery of timers and messages through the host's clock,
// stop-the-world pauses, member names and the rebalance log. Subclasses say what the effects mean.
// Pure: the host is the only clock and the only randomness.

import { transition, initialTransition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'
import type { SimTime } from '../../engine/time.ts'
import type { GroupView, MemberPhase } from '../frameTypes.ts'
import type { GroupHost, GroupRuntime, MemberProtocolView, RebalanceRecord } from './groupRuntime.ts'
import { DeliveryTable, interpretActions, type DeliveryTableState, type Effect, type MachineAction } from './machineEffects.ts'
import { RebalanceTracker, type RebalanceTrackerState } from './rebalanceTracker.ts'

/** A machine snapshot as plain data: restore with `machine.resolveState({ value, context })`. */
export interface SavedSnapshot {
  value: unknown
  context: unknown
}

export interface SavedSlot {
  incarnation: number
  alive: boolean
  pausedUntil: SimTime
  buffered: AnyEventObject[]
  snapshot: SavedSnapshot | null
  orphaned: number[]
  routinePollAt?: SimTime
}

export interface SavedCore {
  coordinator: SavedSnapshot
  slots: Array<SavedSlot | null>
  table: DeliveryTableState
  tracker: RebalanceTrackerState
  names: Record<string, number>
}

interface Slot {
  incarnation: number
  alive: boolean
  pausedUntil: SimTime
  buffered: AnyEventObject[]
  snapshot: AnyMachineSnapshot | null
  /** Partitions a crashed process still held: released when the group removes it or the slot restarts. */
  orphaned: number[]
  /**
   * The last poll the machine was not shown (-1: none). Most polls only re-arm the
   * max.poll.interval.ms timer; that is done lazily when the timer fires (see onTimer), so a
   * busy group does not pay a machine transition per poll.
   */
  routinePollAt: SimTime
}

export const COORDINATOR = 'coordinator'
const RUNTIME = 'runtime'
export const memberActor = (slot: number, incarnation: number): string => `m${slot}.${incarnation}`

function parseMemberActor(actor: string): { slot: number; incarnation: number } | null {
  const m = /^m(\d+)\.(\d+)$/.exec(actor)
  return m ? { slot: Number(m[1]), incarnation: Number(m[2]) } : null
}

export function saveSnapshot(s: AnyMachineSnapshot): SavedSnapshot {
  return { value: s.value, context: s.context }
}

export function restoreSnapshot(machine: AnyStateMachine, s: SavedSnapshot): AnyMachineSnapshot {
  return machine.resolveState({ value: s.value as never, context: s.context as never })
}

export abstract class MachineGroupRuntime implements GroupRuntime {
  protected readonly table: DeliveryTable
  protected readonly tracker: RebalanceTracker
  protected coordinator: AnyMachineSnapshot
  protected readonly slots: Array<Slot | undefined> = []
  /** member.id -> slot, for names in the narration. */
  protected readonly names: Record<string, number>
  private readonly queue: Array<() => void> = []
  private busy = false

  protected constructor(
    protected readonly host: GroupHost,
    protected readonly coordinatorMachine: AnyStateMachine,
    protected readonly memberMachine: AnyStateMachine,
    protocol: RebalanceRecord['protocol'],
    coordinatorInput: unknown,
    saved?: SavedCore,
  ) {
    this.table = new DeliveryTable(host, saved?.table)
    this.tracker = new RebalanceTracker(protocol, saved?.tracker)
    this.names = { ...(saved?.names ?? {}) }
    if (saved) {
      this.coordinator = restoreSnapshot(coordinatorMachine, saved.coordinator)
      saved.slots.forEach((s, i) => {
        if (!s) return
        this.slots[i] = {
          incarnation: s.incarnation,
          alive: s.alive,
          pausedUntil: s.pausedUntil,
          buffered: s.buffered.map((e) => ({ ...e })),
          snapshot: s.snapshot ? restoreSnapshot(memberMachine, s.snapshot) : null,
          orphaned: [...s.orphaned],
          routinePollAt: s.routinePollAt ?? -1,
        }
      })
    } else {
      // A coordinator starts with no effects of its own; only timers could come back here, and
      // subclass fields are not initialised yet, so custom effects are not dispatched.
      const [snap, actions] = initialTransition(coordinatorMachine, coordinatorInput)
      this.coordinator = snap
      interpretActions(actions as MachineAction[], COORDINATOR, this.table)
    }
  }

  // ---------------------------------------------------------------- what subclasses define

  protected abstract memberInput(slot: number): unknown
  protected abstract onMemberEffect(slot: number, incarnation: number, effect: Effect): void
  protected abstract onCoordinatorEffect(effect: Effect): void
  protected abstract memberPhase(snapshot: AnyMachineSnapshot): MemberPhase
  protected abstract memberIdentity(snapshot: AnyMachineSnapshot): { memberId: string; groupInstanceId: string | null; generation: number }
  abstract group(): GroupView
  abstract save(): unknown

  // ---------------------------------------------------------------- GroupRuntime

  memberStarted(slot: number): void {
    this.run(() => {
      const prev = this.slots[slot]
      if (prev?.alive) {
        // close() returns only after its callbacks and LeaveGroup: a process restarting at once
        // finishes the previous one's close first.
        const actor = memberActor(slot, prev.incarnation)
        while (prev.alive && prev.snapshot && this.isClosing(prev.snapshot)) {
          const d = this.table.takeFirst(actor, 'callback.revokeDone')
          if (!d) break
          this.step(slot, prev, d.event)
        }
        if (prev.alive) {
          // Started again without a close or crash first: the old process is simply gone.
          this.stopSlot(slot, prev)
          prev.orphaned = prev.snapshot ? [...(prev.snapshot.context as { owned: number[] }).owned] : []
        }
      }
      if (prev && prev.orphaned.length > 0) {
        // A new process owns nothing: what the crashed one held is no longer consumed by this slot.
        this.host.lose(slot, prev.orphaned)
        this.host.trace('group.lost', `${this.host.memberName(slot)} restarts: the partitions its crashed process held ${partitionList(prev.orphaned)} are released`)
      }
      const incarnation = prev ? prev.incarnation + 1 : 0
      const [snap, actions] = initialTransition(this.memberMachine, this.memberInput(slot))
      this.slots[slot] = { incarnation, alive: true, pausedUntil: 0, buffered: [], snapshot: snap, orphaned: [], routinePollAt: -1 }
      this.memberEffects(slot, incarnation, interpretActions(actions as MachineAction[], memberActor(slot, incarnation), this.table))
    })
  }

  memberPolled(slot: number): void {
    const s = this.slots[slot]
    if (!this.busy && s?.alive && s.snapshot && this.host.now() >= s.pausedUntil && this.isRoutinePoll(s.snapshot)) {
      s.routinePollAt = this.host.now()
      return
    }
    this.run(() => this.deliverNow(slot, { type: 'app.poll' }))
  }

  /**
   * Whether app.poll would only re-arm the poll timer in this member state (nothing pending, no
   * rejoin). Runtimes whose machines have such a state say so; the default shows every poll.
   */
  protected isRoutinePoll(_snapshot: AnyMachineSnapshot): boolean {
    return false
  }

  /** Whether the member is inside close() (its revoke callback runs, LeaveGroup follows). */
  protected isClosing(_snapshot: AnyMachineSnapshot): boolean {
    return false
  }

  /** The member machine's max.poll.interval.ms (for re-arming its poll timer lazily). */
  protected maxPollIntervalMs(snapshot: AnyMachineSnapshot): number {
    return (snapshot.context as { maxPollIntervalMs?: number }).maxPollIntervalMs ?? 300_000
  }

  memberCrashed(slot: number): void {
    this.run(() => {
      const s = this.slots[slot]
      if (!s?.alive) return
      s.buffered = []
      s.pausedUntil = 0
      this.step(slot, s, { type: 'app.crash' })
      if (s.alive) this.stopSlot(slot, s)
      s.orphaned = s.snapshot ? [...(s.snapshot.context as { owned: number[] }).owned] : []
    })
  }

  memberClosed(slot: number): void {
    this.run(() => this.deliverNow(slot, { type: 'app.close' }, true))
  }

  memberPaused(slot: number, durationMs: number): void {
    this.run(() => {
      const s = this.slots[slot]
      if (!s?.alive) return
      const now = this.host.now()
      s.pausedUntil = Math.max(s.pausedUntil, now + Math.max(0, durationMs))
      this.table.schedule(RUNTIME, { type: 'runtime.resume', slot, incarnation: s.incarnation }, s.pausedUntil - now)
    })
  }

  partitionsChanged(count: number): void {
    this.run(() => {
      this.onPartitionsChanged(count)
      this.slots.forEach((s, slot) => {
        if (s?.alive) this.deliverNow(slot, { type: 'metadata.update', partitionCount: count })
      })
    })
  }

  onTimer(token: number): void {
    this.run(() => {
      const d = this.table.take(token)
      if (!d) return
      if (d.event.type === 'timer.pollTimeout' && d.raiseId !== null && this.deferPollTimeout(d.actor, d.event, d.raiseId)) return
      if (d.actor === COORDINATOR) this.stepCoordinator(d.event)
      else if (d.actor === RUNTIME) this.onRuntimeEvent(d.event)
      else {
        const who = parseMemberActor(d.actor)
        if (who) this.deliver(who.slot, who.incarnation, d.event)
      }
    })
  }

  member(slot: number): MemberProtocolView {
    const s = this.slots[slot]
    if (!s?.snapshot) return { memberId: '', groupInstanceId: null, phase: 'dead', generation: -1 }
    const id = this.memberIdentity(s.snapshot)
    const phase: MemberPhase = !s.alive ? 'dead' : this.host.now() < s.pausedUntil ? 'paused' : this.memberPhase(s.snapshot)
    return { ...id, phase }
  }

  rebalanceLog(): readonly RebalanceRecord[] {
    return this.tracker.records
  }

  /**
   * The rebalance listener callbacks a member machine asks for, carried out on the data plane:
   * onPartitionsRevoked (the machine hears `callback.revokeDone` once the callback's commit is
   * done), onPartitionsLost, onPartitionsAssigned. The same for every protocol.
   */
  protected runRebalanceCallback(slot: number, incarnation: number, effect: Effect): void {
    const name = this.host.memberName(slot)
    const { partitions } = effect.params as { partitions: number[] }
    switch (effect.type) {
      case 'revokePartitions': {
        const ms = partitions.length > 0 ? this.host.revoke(slot, partitions) : 0
        this.tracker.countRevoked(partitions.length)
        if (partitions.length > 0) this.host.trace('group.revoke', `${name} revokes ${partitionList(partitions)} (onPartitionsRevoked)`)
        this.table.schedule(memberActor(slot, incarnation), { type: 'callback.revokeDone' }, ms)
        break
      }
      case 'losePartitions':
        this.host.lose(slot, partitions)
        this.tracker.countRevoked(partitions.length)
        this.host.trace('group.lost', `${name} loses ${partitionList(partitions)} (onPartitionsLost: nothing committed)`)
        break
      case 'assignPartitions':
        this.host.assign(slot, partitions)
        this.tracker.countAssigned(partitions.length)
        this.host.trace('group.assign', `${name} is assigned ${partitionList(partitions)} (onPartitionsAssigned)`)
        break
    }
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

  protected onPartitionsChanged(_count: number): void {}

  protected stepCoordinator(event: AnyEventObject): void {
    const [snap, actions] = transition(this.coordinatorMachine, this.coordinator, event)
    this.coordinator = snap
    this.coordinatorEffects(interpretActions(actions as MachineAction[], COORDINATOR, this.table))
  }

  private coordinatorEffects(effects: Effect[]): void {
    for (const e of effects) this.onCoordinatorEffect(e)
  }

  /** An event for the current incarnation of `slot`, now (poll, close, metadata). */
  protected deliverNow(slot: number, event: AnyEventObject, evenIfPaused = false): void {
    const s = this.slots[slot]
    if (!s?.alive) return
    if (!evenIfPaused && this.host.now() < s.pausedUntil) s.buffered.push(event)
    else this.step(slot, s, event)
  }

  /** A timer or message for one incarnation: dropped if that process is gone, held during a pause. */
  protected deliver(slot: number, incarnation: number, event: AnyEventObject): void {
    const s = this.slots[slot]
    if (!s?.alive || s.incarnation !== incarnation) return
    if (this.host.now() < s.pausedUntil) s.buffered.push(event)
    else this.step(slot, s, event)
  }

  /**
   * A poll timer fired, but the member polled since the machine last saw a poll: the deadline is
   * that poll + max.poll.interval.ms, exactly as if the machine had re-armed it then.
   */
  private deferPollTimeout(actor: string, event: AnyEventObject, raiseId: string): boolean {
    const who = parseMemberActor(actor)
    const s = who ? this.slots[who.slot] : undefined
    if (!who || !s?.alive || s.incarnation !== who.incarnation || !s.snapshot || s.routinePollAt < 0) return false
    const due = s.routinePollAt + this.maxPollIntervalMs(s.snapshot)
    const now = this.host.now()
    if (due <= now) return false
    this.table.schedule(actor, event, due - now, raiseId)
    return true
  }

  private step(slot: number, s: Slot, event: AnyEventObject): void {
    if (!s.snapshot) return
    if (event.type === 'app.poll') s.routinePollAt = -1
    const [snap, actions] = transition(this.memberMachine, s.snapshot, event)
    s.snapshot = snap
    const incarnation = s.incarnation
    this.memberEffects(slot, incarnation, interpretActions(actions as MachineAction[], memberActor(slot, incarnation), this.table))
    if (snap.status === 'done' && s.alive && s.incarnation === incarnation) this.stopSlot(slot, s)
  }

  private memberEffects(slot: number, incarnation: number, effects: Effect[]): void {
    for (const e of effects) this.onMemberEffect(slot, incarnation, e)
  }

  private stopSlot(slot: number, s: Slot): void {
    s.alive = false
    s.buffered = []
    this.table.cancelActorTimers(memberActor(slot, s.incarnation))
    const id = s.snapshot ? this.memberIdentity(s.snapshot).memberId : ''
    if (id !== '') this.tracker.memberGone(this.host.now(), id)
    this.onMemberStopped(slot, s.snapshot)
  }

  protected onMemberStopped(_slot: number, _snapshot: AnyMachineSnapshot | null): void {}

  /**
   * The coordinator removed `memberId`. If that was a crashed process, the partitions it still held
   * are now lost (onPartitionsLost never ran: the data plane just stops counting them as its).
   */
  protected releaseOrphaned(memberId: string): void {
    const slot = this.names[memberId]
    const s = slot === undefined ? undefined : this.slots[slot]
    if (slot === undefined || !s || s.alive || s.orphaned.length === 0 || !s.snapshot) return
    if (this.memberIdentity(s.snapshot).memberId !== memberId) return
    const parts = s.orphaned
    s.orphaned = []
    this.host.lose(slot, parts)
    this.tracker.countRevoked(parts.length)
    this.host.trace('group.lost', `the partitions crashed ${this.host.memberName(slot)} held ${partitionList(parts)} are free to move`)
  }

  private onRuntimeEvent(event: AnyEventObject): void {
    if (event.type !== 'runtime.resume') return
    const { slot, incarnation } = event as unknown as { slot: number; incarnation: number }
    const s = this.slots[slot]
    if (!s?.alive || s.incarnation !== incarnation || this.host.now() < s.pausedUntil) return
    const held = s.buffered
    s.buffered = []
    for (const e of held) this.deliver(slot, incarnation, e)
  }

  /** Sends a request from a member to the coordinator; it arrives after the network latency. */
  protected sendToCoordinator(event: AnyEventObject): void {
    this.table.schedule(COORDINATOR, event, this.host.networkLatencyMs())
  }

  protected sendToMember(slot: number, incarnation: number, event: AnyEventObject): void {
    this.table.schedule(memberActor(slot, incarnation), event, this.host.networkLatencyMs())
  }

  /** A member machine's snapshot for one slot, if the process is alive. */
  protected liveSnapshot(slot: number): AnyMachineSnapshot | null {
    const s = this.slots[slot]
    return s?.alive ? s.snapshot : null
  }

  protected liveSlots(): number[] {
    const out: number[] = []
    this.slots.forEach((s, i) => {
      if (s?.alive) out.push(i)
    })
    return out
  }

  /** A member id as the page shows it: the consumer's name. */
  protected nameOf(memberId: string): string {
    const slot = this.names[memberId]
    return slot === undefined ? memberId : this.host.memberName(slot)
  }

  protected saveCore(): SavedCore {
    return {
      coordinator: saveSnapshot(this.coordinator),
      slots: this.slots.map((s) =>
        s
          ? { incarnation: s.incarnation, alive: s.alive, pausedUntil: s.pausedUntil, buffered: s.buffered.map((e) => ({ ...e })), snapshot: s.snapshot ? saveSnapshot(s.snapshot) : null, orphaned: [...s.orphaned], routinePollAt: s.routinePollAt }
          : null,
      ),
      table: this.table.save(),
      tracker: this.tracker.save(),
      names: { ...this.names },
    }
  }

  protected rebalancesLastMinute(): number {
    return this.tracker.startedInLastMinute(this.host.now())
  }
}

/** Partitions as the narration prints them: "[0,1,2]". */
export function partitionList(ps: readonly number[]): string {
  return `[${ps.join(',')}]`
}

/** RFC 4122 version-4 UUID text from the runtime's seeded stream (Kafka's member ids use UUIDs). */
export function uuidFrom(rng: { nextU32(): number }): string {
  const w = [rng.nextU32(), rng.nextU32(), rng.nextU32(), rng.nextU32()]
  const hex = w.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('')
  const v = `4${hex.slice(13, 16)}`
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${v}-${variant}-${hex.slice(20, 32)}`
}
