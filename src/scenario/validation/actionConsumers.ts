// Scripted actions naming a consumer that never exists in the run (`crashConsumer` of "nobody", or
// of consumer-1 when an import named the consumers by client id): the sim finds no such consumer
// and the action does nothing, silently. A warning, not an error: `addConsumer` and the autoscaler
// start consumers during the run, so a name may be valid only later; only a name no consumer of
// this run can ever have is flagged. Pure.

import { addConsumerCount } from '../applyCommand.ts'
import { startingNames } from '../consumerNames.ts'
import type { ConsumerGroupSpec, ScenarioAction } from '../types.ts'
import { at, warn, type Ctx } from './issues.ts'

export type ConsumerGroupShape = Pick<ConsumerGroupSpec, 'consumers' | 'consumerNames' | 'autoscaler'>

/** The names a run's consumers can have: what it starts with, and what its scale-outs can generate. */
export interface ConsumerNameSpace {
  starting: readonly string[]
  /** consumer-N for N from `from` up to `to` (Infinity: the autoscaler can go on starting consumers); none when to < from. */
  generated: { from: number; to: number }
}

/**
 * What the run can call its consumers. It starts with startingNames(group); each consumer started
 * later counts on from there (pollLoop.newConsumer: consumer-N, N = consumers started so far,
 * skipping a name already taken), so scripted adds of k consumers reach at most consumer-(n+k+skips).
 * The autoscaler (on from the start, or switched on by a script) can scale out and in any number of
 * times, so with it every consumer-N past the starting ones may exist.
 */
export function consumerNameSpace(group: ConsumerGroupShape, actions: readonly ScenarioAction[]): ConsumerNameSpace {
  const starting = startingNames(group)
  const n = group.consumers
  const autoscaled = group.autoscaler.enabled || actions.some((a) => a.do === 'setAutoscaler' && a.enabled)
  let added = 0
  for (const a of actions) if (a.do === 'addConsumer') added += addConsumerCount(a)
  // A starting name that looks generated past n (an import's "consumer-7") is skipped over.
  const skips = starting.filter((s) => generatedNumber(s) > n).length
  return { starting, generated: { from: n + 1, to: autoscaled ? Infinity : n + added + skips } }
}

/** N of "consumer-N", else 0. */
function generatedNumber(name: string): number {
  const m = /^consumer-([1-9]\d{0,8})$/.exec(name)
  return m === null ? 0 : Number(m[1])
}

export function canExist(space: ConsumerNameSpace, name: string): boolean {
  if (space.starting.includes(name)) return true
  const k = generatedNumber(name)
  return k >= space.generated.from && k <= space.generated.to
}

/** "consumer-1, consumer-2, consumer-3"; a long list as its first two, "…", its last and the count. */
function listed(names: readonly string[]): string {
  if (names.length === 0) return 'no consumers'
  if (names.length <= 4) return names.join(', ')
  return `${names[0]!}, ${names[1]!}, …, ${names[names.length - 1]!} (${names.length})`
}

function described(space: ConsumerNameSpace): string {
  const { from, to } = space.generated
  const later = to === Infinity ? `; the autoscaler adds consumer-${from} and on` : to < from ? '; no scale-out adds any' : to === from ? `; addConsumer adds consumer-${from}` : `; addConsumer adds consumer-${from} to consumer-${to}`
  return `it starts with ${listed(space.starting)}${later}`
}

/**
 * One warning per action whose `consumer` no consumer of the run can ever have, at that action's
 * path in the input (`indices[i]` is actions[i]'s index there, before sorting by atSec).
 */
export function warnImpossibleConsumers(ctx: Ctx, group: ConsumerGroupShape, actions: readonly ScenarioAction[], indices: readonly number[], path: string): void {
  if (!actions.some((a) => 'consumer' in a)) return
  const space = consumerNameSpace(group, actions)
  // In the input's order, as the file reads.
  const order = actions.map((a, i) => ({ a, index: indices[i]! })).sort((x, y) => x.index - y.index)
  for (const { a, index } of order) {
    if (!('consumer' in a) || a.consumer === undefined || canExist(space, a.consumer)) continue
    warn(ctx, at(at(path, index), 'consumer'), `no consumer of this run is ever called ${JSON.stringify(a.consumer)} (${described(space)}), so this ${a.do} does nothing`)
  }
}
