// Preset `add-partitions`: the topic grows from 6 to 12 partitions mid-run.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 6 partitions, 4000 rec/s uniform over 5000 keys, 3 consumers at 1600 rec/s; +6 partitions at 30 s. */
export function addPartitionsScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'add-partitions',
    topic: { ...s.topic, partitions: 6 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 4000 },
      keys: { kind: 'uniform', count: 5000 },
    })),
    group: { ...s.group, consumers: 3, processing: { ...s.group.processing, recordsPerSec: 1600 } },
    actions: [{ atSec: 30, do: 'addPartitions', count: 6 }],
  }
}

export const addPartitions: Preset = {
  name: 'add-partitions',
  title: 'Adding partitions remaps keys',
  notice:
    'At 30 s the topic grows from 6 to 12 partitions. The default partitioner places a key by ' +
    'murmur2(key) % partitions, so when the count changes most of the 5000 keys start landing on a different ' +
    'partition, while Kafka leaves the records already written where they are. Watch the remapped-keys counter: ' +
    'after the change a key\'s new records can be processed before its old ones, so per-key order across the ' +
    'boundary is lost. The three consumers (4800 records/s against 4000) keep up before and after, so no new ' +
    'consumers are needed; the group simply rebalances to take the new partitions. With the default ' +
    'auto.offset.reset=latest, records written to a new partition before the group is assigned it can be skipped.',
  build: addPartitionsScenario,
}
