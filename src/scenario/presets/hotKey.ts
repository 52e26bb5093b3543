// Preset `hot-key`: one key carries 45% of the traffic, so its lane outruns one consumer.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/**
 * 6000 rec/s, 45% on `global-marketplace`: its partition gets 2700 + 3300/12 ≈ 2975 rec/s, and its
 * consumer (3 lanes, ≈ 3525 rec/s) can do 2500. Detection on; salting and load-aware off.
 */
export function hotKeyScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'hot-key',
    start: 'warm',
    topic: { ...s.topic, partitions: 12 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 6000 },
      keys: { kind: 'hot', hotKey: 'global-marketplace', share: 0.45, count: 1000 },
    })),
    group: { ...s.group, consumers: 4, processing: { ...s.group.processing, recordsPerSec: 2500 } },
    dynamic: {
      hotspotDetection: { ...s.dynamic.hotspotDetection, enabled: true },
      salting: { ...s.dynamic.salting, enabled: false },
      loadAware: { ...s.dynamic.loadAware, enabled: false },
    },
  }
}

export const hotKey: Preset = {
  name: 'hot-key',
  title: 'Hot key: one lane falls behind',
  notice:
    'One key, global-marketplace, carries 45% of 6000 records/s. The default partitioner sends every record ' +
    'of a key to the same partition, so that one lane gets about 2975 records/s while the other eleven get ' +
    'about 275. Four consumers can each process 2500 records/s, plenty in total, but only one of them owns the ' +
    'hot lane: its lag climbs steadily while every other lane stays near zero. Hotspot detection flags the key; ' +
    'adding consumers would not help, because a partition is never split between consumers.',
  build: hotKeyScenario,
}
