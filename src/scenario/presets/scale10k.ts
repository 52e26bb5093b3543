// Preset `scale-10k`: a topic of ten thousand partitions, the size architects bring, for the
// highway's lane groups (src/sim/laneRows/laneGroups.ts) and the scale bench.

import { defaultScenario } from '../defaults.ts'
import type { Scenario } from '../types.ts'
import type { Preset } from './preset.ts'

/**
 * 10 000 partitions, 100 000 rec/s (5 % on one hot key over 100 000 keys), 10 consumers at 12 500
 * rec/s each; warm start; 120 s. Ten consumers keep it inside the validator's work budget
 * (validation/cost.ts): each member's share of the assignment is what a group of this size costs.
 */
export function scale10kScenario(): Scenario {
  const s = defaultScenario()
  return {
    ...s,
    name: 'scale-10k',
    start: 'warm',
    durationSec: 120,
    topic: { ...s.topic, partitions: 10_000 },
    producers: s.producers.map((p) => ({
      ...p,
      rate: { kind: 'constant', perSec: 100_000 },
      keys: { kind: 'hot', hotKey: 'big-tenant', share: 0.05, count: 100_000 },
    })),
    group: { ...s.group, consumers: 10, processing: { ...s.group.processing, recordsPerSec: 12_500 } },
    // About ten keys per lane: by hash alone some lanes get twice the mean's keys, so the default 2×
    // flagged them hot, and half the consumer groups wore a HOT badge beside the one lane at 500×.
    dynamic: { ...s.dynamic, hotspotDetection: { ...s.dynamic.hotspotDetection, partitionSkewThreshold: 10 } },
  }
}

export const scale10k: Preset = {
  name: 'scale-10k',
  title: 'Ten thousand partitions',
  notice:
    'A topic of 10 000 partitions, as big clusters have, with 10 consumers of 1 000 partitions each. ' +
    'Too many lanes to draw one by one, so the highway groups them: by consumer, by leader broker, or ' +
    'the hottest lanes and "the rest". Open a group to see its lanes. Most lanes carry about 10 ' +
    'records/s, but big-tenant sends 5 % of all traffic, 5 000 records/s, to one partition: it tops the ' +
    'hottest lanes and its consumer carries far more than its share. A lane counts as hot here above ' +
    '10× the mean (not 2×): with about ten keys a lane, hashing alone gives some lanes twice the mean.',
  build: scale10kScenario,
}
