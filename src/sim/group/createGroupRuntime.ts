// Picks the group runtime for a consumer group's rebalance protocol: the classic protocol (eager or
// cooperative, dynamic or static members) or KIP-848's consumer protocol. The data plane calls
// these and never needs to know which one runs.

import type { BrokerConfig, ConsumerGroupSpec, RebalanceProtocol } from '../../scenario/types.ts'
import { classicGroupRuntimeFactory } from './classicGroupRuntime.ts'
import { consumerGroupRuntimeFactory } from './consumerGroupRuntime.ts'
import type { GroupHost, GroupRuntime, GroupRuntimeFactory } from './groupRuntime.ts'

export function groupRuntimeFactoryFor(protocol: RebalanceProtocol): GroupRuntimeFactory {
  return protocol === 'consumer' ? consumerGroupRuntimeFactory : classicGroupRuntimeFactory
}

export function createGroupRuntime(host: GroupHost, spec: ConsumerGroupSpec, broker: BrokerConfig): GroupRuntime {
  return groupRuntimeFactoryFor(spec.protocol).create(host, spec, broker)
}

/** Continues a runtime saved by `GroupRuntime.save()` under the same spec. */
export function restoreGroupRuntime(host: GroupHost, spec: ConsumerGroupSpec, broker: BrokerConfig, saved: unknown): GroupRuntime {
  return groupRuntimeFactoryFor(spec.protocol).restore(host, spec, broker, saved)
}
