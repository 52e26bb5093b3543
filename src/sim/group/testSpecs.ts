// Group specs and settled groups for the runtime tests: the default scenario's consumer group with
// one protocol, assignor and membership kind swapped in, run on a TestHost. Pure data and helpers.

import { defaultScenario } from '../../scenario/defaults.ts'
import type { AssignorName, BrokerConfig, ConsumerGroupSpec, RebalanceProtocol } from '../../scenario/types.ts'
import { groupRuntimeFactoryFor } from '../groupFactory.ts'
import type { RebalanceRecord } from './groupRuntime.ts'
import { TestHost, type CallRecord } from './testHost.ts'

export const SECOND = 1000
/** Batch processing time per member, ms: different, so heartbeats and polls are not in lockstep. */
export const BATCH_MS = [180, 260, 340, 220, 300]

export interface TestGroup {
  spec: ConsumerGroupSpec
  broker: BrokerConfig
}

export interface TestGroupOptions {
  staticMembership?: boolean
  initialDelayMs?: number
  autoCommit?: boolean
}

export function testGroup(protocol: RebalanceProtocol, assignor: AssignorName, opts: TestGroupOptions = {}): TestGroup {
  const sc = defaultScenario()
  return {
    spec: {
      ...sc.group,
      protocol,
      assignor,
      staticMembership: opts.staticMembership ?? false,
      config: { ...sc.group.config, 'enable.auto.commit': opts.autoCommit ?? sc.group.config['enable.auto.commit'] },
    },
    broker: { ...sc.broker, 'group.initial.rebalance.delay.ms': opts.initialDelayMs ?? sc.broker['group.initial.rebalance.delay.ms'] },
  }
}

/** A group of `protocol` on a TestHost with `partitions` partitions, nobody started yet. */
export function testHostFor(protocol: RebalanceProtocol, assignor: AssignorName, partitions: number, opts: TestGroupOptions = {}): TestHost {
  const { spec, broker } = testGroup(protocol, assignor, opts)
  return TestHost.create({ partitions }, groupRuntimeFactoryFor(protocol), spec, broker)
}

/** `members` consumers started 0.7 s apart (within the initial rebalance delay), Stable by `untilMs`. */
export function settledGroup(protocol: RebalanceProtocol, assignor: AssignorName, members: number, partitions: number, opts: TestGroupOptions & { untilMs?: number } = {}): TestHost {
  const h = testHostFor(protocol, assignor, partitions, opts)
  for (let i = 0; i < members; i++) {
    h.runUntil(i * 700)
    h.start(i, BATCH_MS[i])
  }
  h.runUntil(opts.untilMs ?? (protocol === 'consumer' ? 30 : 20) * SECOND)
  if (h.runtime.group().state !== 'Stable') throw new Error(`group not Stable by ${h.now()} ms: ${h.runtime.group().state}`)
  return h
}

export const callsAfter = (h: TestHost, t: number, kind?: CallRecord['kind']): CallRecord[] => h.calls.filter((c) => c.t >= t && (kind === undefined || c.kind === kind))
export const partitionsOf = (calls: readonly CallRecord[]): number[] => calls.flatMap((c) => c.partitions).sort((a, b) => a - b)
export const recordsAfter = (h: TestHost, t: number): RebalanceRecord[] => h.runtime.rebalanceLog().filter((r) => r.startMs >= t)
