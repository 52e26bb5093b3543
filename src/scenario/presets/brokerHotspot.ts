// Preset `broker-hotspot`: the hot key of preset `hot-key` seen from the cluster. Its lane's leader becomes
// a hot broker; with a per-broker capacity that broker saturates and slows every lane it leads.

import type { Scenario } from '../types.ts'
import { hotKeyScenario } from './hotKey.ts'
import type { Preset } from './preset.ts'

/**
 * hot-key's workload (6000 rec/s, 45% on `global-marketplace` → partition 6) on 3 brokers with
 * RF 2. The seeded placement makes broker 1 lead partitions 1, 4, 6 and 11: about 2975 + 3 × 275
 * = 3800 rec/s against 1100 on each other broker. A capacity of 3000 rec/s per broker holds it back.
 */
export function brokerHotspotScenario(): Scenario {
  const s = hotKeyScenario()
  return {
    ...s,
    name: 'broker-hotspot',
    cluster: { brokers: 3, 'replication.factor': 2, 'min.insync.replicas': 1, brokerCapacityPerSec: 3000 },
    durationSec: 60,
  }
}

export const brokerHotspot: Preset = {
  name: 'broker-hotspot',
  title: 'Broker hotspot: one hot key makes one broker hot',
  notice:
    'The hot key "global-marketplace" (45% of 6000 records/s, as in the hot-key preset) lands on partition 6, and partition 6 is led by broker 1, ' +
    'which also leads partitions 1, 4 and 11. Without a limit broker 1 would append about 3800 records/s, 1.9× the ' +
    'brokers\' mean, while brokers 2 and 3 append about 1100 each: broker 1 is hot. Here each broker ' +
    'can append 3000 records/s, so broker 1 saturates (the strip says AT CAPACITY; still 1.7× the mean, and hot), and not only the hot lane suffers: its ' +
    'three quiet lanes slow down too, to about 80% of what the producers send them, the rest waiting in the producers\' ' +
    'buffers. Lanes led by brokers 2 and 3 run at full speed. A hot partition makes a hot broker; more consumers ' +
    'would not help, another leader would.',
  build: brokerHotspotScenario,
}
