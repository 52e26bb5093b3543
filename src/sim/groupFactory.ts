// Picks the group runtime for a scenario's rebalance protocol: the classic protocol (eager or
// cooperative, dynamic or static members) or KIP-848's consumer protocol. The data plane never
// knows which one runs.

import type { RebalanceProtocol, Scenario } from '../scenario/types.ts'
import { classicGroupRuntimeFactory } from './group/classicGroupRuntime.ts'
import { consumerGroupRuntimeFactory } from './group/consumerGroupRuntime.ts'
import type { GroupHost, GroupRuntime, GroupRuntimeFactory } from './group/groupRuntime.ts'
import { shareGroupRuntimeFactory } from './share/shareGroupRuntime.ts'

export function groupRuntimeFactoryFor(protocol: RebalanceProtocol): GroupRuntimeFactory {
  return protocol === 'consumer' ? consumerGroupRuntimeFactory : classicGroupRuntimeFactory
}

export function createGroup(host: GroupHost, live: Scenario): GroupRuntime {
  return factoryFor(live).create(host, live.group, live.broker)
}

/** A share group (KIP-932) has its own membership runtime, whatever `protocol` says. */
function factoryFor(live: Scenario): GroupRuntimeFactory {
  return live.group.type === 'share' ? shareGroupRuntimeFactory : groupRuntimeFactoryFor(live.group.protocol)
}

/** Continues a runtime saved by `GroupRuntime.save()` under the same scenario. */
export function restoreGroup(host: GroupHost, live: Scenario, saved: unknown): GroupRuntime {
  return factoryFor(live).restore(host, live.group, live.broker, saved)
}
