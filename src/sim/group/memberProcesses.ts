// The member processes a group runtime keeps: one slot per consumer (its index is stable for a
// run), one process incarnation at a time, running the member machine: starts, crashes, closes,
// stop-the-world pauses, and the delivery of its timers and messages. The runtime hears what each
// transition returned. Plain data with save/restore; the host is the only clock.

import { initialTransition, type AnyStateMachine, type EventObject } from 'xstate'
import { pureTransition } from './pureTransition.ts'
import type { MemberBaseEvent } from '../../protocols/memberKit.ts'
import { newSlot, restoreSlot, restoreSnapshot, saveSlot, type MemberContextBase, type SavedSlot, type SavedSnapshot, type Slot, type SnapshotOf } from './memberSlot.ts'
import type { GroupHost } from './groupRuntime.ts'
import type { MachineAction, Recipient, ResumeEvent } from './machineEffects.ts'


/** What the runtime decides for its member processes. */
export interface MemberHooks<Ctx> {
  input(slot: number): unknown
  /** The actions one transition of process `incarnation` of `slot` returned (its timers and effects). */
  actions(slot: number, incarnation: number, actions: readonly MachineAction[]): void
  /** Whether app.poll would only re-arm the poll timer in this state (nothing pending, no rejoin). */
  isRoutinePoll(snapshot: SnapshotOf<Ctx>): boolean
  /** Whether the member is inside close() (its revoke callback runs, LeaveGroup follows). */
  isClosing(snapshot: SnapshotOf<Ctx>): boolean
  /** Whether the member's machine ignores `event` in every state (no transition, no action): the step is skipped. */
  ignores(event: EventObject): boolean
  /** A process ended: nobody need wait for `memberId` any more. */
  stopped(memberId: string): void
  /** A new process of `slot` starts: what its crashed predecessor still held is released. */
  released(slot: number, partitions: number[]): void
}

type Events<Ev extends EventObject> = Ev | MemberBaseEvent

/** The part of the runtime's delivery table member processes use (their timers, their pauses). */
export interface MemberTable<Ev extends EventObject> {
  schedule(delivery: { to: 'member'; slot: number; incarnation: number; event: Events<Ev> } | { to: 'runtime'; event: ResumeEvent }, delayMs: number, raiseId?: string | null): number
  cancelTimersOf(to: Recipient): void
  takeFirst(to: Recipient, eventType: string): unknown
}

export class MemberProcesses<Ctx extends MemberContextBase, Ev extends EventObject> {
  private readonly slots: Array<Slot<Ctx, Events<Ev>> | undefined> = []
  /**
   * 1 where takeRoutinePoll's answer is known to be yes: the slot is alive, not paused and routine
   * in its current snapshot. Cleared whenever one of those may change (a step, a stop, a pause, a
   * new process); the slow path sets it again. Derived, not saved. One byte a member instead of a
   * look into the slot object: at 1 000 members polling ~100 times a simulated second, that look
   * was a cache miss per poll (~2.5 % of a full-size run).
   */
  private routineKnown = new Uint8Array(0)

  constructor(
    private readonly host: GroupHost,
    private readonly table: MemberTable<Ev>,
    private readonly machine: AnyStateMachine,
    private readonly hooks: MemberHooks<Ctx>,
    saved?: ReadonlyArray<SavedSlot<Events<Ev>> | null>,
  ) {
    saved?.forEach((s, i) => {
      if (s) this.slots[i] = restoreSlot(machine, s)
    })
  }

  /** The live process's snapshot of `slot`, or the last one's if it is gone (null: never started). */
  snapshot(slot: number): { snapshot: SnapshotOf<Ctx>; alive: boolean; paused: boolean } | null {
    const s = this.slots[slot]
    return s?.snapshot ? { snapshot: s.snapshot, alive: s.alive, paused: this.host.now() < s.pausedUntil } : null
  }

  /** Whether process `incarnation` of `slot` is the one running now (a dead one retries nothing). */
  isLive(slot: number, incarnation: number): boolean {
    const s = this.slots[slot]
    return s !== undefined && s.alive && s.incarnation === incarnation
  }

