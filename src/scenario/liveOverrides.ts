// Which overrides can happen during a run: the setting's path → the live command(s) that change it,
// the same commands the page sends and the script replays. Pure.

import { addConsumerCount, applyCommandToScenario, MAX_CONSUMERS_PER_COMMAND } from './applyCommand.ts'
import type { Command, Scenario } from './types.ts'

/** The settings in force at `atSec`: the scenario's actions up to then folded over its start settings. */
export function settingsBefore(s: Scenario, atSec: number): Scenario {
  let cur = s
  for (const a of s.actions) if (a.atSec <= atSec) cur = applyCommandToScenario(cur, a)
  return cur
}

const DYNAMIC_FIELDS: Record<string, readonly string[]> = {
  hotspotDetection: ['enabled', 'keyShareThreshold', 'partitionSkewThreshold'],
  salting: ['enabled', 'splits'],
  loadAware: ['enabled', 'scope'],
}

/**
 * The commands that bring `cur` (the settings at that moment) to `value` at `keys`, or why none can.
 * `value` has already been checked by the validator at t = 0.
 */
export function liveCommands(cur: Scenario, keys: ReadonlyArray<string | number>, value: unknown): Command[] | string {
  const [a, b, c] = keys
  const none = 'cannot change during a run (no live command sets it); set it from the start instead (no "@SEC")'
  if (a === 'dynamic' && typeof b === 'string' && typeof c === 'string' && keys.length === 3 && DYNAMIC_FIELDS[b]?.includes(c)) {
    return [{ do: 'setDynamic', dynamic: { [b]: { [c]: value } } } as Command]
  }
  if (a === 'producerConfig' && keys.length === 2) {
    const partitioner = cur.producerConfig['partitioner.class']
    if (b === 'partitioner.class') return [{ do: 'setPartitioner', partitioner: value as typeof partitioner }]
    if (b === 'partitioner.ignore.keys') return [{ do: 'setPartitioner', partitioner, ignoreKeys: value as boolean }]
  }
  if (a === 'group' && keys.length === 3 && b === 'autoscaler' && c === 'enabled') return [{ do: 'setAutoscaler', enabled: value as boolean }]
  if (a === 'group' && b === 'consumers' && keys.length === 2) return consumerCommands(cur.group.consumers, value as number)
  if (a === 'topic' && b === 'partitions' && keys.length === 2) {
    const more = (value as number) - cur.topic.partitions
    if (more < 0) return `Kafka can only add partitions: the topic has ${cur.topic.partitions} then`
    return more === 0 ? [] : [{ do: 'addPartitions', count: more }]
  }
  if (a === 'producers' && typeof b === 'number') return producerCommand(cur, b, keys.slice(2), value) ?? none
  return none
}

function consumerCommands(now: number, want: number): Command[] {
  const out: Command[] = []
  for (let n = now; n < want; ) {
    const count = Math.min(MAX_CONSUMERS_PER_COMMAND, want - n)
    out.push({ do: 'addConsumer', count })
    n += addConsumerCount({ do: 'addConsumer', count })
  }
  for (let n = now; n > want; n--) out.push({ do: 'removeConsumer' })
  return out
}

function producerCommand(cur: Scenario, producer: number, rest: ReadonlyArray<string | number>, value: unknown): Command[] | null {
  const p = cur.producers[producer]
  if (p === undefined) return null
  const [x, y] = rest
  if (x === 'keyCost' && typeof y === 'string' && rest.length === 2) return [{ do: 'setKeyCost', producer, key: y, cost: value as number }]
  if (rest.length !== 2) return null
  if (x === 'rate' && y === 'perSec' && p.rate.kind === 'constant') return [{ do: 'setRate', producer, perSec: value as number }]
  if (x === 'keys' && y === 'count' && p.keys.kind !== 'keyless') return [{ do: 'setKeyCount', producer, count: value as number }]
  if (x === 'keys' && y === 'share' && p.keys.kind === 'hot') return [{ do: 'setHotKeyShare', producer, share: value as number }]
  if (x === 'keys' && y === 's' && p.keys.kind === 'zipf') return [{ do: 'setZipf', producer, s: value as number }]
  return null
}
