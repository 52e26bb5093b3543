// Test support for the machines' model-based tests: replays a path that xstate/graph generated
// through the pure `transition()`, keeping the set of armed timers (delayed raises by id) the way
// the runtime's interpreter does, and hands every step to a check; or explores the machine's
// shortest-path tree and replays it in the same pass (`shortestPathTree`). Pure; imports only xstate.

import { __unsafe_getAllOwnEventDescriptors as ownEventTypes, initialTransition, transition, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate'

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
/** Keeps the armed timers up to date with a step's actions; returns the step's custom effects. */
function trackTimers(timers: Set<string>, actions: ReadonlyArray<{ type: string; params?: unknown }>): Array<{ type: string; params: unknown }> {
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

export function replayPath(
  machine: AnyStateMachine,
  input: unknown,
  events: readonly AnyEventObject[],
  timerIdOf: (e: AnyEventObject) => string | null,
): ReplayStep[] {
  const timers = new Set<string>()
  const track = (actions: ReadonlyArray<{ type: string; params?: unknown }>) => trackTimers(timers, actions)
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

/** A state of the shortest-path tree: the step that first reached it, and the node it came from. */
export interface PathNode extends ReplayStep {
  /** Index of the node this step starts from; -1 for the initial state. */
  parent: number
  /** Events from the initial state (the path's length). */
  depth: number
}

/**
 * Breadth-first exploration of the states `events` can reach, deduplicated by `key`, as
 * xstate/graph's getShortestPaths does (same event order, so the same tree): each state keeps the
 * first (so a shortest) path that reached it, and every path is its parent's path plus one step. Each step is replayed once, in the same
 * pass, with the armed timers tracked as `replayPath` tracks them, so checking every node checks
 * every step of every shortest path without replaying shared prefixes again. Throws when a step of
 * the tree fires a timer that is not armed.
 */
export function shortestPathTree(
  machine: AnyStateMachine,
  input: unknown,
  opts: { events: (s: AnyMachineSnapshot) => readonly AnyEventObject[]; key: (s: AnyMachineSnapshot) => string; timerIdOf: (e: AnyEventObject) => string | null },
): PathNode[] {
  const [first, firstActions] = initialTransition(machine, input)
  const rootTimers = new Set<string>()
  const nodes: PathNode[] = [{ event: { type: 'xstate.init' }, snapshot: first, effects: trackTimers(rootTimers, firstActions), timers: rootTimers, parent: -1, depth: 0 }]
  const seen = new Set<string>([opts.key(first)])
  for (let i = 0; i < nodes.length; i++) {
    const from = nodes[i]!
    // xstate/graph's order: the state's own event types in turn, each with the events given for it
    // (events of a type the state does not handle are not tried), so the tree is the one it builds.
    const given = opts.events(from.snapshot)
    for (const event of ownEventTypes(from.snapshot).flatMap((t) => given.filter((e) => e.type === t))) {
      const [next, actions] = transition(machine, from.snapshot, event)
      const k = opts.key(next)
      if (seen.has(k)) continue
      seen.add(k)
      const id = opts.timerIdOf(event)
      if (id !== null && !from.timers.has(id)) throw new Error(`${event.type} fired but timer "${id}" is not armed`)
      const timers = new Set(from.timers)
      if (id !== null) timers.delete(id)
      const effects = trackTimers(timers, actions)
      nodes.push({ event, snapshot: next, timers, effects, parent: i, depth: from.depth + 1 })
    }
  }
  return nodes
}
