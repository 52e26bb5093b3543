// Preset `cluster-rebalance`: a hot key makes one broker hot; a Cruise-Control-style plan moves the
// other leaders off it (preferred-leader elections, no data copied), but cannot split the hot lane.

import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'
import { hotKeyScenario } from './hotKey.ts'

/**
 * hot-key's workload (6000 rec/s, 45 % on one key → P6) on 3 brokers with replication factor 2, so
 * every partition has a second replica leadership can move to; rebalanceCluster at 20 s.
 */
export function clusterRebalanceScenario(): Scenario {
  const s = hotKeyScenario()
  return {
    ...s,
    name: 'cluster-rebalance',
    durationSec: 60,
    cluster: { brokers: 3, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: null },
    actions: [{ do: 'rebalanceCluster', throttleBytesPerSec: 1_000_000, atSec: 20 }],
  }
}

export const clusterRebalance: Preset = {
  name: 'cluster-rebalance',
  title: 'Rebalance the cluster: leaders move, the hot lane stays',
  notice:
    'One key carries 45% of 6000 records/s, all into partition P6, and broker 1 leads P6 and three more ' +
    'partitions: it appends about 3800 records/s while the other two brokers append about 1100 each, so the ' +
    'strip marks it hot. At 20 s "Rebalance cluster" runs a Cruise-Control-style plan: with replication factor 2 ' +
    'every partition has a second replica, so three preferred-leader elections (P1, P4 and P11) move leadership ' +
    'off broker 1 at once, with no data copied. Broker 1 drops to about 3000 records/s, and stays the busiest ' +
    'and hot: a partition has one leader, so the hot lane itself cannot be split by moving it, only by changing ' +
    'the key (salting) or by the consumer side. With Kafka’s default replication factor 1 there is no second ' +
    'replica: the plan must copy a whole partition to another broker under the throttle, which takes time.',
  build: clusterRebalanceScenario,
}
