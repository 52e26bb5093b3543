// Carries out what pure XState transitions return: a delayed `xstate.raise` becomes a host timer,
// `xstate.cancel` cancels it, network messages become timers too (delivered after the latency).
// Everything pending is plain data (token -> delivery), so it saves and restores exactly.
// Reads nothing but its host; the only clock is the host's.

import type { EventObject } from 'xstate'
import type { EventId } from '../../engine/heap.ts'
import type { Effect } from '../../protocols/machineKit.ts'
import type { GroupHost } from './groupRuntime.ts'

/** The runtime's own event: a member's stop-the-world pause is over. */
export interface ResumeEvent {
  type: 'runtime.resume'
  slot: number
  incarnation: number
}

/** The runtime's own event: members found the group's new coordinator (coordinatorOutage.ts). */
export interface CoordinatorFoundEvent {
  type: 'runtime.coordinatorFound'
}

/** Who receives a delivery: the coordinator, one process of a member slot, or the runtime itself. */
export type Delivery<CoordinatorEvent extends EventObject, MemberEvent extends EventObject> =
  | { to: 'coordinator'; event: CoordinatorEvent }
  | { to: 'member'; slot: number; incarnation: number; event: MemberEvent }
  | { to: 'runtime'; event: ResumeEvent | CoordinatorFoundEvent }

export type Recipient = { to: 'coordinator' } | { to: 'member'; slot: number; incarnation: number } | { to: 'runtime' }

/** A timer or message waiting in the host's event queue. */
export type PendingDelivery<D extends Recipient> = D & {
  eventId: EventId
  /** The raise id, for timers a machine may cancel; null for messages. */
  raiseId: string | null
  /** When it was set and when it fires (sim ms): what a countdown on the page shows. */
  setAt?: number
  dueAt?: number
}

export interface DeliveryTableState<D extends Recipient> {
  nextToken: number
  pending: Record<string, PendingDelivery<D>>
}

/** A recipient as a map key (one key per member process). */
export function recipientKey(r: Recipient): string {
  return r.to === 'member' ? `m${r.slot}.${r.incarnation}` : r.to
}

/**
 * The table of pending deliveries. A token is what the host hands back to `onTimer`; a raise id is
 * unique per recipient, and setting it again replaces the earlier timer.
 */
export class DeliveryTable<D extends Recipient & { event: EventObject }> {
  private nextToken: number
  private readonly pending: Map<number, PendingDelivery<D>>
  private readonly byRaise = new Map<string, number>()

  constructor(
    private readonly host: GroupHost,
    saved?: DeliveryTableState<D>,
  ) {
    this.nextToken = saved?.nextToken ?? 1
    this.pending = new Map(Object.entries(saved?.pending ?? {}).map(([k, v]) => [Number(k), v]))
    for (const [token, d] of this.pending) if (d.raiseId !== null) this.byRaise.set(raiseKey(d, d.raiseId), token)
  }

  /** Schedules `delivery` after `delayMs` of sim time. Returns the token. */
  schedule(delivery: D, delayMs: number, raiseId: string | null = null): number {
    if (raiseId !== null) this.cancelRaise(delivery, raiseId)
    const token = this.nextToken++
    const eventId = this.host.schedule(Math.max(0, delayMs), token)
    const setAt = this.host.now()
    this.pending.set(token, pendingOf(delivery, eventId, raiseId, setAt, setAt + Math.max(0, delayMs)))
    if (raiseId !== null) this.byRaise.set(raiseKey(delivery, raiseId), token)
    return token
  }

  cancelRaise(to: Recipient, raiseId: string): void {
    const key = raiseKey(to, raiseId)
    const token = this.byRaise.get(key)
    if (token === undefined) return
    this.byRaise.delete(key)
    const d = this.pending.get(token)
    if (d) {
      this.host.cancel(d.eventId)
      this.pending.delete(token)
    }
  }

  /** Drops every timer a recipient set (a dead process's); messages already sent stay in flight. */
  cancelTimersOf(to: Recipient): void {
    const who = recipientKey(to)
    for (const [token, d] of [...this.pending]) {
      if (d.raiseId === null || recipientKey(d) !== who) continue
      this.host.cancel(d.eventId)
      this.pending.delete(token)
      this.byRaise.delete(raiseKey(d, d.raiseId))
    }
  }

