// What the four protocol machines share: `enqueueActions` typed for one machine, the bookkeeping
// step a coordinator action computes (new context, timers, replies, reports) and its emission as
// actions, and set arithmetic on partition lists. Pure; imports only xstate's types and helpers.

import { enqueueActions, type EventObject, type MachineContext, type ParameterizedObject } from 'xstate'
import type { ReplyTo } from './classicMessages.ts'

/** An effect: a custom action the runtime carries out. Each machine has a discriminated union of them. */
export interface Effect {
  type: string
  params: unknown
}

/**
 * Implementations for a machine's effects, to declare in `setup({ actions })`: they do nothing
 * (`transition()` hands effects back to the runtime), but `setup` types every `enqueue` by them.
 */
export type EffectStubs<E extends Effect> = { [K in E as K['type']]: (args: unknown, params: K['params']) => void }

export function effectStubs<E extends Effect>(types: { [K in E['type']]: true }): EffectStubs<E> {
  return Object.fromEntries(Object.keys(types).map((t) => [t, () => {}])) as unknown as EffectStubs<E>
}

/** The effects a coordinator machine hands the runtime: a response on a member's connection, a fact. */
export type CoordinatorEffect<Response, Report> = { type: 'sendResponse'; params: { replyTo: ReplyTo; event: Response } } | { type: 'report'; params: Report }

export const coordinatorEffectStubs = <Response, Report>() => effectStubs<CoordinatorEffect<Response, Report>>({ sendResponse: true, report: true })

type Collect<Ctx extends MachineContext, Ev extends EventObject, Eff extends ParameterizedObject, P extends ParameterizedObject['params'] | undefined> = Parameters<
  typeof enqueueActions<Ctx, Ev, P, Ev, never, Eff, never, never, EventObject>
>[0]

/** The `enqueue` a machine's actions get (assign, raise, cancel, and its effects). */
export type EnqueueOf<Ctx extends MachineContext, Ev extends EventObject, Eff extends ParameterizedObject> = Parameters<Collect<Ctx, Ev, Eff, undefined>>[0]['enqueue']

/**
 * `enqueueActions` bound to one machine's context, events and effects, so each action is written
 * without repeating the nine type arguments: `const act = actionsFor<Ctx, Ev, Effect>()`.
 */
export function actionsFor<Ctx extends MachineContext, Ev extends EventObject, Eff extends ParameterizedObject>() {
  return <P extends ParameterizedObject['params'] | undefined = undefined>(collect: Collect<Ctx, Ev, Eff, P>) =>
    enqueueActions<Ctx, Ev, P, Ev, never, Eff, never, never, EventObject>(collect)
}

/** One timer change a coordinator step asks for: set (replacing any with the same id) or cancel. */
export type TimerEffect<TimerEvent> = { kind: 'set'; id: string; delayMs: number; event: TimerEvent } | { kind: 'cancel'; id: string }

/** What one coordinator step computes, before it becomes actions. */
export interface CoordinatorStep<Ctx, TimerEvent, Response, Report> {
  ctx: Ctx
  /** The context the step started from. */
  readonly from: Ctx
  replies: Array<{ replyTo: ReplyTo; event: Response }>
  reports: Report[]
  timers: Array<TimerEffect<TimerEvent>>
}

export function newStep<Ctx, TimerEvent, Response, Report>(ctx: Ctx): CoordinatorStep<Ctx, TimerEvent, Response, Report> {
  return { ctx, from: ctx, replies: [], reports: [], timers: [] }
}

/** The part of a machine's `enqueue` a step needs (its events include the step's timer events). */
export interface StepEnqueue<Ctx, TimerEvent, Response, Report> {
  (effect: CoordinatorEffect<Response, Report>): void
  assign(f: () => Ctx): void
  cancel(id: string): void
  raise(event: TimerEvent, options: { id: string; delay: number }): void
}

/**
 * Turns a step into actions, in order: the new context, timers, replies, then reports. A step that
 * left the context as it was (a heartbeat in a Stable group) assigns nothing: the machine keeps its
 * snapshot instead of copying the context (an assign copies it even when it is the same).
 */
export function emitStep<Ctx, TimerEvent, Response, Report>(enqueue: StepEnqueue<Ctx, TimerEvent, Response, Report>, s: CoordinatorStep<Ctx, TimerEvent, Response, Report>): void {
  if (s.ctx !== s.from) enqueue.assign(() => s.ctx)
  for (const t of s.timers) {
    enqueue.cancel(t.id)
    if (t.kind === 'set') enqueue.raise(t.event, { id: t.id, delay: t.delayMs })
  }
  for (const r of s.replies) enqueue({ type: 'sendResponse', params: r })
  for (const r of s.reports) enqueue({ type: 'report', params: r })
}

/** Partitions of `a` not in `b`, in `a`'s order. */
export const minus = (a: readonly number[], b: readonly number[]): number[] => a.filter((p) => !b.includes(p))
export const sameSet = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((p) => b.includes(p))
export const ascending = (a: readonly number[]): number[] => [...a].sort((x, y) => x - y)

/**
 * A group's member by id, from an index made once per members array (a context is never changed in
 * place: a change makes a new array). A heartbeat looks its member up; a search of 1 000 members'
 * ids took ~1.7 µs, the index ~45 ns. The first member of an id wins, as a search finds it.
 */
export function memberById<M extends { readonly memberId: string }>(members: readonly M[], memberId: string): M | undefined {
  let index = membersById.get(members) as Map<string, M> | undefined
  if (index === undefined) {
    index = new Map()
    for (const m of members) if (!index.has(m.memberId)) index.set(m.memberId, m)
    membersById.set(members, index)
  }
  return index.get(memberId)
}
const membersById = new WeakMap<readonly { readonly memberId: string }[], Map<string, unknown>>()
