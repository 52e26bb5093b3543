// Reader for the scripted actions: each `do` known, its fields checked, then sorted by atSec
// (stable). Pure. An action with any error is left out of the result; paths name input indices.

import type { Command, DynamicPartitioningSpec, ScenarioAction } from '../types.ts'
import { warnImpossibleConsumers, type ConsumerGroupShape } from './actionConsumers.ts'
import { at, error, errorCount, warn, type Ctx } from './issues.ts'
import { LIMITS } from './limits.ts'
import { COST, KEY_COUNT, KEY_NAME, MULTIPLIER, PRODUCER_INDEX, RATE, SECONDS, SHARE, ZIPF_S } from './producers.ts'
import { asObject, bool, fmt, int, nullable, num, oneOf, own, text, warnUnknown, type Rule } from './rules.ts'
import { DYNAMIC_RULES, PARTITIONER_NAMES } from './world.ts'

/** What the actions are checked against: the already-validated rest of the scenario. */
export interface ActionEnv {
  producers: number
  partitions: number
  durationSec: number
  /** Brokers of the scenario's cluster (absent: every broker number up to the limit is accepted). */
  brokers?: number
  /** The scenario's group (absent: an action's consumer name is not checked against it). */
  group?: ConsumerGroupShape
}

type FieldRead = (ctx: Ctx, v: unknown, path: string, env: ActionEnv) => unknown
interface FieldSpec {
  optional: boolean
  read: FieldRead
}

const INVALID = Symbol('invalid')

function from<T>(rule: Rule<T>): FieldRead {
  return (ctx, v, path) => {
    const r = rule(v)
    if (r.ok) return r.value
    error(ctx, path, r.message)
    return INVALID
  }
}

const required = (read: FieldRead): FieldSpec => ({ optional: false, read })
const optional = (read: FieldRead): FieldSpec => ({ optional: true, read })

const CONSUMER = from(text(1, LIMITS.consumerNameChars))
const MS = (min: number) => from(int(min, LIMITS.downMs.max))

/** A broker number (from 1, as shown) must name one of the cluster's brokers. */
const brokerNumber: FieldRead = (ctx, v, path, env) => {
  const b = from(int(LIMITS.brokerNumber.min, LIMITS.brokerNumber.max))(ctx, v, path, env)
  if (b === INVALID) return INVALID
  if (env.brokers !== undefined && (b as number) > env.brokers) {
    error(ctx, path, `refers to broker ${String(b)}, but the cluster has ${env.brokers} broker${env.brokers === 1 ? '' : 's'} (numbered from 1)`)
    return INVALID
  }
  return b
}

/** A producer index must name one of the scenario's producers. */
const producerIndex: FieldRead = (ctx, v, path, env) => {
  const i = from(PRODUCER_INDEX)(ctx, v, path, env)
  if (i === INVALID) return INVALID
  if ((i as number) >= env.producers) {
    error(ctx, path, `refers to producers[${String(i)}], but the scenario has ${env.producers} producer${env.producers === 1 ? '' : 's'}`)
    return INVALID
  }
  return i
}

/** A partial DynamicPartitioningSpec: only the fields given, each checked like the spec's own. */
const dynamicPatch: FieldRead = (ctx, v, path) => {
  const o = asObject(v)
  if (o === undefined) {
    error(ctx, path, 'must be an object')
    return INVALID
  }
  const out: Record<string, Record<string, unknown>> = {}
  const before = errorCount(ctx)
  for (const group of Object.keys(DYNAMIC_RULES) as Array<keyof DynamicPartitioningSpec>) {
    const raw = own(o, group)
    if (raw === undefined) continue
    const rules: Record<string, Rule<unknown>> = DYNAMIC_RULES[group]
    const g = asObject(raw)
    if (g === undefined) {
      error(ctx, at(path, group), 'must be an object')
      continue
    }
    const patch: Record<string, unknown> = {}
    for (const field of Object.keys(rules)) {
      const value = own(g, field)
      const rule = rules[field]
      if (value === undefined || rule === undefined) continue
      const r = rule(value)
      if (r.ok) patch[field] = r.value
      else error(ctx, at(at(path, group), field), r.message)
    }
    warnUnknown(ctx, g, at(path, group), Object.keys(rules))
    out[group] = patch
  }
  warnUnknown(ctx, o, path, Object.keys(DYNAMIC_RULES))
  return errorCount(ctx) === before ? out : INVALID
}

type FieldsOf<C> = { [K in Exclude<keyof C, 'do'>]-?: FieldSpec }
type CommandFields = { [D in Command['do']]: FieldsOf<Extract<Command, { do: D }>> }

