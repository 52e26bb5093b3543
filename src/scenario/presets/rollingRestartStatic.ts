// Preset `rolling-restart-static`: rolling-restart-dynamic with static membership (KIP-345).

import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'
import { rollingRestartDynamicScenario } from './rollingRestartDynamic.ts'

/** rolling-restart-dynamic with staticMembership and session.timeout.ms 30000 (> the 8 s downtime). */
export function rollingRestartStaticScenario(): Scenario {
  const s = rollingRestartDynamicScenario()
  return {
    ...s,
    name: 'rolling-restart-static',
    group: { ...s.group, staticMembership: true, config: { ...s.group.config, 'session.timeout.ms': 30_000 } },
  }
}

export const rollingRestartStatic: Preset = {
  name: 'rolling-restart-static',
  title: 'Rolling restart, static members',
  notice:
    'The same rolling restart, but every consumer has a group.instance.id (static membership, KIP-345). A static ' +
    'member never sends LeaveGroup, and when it comes back within session.timeout.ms (30 s here, against 8 s of ' +
    'downtime) the coordinator hands it its old assignment without a rebalance. So there are no rebalances at all: ' +
    'only the restarted consumer\'s own lanes pause for 8 s and catch up, and the rest of the group never notices. ' +
    'The cost: a consumer that really dies keeps its partitions idle for the full 30 s.',
  build: rollingRestartStaticScenario,
}
