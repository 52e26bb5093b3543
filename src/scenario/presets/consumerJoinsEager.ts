// Preset `consumer-joins-eager`: a fourth consumer joins at 30 s under the eager protocol.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 12 partitions, 1500 rec/s uniform, 3 consumers at 650 rec/s (≈1.5 ms a record), eager range; addConsumer at 30 s. */
export function consumerJoinsEagerScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'consumer-joins-eager',
    start: 'warm',
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({ ...p, rate: { kind: 'constant', perSec: 1500 }, keys: { kind: 'uniform', count: 1000 } })),
    group: {
      ...s.group,
      consumers: 3,
      protocol: 'eager',
      assignor: 'range',
      processing: { ...s.group.processing, recordsPerSec: 650 },
    },
    actions: [{ atSec: 30, do: 'addConsumer' }],
  }
}

export const consumerJoinsEager: Preset = {
  name: 'consumer-joins-eager',
  title: 'A consumer joins (eager rebalance)',
  notice:
    'Three consumers, each spending about 1.5 ms per record, run at 77% of their capacity until a fourth ' +
    'joins at 30 s. Its JoinGroup starts an eager rebalance, but the others only learn of it at their ' +
    'next heartbeat (within heartbeat.interval.ms, 3 s), and each then revokes all of its partitions and ' +
    'rejoins. So the lanes close member by member, four at a time, over about three seconds, even those ' +
    'that will end up with the same owner; all twelve are closed together only between the last member\'s ' +
    'rejoin and the SyncGroup that hands out the new assignment, and then every lane reopens at once. Lag ' +
    'jumps on the closed lanes, then drains faster than before because there are now four consumers. ' +
    'Compare with consumer-joins-cooperative.',
  build: consumerJoinsEagerScenario,
}
