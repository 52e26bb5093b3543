// Group specs for the runtime tests: the default scenario's consumer group with one protocol,
// assignor and membership kind swapped in. Pure data.

import { defaultScenario } from '../../scenario/defaults.ts'
import type { AssignorName, BrokerConfig, ConsumerGroupSpec, RebalanceProtocol } from '../../scenario/types.ts'

export interface TestGroup {
  spec: ConsumerGroupSpec
  broker: BrokerConfig
}

export function testGroup(protocol: RebalanceProtocol, assignor: AssignorName, opts: { staticMembership?: boolean; initialDelayMs?: number } = {}): TestGroup {
  const sc = defaultScenario()
  return {
    spec: { ...sc.group, protocol, assignor, staticMembership: opts.staticMembership ?? false },
    broker: { ...sc.broker, 'group.initial.rebalance.delay.ms': opts.initialDelayMs ?? sc.broker['group.initial.rebalance.delay.ms'] },
  }
}