  /** A process starts in `slot` (a restart finishes the previous one's close first). */
  start(slot: number): void {
    const prev = this.slots[slot]
    if (prev?.alive) {
      // close() returns only after its callbacks and LeaveGroup: a process restarting at once
      // finishes the previous one's close first.
      const self: Recipient = { to: 'member', slot, incarnation: prev.incarnation }
      while (prev.alive && prev.snapshot && this.hooks.isClosing(prev.snapshot)) {
        if (!this.table.takeFirst(self, 'callback.done')) break
        this.step(slot, prev, { type: 'callback.done' })
      }
      if (prev.alive) {
        // Started again without a close or crash first: the old process is simply gone.
        this.stop(slot, prev)
        prev.orphaned = prev.snapshot ? [...prev.snapshot.context.owned] : []
      }
    }
    // A new process owns nothing: what the crashed one held is no longer consumed by this slot.
    if (prev && prev.orphaned.length > 0) this.hooks.released(slot, prev.orphaned)
    const incarnation = prev ? prev.incarnation + 1 : 0
    const [snap, actions] = initialTransition(this.machine, this.hooks.input(slot))
    this.knowRoutine(slot, 0)
    this.slots[slot] = newSlot(incarnation, snap as SnapshotOf<Ctx>)
    this.hooks.actions(slot, incarnation, actions as MachineAction[])
  }

  /**
   * A process already in the group when the run starts (a warm start): its machine resumes from
   * `saved` (a Stable member with its assignment) with the timers such a member has running.
   */
  startFormed(slot: number, saved: SavedSnapshot, timers: ReadonlyArray<{ raiseId: string; event: Events<Ev>; delayMs: number }>): void {
    this.knowRoutine(slot, 0)
    this.slots[slot] = newSlot(0, restoreSnapshot<Ctx>(this.machine, saved))
    for (const t of timers) this.table.schedule({ to: 'member', slot, incarnation: 0, event: t.event }, t.delayMs, t.raiseId)
  }

  /**
   * A poll the machine need not see: the member is in a routine state, so the poll only moves the
   * max.poll.interval.ms deadline, which `deferPollTimeout` applies when the timer fires.
   */
  takeRoutinePoll(slot: number): boolean {
    if (this.routineKnown[slot] === 1) {
      this.slots[slot]!.routinePollAt = this.host.now()
      return true
    }
    const s = this.slots[slot]
    if (!s?.alive || !s.snapshot || this.host.now() < s.pausedUntil) return false
    if (!this.hooks.isRoutinePoll(s.snapshot)) return false
    s.routinePollAt = this.host.now()
    this.knowRoutine(slot, 1)
    return true
  }

  private knowRoutine(slot: number, v: 0 | 1): void {
    if (slot >= this.routineKnown.length) {
      if (v === 0) return
      const grown = new Uint8Array(Math.max(64, slot * 2))
      grown.set(this.routineKnown)
      this.routineKnown = grown
    }
    this.routineKnown[slot] = v
  }

  /** The process died: no callback runs, its timers stop; it keeps what it owned until released. */
  crash(slot: number): void {
    const s = this.slots[slot]
    if (!s?.alive) return
    this.knowRoutine(slot, 0)
    s.buffered = []
    s.pausedUntil = 0
    this.step(slot, s, { type: 'app.crash' })
    if (s.alive) this.stop(slot, s)
    s.orphaned = s.snapshot ? [...s.snapshot.context.owned] : []
  }

  /** Stop the world for `durationMs`: events wait until `resume`. */
  pause(slot: number, durationMs: number): void {
    const s = this.slots[slot]
    if (!s?.alive) return
    const now = this.host.now()
    this.knowRoutine(slot, 0)
    s.pausedUntil = Math.max(s.pausedUntil, now + Math.max(0, durationMs))
    this.table.schedule({ to: 'runtime', event: { type: 'runtime.resume', slot, incarnation: s.incarnation } }, s.pausedUntil - now)
  }

  resume(slot: number, incarnation: number): void {
    const s = this.slots[slot]
    if (!s?.alive || s.incarnation !== incarnation || this.host.now() < s.pausedUntil) return
    const held = s.buffered
    s.buffered = []
    for (const e of held) this.deliver(slot, incarnation, e)
  }

