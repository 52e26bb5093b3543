// Test support for the machines' model-based tests: replays a path that xstate/graph generated
// through the pure `transition()`, keeping the set of armed timers (delayed raises by id) the way
// the runtime's interpreter does, and hands every step to a check. Pure; imports only xstate.

import { initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'

export interface ReplayStep {
  event: AnyEventObject
  snapshot: AnyMachineSnapshot
  /** Timer ids armed after this step. */
  timers: ReadonlySet<string>
  /** Custom actions (effects) this step returned, in order. */
  effects: Array<{ type: string; params: unknown }>
}

/**
 * Replays `events` from the machine's initial state. `timerIdOf` says which armed timer a timer
 * event stands for: it must be armed (the model only fires timers that exist) and is disarmed as it
 * fires. Returns the steps; throws if a timer event fires without its timer.
 */
export function replayPath(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly AnyEventObject[],
  timerIdOf: (e: AnyEventObject) => string | null,
): ReplayStep[] {
  const timers = new Set<string>()
  const track = (actions: ReadonlyArray<{ type: string; params?: unknown }>): Array<{ type: string; params: unknown }> => {
    const effects: Array<{ type: string; params: unknown }> = []
    for (const a of actions) {
      if (a.type === 'xstate.raise') {
        const p = a.params as { id?: string; delay?: number }
        if (typeof p.delay === 'number' && p.id !== undefined) timers.add(p.id)
      } else if (a.type === 'xstate.cancel') {
        timers.delete((a.params as { sendId: string }).sendId)
      } else if (!a.type.startsWith('xstate.')) {
        effects.push({ type: a.type, params: a.params })
      }
    }
    return effects
  }
  const [first, firstActions] = initialTransition(machine, input)
  let snapshot = first
  const firstEffects = track(firstActions)
  const steps: ReplayStep[] = [{ event: { type: 'xstate.init' }, snapshot, timers: new Set(timers), effects: firstEffects }]
  for (const event of events) {
    const id = timerIdOf(event)
    if (id !== null) {
      if (!timers.has(id)) throw new Error(`${event.type} fired but timer "${id}" is not armed`)
      timers.delete(id)
    }
    const [next, actions] = transition(machine, snapshot, event)
    snapshot = next
    const effects = track(actions)
    steps.push({ event, snapshot, timers: new Set(timers), effects })
  }
  return steps
}