/** Every command and its fields, checked against the Command union by `satisfies`. */
const COMMANDS = {
  addConsumer: { count: optional(from(int(1, LIMITS.consumers.max))) },
  removeConsumer: { consumer: optional(CONSUMER) },
  crashConsumer: { consumer: required(CONSUMER) },
  gcPause: { consumer: required(CONSUMER), durationMs: required(MS(1)) },
  slowConsumer: { consumer: required(CONSUMER), factor: required(from(num(0, LIMITS.cost.max, { minExclusive: true }))) },
  restartConsumer: { consumer: required(CONSUMER), downMs: required(MS(0)) },
  reviveConsumer: { consumer: required(CONSUMER) },
  rollingRestart: { downMs: required(MS(0)), intervalMs: required(MS(1)) },
  setRate: { producer: optional(producerIndex), perSec: optional(from(RATE)), multiplier: optional(from(MULTIPLIER)) },
  setHotKeyShare: { producer: optional(producerIndex), share: required(from(SHARE)) },
  setKeyCount: { producer: optional(producerIndex), count: required(from(KEY_COUNT)) },
  setZipf: { producer: optional(producerIndex), s: required(from(ZIPF_S)) },
  setKeyCost: { producer: optional(producerIndex), key: required(from(KEY_NAME)), cost: required(from(COST)) },
  addPartitions: { count: required(from(int(1, LIMITS.partitions.max))) },
  setDynamic: { dynamic: required(dynamicPatch) },
  setPartitioner: { partitioner: required(from(nullable(oneOf(PARTITIONER_NAMES)))), ignoreKeys: optional(from(bool)) },
  setAutoscaler: { enabled: required(from(bool)) },
  crashBroker: { broker: required(brokerNumber) },
  shutdownBroker: { broker: required(brokerNumber) },
  restartBroker: { broker: required(brokerNumber) },
  slowBroker: { broker: required(brokerNumber), factor: required(from(num(1, LIMITS.slowDiskFactor.max))) },
  rebalanceCluster: { throttleBytesPerSec: optional(from(num(LIMITS.throttleBytesPerSec.min, LIMITS.throttleBytesPerSec.max))) },
} as const satisfies CommandFields

const COMMAND_NAMES = Object.keys(COMMANDS) as Array<Command['do']>
const DO = oneOf(COMMAND_NAMES)
const AT_SEC = SECONDS

function readAction(ctx: Ctx, v: unknown, path: string, env: ActionEnv): ScenarioAction | undefined {
  const o = asObject(v)
  if (o === undefined) {
    error(ctx, path, 'must be an object')
    return undefined
  }
  const rawDo = own(o, 'do')
  if (rawDo === undefined) {
    error(ctx, at(path, 'do'), 'is required')
    return undefined
  }
  const d = DO(rawDo)
  if (!d.ok) {
    error(ctx, at(path, 'do'), d.message)
    return undefined
  }
  const before = errorCount(ctx)
  const out: Record<string, unknown> = { do: d.value }
  const rawAt = own(o, 'atSec')
  if (rawAt === undefined) error(ctx, at(path, 'atSec'), 'is required')
  else {
    const t = AT_SEC(rawAt)
    if (t.ok) out['atSec'] = t.value
    else error(ctx, at(path, 'atSec'), t.message)
  }
  const fields: Record<string, FieldSpec> = COMMANDS[d.value]
  for (const [name, spec] of Object.entries(fields)) {
    const raw = own(o, name)
    if (raw === undefined) {
      if (!spec.optional) error(ctx, at(path, name), 'is required')
      continue
    }
    const value = spec.read(ctx, raw, at(path, name), env)
    if (value !== INVALID) out[name] = value
  }
  if (d.value === 'setRate' && out['perSec'] === undefined && out['multiplier'] === undefined && errorCount(ctx) === before) {
    error(ctx, path, 'setRate needs perSec or multiplier')
  }
  warnUnknown(ctx, o, path, ['do', 'atSec', ...Object.keys(fields)])
  if (errorCount(ctx) !== before) return undefined
  const action = out as ScenarioAction
  if (action.atSec > env.durationSec) warn(ctx, at(path, 'atSec'), `is after the run ends (durationSec ${env.durationSec})`)
  return action
}

/**
 * Reads `actions`: at most 1000, each checked, then sorted by atSec (stable, so equal times keep
 * input order). Partitions added in total may not take the topic past LIMITS.partitions.max.
 */
export function readActions(ctx: Ctx, v: unknown, env: ActionEnv, path = 'actions'): ScenarioAction[] {
  if (v === undefined) return []
  if (!Array.isArray(v)) {
    error(ctx, path, 'must be an array')
    return []
  }
  if (v.length > LIMITS.actions.max) {
    error(ctx, path, `must have at most ${LIMITS.actions.max} actions (got ${v.length})`)
    return []
  }
  const read: Array<{ action: ScenarioAction; index: number }> = []
  for (let i = 0; i < v.length; i++) {
    const action = readAction(ctx, v[i], at(path, i), env)
    if (action !== undefined) read.push({ action, index: i })
  }
  read.sort((a, b) => a.action.atSec - b.action.atSec)
  const out: ScenarioAction[] = []
  const indices: number[] = []
  let partitions = env.partitions
  let rebalances = 0
  for (const { action, index } of read) {
    if (action.do === 'rebalanceCluster' && ++rebalances > LIMITS.rebalanceClusterActions.max) {
      error(ctx, at(path, index), `is rebalanceCluster number ${rebalances}: at most ${LIMITS.rebalanceClusterActions.max} in a script`)
      continue
    }
    if (action.do === 'addPartitions') {
      if (partitions + action.count > LIMITS.partitions.max) {
        error(ctx, at(at(path, index), 'count'), `would take the topic to ${partitions + action.count} partitions (at most ${fmt(LIMITS.partitions.max)})`)
        continue
      }
      partitions += action.count
    }
    out.push(action)
    indices.push(index)
  }
  if (env.group !== undefined) warnImpossibleConsumers(ctx, env.group, out, indices, path)
  return out
}
