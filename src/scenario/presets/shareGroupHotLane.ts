// Preset `share-group-hot-lane`: a KIP-932 share group drains a hot lane that a consumer group
// could give to only one consumer, and what that costs.

import { defaultScenario, defaultShareGroup } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/**
 * 6000 rec/s over 6 partitions, 45 % on `global-marketplace`: its lane gets 2700 + 3300/6 = 3250
 * rec/s; one consumer processes 2000. Twelve members: the simple assignor shares every partition
 * between two of them (ceil(12/6)), so the hot lane has 4000 rec/s of readers. Kafka's assignor
 * orders members by the hash of their member ids, so which two is seeded: consumer-3 and
 * consumer-7 here. consumer-3 crashes at 20 s: its locked records pin the share-partition start
 * until they expire at 50 s.
 */
export function shareGroupHotLaneScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'share-group-hot-lane',
    start: 'warm',
    durationSec: 60,
    topic: { ...s.topic, partitions: 6 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 6000 },
      keys: { kind: 'hot', hotKey: 'global-marketplace', share: 0.45, count: 1000 },
    })),
    group: {
      ...s.group,
      consumers: 12,
      type: 'share',
      share: defaultShareGroup(),
      processing: { ...s.group.processing, recordsPerSec: 2000 },
    },
    actions: [{ do: 'crashConsumer', consumer: 'consumer-3', atSec: 20 }],
  }
}

export const shareGroupHotLane: Preset = {
  name: 'share-group-hot-lane',
  title: 'Share group: several readers on one hot lane',
  notice:
    'One key, global-marketplace, carries 45% of 6000 records/s, so its lane (partition 0) gets about 3250 ' +
    'records/s and one consumer can process 2000. A consumer group of 12 would leave 6 consumers idle and give ' +
    'the hot lane to one of them: its lag would pass 20 000 records by 19 s. This is a share group (KIP-932): ' +
    'with more members than partitions the simple assignor puts two members on every lane, they take records ' +
    'in batches under a 30 s lock, and the hot lane keeps up: its lag stays under a thousand. The costs: records ' +
    'of one key are processed by two members at once and finish out of order (ordering violations). And when ' +
    'consumer-3, one of the hot lane\'s two readers, crashes at 20 s, the records it held stay locked: the ' +
    'share-partition cannot move its start past them, so once 2000 records are in flight ' +
    '(group.share.partition.max.record.locks) consumer-7, the other reader, can take ' +
    'no more and the lane stalls until the locks expire at 50 s. Then those records are delivered a second time ' +
    '(redelivered).',
  build: shareGroupHotLaneScenario,
}