  /** Removes every pending delivery to `to` (timers and messages in flight), oldest first, and returns them. */
  takeAll(to: Recipient): Array<PendingDelivery<D>> {
    const who = recipientKey(to)
    const out: Array<PendingDelivery<D>> = []
    for (const [token, d] of [...this.pending]) {
      if (recipientKey(d) !== who) continue
      this.host.cancel(d.eventId)
      out.push(this.take(token)!)
    }
    return out
  }

  /** The delivery for a fired token (removed from the table), or undefined if unknown. */
  take(token: number): PendingDelivery<D> | undefined {
    const d = this.pending.get(token)
    if (!d) return undefined
    this.pending.delete(token)
    if (d.raiseId !== null && this.byRaise.get(raiseKey(d, d.raiseId)) === token) this.byRaise.delete(raiseKey(d, d.raiseId))
    return d
  }

  /** Removes and returns the earliest-made pending delivery of `eventType` to `to`, if any. */
  takeFirst(to: Recipient, eventType: string): PendingDelivery<D> | undefined {
    const who = recipientKey(to)
    for (const [token, d] of this.pending) {
      if (d.event.type !== eventType || recipientKey(d) !== who) continue
      this.host.cancel(d.eventId)
      return this.take(token)
    }
    return undefined
  }

  /** The timer `to` has armed under `raiseId`: when it was set and when it fires (null: none). */
  timer(to: Recipient, raiseId: string): { setAt: number; dueAt: number; event: D['event'] } | null {
    const token = this.byRaise.get(raiseKey(to, raiseId))
    const d = token === undefined ? undefined : this.pending.get(token)
    return d?.setAt === undefined || d.dueAt === undefined ? null : { setAt: d.setAt, dueAt: d.dueAt, event: d.event }
  }

  /** Whether `to` has a timer armed under `raiseId` (tests and views). */
  has(to: Recipient, raiseId: string): boolean {
    return this.byRaise.has(raiseKey(to, raiseId))
  }

  save(): DeliveryTableState<D> {
    const pending: Record<string, PendingDelivery<D>> = {}
    for (const [token, d] of this.pending) pending[String(token)] = { ...d }
    return { nextToken: this.nextToken, pending }
  }
}

/**
 * `{ ...delivery, eventId, raiseId, setAt, dueAt }` written out, in the same key order: a spread of
 * three shapes of delivery went through V8's generic object copy, ~1 µs for each of a 1 000-member
 * group's ~2 000 timers and messages a simulated second.
 */
function pendingOf<D extends Recipient & { event: EventObject }>(d: D, eventId: EventId, raiseId: string | null, setAt: number, dueAt: number): PendingDelivery<D> {
  const p =
    d.to === 'member'
      ? { to: d.to, slot: d.slot, incarnation: d.incarnation, event: d.event, eventId, raiseId, setAt, dueAt }
      : { to: d.to, event: d.event, eventId, raiseId, setAt, dueAt }
  return p as unknown as PendingDelivery<D>
}

function raiseKey(to: Recipient, raiseId: string): string {
  return `${recipientKey(to)}|${raiseId}`
}

/** One action as `transition()` hands it back (only the parts the interpreter reads). */
export interface MachineAction {
  type: string
  params?: unknown
}

/** Where a machine's delayed raises go: its own timers. */
export interface MachineTimers<Ev extends EventObject> {
  set(event: Ev, delayMs: number, raiseId: string | null): void
  cancel(raiseId: string): void
}

/**
 * Interprets the actions of one transition: delayed raises are scheduled, cancels cancelled, raises
 * without a delay were already handled inside `transition()`. The machine's effects come back, in
 * order, for the runtime to carry out. The machine's `setup` types them (`E`); this is the one place
 * that trusts `transition()`'s untyped actions to be those.
 */
export function interpretActions<Ev extends EventObject, E extends Effect>(actions: readonly MachineAction[], timers: MachineTimers<Ev>): E[] {
  const effects: E[] = []
  for (const a of actions) {
    if (a.type === 'xstate.raise') {
      const p = a.params as { event: Ev; id?: string; delay?: number }
      if (typeof p.delay === 'number') timers.set(p.event, p.delay, p.id ?? null)
    } else if (a.type === 'xstate.cancel') {
      timers.cancel((a.params as { sendId: string }).sendId)
    } else if (!a.type.startsWith('xstate.')) {
      effects.push({ type: a.type, params: a.params } as E)
    }
  }
  return effects
}
