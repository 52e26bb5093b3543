// What a run calls its consumers (cards, lane owners, narration, `run --json`, CSV, client
// configs): the scenario's own consumers take `group.consumerNames` when given (an import names
// them by their client ids, so an architect finds their own consumers); every other consumer, and
// every consumer started later in the run (scale-out), is `consumer-N`, N counting the consumers
// the run has started. A generated name never repeats a given one. Pure.

import type { ConsumerGroupSpec } from './types.ts'

/**
 * Characters a consumer name may use: Kafka's topic characters plus what client ids and hosts
 * carry ('@', ':', '/', '#'). No spaces, commas, quotes or '+' (CSV cells, the narration's lists
 * and a share lane's "a+b" readers stay unambiguous).
 */
export const CONSUMER_NAME = /^[A-Za-z0-9._\-@:/#]+$/

/** A generated name for the run's `seq`-th consumer, skipping names already taken. */
export function generatedName(seq: number, taken: (name: string) => boolean): string {
  let n = seq
  while (taken(`consumer-${n}`)) n++
  return `consumer-${n}`
}

/** The names of the consumers a scenario starts with, in slot order (the sim names them the same way). */
export function startingNames(group: Pick<ConsumerGroupSpec, 'consumers' | 'consumerNames'>): string[] {
  const given = (group.consumerNames ?? []).slice(0, group.consumers)
  const taken = new Set(given)
  const out = [...given]
  for (let i = given.length; i < group.consumers; i++) {
    const name = generatedName(i + 1, (n) => taken.has(n))
    taken.add(name)
    out.push(name)
  }
  return out
}
