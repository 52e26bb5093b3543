// XState's pure `transition(machine, snapshot, event)`, with the actor scope made once per machine.
//
// xstate's own `transition()` builds an inert actor for every call (createInertActorScope), and the
// Actor constructor computes the machine's initial snapshot: context factory, initial state entry.
// At 1 000 members that was most of a heartbeat's cost (a tenth of a 10 000-partition run). The
// scope only carries `self`, a system and no-op hooks; our machines spawn no children and read no
// system, so one scope per machine serves every call, and the snapshot and actions are the same.

import { createActor, type AnyStateMachine, type EventObject, type MachineSnapshot } from 'xstate'

interface Scope {
  actions: unknown[]
  scope: Record<string, unknown>
}

const scopes = new WeakMap<AnyStateMachine, Scope>()

function scopeOf(machine: AnyStateMachine): Scope {
  let s = scopes.get(machine)
  if (s) return s
  const self = createActor(machine)
  const actions: unknown[] = []
  const noop = () => {}
  s = {
    actions,
    scope: { self, defer: noop, id: '', logger: noop, sessionId: '', stopChild: noop, system: self.system, emit: noop, actionExecutor: (a: unknown) => actions.push(a) },
  }
  scopes.set(machine, s)
  return s
}

type Snap = MachineSnapshot<any, any, any, any, any, any, any, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** `[nextSnapshot, actions]`, as xstate's `transition` returns them. */
export function pureTransition<M extends AnyStateMachine>(machine: M, snapshot: Snap, event: EventObject): [Snap, unknown[]] {
  const s = scopeOf(machine)
  s.actions.length = 0
  const next = machine.transition(snapshot, event, s.scope as never) as Snap
  const out = s.actions.slice()
  s.actions.length = 0
  return [next, out]
}
