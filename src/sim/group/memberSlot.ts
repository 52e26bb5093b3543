// A member process's slot as plain data (its machine snapshot, pause, orphaned partitions and
// the lazily applied routine poll), and how slots and machine snapshots save and restore.

import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'
import type { SimTime } from '../../engine/time.ts'
import type { PollingMember } from '../../protocols/memberKit.ts'

/** What every member machine's context has that the runtime reads. */
export interface MemberContextBase extends PollingMember {
  memberId: string
  groupInstanceId: string | null
}

/** A machine snapshot whose context the runtime knows the type of. */
export type SnapshotOf<Ctx> = AnyMachineSnapshot & { readonly context: Ctx }

/** A machine snapshot as plain data: restore with `machine.resolveState({ value, context })`. */
export interface SavedSnapshot {
  value: unknown
  context: unknown
}

export function saveSnapshot(s: AnyMachineSnapshot): SavedSnapshot {
  return { value: s.value, context: s.context }
}

export function restoreSnapshot<Ctx>(machine: AnyStateMachine, s: SavedSnapshot): SnapshotOf<Ctx> {
  return machine.resolveState({ value: s.value as never, context: s.context as never }) as SnapshotOf<Ctx>
}

export interface Slot<Ctx, Ev extends EventObject> {
  incarnation: number
  alive: boolean
  pausedUntil: SimTime
  /** Events that arrived during a stop-the-world pause, delivered when it ends. */
  buffered: Ev[]
  snapshot: SnapshotOf<Ctx> | null
  /** Partitions a crashed process still held: released when the group removes it or the slot restarts. */
  orphaned: number[]
  /**
   * The last poll the machine was not shown (-1: none). Most polls only re-arm the
   * max.poll.interval.ms timer; that is done lazily when the timer fires, so a busy group does not
   * pay a machine transition per poll.
   */
  routinePollAt: SimTime
  /**
   * The last transition that left the snapshot as it was (xstate hands back the same object: a
   * heartbeat in a generation only sends and re-arms), for an event with no payload. The machine is
   * pure, so the same snapshot and event give the same actions: the next such event reuses them
   * instead of going through xstate (a third of a routine group's transitions). Not saved.
   */
  unchanged?: { of: SnapshotOf<Ctx>; type: string; actions: readonly unknown[] } | null
}

export interface SavedSlot<Ev extends EventObject> {
  incarnation: number
  alive: boolean
  pausedUntil: SimTime
  buffered: Ev[]
  snapshot: SavedSnapshot | null
  orphaned: number[]
  routinePollAt?: SimTime
}

export function newSlot<Ctx, Ev extends EventObject>(incarnation: number, snapshot: SnapshotOf<Ctx>): Slot<Ctx, Ev> {
  return { incarnation, alive: true, pausedUntil: 0, buffered: [], snapshot, orphaned: [], routinePollAt: -1, unchanged: null }
}

export function saveSlot<Ctx, Ev extends EventObject>(s: Slot<Ctx, Ev>): SavedSlot<Ev> {
  return {
    incarnation: s.incarnation,
    alive: s.alive,
    pausedUntil: s.pausedUntil,
    buffered: s.buffered.map((e) => ({ ...e })),
    snapshot: s.snapshot ? saveSnapshot(s.snapshot) : null,
    orphaned: [...s.orphaned],
    routinePollAt: s.routinePollAt,
  }
}

export function restoreSlot<Ctx, Ev extends EventObject>(machine: AnyStateMachine, s: SavedSlot<Ev>): Slot<Ctx, Ev> {
  return {
    incarnation: s.incarnation,
    alive: s.alive,
    pausedUntil: s.pausedUntil,
    buffered: s.buffered.map((e) => ({ ...e })),
    snapshot: s.snapshot ? restoreSnapshot<Ctx>(machine, s.snapshot) : null,
    orphaned: [...s.orphaned],
    routinePollAt: s.routinePollAt ?? -1,
    unchanged: null,
  }
}
