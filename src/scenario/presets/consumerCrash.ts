// Preset `consumer-crash`: a consumer dies without leaving; its lanes wait for the session timeout.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** Defaults (3 consumers, eager range) with session.timeout.ms 45000; crashConsumer consumer-2 at 30 s. */
export function consumerCrashScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'consumer-crash',
    start: 'warm',
    group: {
      ...s.group,
      protocol: 'eager',
      assignor: 'range',
      config: { ...s.group.config, 'session.timeout.ms': 45_000 },
    },
    actions: [{ atSec: 30, do: 'crashConsumer', consumer: 'consumer-2' }],
  }
}

export const consumerCrash: Preset = {
  name: 'consumer-crash',
  title: 'A consumer crashes',
  notice:
    'At 30 s consumer-2 crashes. Unlike a clean shutdown it sends no LeaveGroup, so the coordinator only ' +
    'notices when no heartbeat has arrived for session.timeout.ms, 45 s by default since Kafka 3.0 ' +
    '(KIP-735), counted from its last heartbeat before the crash: at about 73 s. Until then its four ' +
    'lanes are owned by nobody who is working: their lag climbs while the other lanes are fine. Then the ' +
    'group rebalances (eager: the survivors\' lanes also close, member by member, for a moment), the two ' +
    'survivors take the orphaned partitions and drain the backlog, starting from consumer-2\'s last ' +
    'committed offsets, so the records it had processed but not yet committed are processed again (the ' +
    'duplicates counter). A shorter session timeout detects the crash sooner but mistakes slow consumers ' +
    'for dead ones.',
  build: consumerCrashScenario,
}