  /** An event for the live process of `slot`, now (poll, close, metadata). */
  deliverNow(slot: number, event: Events<Ev>, evenIfPaused = false): void {
    const s = this.slots[slot]
    if (!s?.alive) return
    if (!evenIfPaused && this.host.now() < s.pausedUntil) s.buffered.push(event)
    else this.step(slot, s, event)
  }

  /** Delivers `event` now to every live process. */
  deliverToAll(event: Events<Ev>): void {
    this.slots.forEach((s, slot) => {
      if (s?.alive) this.deliverNow(slot, event)
    })
  }

  /** A timer or message for one incarnation: dropped if that process is gone, held during a pause. */
  deliver(slot: number, incarnation: number, event: Events<Ev>): void {
    const s = this.slots[slot]
    if (!s?.alive || s.incarnation !== incarnation) return
    if (this.host.now() < s.pausedUntil) s.buffered.push(event)
    else this.step(slot, s, event)
  }

  /**
   * A poll timer fired, but the member polled since the machine last saw a poll: the deadline is
   * that poll + max.poll.interval.ms, exactly as if the machine had re-armed it then.
   */
  deferPollTimeout(slot: number, incarnation: number, raiseId: string): boolean {
    const s = this.slots[slot]
    if (!s?.alive || s.incarnation !== incarnation || !s.snapshot || s.routinePollAt < 0) return false
    const due = s.routinePollAt + s.snapshot.context.maxPollIntervalMs
    const now = this.host.now()
    if (due <= now) return false
    this.table.schedule({ to: 'member', slot, incarnation, event: { type: 'timer.pollTimeout' } }, due - now, raiseId)
    return true
  }

  /**
   * The partitions the crashed process `memberId` of `slot` still held, taken now that the group
   * removed it (null if that is not a crashed process holding any).
   */
  takeOrphaned(slot: number, memberId: string): number[] | null {
    const s = this.slots[slot]
    if (!s || s.alive || s.orphaned.length === 0 || s.snapshot?.context.memberId !== memberId) return null
    const parts = s.orphaned
    s.orphaned = []
    return parts
  }

  save(): Array<SavedSlot<Events<Ev>> | null> {
    return this.slots.map((s) => (s ? saveSlot(s) : null))
  }

  private step(slot: number, s: Slot<Ctx, Events<Ev>>, event: Events<Ev>): void {
    if (!s.snapshot) return
    if (event.type === 'app.poll') s.routinePollAt = -1
    // Half a routine group's member steps are heartbeat answers that change nothing (a tenth of a
    // 1 000-member run went through xstate for them): the same snapshot, no actions, so skip them.
    if (this.hooks.ignores(event)) return
    let snap: SnapshotOf<Ctx>
    let actions: readonly unknown[]
    const bare = hasOnlyType(event)
    const u = s.unchanged
    if (bare && u && u.of === s.snapshot && u.type === event.type) {
      snap = u.of
      actions = u.actions
    } else {
      const [next, out] = pureTransition(this.machine, s.snapshot, event)
      snap = next as SnapshotOf<Ctx>
      actions = out
      if (bare && snap === s.snapshot) s.unchanged = { of: snap, type: event.type, actions: out }
    }
    // The same snapshot: still as routine as it was.
    if (snap !== s.snapshot) this.knowRoutine(slot, 0)
    s.snapshot = snap
    const incarnation = s.incarnation
    this.hooks.actions(slot, incarnation, actions as MachineAction[])
    if (snap.status === 'done' && s.alive && s.incarnation === incarnation) this.stop(slot, s)
  }

  private stop(slot: number, s: Slot<Ctx, Events<Ev>>): void {
    this.knowRoutine(slot, 0)
    s.alive = false
    s.buffered = []
    this.table.cancelTimersOf({ to: 'member', slot, incarnation: s.incarnation })
    const id = s.snapshot?.context.memberId ?? ''
    if (id !== '') this.hooks.stopped(id)
  }
}

/** An event that is its type and nothing else (a timer's): the same one every time it comes. */
function hasOnlyType(event: EventObject): boolean {
  for (const k in event) if (k !== 'type') return false
  return true
}
