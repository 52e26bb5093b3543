// Carries out what pure XState transitions return: a delayed `xstate.raise` becomes a host timer,
// `xstate.cancel` cancels it, network messages become timers too (delivered after the latency).
// Everything pending is plain data (token -> actor, event), so it saves and restores exactly.
// Reads nothing but its host; the only clock is the host's.

import type { AnyEventObject } from 'xstate'
import type { EventId } from '../../engine/heap.ts'
import type { GroupHost } from './groupRuntime.ts'

/** A timer or message waiting in the host's event queue. */
export interface PendingDelivery {
  eventId: EventId
  /** Who receives it: 'coordinator', 'runtime' or a member incarnation ("m3.1"). */
  actor: string
  event: AnyEventObject
  /** The raise id, for timers a machine may cancel; null for messages. */
  raiseId: string | null
}

export interface DeliveryTableState {
  nextToken: number
  pending: Record<string, PendingDelivery>
}

/** One action as `transition()` hands it back (only the parts the interpreter reads). */
export interface MachineAction {
  type: string
  params?: unknown
}

/** A custom action: an effect the runtime carries out (a send, a callback, a report). */
export interface Effect {
  type: string
  params: unknown
}

/**
 * The table of pending deliveries. A token is what the host hands back to `onTimer`; a raise id is
 * unique per actor, and setting it again replaces the earlier timer.
 */
export class DeliveryTable {
  private nextToken: number
  private readonly pending: Map<number, PendingDelivery>
  private readonly byRaise = new Map<string, number>()

  constructor(
    private readonly host: GroupHost,
    saved?: DeliveryTableState,
  ) {
    this.nextToken = saved?.nextToken ?? 1
    this.pending = new Map(Object.entries(saved?.pending ?? {}).map(([k, v]) => [Number(k), v]))
    for (const [token, d] of this.pending) if (d.raiseId !== null) this.byRaise.set(raiseKey(d.actor, d.raiseId), token)
  }

  /** Schedules `event` for `actor` after `delayMs` of sim time. Returns the token. */
  schedule(actor: string, event: AnyEventObject, delayMs: number, raiseId: string | null = null): number {
    if (raiseId !== null) this.cancelRaise(actor, raiseId)
    const token = this.nextToken++
    const eventId = this.host.schedule(Math.max(0, delayMs), token)
    this.pending.set(token, { eventId, actor, event, raiseId })
    if (raiseId !== null) this.byRaise.set(raiseKey(actor, raiseId), token)
    return token
  }

  cancelRaise(actor: string, raiseId: string): void {
    const key = raiseKey(actor, raiseId)
    const token = this.byRaise.get(key)
    if (token === undefined) return
    this.byRaise.delete(key)
    const d = this.pending.get(token)
    if (d) {
      this.host.cancel(d.eventId)
      this.pending.delete(token)
    }
  }

  /** Drops every timer an actor set (a dead process's); messages already sent stay in flight. */
  cancelActorTimers(actor: string): void {
    for (const [token, d] of [...this.pending]) {
      if (d.actor !== actor || d.raiseId === null) continue
      this.host.cancel(d.eventId)
      this.pending.delete(token)
      this.byRaise.delete(raiseKey(actor, d.raiseId))
    }
  }

  /** The delivery for a fired token (removed from the table), or undefined if unknown. */
  take(token: number): PendingDelivery | undefined {
    const d = this.pending.get(token)
    if (!d) return undefined
    this.pending.delete(token)
    if (d.raiseId !== null && this.byRaise.get(raiseKey(d.actor, d.raiseId)) === token) this.byRaise.delete(raiseKey(d.actor, d.raiseId))
    return d
  }

  /** Removes and returns the earliest-made pending delivery of `eventType` to `actor`, if any. */
  takeFirst(actor: string, eventType: string): PendingDelivery | undefined {
    for (const [token, d] of this.pending) {
      if (d.actor !== actor || d.event.type !== eventType) continue
      this.host.cancel(d.eventId)
      return this.take(token)
    }
    return undefined
  }

  /** Pending timers of one actor by raise id (tests and views). */
  has(actor: string, raiseId: string): boolean {
    return this.byRaise.has(raiseKey(actor, raiseId))
  }

  save(): DeliveryTableState {
    const pending: Record<string, PendingDelivery> = {}
    for (const [token, d] of this.pending) pending[String(token)] = { ...d }
    return { nextToken: this.nextToken, pending }
  }
}

function raiseKey(actor: string, raiseId: string): string {
  return `${actor}|${raiseId}`
}

/**
 * Interprets the actions of one transition for `actor`: delayed raises are scheduled, cancels
 * cancelled, raises without a delay were already handled inside `transition()`. Custom actions come
 * back, in order, for the runtime to carry out.
 */
export function interpretActions(actions: readonly MachineAction[], actor: string, table: DeliveryTable): Effect[] {
  const effects: Effect[] = []
  for (const a of actions) {
    if (a.type === 'xstate.raise') {
      const p = a.params as { event: AnyEventObject; id?: string; delay?: number }
      if (typeof p.delay === 'number') table.schedule(actor, p.event, p.delay, p.id ?? null)
    } else if (a.type === 'xstate.cancel') {
      const p = a.params as { sendId: string }
      table.cancelRaise(actor, p.sendId)
    } else if (!a.type.startsWith('xstate.')) {
      effects.push({ type: a.type, params: a.params })
    }
  }
  return effects
}
