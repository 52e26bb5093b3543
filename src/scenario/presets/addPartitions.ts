// Preset `add-partitions`: the topic grows from 6 to 12 partitions mid-run; clients discover them later.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/**
 * 6 partitions, 4000 rec/s uniform over 5000 keys, 3 consumers at 1600 rec/s; +6 partitions at 30 s.
 * With metadata.max.age.ms = 10 s the group leader refreshes at 35 s (half a period after the
 * producers' phase) and the producers at 40 s (multiples of 10 s): the eager rebalance's backlog is
 * still draining when keys move, so per-key order breaks, and no record is skipped.
 */
export function addPartitionsScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'add-partitions',
    start: 'warm',
    topic: { ...s.topic, partitions: 6 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 4000 },
      keys: { kind: 'uniform', count: 5000 },
    })),
    // Metadata refreshes every 10 s instead of Kafka's 5 min, so discovery happens within the run.
    producerConfig: { ...s.producerConfig, 'metadata.max.age.ms': 10000 },
    group: {
      ...s.group,
      consumers: 3,
      config: { ...s.group.config, 'metadata.max.age.ms': 10000 },
      processing: { ...s.group.processing, recordsPerSec: 1600 },
    },
    actions: [{ atSec: 30, do: 'addPartitions', count: 6 }],
  }
}

export const addPartitions: Preset = {
  name: 'add-partitions',
  title: 'Adding partitions remaps keys',
  notice:
    'At 30 s the topic grows from 6 to 12 partitions. The default partitioner places a key by ' +
    'murmur2(key) % partitions, so when the count changes about half of the 5000 keys start landing on a ' +
    'different partition, while Kafka leaves the records already written where they are. Neither side ' +
    'sees the new partitions at once: producers and the group learn of them at their next metadata ' +
    'refresh, within metadata.max.age.ms (10 s here). The group leader learns first, at 35 s, and the ' +
    'group rebalances (eager: every lane pauses) to take all twelve, so from about 37 s the new lanes are ' +
    'owned but empty; the producers learn at 40 s, and only then do the remapped-keys counter jump and ' +
    'records start flowing into the new lanes. After that a key\'s new records can be processed before its ' +
    'old ones, so per-key order across the boundary is lost (the ordering-violation counter). The three ' +
    'consumers (4800 records/s against 4000) keep up before and after. Had the producers learned first, ' +
    'records produced to the new partitions before the group was assigned them would be skipped under the ' +
    'default auto.offset.reset=latest.',
  build: addPartitionsScenario,
}
