// Preset `heavy`: a large topic at a million records per second, for scale and benchmarks.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/** 256 partitions, 1 000 000 rec/s, 10% on one hot key over 100 000 keys; 64 consumers at 20 000 rec/s; 60 s. */
export function heavyScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'heavy',
    start: 'warm',
    durationSec: 60,
    topic: { ...s.topic, partitions: 256 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 1_000_000 },
      keys: { kind: 'hot', hotKey: 'big-tenant', share: 0.1, count: 100_000 },
    })),
    group: { ...s.group, consumers: 64, processing: { ...s.group.processing, recordsPerSec: 20_000 } },
  }
}

export const heavy: Preset = {
  name: 'heavy',
  title: 'Heavy: a million records per second',
  notice:
    'A 256-partition topic takes a million records per second and 64 consumers, four partitions each, can ' +
    'process 1.28 million between them. Most lanes carry about 3500 records/s and stay idle-looking, but ' +
    'big-tenant sends 10% of all traffic, about 100 000 records/s, to a single partition: five times what one ' +
    'consumer can process. Even at this scale one key decides the lag. The preset also shows how the simulator ' +
    'samples records for animation when there are far too many to draw.',
  build: heavyScenario,
}
