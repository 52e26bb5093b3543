// The group coordinator of a machine-driven runtime: its machine's snapshot, stepped by the
// coordinator's events (its answers go to members after the network latency, its reports to the
// runtime), its timers in the delivery table, and its link to the members: requests, the broker
// failover and the group's records (coordinatorLink.ts). Plain data with save/restore.

import { initialTransition, type AnyStateMachine, type EventObject } from 'xstate'
import { pureTransition } from './pureTransition.ts'
import type { CoordinatorEffect } from '../../protocols/machineKit.ts'
import { CoordinatorLink, type SavedLink } from './coordinatorLink.ts'
import type { GroupPersistence, LoadedGroup } from './groupRecords.ts'
import type { GroupHost } from './groupRuntime.ts'
import { interpretActions, type Delivery, type DeliveryTable, type MachineAction, type MachineTimers } from './machineEffects.ts'
import { restoreSnapshot, saveSnapshot, type SavedSnapshot, type SnapshotOf } from './memberSlot.ts'

export interface SavedCoordinator<Ev, R> {
  coordinator: SavedSnapshot
  link?: SavedLink<Ev, R>
}

export class CoordinatorProcess<Ctx, Ev extends EventObject, M extends EventObject, Response extends M, Report, R> {
  private current: SnapshotOf<Ctx>
  readonly link: CoordinatorLink<Ctx, Ev, M, Report, R>
  private readonly timers: MachineTimers<Ev>

  constructor(
    private readonly host: GroupHost,
    private readonly table: DeliveryTable<Delivery<Ev, M>>,
    private readonly machine: AnyStateMachine,
    persistence: GroupPersistence<Ctx, Ev, Report, R>,
    private readonly onReport: (report: Report) => void,
    input: unknown,
    saved?: SavedCoordinator<Ev, R>,
  ) {
    this.timers = {
      set: (event, delayMs, raiseId) => table.schedule({ to: 'coordinator', event }, delayMs, raiseId),
      cancel: (raiseId) => table.cancelRaise({ to: 'coordinator' }, raiseId),
    }
    this.link = new CoordinatorLink(host, table, persistence, saved?.link)
    if (saved) {
      this.current = restoreSnapshot(machine, saved.coordinator)
    } else {
      // A coordinator starts with no effects of its own: only timers could come back here.
      const [snap, actions] = initialTransition(machine, input)
      this.current = snap as SnapshotOf<Ctx>
      interpretActions(actions as MachineAction[], this.timers)
    }
  }

  get snapshot(): SnapshotOf<Ctx> {
    return this.current
  }

  get ctx(): Ctx {
    return this.current.context
  }

  /** One event: the records the step wrote are in the log before its answers go out. */
  step(event: Ev): void {
    this.link.delivered(event)
    const [snap, actions] = pureTransition(this.machine, this.current, event)
    this.current = snap as SnapshotOf<Ctx>
    const effects = interpretActions<Ev, CoordinatorEffect<Response, Report>>(actions as MachineAction[], this.timers)
    this.link.stepped(this.ctx, effects.flatMap((e) => (e.type === 'report' ? [e.params] : [])))
    for (const e of effects) {
      if (e.type === 'sendResponse') {
        const { slot, incarnation } = e.params.replyTo
        this.link.answered(e.params.replyTo, e.params.event)
        this.table.schedule({ to: 'member', slot, incarnation, event: e.params.event }, this.host.networkLatencyMs())
      } else this.onReport(e.params)
    }
  }

  /** The group as a warm start formed it (a completed rebalance: its record is in the log). */
  formed(g: LoadedGroup<Ctx, Ev>): void {
    this.restore(g)
    this.link.formed(g.coordinator)
  }

  /** A new coordinator loaded the group: rebuilt from its records. Returns a partition count to read now, or null. */
  loaded(reachableAt: number): { partitions: number | null } | null {
    const l = this.link.loaded(this.ctx, reachableAt)
    if (l === null) return null
    this.restore(l.group)
    return { partitions: l.partitions }
  }

  save(): SavedCoordinator<Ev, R> {
    const link = this.link.save()
    return { coordinator: saveSnapshot(this.current), ...(Object.keys(link).length > 0 ? { link } : {}) }
  }

  private restore(g: LoadedGroup<Ctx, Ev>): void {
    this.current = restoreSnapshot(this.machine, { value: g.coordinatorState, context: g.coordinator })
    for (const t of g.coordinatorTimers) this.table.schedule({ to: 'coordinator', event: t.event }, t.delayMs, t.id)
  }
}
