// Preset `lag-aware-assignor`: a hot lane, and a consumer that joins; the lag-aware assignor (not
// built into Kafka) gives the hot lane a consumer of its own where range would not.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/**
 * 4800 rec/s over 12 lanes, 40% on one key: its lane gets 1920 + 2880/12 = 2160 rec/s, every other
 * lane 240. Consumers do 2500 rec/s each. Three consumers start (4 lanes each); a fourth joins at
 * 20 s, and the eager rebalance's leader runs the lag-aware assignor on the rates and lags of that
 * moment. Compare with `group.assignor=range` (the hot lane's consumer keeps 3 lanes: 2640 > 2500).
 */
export function lagAwareAssignorScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'lag-aware-assignor',
    start: 'warm',
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 4800 },
      keys: { kind: 'hot', hotKey: 'global-marketplace', share: 0.4, count: 1000 },
    })),
    group: { ...s.group, consumers: 3, protocol: 'eager', assignor: 'lag-aware', processing: { ...s.group.processing, recordsPerSec: 2500 } },
    actions: [{ atSec: 20, do: 'addConsumer' }],
  }
}

export const lagAwareAssignor: Preset = {
  name: 'lag-aware-assignor',
  title: 'Lag-aware assignor (not built into Kafka)',
  notice:
    'One key carries 40% of 4800 records/s, so its lane gets about 2160 records/s and the other eleven about 240. ' +
    'Each consumer can do 2500 records/s. Three consumers start with four lanes each, so the hot lane\'s consumer ' +
    'has 2880 records/s to do and falls behind. At 20 s a fourth consumer joins; in the eager rebalance the group ' +
    'leader runs a lag-aware assignor, which is not built into Kafka (community assignors do this): it weighs each ' +
    'lane by its lag plus a minute of its rate, then hands lanes out heaviest first to the least loaded consumer. ' +
    'The hot lane gets a consumer of its own and its lag drains. With range (compare: group.assignor=range) the hot ' +
    'lane\'s consumer keeps three lanes, 2640 records/s, and its lag keeps climbing. The cost: every rebalance ' +
    'reshuffles lanes by the load of that moment (it is eager, not sticky), and a lane\'s load can change right after.',
  build: lagAwareAssignorScenario,
}
